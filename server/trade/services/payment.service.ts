// Payments (spec/03 §6, decision 011): the configured provider's cashier links, and its signed,
// idempotent notifications that move an order to PAY_SUCCESS or PAY_FAIL.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { orders, orderUnits, paymentNotifications } from "../../../db/schema";
import { payProvider, type TradeDeps } from "../deps";
import { nextStatus, OPEN_STATUSES, PAID_STATUSES, type OrderStatus } from "../domain/order-state";
import { ApiError, ERROR } from "../http/api-error";
import type { PayNotification, PayProvider } from "../providers/pay";
import type { SandboxPay } from "../providers/pay-sandbox";
import { findOrder, transition, type OrderRow } from "./order-transitions";
import { preparedFor, writeTransaction } from "./prepared";
import { queueRefund } from "./refund.service";
import { consumeCoupon } from "./promotion.service";

export const NO_PAY_PROVIDER = "支付通道未开通";
// chosen in the trade tier's dependencies; re-exported for the services and jobs that used it from here
export { payProvider };

/** The provider, or 503 支付通道未开通: nothing can be paid, so nothing may be ordered. */
export function requirePayProvider(deps: Pick<TradeDeps, "config">): PayProvider {
  const provider = payProvider(deps.config);
  if (!provider) throw new ApiError(ERROR.UNAVAILABLE, NO_PAY_PROVIDER);
  return provider;
}

/** An open order's `third_pay_detail`: its cashier link, and its code's image where the provider is paid by scanning. */
export function thirdPayDetail(provider: PayProvider, orderNo: string): { pay_url: string; qr_code_url?: string } {
  const qr = provider.qrImageUrl?.(orderNo);
  return qr ? { pay_url: provider.payUrl(orderNo), qr_code_url: qr } : { pay_url: provider.payUrl(orderNo) };
}

export type NotifyOutcome = "APPLIED" | "IGNORED" | "FLAGGED";

/**
 * What a cashier shows for an order (the sandbox's, server/mock-pay): the amount and pay way,
 * whether it can still be paid or is paid already, and how many notifications it has had (each
 * attempt's notify_id is new, a resubmitted page's is not).
 */
export function cashierOrder(db: Db, orderNo: string) {
  const order = db
    .select({ orderNo: orders.orderNo, status: orders.status, payPrice: orders.payPrice, payWay: orders.payWay })
    .from(orders)
    .where(eq(orders.orderNo, orderNo))
    .get();
  if (!order) return null;
  const status = order.status as OrderStatus;
  const attempts =
    db
      .select({ n: sql<number>`count(*)` })
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderNo, orderNo))
      .get()?.n ?? 0;
  return { ...order, status, payable: OPEN_STATUSES.includes(status), paid: PAID_STATUSES.includes(status), attempts };
}

const p = sql.placeholder;
const queries = preparedFor((db) => ({
  notification: db
    .select({ outcome: paymentNotifications.outcome })
    .from(paymentNotifications)
    .where(eq(paymentNotifications.notifyId, p("notifyId")))
    .prepare(),
  latestPresale: db
    .select({ at: sql<number | null>`max(${orderUnits.presalePerformanceAt})` })
    .from(orderUnits)
    .where(and(eq(orderUnits.orderNo, p("orderNo")), eq(orderUnits.isPresale, true)))
    .prepare(),
  record: db
    .insert(paymentNotifications)
    .values({
      notifyId: p("notifyId"),
      orderNo: p("orderNo"),
      tradeStatus: p("tradeStatus"),
      amount: p("amount"),
      outcome: p("outcome"),
      createdAt: p("createdAt"),
    })
    .prepare(),
}));

/**
 * The paid transition, as a paid notification makes it: PAY_SUCCESS with the pay time and pay
 * way, fulfilment due after FULFIL_DELAY_MS (or at the latest presale time of its units), and the
 * order's coupon consumed. Runs inside a transaction the caller opened on `db`; 409 when the order
 * cannot be paid.
 */
export function markPaid(db: Db, deps: Pick<TradeDeps, "config">, order: Pick<OrderRow, "orderNo" | "status">, payWay: string, now: number): OrderStatus {
  const presaleAt = queries(db).latestPresale.get({ orderNo: order.orderNo })?.at ?? 0;
  const to = transition(db, order, "PAID", now, {
    payAt: now,
    payWay,
    fulfilAfter: Math.max(now + deps.config.fulfilDelayMs, presaleAt),
  });
  consumeCoupon(db, order.orderNo, now);
  return to;
}

/** The failed-payment transition (WAIT_PAY → PAY_FAIL); the order may be paid again until it expires. */
export function markPayFailed(db: Db, order: Pick<OrderRow, "orderNo" | "status">, now: number): OrderStatus {
  return transition(db, order, "PAY_FAILED", now);
}

/**
 * Applies a sandbox notification (applyPayment); 400 when the signature is not the sandbox's, or
 * when a real provider is configured (its notifications have their own path: api/pay-gateway.router.ts).
 */
export function applyNotification(deps: TradeDeps, n: PayNotification, signature: string): { outcome: NotifyOutcome; order_status: OrderStatus } {
  const provider = requirePayProvider(deps);
  if (provider.name !== "sandbox" || !(provider as SandboxPay).verifyNotification(n, signature)) {
    throw new ApiError(ERROR.BAD_INPUT, "签名校验失败");
  }
  return applyPayment(deps, n);
}

/**
 * A notification the provider signed for another application or merchant (a shop sharing the
 * provider account, or a replayed notification of another shop): nothing is paid and nothing is
 * refunded here (the money is not this merchant's), the order is flagged for an operator.
 */
export function flagForeignMerchant(deps: TradeDeps, orderNo: string, reason: string): void {
  const { db } = deps.store;
  const flag = `收到其他商户的支付通知：${reason}`;
  const changed = db
    .update(orders)
    .set({ flag: sql`coalesce(${orders.flag} || '；', '') || ${flag}`, updatedAt: deps.now() })
    .where(and(eq(orders.orderNo, orderNo), sql`coalesce(${orders.flag}, '') not like '%' || ${flag} || '%'`))
    .run().changes;
  deps.logger.warn({ orderNo, flagged: changed > 0 }, flag);
}

/**
 * Applies a verified payment result once. A replay (same notify_id) changes nothing. A paid
 * notification for a closed order, with the wrong amount, or for an order already paid through
 * another payment, is recorded, its money queued for refund (decision 021) and the order flagged
 * for an operator to look at; it never delivers.
 * Only applyNotification and the QA admin script (acting on the database with the operator's
 * authority) call it.
 */
export function applyPayment(deps: TradeDeps, n: PayNotification): { outcome: NotifyOutcome; order_status: OrderStatus } {
  const { db } = deps.store;
  const q = queries(db);
  return writeTransaction(db, () => {
    const order = findOrder(db, n.order_no);
    if (!order) throw new ApiError(ERROR.NOT_FOUND, "订单不存在");
    const status = order.status as OrderStatus;
    if (q.notification.get({ notifyId: n.notify_id })) return { outcome: "IGNORED" as const, order_status: status };

    const now = deps.now();
    const record = (outcome: NotifyOutcome) =>
      q.record.run({ notifyId: n.notify_id, orderNo: n.order_no, tradeStatus: n.trade_status, amount: n.amount, outcome, createdAt: now });

    if (n.trade_status === "FAIL") {
      if (!nextStatus(status, "PAY_FAILED")) {
        record("IGNORED");
        return { outcome: "IGNORED" as const, order_status: status };
      }
      const to = markPayFailed(db, order, now);
      record("APPLIED");
      return { outcome: "APPLIED" as const, order_status: to };
    }

    const stray =
      n.amount !== order.payPrice
        ? { flag: `支付金额不符：通知 ${n.amount} 分，订单 ${order.payPrice} 分`, reason: "支付金额与订单金额不符" }
        : status === "CLOSE"
          ? { flag: "订单关闭后收到支付通知", reason: "订单已关闭后收到付款" }
          : !nextStatus(status, "PAID")
            ? { flag: "订单已支付后再次收到支付通知", reason: "订单重复付款" }
            : null;
    if (stray) {
      // money the order does not keep goes back through the refund queue; the flag is for an operator to look at
      const flag = `${stray.flag}，已自动退款 ${n.amount} 分`;
      db.update(orders).set({ flag, updatedAt: now }).where(eq(orders.orderNo, n.order_no)).run();
      if (n.amount > 0) queueRefund(db, order, { amount: n.amount, reason: stray.reason, now, notifyId: n.notify_id });
      record("FLAGGED");
      deps.logger.warn({ orderNo: n.order_no, notifyId: n.notify_id }, flag);
      return { outcome: "FLAGGED" as const, order_status: status };
    }
    const to = markPaid(db, deps, order, n.pay_way, now);
    record("APPLIED");
    return { outcome: "APPLIED" as const, order_status: to };
  });
}
