// The admin script's and the back office's order operations (acting with the operator's authority):
// refunds in full or in part through the refund queue, and a status forced outside the state machine.
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { orders, orderUnits } from "../../../db/schema";
import type { TradeDeps } from "../deps";
import { nextStatus, OPEN_STATUSES, type OrderStatus } from "../domain/order-state";
import { unitShares } from "../domain/refund-shares";
import { yuanText } from "../../../shared/money";
import { ApiError, ERROR } from "../http/api-error";
import { findOrder, ORDER_MESSAGES, type OrderRow } from "./order-transitions";
import { writeTransaction } from "./prepared";
import { refundedSoFar, startRefund } from "./refund.service";

export const REFUND_REASONS = {
  ALL: "订单全额退款",
  /** The full refund of an order refunded in part before: what it has not had back yet. */
  REST: "订单剩余款项退款",
  PART: (skuNos: readonly string[]) => `订单部分退款（${skuNos.join("、")}）`,
  /** A part of the pay price an operator chose in the back office. */
  PART_AMOUNT: "订单部分退款",
} as const;

export const REFUND_MESSAGES = {
  NOT_REFUNDABLE: "这笔订单当前不能退款：未付款、已关闭或已全额退款（未退款）",
  TOO_MUCH: (left: number) => `退款金额超过可退金额 ${yuanText(left)}（未退款）`,
  ONLY_REST: (left: number) => `尚未发货的订单只能全额退款：${yuanText(left)}（未退款）`,
  CHANGED: "这笔订单的退款刚刚有了变化，请查看最新情况后再操作（未退款）",
} as const;

/**
 * The back office's refund (decisions 060, 067): `amount` cents of what the order has not had back
 * yet, through the same queue as refundOrder. All that is left is a full refund (REFUND_ALL); less
 * is a part refund, as often as the operator likes on a delivered order, each its own refund with
 * its own idempotency key. The limit is the sum of the order's refunds (pending, paid or flagged),
 * read in the caller's `BEGIN IMMEDIATE` transaction, so two operators at once never refund more
 * than was paid. Runs inside a transaction the caller opened on `db`; the caller has checked that
 * `amount` is a positive whole number of cents.
 */
export function refundAmount(
  db: Db,
  order: OrderRow,
  { amount, now }: { amount: number; now: number },
): { from: OrderStatus; to: OrderStatus; amount: number; left: number } {
  const from = order.status as OrderStatus;
  if (!nextStatus(from, "REFUND_ALL")) throw new ApiError(ERROR.CONFLICT, REFUND_MESSAGES.NOT_REFUNDABLE);
  const already = refundedSoFar(db, order.orderNo).amount;
  const left = order.payPrice - already;
  if (amount > left) throw new ApiError(ERROR.BAD_INPUT, REFUND_MESSAGES.TOO_MUCH(left));
  const part = amount < left;
  if (part && !nextStatus(from, "REFUND_PART")) throw new ApiError(ERROR.CONFLICT, REFUND_MESSAGES.ONLY_REST(left));
  const reason = part ? REFUND_REASONS.PART_AMOUNT : already ? REFUND_REASONS.REST : REFUND_REASONS.ALL;
  const to = startRefund(db, order, { part, amount, reason, now });
  return { from, to, amount, left: left - amount };
}

/**
 * Refunds an order through the refund queue (admin script only). In full: a delivered order, what
 * it has not had back yet; an order still waiting for codes, all it paid. In part (a delivered
 * order not refunded before): the units of `skuNos`, each worth its share of the pay price after
 * coupons (domain/refund-shares.ts), so the parts of an order add up to exactly what it paid. Codes
 * already delivered stay with it; the coupon stays consumed.
 */
export function refundOrder(deps: TradeDeps, orderNo: string, skuNos: readonly string[] | null): { from: OrderStatus; to: OrderStatus; amount: number } {
  const now = deps.now();
  const { db } = deps.store;
  return writeTransaction(db, () => {
    const order = findOrder(db, orderNo);
    if (!order) throw new ApiError(ERROR.NOT_FOUND, ORDER_MESSAGES.NOT_FOUND);
    // a second part by SKU could name a unit already refunded: the shares know no earlier part
    const partAgain = skuNos && order.status !== "SEND_SUCCESS";
    if (partAgain || !nextStatus(order.status as OrderStatus, skuNos ? "REFUND_PART" : "REFUND_ALL")) {
      throw new ApiError(ERROR.CONFLICT, `订单状态 ${order.status} 不能${skuNos ? "部分" : "全额"}退款`);
    }
    const already = refundedSoFar(db, orderNo).amount;
    const amount = skuNos ? partAmount(db, order, skuNos) : order.payPrice - already;
    const reason = skuNos ? REFUND_REASONS.PART(skuNos) : already ? REFUND_REASONS.REST : REFUND_REASONS.ALL;
    const to = startRefund(db, order, { part: Boolean(skuNos), amount, reason, now });
    return { from: order.status as OrderStatus, to, amount };
  });
}

/** The shares of the pay price of the units of `skuNos`; 400 for a SKU not in the order, or all of them. */
function partAmount(db: Db, order: OrderRow, skuNos: readonly string[]): number {
  const units = db.select().from(orderUnits).where(eq(orderUnits.orderNo, order.orderNo)).orderBy(asc(orderUnits.id)).all();
  const shares = unitShares(
    units.map((u) => u.unitPrice * u.skuNum),
    order.payPrice,
  );
  const unknown = skuNos.filter((skuNo) => !units.some((u) => u.skuNo === skuNo));
  if (unknown.length) throw new ApiError(ERROR.BAD_INPUT, `订单 ${order.orderNo} 没有 SKU ${unknown.join("、")}`);
  const chosen = new Set(skuNos);
  if (units.every((u) => chosen.has(u.skuNo))) throw new ApiError(ERROR.BAD_INPUT, "所选为订单全部商品，请用全额退款");
  return units.reduce((sum, u, i) => sum + (chosen.has(u.skuNo) ? shares[i]! : 0), 0);
}

/**
 * Sets a status outside the state machine (the admin script's `--force`): nothing else changes —
 * coupons, codes and messages stay as they are. An order forced back into a payable status gets a
 * fresh payment window so the sweeper does not close it at once.
 */
export function forceOrderStatus(deps: TradeDeps, orderNo: string, to: OrderStatus): { from: OrderStatus; to: OrderStatus } {
  const now = deps.now();
  const { db } = deps.store;
  return writeTransaction(db, () => {
    const order = findOrder(db, orderNo);
    if (!order) throw new ApiError(ERROR.NOT_FOUND, ORDER_MESSAGES.NOT_FOUND);
    const payable = OPEN_STATUSES.includes(to) && order.payExpireAt <= now;
    db.update(orders)
      .set({ status: to, updatedAt: now, ...(payable ? { payExpireAt: now + deps.config.orderPayMinutes * 60_000 } : {}) })
      .where(eq(orders.orderNo, orderNo))
      .run();
    return { from: order.status as OrderStatus, to };
  });
}
