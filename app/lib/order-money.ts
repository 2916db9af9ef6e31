// What an order's money says to a shopper (issue 37): the amount is 实付 only once it was paid, and
// a refund says how much went back, when and where — on the order page and the 订单凭证 alike.
import type { OrderDetail } from "~/api/order.server";
import { formatYuan } from "../../shared/money";
import { PAY_WAY_NAMES } from "../../shared/pay-way-names";
import { shopDay } from "../../shared/shop-time";
import { DELIVERY_STATUSES, UNPAID_STATUSES } from "./order-status";

/** 实付 for an order that was paid, 待付 for one that can still be, 订单金额 for one closed unpaid. */
export function amountLabel(status: string): string {
  if (DELIVERY_STATUSES.includes(status)) return "实付";
  if (UNPAID_STATUSES.includes(status)) return "待付";
  return "订单金额";
}

/**
 * One line per refund: "已退款 ￥220.00 · 2026-11-13 · 原路退回支付宝", or "退款处理中 ￥220.00 ·
 * 2026-11-13 申请 · 将原路退回支付宝" while the provider has not confirmed it. Null when the backend
 * sends no refunds (the optional refund_list): the page then says what order.notice says.
 */
export function refundLines({ order, refund_list }: Pick<OrderDetail, "order" | "refund_list">): string[] | null {
  if (!refund_list?.length) return null;
  const symbol = order.currency_symbol || "￥";
  return refund_list.map((refund) => {
    const money = `${symbol}${formatYuan(refund.refund_amount)}`;
    const way = PAY_WAY_NAMES[refund.pay_way || order.pay_way] ?? "原支付账户";
    if (refund.refund_status === "REFUNDED") return `已退款 ${money} · ${shopDay(refund.refunded_at ?? refund.applied_at)} · 原路退回${way}`;
    return `退款处理中 ${money} · ${shopDay(refund.applied_at)} 申请 · 将原路退回${way}`;
  });
}

/** Seconds an unpaid order has left, from the exact deadline when the backend sends it, else its whole minutes. */
export function secondsLeftToPay({ status, pay_expire_at, remain_minutes }: OrderDetail["order"], now: number): number {
  if (!UNPAID_STATUSES.includes(status)) return 0;
  if (typeof pay_expire_at === "number") return Math.max(0, Math.floor((pay_expire_at - now) / 1000));
  return Math.max(0, remain_minutes * 60);
}
