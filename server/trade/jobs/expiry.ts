// The expiry sweeper: an unpaid order past its payment window closes and returns its coupon.
import { and, lte, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { orders, ORDERS_OPEN_SQL } from "../../../db/schema";
import type { TradeDeps } from "../deps";
import type { OrderStatus } from "../domain/order-state";
import { transition } from "../services/order-transitions";
import { releaseCoupon } from "../services/promotion.service";

export function closeExpiredOrders(deps: TradeDeps): string[] {
  const now = deps.now();
  const { db } = deps.store;
  return db.transaction(
    () => {
      const expired = db
        .select({ orderNo: orders.orderNo, status: orders.status })
        .from(orders)
        .where(and(sql`${orders.status} in ${sql.raw(ORDERS_OPEN_SQL)}`, lte(orders.payExpireAt, now)))
        .all();
      for (const order of expired) expireOrder(db, order, now);
      return expired.map((o) => o.orderNo);
    },
    { behavior: "immediate" },
  );
}

/**
 * Closes one unpaid order as the sweeper does (409 when it is not open); returns the coupons
 * released. Runs inside a transaction the caller opened on `db`.
 */
export function expireOrder(db: Db, order: { orderNo: string; status: string }, now: number): { to: OrderStatus; couponsReleased: number } {
  const to = transition(db, order, "EXPIRE", now, { closedAt: now });
  return { to, couponsReleased: releaseCoupon(db, order.orderNo) };
}
