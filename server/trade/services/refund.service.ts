// Refunds (decision 021): money goes back only through the refund queue. A refund is queued in the
// same transaction as the order's refund status (startRefund), so neither exists without the
// other; the refund job (jobs/refunds.ts) pays it out through the pay provider with the refund's
// idempotency key and settles it here: SUCCEEDED tells the shopper the money is back, FAILED (after
// REFUND_MAX_ATTEMPTS, or with no provider) flags the order for a refund by hand. Until then the
// shopper reads 退款处理中.
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { orders, refunds } from "../../../db/schema";
import { yuanText } from "../../../shared/money";
import type { OrderStatus } from "../domain/order-state";
import { tellMember } from "./order-messages";
import { findOrder, transition, type OrderRow } from "./order-transitions";
import { preparedFor } from "./prepared";

export type RefundRow = typeof refunds.$inferSelect;

/** Attempts before a refund is given up and its order flagged for a refund by hand. */
export const REFUND_MAX_ATTEMPTS = 6;
/**
 * How long the refund job gives one provider call: a quarter more than the provider's own limit (PAY_CALL_TIMEOUT_MS,
 * 8 s by default), so that the provider's error, which says more, comes first. A claimed refund is not tried again
 * for twice that.
 */
export const refundCallTimeoutMs = (payCallTimeoutMs: number) => Math.round(payCallTimeoutMs * 1.25);
/** The wait after the n-th failed attempt: 30 s, 1 min, 2 min, … at most an hour. */
export const refundBackoffMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 3_600_000);
/** Refunds one pass of the job takes at most. */
export const REFUND_BATCH = 20;

/** What the order page says of a refund, by its state. */
export function refundNotice(status: "PENDING" | "SUCCEEDED" | "FAILED", reason: string, amount: number): string {
  const money = yuanText(amount);
  if (status === "SUCCEEDED") return `${reason}：退款 ${money} 已退回原支付账户，到账时间以支付渠道为准`;
  if (status === "FAILED") return `${reason}：退款 ${money} 处理中，客服将尽快为您处理`;
  return `${reason}：退款 ${money} 处理中，退回后将短信通知您`;
}

const p = sql.placeholder;
const queries = preparedFor((db) => ({
  // a stray payment's refund returns that payment, not part of the order's
  refundedSoFar: db
    .select({ amount: sql<number>`coalesce(sum(${refunds.amount}) filter (where ${refunds.notifyId} is null), 0)`, n: sql<number>`count(*)` })
    .from(refunds)
    .where(eq(refunds.orderNo, p("orderNo")))
    .prepare(),
  due: db
    .select()
    .from(refunds)
    .where(and(eq(refunds.status, "PENDING"), lte(refunds.nextAttemptAt, p("now"))))
    .orderBy(asc(refunds.nextAttemptAt))
    .limit(REFUND_BATCH)
    .prepare(),
  claim: db
    .update(refunds)
    .set({ attempts: sql`${refunds.attempts} + 1`, nextAttemptAt: sql`${p("leaseUntil")}` })
    .where(and(eq(refunds.id, p("id")), eq(refunds.status, "PENDING"), eq(refunds.attempts, p("attempts"))))
    .prepare(),
}));

/** What the order has refunded or queued for refund so far, and how many refunds that took. */
export function refundedSoFar(db: Db, orderNo: string): { amount: number; count: number } {
  const row = queries(db).refundedSoFar.get({ orderNo })!;
  return { amount: row.amount, count: row.n };
}

/**
 * Moves the order to PART_REFUND or ALL_REFUND and queues the refund of `amount`, a share of what
 * the order paid. Runs inside a transaction the caller opened on `db`.
 */
export function startRefund(db: Db, order: OrderRow, refund: { part: boolean; amount: number; reason: string; now: number }): OrderStatus {
  const { part, amount, reason, now } = refund;
  const already = refundedSoFar(db, order.orderNo).amount;
  if (!Number.isSafeInteger(amount) || amount <= 0 || already + amount > order.payPrice) {
    throw new Error(`refund of ${amount} on ${order.orderNo} (paid ${order.payPrice}, refunded ${already}) is not a share of what it paid`);
  }
  const to = transition(db, order, part ? "REFUND_PART" : "REFUND_ALL", now, {
    notice: refundNotice("PENDING", reason, amount),
    fulfilAfter: null,
    outOfStockRefundAt: null,
  });
  queueRefund(db, order, { amount, reason, now, notifyId: null });
  return to;
}

/**
 * Queues a refund for the refund job and tells the shopper it is on its way: the order's own
 * (startRefund), or a payment it does not keep (`notifyId`, its status unchanged). Runs inside a
 * transaction the caller opened on `db`.
 */
export function queueRefund(db: Db, order: OrderRow, refund: { amount: number; reason: string; now: number; notifyId: string | null }): void {
  const { amount, reason, now, notifyId } = refund;
  const n = refundedSoFar(db, order.orderNo).count + 1;
  db.insert(refunds)
    .values({ orderNo: order.orderNo, idempotencyKey: `${order.orderNo}:${n}`, amount, reason, notifyId, nextAttemptAt: now, createdAt: now })
    .run();
  tellMember(db, order, now, "REFUND_STARTED", { orderNo: order.orderNo, amount: yuanText(amount), reason });
}

/** The refunds due for an attempt (at most REFUND_BATCH). */
export function dueRefunds(db: Db, now: number): RefundRow[] {
  return queries(db).due.all({ now });
}

/**
 * Takes a refund for one provider call: counts the attempt and keeps other runners off it for the
 * call's timeout (`callTimeoutMs`, refundCallTimeoutMs). False when another runner took it first. A process killed
 * during the call leaves the refund PENDING: it is called again, with the same key, once the lease has passed.
 */
export function claimRefund(db: Db, refund: RefundRow, now: number, callTimeoutMs: number): boolean {
  // two calls: the refund, and at the last attempt the query of what became of it
  return queries(db).claim.run({ id: refund.id, attempts: refund.attempts, leaseUntil: now + 2 * callTimeoutMs }).changes === 1;
}

/** The provider confirmed the refund: the shopper is told the money is back. */
export function refundSucceeded(db: Db, refund: RefundRow, now: number): void {
  const changed = db
    .update(refunds)
    .set({ status: "SUCCEEDED", settledAt: now, lastError: null })
    .where(and(eq(refunds.id, refund.id), eq(refunds.status, "PENDING")))
    .run().changes;
  if (!changed) return;
  const order = findOrder(db, refund.orderNo)!;
  updateNotice(db, refund, "SUCCEEDED", now);
  tellMember(db, order, now, "REFUND_DONE", { orderNo: order.orderNo, amount: yuanText(refund.amount), reason: refund.reason });
}

/**
 * The provider refused or did not answer: tried again after a backoff, or, at the last attempt
 * (the provider asked and knowing no payment of the key, or no provider at all), given up and the
 * order flagged for a refund by hand.
 */
export function refundFailed(
  db: Db,
  refund: RefundRow & { attempts: number },
  error: string,
  now: number,
  { giveUp }: { giveUp: boolean },
): "RETRY" | "FAILED" {
  if (!giveUp && refund.attempts < REFUND_MAX_ATTEMPTS) {
    retryLater(db, refund, error, now);
    return "RETRY";
  }
  giveUpRefund(db, refund, error, now, failedFlag(refund));
  return "FAILED";
}

/** The last attempt failed but the provider is still processing the key: asked again after the backoff, never flagged. */
export function refundInProgress(db: Db, refund: RefundRow & { attempts: number }, error: string, now: number): void {
  retryLater(db, refund, `${error}；支付通道处理中`, now);
}

/**
 * The last attempt failed and the provider could not say what became of the key: it may have paid.
 * Given up, and the order flagged to be checked with the provider by that key before anyone
 * refunds by hand.
 */
export function refundUnknown(db: Db, refund: RefundRow, error: string, now: number): void {
  giveUpRefund(db, refund, error, now, unknownFlag(refund));
}

function retryLater(db: Db, refund: RefundRow & { attempts: number }, error: string, now: number) {
  db.update(refunds)
    .set({ lastError: error, nextAttemptAt: now + refundBackoffMs(refund.attempts) })
    .where(and(eq(refunds.id, refund.id), eq(refunds.status, "PENDING")))
    .run();
}

const refundFlag = (what: string, error: string) => `${what}：${error}`;
const failedFlag = (refund: RefundRow) => `退款失败，需人工退款 ${yuanText(refund.amount)}（${refund.idempotencyKey}）`;
const unknownFlag = (refund: RefundRow) => `退款结果未知，请先按 key 在支付通道核对，勿直接人工退款 ${yuanText(refund.amount)}（${refund.idempotencyKey}）`;

/**
 * An operator paid a FAILED refund back by hand and says so in the back office (decision 060): the
 * refund SUCCEEDED by that operator, its line gone from the order's flag, and the shopper told the
 * money is back, as the provider's refund would. False when the refund is not FAILED (any more).
 * Runs inside a transaction the caller opened on `db`.
 */
export function refundDoneByHand(db: Db, refund: RefundRow, operator: string, now: number): boolean {
  const changed = db
    .update(refunds)
    .set({ status: "SUCCEEDED", settledAt: now, settledBy: operator })
    .where(and(eq(refunds.id, refund.id), eq(refunds.status, "FAILED")))
    .run().changes;
  if (!changed) return false;
  const order = findOrder(db, refund.orderNo)!;
  const lines = [failedFlag(refund), unknownFlag(refund)].map((what) => refundFlag(what, refund.lastError ?? ""));
  const flag = lines.reduce((rest, line) => rest?.replace(`；${line}`, "").replace(`${line}；`, "").replace(line, "") ?? null, order.flag);
  db.update(orders)
    .set({ flag: flag || null, updatedAt: now })
    .where(eq(orders.orderNo, refund.orderNo))
    .run();
  db.update(orders)
    .set({ notice: refundNotice("SUCCEEDED", refund.reason, refund.amount) })
    .where(and(eq(orders.orderNo, refund.orderNo), eq(orders.notice, refundNotice("FAILED", refund.reason, refund.amount))))
    .run();
  tellMember(db, order, now, "REFUND_DONE", { orderNo: order.orderNo, amount: yuanText(refund.amount), reason: refund.reason });
  return true;
}

/** FAILED (the job stops), the order flagged for a person, the shopper told 客服将尽快为您处理. */
function giveUpRefund(db: Db, refund: RefundRow, error: string, now: number, what: string) {
  const changed = db
    .update(refunds)
    .set({ status: "FAILED", lastError: error, settledAt: now })
    .where(and(eq(refunds.id, refund.id), eq(refunds.status, "PENDING")))
    .run().changes;
  if (!changed) return;
  const flag = refundFlag(what, error);
  db.update(orders)
    .set({ flag: sql`coalesce(${orders.flag} || '；', '') || ${flag}`, updatedAt: now })
    .where(eq(orders.orderNo, refund.orderNo))
    .run();
  updateNotice(db, refund, "FAILED", now);
}

/** The order page's notice follows this refund, unless a later one has replaced it. */
function updateNotice(db: Db, refund: RefundRow, status: "SUCCEEDED" | "FAILED", now: number) {
  db.update(orders)
    .set({ notice: refundNotice(status, refund.reason, refund.amount), updatedAt: now })
    .where(and(eq(orders.orderNo, refund.orderNo), eq(orders.notice, refundNotice("PENDING", refund.reason, refund.amount))))
    .run();
}
