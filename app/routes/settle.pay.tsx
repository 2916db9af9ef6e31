import { randomUUID } from "node:crypto";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useFetcher, useLoaderData, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { z } from "zod";
import { getCartOutput } from "~/api/cart.server";
import { reportEvent } from "~/api/data-report.server";
import { getGoodsDetail } from "~/api/goods.server";
import { changePayWay, createOrder, getOrderDetail, getOrderPayUrl } from "~/api/order.server";
import { UNPAID_STATUSES } from "~/lib/order-status";
import { PriceLines } from "~/components/price-lines";
import { Price } from "~/components/price";
import { PurchaseDetails } from "~/components/purchase-details";
import { ShopImage } from "~/components/shop-image";
import { loginUrl, requireMember } from "~/lib/auth.server";
import { readForm, UNREADABLE_FORM } from "~/lib/form.server";
import type { ShellHandle } from "~/lib/route-handle";
import { readSettle } from "~/lib/settle.server";
import { selectSku } from "~/lib/sku-selection";
import { useHydrated } from "~/lib/use-hydrated";
import { CodeSchema } from "~/lib/schemas.server";
import type { loader as statusLoader } from "./settle.pay-status.$orderNo";

const PAY_WAYS = [
  { value: "WX", label: "微信支付" },
  { value: "ALIPAY", label: "支付宝" },
] as const;
const PAID = ["PAY_SUCCESS", "SENDING", "SEND_SUCCESS"];
const POLL_MS = 1000;
const LOGIN_DELAY_MS = 1000;
/** Without JavaScript the page reloads itself until the order is paid. */
const NO_JS_REFRESH_S = 3;

const Code = CodeSchema;
const PayQuery = z.object({
  order_no: Code.optional().catch(undefined),
  // only says that the order has a cashier link: the link itself comes from the trade services
  // (decision 014, security review finding 8), so an address can never send the shopper elsewhere
  pay_url: z.string().min(1).optional().catch(undefined),
  pay_way: z.enum(["WX", "ALIPAY"]).optional().catch(undefined),
  sale_price: z.coerce.number().int().min(0).optional().catch(undefined),
  goods_no: Code.optional().catch(undefined),
});
const PayWay = z.enum(["WX", "ALIPAY"]);
const PayForm = z.object({
  // an existing order keeps its pay way when none is sent (the radios are disabled once it has a cashier)
  pay_way: PayWay.optional(),
  request_id: z.string().regex(/^[\w-]{8,64}$/),
  order_no: Code.optional(),
  // 点击付款 on an order that already has a cashier, without JavaScript: the form opens a new tab
  // and the action sends that tab to the order's cashier
  open_cashier: z.literal("1").optional(),
});

export const handle: ShellHandle = { withHeader: true, withSidebar: true, group: "hk" };
export const meta: MetaFunction = () => [{ title: "支付订单 - TTS游戏商城" }];

/** WeChat Pay is offered on the mainland (.com) hosts, not on the .hk ones. */
const wechatAllowed = (request: Request) => !new URL(request.url).hostname.endsWith(".hk");

function payPage(result: { order_no: string; third_pay_detail: { pay_url: string } }, payWay: string, salePrice: number) {
  const params = new URLSearchParams({ order_no: result.order_no, pay_url: result.third_pay_detail.pay_url, pay_way: payWay, sale_price: String(salePrice) });
  return `/settle/pay?${params}`;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, member } = await requireMember(request, context);
  const query = PayQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  reportEvent(api, "ttsgame_pay_show", { pay: 0, route_name: "pay" });
  const payWays = PAY_WAYS.filter((w) => w.value !== "WX" || wechatAllowed(request));
  const requestId = randomUUID();

  if (query.order_no) {
    const detail = await getOrderDetail(api, query.order_no);
    if (!detail.ok) return data({ missing: true } as const, { status: detail.status === 404 ? 404 : 502 });
    const { order, goods } = detail.result;
    if (PAID.includes(order.status)) throw redirect(`/settle/pay-wait/${order.order_no}`);
    const payable = UNPAID_STATUSES.includes(order.status);
    return {
      orderNo: order.order_no,
      status: order.status,
      payable,
      payUrl: query.pay_url && payable ? await getOrderPayUrl(api, member.member_id, order.order_no) : null,
      payWay: query.pay_way ?? (payWays.some((w) => w.value === order.pay_way) ? order.pay_way : payWays[0].value),
      payWays,
      price: order.pay_price,
      goods: goods[0]
        ? {
            cover: goods[0].covers[0],
            name: goods[0].goods_name,
            tags: goods[0].goods_tags,
            skuValues: goods[0].sku_item,
            salePrice: goods[0].sale_price,
            originPrice: goods[0].origin_price,
            desc: "",
          }
        : null,
      lines: [],
      requestId,
    };
  }

  const settle = await readSettle(request);
  if (!settle) throw redirect("/");
  const detail = await getGoodsDetail(api, settle.goodsNo);
  if (!detail.ok) throw redirect("/");
  const goods = detail.result.goods_detail;
  const selection = selectSku(goods.sku_item, settle.skuNo);
  if (!selection.sku) throw redirect(`/topic/${goods.goods_no}`);
  const output = await getCartOutput(api, [{ goods_no: goods.goods_no, sku_no: selection.sku.sku_no, sku_num: 1 }], settle.couponNo);
  if (!output.ok) throw redirect(`/settle/pay-confirm/${goods.goods_no}?sku=${selection.sku.sku_no}`);
  return {
    orderNo: null,
    status: null,
    payable: true,
    payUrl: null,
    payWay: query.pay_way ?? payWays[0].value,
    payWays,
    price: output.result.list.at(-1)?.price ?? 0,
    goods: {
      cover: goods.covers[0],
      name: goods.goods_name,
      tags: goods.goods_tags,
      skuValues: selection.values,
      salePrice: selection.sku.price_turn_cny,
      originPrice: selection.sku.price_turn_cny,
      desc: goods.goods_desc,
    },
    lines: output.result.list,
    requestId,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, member } = await requireMember(request, context);
  const fields = await readForm(request);
  if (!fields) return data({ error: UNREADABLE_FORM }, { status: 400 });
  const form = PayForm.safeParse(fields);
  if (!form.success) {
    const payWayWrong = form.error.issues.some((issue) => issue.path[0] === "pay_way");
    return data({ error: payWayWrong ? "请选择支付方式" : "创建订单失败" }, { status: 400 });
  }
  const { request_id, order_no, open_cashier } = form.data;

  if (order_no) {
    const detail = await getOrderDetail(api, order_no);
    if (!detail.ok) return data({ error: detail.errorMsg || "订单不存在" }, { status: detail.status });
    const payWay = form.data.pay_way ?? detail.result.order.pay_way;
    const result = await changePayWay(api, order_no, payWay);
    if (!result.ok) return data({ error: result.errorMsg || "创建订单失败" }, { status: result.status });
    const cashier = result.result.third_pay_detail.pay_url;
    if (open_cashier && cashier) return redirect(cashier);
    return redirect(payPage(result.result, payWay, detail.result.order.pay_price));
  }

  const pay_way = form.data.pay_way;
  if (!pay_way) return data({ error: "请选择支付方式" }, { status: 400 });
  const settle = await readSettle(request);
  if (!settle) return data({ error: "创建订单失败" }, { status: 400 });
  const created = await createOrder(api, {
    customer: { user_id: String(member.member_id), user_phone: member.mobile, user_email: settle.email },
    units: [{ goods_no: settle.goodsNo, sku_no: settle.skuNo, sku_num: 1 }],
    channel: { channel_name: api.urlParams.channelName, channel_no: api.urlParams.channelId },
    pay_way,
    coupons: settle.couponNo ? [settle.couponNo] : [],
    request_id,
  });
  if (!created.ok) {
    if (created.errorCode === 401) throw redirect(loginUrl("/settle/pay"));
    return data({ error: "创建订单失败" }, { status: created.status });
  }
  const detail = await getOrderDetail(api, created.result.order_no);
  return redirect(payPage(created.result, pay_way, detail.ok ? detail.result.order.pay_price : 0));
}

export default function Pay() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if ("missing" in page) {
    return <p className="py-24 text-center text-xl">订单不存在</p>;
  }
  return <PayView page={page} error={actionData && "error" in actionData ? actionData.error : null} />;
}

function payPageHref(orderNo: string | null, hasCashier: boolean) {
  if (!orderNo) return "/settle/pay";
  const params = new URLSearchParams({ order_no: orderNo });
  if (hasCashier) params.set("pay_url", "1");
  return `/settle/pay?${params}`;
}

type PayData = Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { missing: true }>;

function PayView({ page, error }: { page: PayData; error: string | null }) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const payWindow = useRef<Window | null>(null);
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const polling = usePaymentPolling(page.orderNo);
  const [payWay, setPayWay] = useState(page.payWay);

  // a failed attempt closes the tab its click opened instead of leaving it blank
  useEffect(() => {
    if (error && payWindow.current) {
      payWindow.current.close();
      payWindow.current = null;
    }
  }, [error]);

  // the cashier opens in the tab the click opened (a tab opened later would be blocked)
  useEffect(() => {
    if (page.payUrl && payWindow.current) {
      payWindow.current.location.href = page.payUrl;
      payWindow.current = null;
    }
  }, [page.payUrl]);

  useEffect(() => {
    if (!submitting && !polling.active) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "你确定要离开这个页面吗？";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [submitting, polling.active]);

  const message = error ?? polling.message;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
      {page.orderNo && !hydrated ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(NO_JS_REFRESH_S)} />
        </noscript>
      ) : null}
      <div className="space-y-6">
        <h1 className="text-2xl font-bold">支付订单</h1>
        {page.goods ? <PurchaseDetails {...page.goods} /> : null}
        <Form
          method="post"
          // the page's own address, not the one it was reached by (whose query may carry anything)
          action={payPageHref(page.orderNo, Boolean(page.payUrl))}
          replace
          // without JavaScript, an order with a cashier opens it in a new tab while this page refreshes
          target={page.payUrl ? "_blank" : undefined}
          className="space-y-6 rounded-2xl bg-surface-container p-5 ring-1 ring-surface-line"
          onSubmit={(e) => {
            if (submitting) return e.preventDefault();
            if (page.payUrl) {
              // the order already has its cashier: reopen it and poll, nothing to create (spec/02 §4 "Pay flow")
              e.preventDefault();
              window.open(page.payUrl, "_blank", "noopener");
              polling.restart();
              return;
            }
            payWindow.current = window.open("", "_blank");
          }}
        >
          <input type="hidden" name="request_id" value={page.requestId} />
          {page.orderNo ? <input type="hidden" name="order_no" value={page.orderNo} /> : null}
          {page.payUrl ? <input type="hidden" name="open_cashier" value="1" /> : null}
          <fieldset disabled={Boolean(page.payUrl) && hydrated}>
            <legend className="mb-3 font-semibold">支付方式</legend>
            <div className="flex flex-wrap gap-3">
              {page.payWays.map((way) => (
                <label
                  key={way.value}
                  className="flex cursor-pointer items-center gap-2 rounded-xl border border-surface-line px-4 py-3 has-[:checked]:border-primary-500 has-[:checked]:bg-primary-500/10"
                >
                  <input
                    type="radio"
                    name="pay_way"
                    value={way.value}
                    checked={payWay === way.value}
                    onChange={() => setPayWay(way.value)}
                    className="accent-primary-500"
                  />
                  <PayWayIcon way={way.value} />
                  {way.label}
                </label>
              ))}
            </div>
          </fieldset>
          {page.payUrl ? (
            <p className="rounded-lg bg-primary-500/10 px-4 py-3 text-sm">
              订单已创建，请在新打开的收银台完成支付。
              <a href={page.payUrl} target="_blank" rel="noopener" className="ml-2 font-semibold text-primary-300 underline">
                前往收银台支付
              </a>
            </p>
          ) : null}
          <div className="flex items-center justify-between gap-4 border-t border-surface-line pt-5">
            <p>
              <span className="mr-2 text-sm text-ink-muted">应付金额</span>
              <Price cents={page.price} className="text-2xl" />
            </p>
            {page.payable ? (
              <button
                type="submit"
                aria-disabled={submitting || undefined}
                className="h-12 shrink-0 whitespace-nowrap rounded-full bg-primary-600 px-10 max-sm:px-6 text-base font-semibold text-white hover:bg-primary-500 aria-disabled:opacity-60"
              >
                点击付款
              </button>
            ) : (
              <p className="text-sm text-ink-muted">订单已关闭，请重新下单</p>
            )}
          </div>
          {message ? (
            <p role="alert" className="rounded-lg bg-red-500/10 px-3 py-2 text-sm text-red-300">
              {message}
            </p>
          ) : null}
        </Form>
      </div>
      {page.payUrl || !page.goods ? null : (
        <aside className="space-y-4 lg:sticky lg:top-20 lg:self-start" aria-label="订单摘要">
          <section className="space-y-4 rounded-2xl bg-surface-container p-5 ring-1 ring-surface-line">
            <ShopImage src={page.goods.cover} alt={page.goods.name} width={280} height={158} className="aspect-video w-full rounded-lg object-cover" />
            <p className="font-semibold">{page.goods.name}</p>
            {page.goods.desc ? <p className="line-clamp-3 text-sm text-ink-muted">{page.goods.desc}</p> : null}
            {page.lines.length ? <PriceLines lines={page.lines} /> : null}
          </section>
        </aside>
      )}
      {submitting ? (
        <div className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-black/75" role="status">
          <span className="h-10 w-10 animate-spin rounded-full border-4 border-primary-500 border-t-transparent" aria-hidden="true" />
          <p className="text-ink">正在转接，当前等待时间可能较长，请勿关闭或刷新此页面</p>
        </div>
      ) : null}
    </div>
  );
}

/** Polls the order every second; paid → pay-wait, 401 → login, other failures stop it. */
function usePaymentPolling(orderNo: string | null) {
  const fetcher = useFetcher<typeof statusLoader>();
  const navigate = useNavigate();
  const location = useLocation();
  const [message, setMessage] = useState<string | null>(null);
  const [active, setActive] = useState(Boolean(orderNo));
  const last = useRef<string | null>(null);
  // the page stays mounted when the order is created (same route, new query): start polling then
  useEffect(() => {
    setActive(Boolean(orderNo));
    setMessage(null);
    last.current = null;
  }, [orderNo]);

  useEffect(() => {
    if (!orderNo || !active) return;
    const timer = setInterval(() => fetcher.load(`/settle/pay-status/${orderNo}`), POLL_MS);
    return () => clearInterval(timer);
    // fetcher.load is stable enough for an interval; re-subscribing each render would reset it
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orderNo, active]);

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || !orderNo) return;
    if (!answer.ok) {
      setActive(false);
      if (answer.errorCode === 401) {
        setMessage("登录过期，请重新登录");
        const timer = setTimeout(() => navigate(`?login=captcha&redirectTo=${encodeURIComponent(location.pathname + location.search)}`), LOGIN_DELAY_MS);
        return () => clearTimeout(timer);
      }
      setMessage(`${answer.errorMsg || "支付异常"}，请前往我的订单处查询`);
      return;
    }
    if (answer.orderStatus !== last.current && PAID.includes(answer.orderStatus)) {
      setActive(false);
      navigate(`/settle/pay-wait/${orderNo}`);
    }
    last.current = answer.orderStatus;
  }, [fetcher.data, orderNo, navigate, location]);

  const restart = () => {
    setMessage(null);
    last.current = null;
    setActive(Boolean(orderNo));
  };
  return { active, message, restart };
}

function PayWayIcon({ way }: { way: string }) {
  return way === "WX" ? (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="12" r="11" fill="#07C160" />
      <path d="M7 12.5l3 3 7-7" stroke="#fff" strokeWidth="2.2" fill="none" strokeLinecap="round" />
    </svg>
  ) : (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
      <rect width="24" height="24" rx="6" fill="#1677FF" />
      <text x="12" y="17" textAnchor="middle" fontSize="13" fontWeight="700" fill="#fff">
        支
      </text>
    </svg>
  );
}
