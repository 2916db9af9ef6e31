// The pay page's two modes (spec/02 §4): paying the settlement that pay-confirm left in the settle
// cookie (no order yet: 点击付款 creates it), and paying an order that exists (继续支付, or this page
// after creating it). Each mode has one loader and one action; both loaders give the page one shape.
import { randomUUID } from "node:crypto";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { getCartOutput, type PriceLine } from "~/api/cart.server";
import type { TradeApi } from "~/api/client.server";
import { getGoodsDetail } from "~/api/goods.server";
import { getLoginStatus } from "~/api/member.server";
import { changePayWay, createOrder, getOrderDetail, getOrderCashier } from "~/api/order.server";
import { toLoginAgain } from "./auth.server";
import { expectOk } from "./http.server";
import { loginHref } from "~/login/login-href";
import { PAY_WAIT_STATUSES, UNPAID_STATUSES } from "~/lib/order-status";
import { offeredPayWay, PAY_WAYS, type PayWayChoice } from "~/lib/pay-ways";
import { PAY_WAY_NAMES } from "../../shared/pay-way-names";
import { CodeSchema } from "./schemas.server";
import { keepSettle, readSettle } from "./settle.server";
import { setFlash } from "./flash.server";
import { selectSku } from "~/lib/sku-selection";
import { secondsLeftToPay } from "~/lib/order-money";
import { requestNow } from "./clock.server";

// any pay way of the spec stands for its family's choice (a link or a page from before TCTP: ALIPAY is
// the Alipay-type TCTP); anything else is refused
const PayWay = z.preprocess(
  (value) => (typeof value === "string" && Object.hasOwn(PAY_WAY_NAMES, value) ? offeredPayWay(value) : value),
  z.enum(["TCTP", "WX"]),
);

export const PayQuery = z.object({
  order_no: CodeSchema.optional().catch(undefined),
  // only says that the order has a cashier link: the link itself comes from the trade services
  // (decision 014), so an address can never send the shopper elsewhere
  pay_url: z.string().min(1).optional().catch(undefined),
  pay_way: PayWay.optional().catch(undefined),
});
type PayQuery = z.infer<typeof PayQuery>;

export const PayForm = z.object({
  // an existing order keeps its pay way when none is sent (a form from before the radios could change it)
  pay_way: PayWay.optional(),
  request_id: z.string().regex(/^[\w-]{8,64}$/),
  order_no: CodeSchema.optional(),
  // 点击付款 on an order that already has a cashier, without JavaScript: the form opens a new tab
  // and the action sends that tab to the order's cashier
  open_cashier: z.literal("1").optional(),
});
type PayForm = z.infer<typeof PayForm>;

const ORDER_MISSING = "订单不存在";
const CREATE_FAILED = "创建订单失败";

/** What the pay page shows, in either mode. */
export interface PayPage {
  orderNo: string | null;
  /** Still payable: an order that is paid, closed or expired is not. */
  payable: boolean;
  /** The order's status (PAY_FAIL: its last payment failed); null before the order exists. */
  status: string | null;
  /** The order's cashier, once the shopper asked for it (this page after 点击付款). */
  payUrl: string | null;
  /** The image of the code to scan, for a provider paid by scanning (WeChat Pay's Native pay). */
  qrUrl: string | null;
  /** The choice the radios start on: an existing order's own pay way, else the address's or the first. */
  payWay: PayWayChoice;
  /** An existing order's pay way: 点击付款 with another choice changes it (order/pay_way) before the cashier opens. */
  orderPayWay: PayWayChoice | null;
  payWays: (typeof PAY_WAYS)[number][];
  /** An unpaid order's seconds left when the page loaded, and when that was. */
  payClock: { seconds: number; loadedAt: number } | null;
  price: number;
  goods: { cover?: string; name: string; tags: string[]; skuValues: string[]; salePrice: number; originPrice: number } | null;
  /** The settlement's summary beside the form (before an order exists). */
  summary: { desc: string; lines: PriceLine[] } | null;
  requestId: string;
}

/** WeChat Pay is offered on the mainland (.com) hosts, not on the .hk ones. */
function payWaysFor(request: Request) {
  return PAY_WAYS.filter((w) => w.value !== "WX" || !new URL(request.url).hostname.endsWith(".hk"));
}

/** The page of an existing order; a paid one goes on to pay-wait. */
export async function loadOrderPayment(
  request: Request,
  context: AppLoadContext,
  api: TradeApi,
  memberId: number,
  query: PayQuery & { order_no: string },
): Promise<PayPage> {
  const { order, goods } = expectOk(await getOrderDetail(api, query.order_no), { missing: ORDER_MISSING });
  if (PAY_WAIT_STATUSES.includes(order.status)) throw redirect(`/settle/pay-wait/${order.order_no}`);
  const payable = UNPAID_STATUSES.includes(order.status);
  const payWays = payWaysFor(request);
  const first = goods[0];
  // the order's own pay way, not the address's: after a change without JavaScript this page reloads
  // the address it was opened at, whose pay_way is the old one
  const orderPayWay = payWays.find((w) => w.value === offeredPayWay(order.pay_way))?.value ?? payWays[0].value;
  const now = requestNow(request, context.env);
  const cashier = query.pay_url && payable ? await getOrderCashier(api, memberId, order.order_no) : null;
  return {
    orderNo: order.order_no,
    payable,
    status: order.status,
    payUrl: cashier?.payUrl ?? null,
    qrUrl: cashier?.qrUrl ?? null,
    payWay: orderPayWay,
    orderPayWay,
    payWays,
    payClock: payable ? { seconds: secondsLeftToPay(order, now), loadedAt: now } : null,
    price: order.pay_price,
    goods: first
      ? {
          cover: first.covers[0],
          name: first.goods_name,
          tags: first.goods_tags,
          skuValues: first.sku_item,
          salePrice: first.sale_price,
          originPrice: first.origin_price,
        }
      : null,
    summary: null,
    requestId: randomUUID(),
  };
}

/** The page of the settlement pay-confirm left; without one there is nothing to pay. */
export async function loadSettlement(request: Request, context: AppLoadContext, api: TradeApi, query: PayQuery): Promise<PayPage> {
  const settle = await readSettle(context);
  if (!settle) throw redirect("/");
  // a settlement pays one order: once it has one (a login expired while its cashier was open, Back),
  // this page is that order's
  if (settle.orderNo) throw redirect(`/settle/pay?${new URLSearchParams({ order_no: settle.orderNo })}`);
  const goods = expectOk(await getGoodsDetail(api, settle.goodsNo)).goods_detail;
  const { sku, values } = selectSku(goods.sku_item, settle.skuNo);
  if (!sku) throw redirect(`/topic/${goods.goods_no}`);
  const output = await getCartOutput(api, [{ goods_no: goods.goods_no, sku_no: sku.sku_no, sku_num: 1 }], settle.couponNo);
  if (!output.ok) {
    // what the settlement names no longer goes (its coupon held by another order, or not for this SKU): said over
    // 确认订单, not a silent way back
    await setFlash(context, { type: "error", message: output.errorMsg.slice(0, 200) || "创建订单失败" });
    throw redirect(`/settle/pay-confirm/${goods.goods_no}?sku=${sku.sku_no}`);
  }
  const payWays = payWaysFor(request);
  return {
    orderNo: null,
    payable: true,
    status: null,
    payUrl: null,
    qrUrl: null,
    payWay: query.pay_way ?? payWays[0].value,
    orderPayWay: null,
    payWays,
    payClock: null,
    price: output.result.list.at(-1)?.price ?? 0,
    goods: {
      cover: goods.covers[0],
      name: goods.goods_name,
      tags: goods.goods_tags,
      skuValues: values,
      salePrice: sku.price_turn_cny,
      originPrice: sku.price_turn_cny,
    },
    summary: { desc: goods.goods_desc, lines: output.result.list },
    requestId: settle.requestId ?? randomUUID(),
  };
}

/** This page again, for the order now holding a cashier (which the loader re-reads from the services). */
function payPageOf(orderNo: string, payWay: PayWayChoice) {
  return `/settle/pay?${new URLSearchParams({ order_no: orderNo, pay_url: "1", pay_way: payWay })}`;
}

/** 点击付款 on an existing order: (re)opens its cashier with the chosen pay way. */
export async function payOrder(api: TradeApi, form: PayForm & { order_no: string }) {
  let payWay = form.pay_way;
  if (!payWay) {
    const detail = await getOrderDetail(api, form.order_no);
    if (!detail.ok) return data({ error: detail.errorMsg || ORDER_MISSING }, { status: detail.status });
    payWay = offeredPayWay(detail.result.order.pay_way);
  }
  const result = await changePayWay(api, form.order_no, payWay);
  if (!result.ok) return data({ error: result.errorMsg || CREATE_FAILED }, { status: result.status });
  const cashier = result.result.third_pay_detail.pay_url;
  if (form.open_cashier && cashier) return redirect(cashier);
  return redirect(payPageOf(result.result.order_no, payWay));
}

/** 点击付款 on the settlement: creates the order (once per request id) and opens its cashier. */
export async function createAndPay(context: AppLoadContext, api: TradeApi, memberId: number, form: PayForm) {
  if (!form.pay_way) return data({ error: "请选择支付方式" }, { status: 400 });
  const settle = await readSettle(context);
  if (!settle) return data({ error: CREATE_FAILED }, { status: 400 });
  // the order names the member's own number (the guard's auth_check answers only the id)
  const status = await getLoginStatus(api);
  if (!status.ok) return data({ error: CREATE_FAILED }, { status: status.status });
  const created = await createOrder(api, {
    customer: { user_id: String(memberId), user_phone: status.result.mobile, user_email: settle.email },
    units: [{ goods_no: settle.goodsNo, sku_no: settle.skuNo, sku_num: 1 }],
    channel: { channel_name: api.urlParams.channelName, channel_no: api.urlParams.channelId },
    pay_way: form.pay_way,
    coupons: settle.couponNo ? [settle.couponNo] : [],
    request_id: form.request_id,
  });
  if (!created.ok) {
    if (created.errorCode === 401) throw await toLoginAgain(context, loginHref("/", { redirectTo: "/settle/pay" }), created.errorMsg);
    return data({ error: CREATE_FAILED }, { status: created.status });
  }
  await keepSettle(context, { ...settle, orderNo: created.result.order_no });
  return redirect(payPageOf(created.result.order_no, form.pay_way));
}
