import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { z } from "zod";
import { listOrders, type ListFilter, type OrderListItem } from "~/api/order.server";
import { listRestockNotices } from "~/api/restock.server";
import { RestockNoticeList } from "~/components/restock/restock-notice-list";
import { channelsOf } from "~/lib/notify-channels";
import { readForm } from "~/server-only/form.server";
import { optional } from "~/server-only/http.server";
import { isRestockForm, restockAction } from "~/server-only/restock-notice.server";
import { continuePayPath, ORDER_STATUS_TEXT, REORDER_STATUSES, reorderPath, UNPAID_STATUSES } from "~/lib/order-status";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { CloseOrderDialog, OrderActions, ReorderAction } from "~/components/order/order-actions";
import { OriginPrice, Price } from "~/components/goods/price";
import { requireMember } from "~/server-only/auth.server";
import { formatDateTime } from "../../shared/shop-time";
import { closeOrderAction } from "~/server-only/close-order.server";
import type { ShellHandle } from "~/lib/route-handle";
import { privatePage } from "~/server-only/cache-control.server";
import { cardClass } from "~/components/ui/card";
import { GoodsSummary } from "~/components/goods/goods-summary";
import { useShopHref } from "~/hooks/use-shop-href";

const FILTERS: { value: ListFilter; label: string }[] = [
  { value: "ALL", label: "全部订单" },
  { value: "PAY_SUCCESS", label: "已完成" },
  { value: "WAIT_PAY", label: "待支付" },
];
const Filter = z.enum(["ALL", "PAY_SUCCESS", "WAIT_PAY"]).catch("ALL");
const SKELETONS = 3;

export const handle: ShellHandle = { withHeader: true, withSidebar: false, group: "cn" };
export const meta: MetaFunction = () => [{ title: "我的订单 - TTS游戏商城" }];
export const headers = privatePage;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, memberId } = await requireMember(request, context);
  const filter = Filter.parse(new URL(request.url).searchParams.get("status"));
  // 到货提醒 is an extension of the contract: a backend without it leaves the list out
  const [list, restock] = await Promise.all([listOrders(api, memberId, filter), optional(api.log, "restock notices", listRestockNotices(api))]);
  const restockNotices = restock?.list ?? [];
  const restockChannels = channelsOf(restock?.notify_by);
  return list.ok
    ? { filter, orders: list.result.list.map(orderCardOf), error: null, restockNotices, restockChannels }
    : { filter, orders: [] as OrderCardView[], error: list.errorMsg || "获取订单列表失败", restockNotices, restockChannels };
}

/**
 * What a card shows of an order (the loader data the browser receives): its first goods only, and
 * whether it has a cashier to go back to, not the cashier's address.
 */
function orderCardOf(order: OrderListItem) {
  const goods = order.goods[0];
  return {
    order_no: order.order_no,
    status: order.status,
    pay_price: order.pay_price,
    pay_currency_symbol: order.pay_currency_symbol,
    pay_at: order.pay_at,
    created_at: order.created_at,
    buy_num: order.buy_num,
    remain_minutes: order.remain_minutes,
    pay_way: order.pay_way,
    hasCashier: Boolean(order.third_pay_detail.pay_url),
    goods: goods
      ? {
          goods_no: goods.goods_no,
          sku_no: goods.sku_no,
          goods_name: goods.goods_name,
          goods_tags: goods.goods_tags,
          cover: goods.covers[0],
          sku_item: goods.sku_item,
          origin_price: goods.origin_price,
        }
      : null,
  };
}
type OrderCardView = ReturnType<typeof orderCardOf>;

/** 取消订单 from a card's close confirmation, or 取消 of a 到货提醒. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request.clone());
  if (isRestockForm(form)) {
    const url = new URL(request.url);
    return restockAction(form, context, url.pathname + url.search);
  }
  return closeOrderAction(request, context);
}

export default function OrderList() {
  const { filter, orders, error, restockNotices, restockChannels } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/order/list";
  const closing = orders.find((o) => o.order_no === params.get("close") && UNPAID_STATUSES.includes(o.status));
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-[200px_minmax(0,1fr)]">
      <nav aria-label="订单筛选" className={cardClass("sm", "self-start md:row-start-1")}>
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
      <section aria-label="订单列表" className="space-y-4 md:col-start-2 md:row-span-2 md:row-start-1">
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
      {/* beside the filters on a desktop, after the orders on a phone: the spec's list stays first */}
      <RestockNoticeList notices={restockNotices} channels={restockChannels} className="md:col-start-1 md:row-start-2" />
      {closing ? <CloseOrderDialog orderNo={closing.order_no} cancelHref={`?status=${filter}`} /> : null}
    </div>
  );
}

function OrderCard({ order, filter }: { order: OrderCardView; filter: ListFilter }) {
  const { goods } = order;
  const shopHref = useShopHref();
  const unpaid = UNPAID_STATUSES.includes(order.status);
  const reorder = REORDER_STATUSES.includes(order.status) ? reorderPath(goods ?? undefined) : null;
  // the order's own currency (spec/02 §3 order card view: currency_symbol, default ￥)
  const symbol = order.pay_currency_symbol || "￥";
  const continueHref = shopHref(
    continuePayPath({
      orderNo: order.order_no,
      hasCashier: order.hasCashier,
      payPrice: order.pay_price,
      payWay: order.pay_way,
      goodsNo: goods?.goods_no ?? "",
    }),
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
              goods={{ cover: goods.cover, name: goods.goods_name, tags: goods.goods_tags, skuValues: goods.sku_item }}
              variant="row"
              className="space-y-1"
            >
              <p className="text-sm text-ink-muted">x{order.buy_num}</p>
            </GoodsSummary>
            <div className="shrink-0 text-right">
              <Price cents={order.pay_price} className="text-lg" symbol={symbol} />
              {goods.origin_price > order.pay_price ? (
                <div>
                  <OriginPrice cents={goods.origin_price} symbol={symbol} />
                </div>
              ) : null}
              {unpaid && order.remain_minutes > 0 ? <p className="mt-1 text-xs text-primary-300">剩余 {order.remain_minutes} 分钟</p> : null}
            </div>
          </div>
        ) : null}
      </Link>
      {unpaid ? (
        <OrderActions closeHref={`?status=${filter}&close=${order.order_no}`} continueHref={continueHref} className="border-t border-surface-line px-5 py-3" />
      ) : reorder ? (
        <ReorderAction href={shopHref(reorder)} className="border-t border-surface-line px-5 py-3" />
      ) : null}
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary otherwise={{ title: "订单加载失败", message: "服务繁忙，请稍后再试" }} />;
}
