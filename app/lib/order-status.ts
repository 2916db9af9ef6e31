// How order statuses read to a shopper, and which of them can still be paid.
import { offeredPayWay } from "./pay-ways";

export const ORDER_STATUS_TEXT: Record<string, string> = {
  INIT: "创建中",
  WAIT_PAY: "待支付",
  PAY_SUCCESS: "支付成功",
  PAY_FAIL: "支付失败",
  SENDING: "发货中",
  SEND_SUCCESS: "已发货",
  PART_REFUND: "部分退款",
  ALL_REFUND: "全额退款",
  CLOSE: "已关闭",
};

export const UNPAID_STATUSES = ["WAIT_PAY", "PAY_FAIL"];

/**
 * Paid and not refunded: the pay page hands these on to pay-wait. Not the services' PAID_STATUSES
 * (server/trade/domain/order-state.ts), which count the refunded ones as paid too.
 */
export const PAY_WAIT_STATUSES = ["PAY_SUCCESS", "SENDING", "SEND_SUCCESS"];

/** Paid at some point, so they have a delivery to show (codes stay after a refund); unpaid, failed and closed orders have none. */
export const DELIVERY_STATUSES = [...PAY_WAIT_STATUSES, "PART_REFUND", "ALL_REFUND"];

/** A closed order (closed by the shopper or expired unpaid) can be submitted again: 重新购买 (spec/02 §4 "Closing an order lets the user resubmit it"). */
export const REORDER_STATUSES = ["CLOSE"];

/** 确认订单 for the closed order's goods and SKU again: a new order, with the coupon the close gave back. */
export function reorderPath(goods: { goods_no: string; sku_no: string } | undefined): string | null {
  if (!goods?.goods_no) return null;
  return `/settle/pay-confirm/${encodeURIComponent(goods.goods_no)}${goods.sku_no ? `?sku=${encodeURIComponent(goods.sku_no)}` : ""}`;
}

/** What the pay page's polling asks every second (the settle.pay-status resource route). */
export type PayStatusAnswer = { ok: true; orderStatus: string } | { ok: false; errorCode: number; errorMsg: string };

/** The pay page of an order (spec/02 §4 "continue payment": order_no, pay_url, sale_price, pay_way, goods_no). */
export function continuePayPath(order: { orderNo: string; hasCashier: boolean; payPrice: number; payWay: string; goodsNo: string }) {
  return `/settle/pay?${new URLSearchParams({
    order_no: order.orderNo,
    // the pay page reads the order's cashier link from the trade services; the address only says
    // there is one, so the signed link stays out of the address bar and history (docs/decisions/014)
    pay_url: order.hasCashier ? "1" : "",
    sale_price: String(order.payPrice),
    pay_way: offeredPayWay(order.payWay),
    goods_no: order.goodsNo,
  })}`;
}

/**
 * The pay page of an unpaid order from its detail answer: it got its cashier at its first 点击付款
 * (the pay page asks the services for it).
 */
export function continuePayPathOfDetail({ order, goods }: { order: { order_no: string; pay_price: number; pay_way: string }; goods: { goods_no: string }[] }) {
  return continuePayPath({ orderNo: order.order_no, hasCashier: true, payPrice: order.pay_price, payWay: order.pay_way, goodsNo: goods[0]?.goods_no ?? "" });
}
