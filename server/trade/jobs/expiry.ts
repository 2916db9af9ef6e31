// The expiry sweeper: an unpaid order past its payment window closes and returns its coupon.
import { and, inArray, lte } from "drizzle-orm";
import { orders } from "../../../db/schema";
import type { TradeDeps } from "../deps";
import { OPEN_STATUSES } from "../domain/order-state";
import { transition } from "../services/order.service";
import { releaseCoupon } from "../services/promotion.service";

export function closeExpiredOrders(deps: TradeDeps): string[] {
  const now = deps.now();
  return deps.store.db.transaction((tx) => {
    const expired = tx
      .select({ orderNo: orders.orderNo, status: orders.status })
      .from(orders)
      .where(and(inArray(orders.status, [...OPEN_STATUSES]), lte(orders.payExpireAt, now)))
      .all();
    for (const order of expired) {
      transition(tx, order, "EXPIRE", now, { closedAt: now });
      releaseCoupon(tx, order.orderNo);
    }
    return expired.map((o) => o.orderNo);
  });
}
