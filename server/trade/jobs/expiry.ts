// The expiry sweeper: an unpaid order past its payment window closes and returns its coupon.
import { and, inArray, lte } from "drizzle-orm";
import { orders } from "../../../db/schema";
import type { TradeDeps } from "../deps";
import { OPEN_STATUSES, type OrderStatus } from "../domain/order-state";
import { transition } from "../services/order.service";
import { releaseCoupon, type DbTx } from "../services/promotion.service";

export function closeExpiredOrders(deps: TradeDeps): string[] {
  const now = deps.now();
  return deps.store.db.transaction(
    (tx) => {
      const expired = tx
        .select({ orderNo: orders.orderNo, status: orders.status })
        .from(orders)
        .where(and(inArray(orders.status, [...OPEN_STATUSES]), lte(orders.payExpireAt, now)))
        .all();
      for (const order of expired) expireOrder(tx, order, now);
      return expired.map((o) => o.orderNo);
    },
    { behavior: "immediate" },
  );
}

/** Closes one unpaid order as the sweeper does (409 when it is not open); returns the coupons released. */
export function expireOrder(tx: DbTx, order: { orderNo: string; status: string }, now: number): { to: OrderStatus; couponsReleased: number } {
  const to = transition(tx, order, "EXPIRE", now, { closedAt: now });
  return { to, couponsReleased: releaseCoupon(tx, order.orderNo) };
}
