import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigate, useNavigation, useSearchParams } from "@remix-run/react";
import { z } from "zod";
import { closeOrder, listOrders, type ListFilter, type OrderListItem } from "~/api/order.server";
import { ORDER_STATUS_TEXT, UNPAID_STATUSES } from "~/lib/order-status";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { Overlay } from "~/components/ui/overlay";
import { OriginPrice, Price } from "~/components/goods/price";
import { requireMember } from "~/server-only/auth.server";
import { formatDateTime } from "../../shared/shop-time";
import { setFlash } from "~/server-only/flash.server";
import { readForm } from "~/server-only/form.server";
import type { ShellHandle } from "~/lib/route-handle";
import { privatePage } from "~/server-only/cache-control.server";
import { CodeSchema } from "~/server-only/schemas.server";
import { cardClass } from "~/components/ui/card";
import { GoodsSummary } from "~/components/goods/goods-summary";
import { Button, buttonClass } from "~/components/ui/button";
import { useShopHref } from "~/hooks/use-shop-href";

const FILTERS: { value: ListFilter; label: string }[] = [
  { value: "ALL", label: "全部订单" },
  { value: "PAY_SUCCESS", label: "已完成" },
  { value: "WAIT_PAY", label: "待支付" },
];
const Filter = z.enum(["ALL", "PAY_SUCCESS", "WAIT_PAY"]).catch("ALL");
const CloseForm = z.object({ intent: z.literal("close"), order_no: CodeSchema });
const SKELETONS = 3;

export const handle: ShellHandle = { withHeader: true, withSidebar: false, group: "cn" };
export const meta: MetaFunction = () => [{ title: "我的订单 - TTS游戏商城" }];
export const headers = privatePage;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, memberId } = await requireMember(request, context);
  const filter = Filter.parse(new URL(request.url).searchParams.get("status"));
  const list = await listOrders(api, memberId, filter);
  return list.ok ? { filter, orders: list.result.list, error: null } : { filter, orders: [] as OrderListItem[], error: list.errorMsg || "获取订单列表失败" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireMember(request, context);
  const form = CloseForm.safeParse((await readForm(request)) ?? {});
  // the outcome is a toast on the list (spec/02 §7): 关闭订单成功, or the refusal (订单不存在 for a
  // malformed number or an order that is not this member's)
  const closed = form.success ? await closeOrder(api, form.data.order_no) : null;
  await setFlash(context, closed?.ok ? { type: "success", message: "关闭订单成功" } : { type: "error", message: closed?.errorMsg || "订单不存在" });
  const url = new URL(request.url);
  url.searchParams.delete("close");
  return redirect(url.pathname + url.search);
}

export default function OrderList() {
  const { filter, orders, error } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/order/list";
  const closing = orders.find((o) => o.order_no === params.get("close") && UNPAID_STATUSES.includes(o.status));
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-[200px_minmax(0,1fr)]">
      <nav aria-label="订单筛选" className={cardClass("sm", "self-start")}>
        <h1 className="mb-3 px-2 font-semibold">订单详情</h1>
        <ul className="flex gap-2 md:flex-col">
          {FILTERS.map((f) => (
            <li key={f.value}>
              <Link
                to={`?status=${f.value}`}
                aria-current={f.value === filter ? "page" : undefined}
                className="block rounded-lg px-3 py-2 text-sm text-ink-muted max-sm:py-3 hover:text-ink aria-[current=page]:bg-primary-500/15 aria-[current=page]:font-medium aria-[current=page]:text-primary-300"
              >
                {f.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-label="订单列表" className="space-y-4">
        {loading ? (
          Array.from({ length: SKELETONS }, (_, i) => <div key={i} className="h-40 animate-pulse rounded-2xl bg-surface-container" />)
        ) : error ? (
          <p role="alert" className="rounded-2xl bg-surface-container py-16 text-center text-ink-muted">
            {error}
          </p>
        ) : orders.length === 0 ? (
          <div className="rounded-2xl bg-surface-container py-16 text-center text-ink-muted">
            <p className="hidden md:block">暂无订单</p>
            <p className="md:hidden">暂无数据</p>
          </div>
        ) : (
          orders.map((order) => <OrderCard key={order.order_no} order={order} filter={filter} />)
        )}
      </section>
      {closing ? <CloseDialog orderNo={closing.order_no} filter={filter} /> : null}
    </div>
  );
}

function OrderCard({ order, filter }: { order: OrderListItem; filter: ListFilter }) {
  const goods = order.goods[0];
  const shopHref = useShopHref();
  const unpaid = UNPAID_STATUSES.includes(order.status);
  const continueHref = shopHref(
    `/settle/pay?${new URLSearchParams({
      order_no: order.order_no,
      // the pay page reads the order's cashier link from the trade services; the address only says
      // there is one, so the signed link stays out of the address bar and history (docs/decisions/014)
      pay_url: order.third_pay_detail.pay_url ? "1" : "",
      sale_price: String(order.pay_price),
      pay_way: order.pay_way === "WX" ? "WX" : "ALIPAY",
      goods_no: goods?.goods_no ?? "",
    })}`,
  );
  return (
    <article className={cardClass("none", "transition hover:ring-primary-500/50")} data-testid="order-card" data-order-no={order.order_no}>
      <Link to={shopHref(`/order/detail/${order.order_no}`)} className="block p-5">
        <div className="mb-3 flex flex-wrap items-center gap-3 text-sm">
          <span className="text-ink-muted">
            {unpaid || !order.pay_at ? "下单时间" : "支付时间"}：{formatDateTime(unpaid || !order.pay_at ? order.created_at : order.pay_at)}
          </span>
          <span className="text-ink-faint">订单号 {order.order_no}</span>
          <span className={`ml-auto font-medium ${unpaid ? "text-primary-300" : "text-ink"}`}>{ORDER_STATUS_TEXT[order.status] ?? order.status}</span>
        </div>
        {goods ? (
          <div className="flex gap-3 sm:gap-4">
            <GoodsSummary
              goods={{ cover: goods.covers[0], name: goods.goods_name, tags: goods.goods_tags, skuValues: goods.sku_item }}
              variant="row"
              className="space-y-1"
            >
              <p className="text-sm text-ink-muted">x{order.buy_num}</p>
            </GoodsSummary>
            <div className="shrink-0 text-right">
              <Price cents={order.pay_price} className="text-lg" />
              {goods.origin_price > order.pay_price ? (
                <div>
                  <OriginPrice cents={goods.origin_price} />
                </div>
              ) : null}
              {unpaid && order.remain_minutes > 0 ? <p className="mt-1 text-xs text-primary-300">剩余 {order.remain_minutes} 分钟</p> : null}
            </div>
          </div>
        ) : null}
      </Link>
      {unpaid ? (
        <div className="flex justify-end gap-3 border-t border-surface-line px-5 py-3">
          <Link to={`?status=${filter}&close=${order.order_no}`} preventScrollReset className={buttonClass({ variant: "outline", size: "sm" })}>
            取消订单
          </Link>
          <Link to={continueHref} className={buttonClass({ size: "sm" })}>
            继续支付
          </Link>
        </div>
      ) : null}
    </article>
  );
}

/** The close confirmation, opened from the address (?close=…) so it works without JS. */
function CloseDialog({ orderNo, filter }: { orderNo: string; filter: ListFilter }) {
  const navigate = useNavigate();
  const cancelHref = `?status=${filter}`;
  return (
    <Overlay
      role="alertdialog"
      labelledBy="close-title"
      panelClassName={cardClass("lg", "w-full max-w-sm shadow-2xl")}
      onClose={() => navigate(cancelHref, { replace: true, preventScrollReset: true })}
    >
      <p id="close-title" className="text-base">
        是否确认关闭订单？关闭后您可重新提交
      </p>
      <Form method="post" className="mt-6 flex justify-end gap-3">
        <input type="hidden" name="order_no" value={orderNo} />
        <Link to={cancelHref} replace preventScrollReset className={buttonClass({ variant: "outline" })}>
          取消
        </Link>
        <Button
          type="submit"
          name="intent"
          value="close"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the confirmation opens from the URL, without JS too: focus moves into it, as a dialog should
          autoFocus
        >
          确定
        </Button>
      </Form>
    </Overlay>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary otherwise={{ title: "订单加载失败", message: "服务繁忙，请稍后再试" }} />;
}
