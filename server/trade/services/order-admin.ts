// The admin script's order operations (seed/admin.ts, acting with the operator's authority):
// refunds in full or in part through the refund queue, and a status forced outside the state machine.
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { orders, orderUnits } from "../../../db/schema";
import type { TradeDeps } from "../deps";
import { nextStatus, OPEN_STATUSES, type OrderStatus } from "../domain/order-state";
import { unitShares } from "../domain/refund-shares";
import { ApiError, ERROR } from "../http/api-error";
import { findOrder, ORDER_MESSAGES, type OrderRow } from "./order-transitions";
import { writeTransaction } from "./prepared";
import { refundedSoFar, startRefund } from "./refund.service";

export const REFUND_REASONS = {
  ALL: "订单全额退款",
  /** The full refund of an order refunded in part before: what it has not had back yet. */
  REST: "订单剩余款项退款",
  PART: (skuNos: readonly string[]) => `订单部分退款（${skuNos.join("、")}）`,
} as const;

/**
 * Refunds an order through the refund queue (admin script only). In full: a delivered order, what
 * it has not had back yet; an order still waiting for codes, all it paid. In part (a delivered
 * order): the units of `skuNos`, each worth its share of the pay price after coupons
 * (domain/refund-shares.ts), so the parts of an order add up to exactly what it paid. Codes
 * already delivered stay with it; the coupon stays consumed.
 */
export function refundOrder(deps: TradeDeps, orderNo: string, skuNos: readonly string[] | null): { from: OrderStatus; to: OrderStatus; amount: number } {
  const now = deps.now();
  const { db } = deps.store;
  return writeTransaction(db, () => {
    const order = findOrder(db, orderNo);
    if (!order) throw new ApiError(ERROR.NOT_FOUND, ORDER_MESSAGES.NOT_FOUND);
    if (!nextStatus(order.status as OrderStatus, skuNos ? "REFUND_PART" : "REFUND_ALL")) {
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
