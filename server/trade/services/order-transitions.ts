// The order state machine's one write path (transition), and the one prepared read of an order
// that every service and job reading or moving an order starts from.
import { and, eq, sql } from "drizzle-orm";
import type { SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import type { Db } from "../../../db/client";
import { orders } from "../../../db/schema";
import { nextStatus, type OrderEvent, type OrderStatus } from "../domain/order-state";
import { ApiError, ERROR } from "../http/api-error";
import { preparedFor } from "./prepared";
import type { Member } from "./session.service";

export type OrderRow = typeof orders.$inferSelect;

export const ORDER_MESSAGES = {
  NOT_FOUND: "订单不存在",
  NOT_YOURS: "无权查看其他用户的订单",
  CUSTOMER_MISMATCH: "下单用户与登录用户不一致",
  KEY_REUSED: "请求编号已用于另一笔订单",
  NOT_PAYABLE: "订单当前状态不可支付",
  NOT_CLOSABLE: "订单当前状态不可关闭",
  SOLD_OUT_IN_MIX: (name: string) => `「${name}」暂时缺货，请将其移出订单后再下单`,
} as const;

const p = sql.placeholder;
const queries = preparedFor((db) => ({
  order: db
    .select()
    .from(orders)
    .where(eq(orders.orderNo, p("orderNo")))
    .prepare(),
}));

/** The order with this number, or undefined. */
export function findOrder(db: Db, orderNo: string): OrderRow | undefined {
  return queries(db).order.get({ orderNo });
}

/** The member's own order, or 404 (another member's order is indistinguishable from none). */
export function ownOrder(db: Db, member: Member, orderNo: string): OrderRow {
  const order = findOrder(db, orderNo);
  if (!order || order.memberId !== member.memberId) throw new ApiError(ERROR.NOT_FOUND, ORDER_MESSAGES.NOT_FOUND);
  return order;
}

/** The status UPDATE of a transition, prepared once per set of extra columns it writes. */
const transitionUpdates = new WeakMap<Db, Map<string, { run(values: Record<string, unknown>): { changes: number } }>>();

function transitionUpdate(db: Db, columns: string[]) {
  let byColumns = transitionUpdates.get(db);
  if (!byColumns) transitionUpdates.set(db, (byColumns = new Map()));
  const key = columns.join(",");
  let update = byColumns.get(key);
  if (!update) {
    const values: [column: string, placeholder: string][] = [["status", "to"], ["updatedAt", "now"], ...columns.map((c): [string, string] => [c, c])];
    update = db
      .update(orders)
      .set(Object.fromEntries(values.map(([column, name]) => [column, sql`${p(name)}`])) as SQLiteUpdateSetSource<typeof orders>)
      .where(and(eq(orders.orderNo, p("orderNo")), eq(orders.status, p("from"))))
      .prepare();
    byColumns.set(key, update);
  }
  return update;
}

/**
 * Moves an order along the state machine, or refuses with 409. Runs inside a transaction the
 * caller opened on `db`.
 */
export function transition(db: Db, order: Pick<OrderRow, "orderNo" | "status">, event: OrderEvent, now: number, extra: Partial<OrderRow> = {}): OrderStatus {
  const to = nextStatus(order.status as OrderStatus, event);
  if (!to) throw new ApiError(ERROR.CONFLICT, `订单状态 ${order.status} 不能执行 ${event}`);
  const columns = Object.keys(extra).sort();
  const changed = transitionUpdate(db, columns).run({ ...extra, to, now, orderNo: order.orderNo, from: order.status });
  if (changed.changes !== 1) throw new ApiError(ERROR.CONFLICT, "订单状态已变化，请刷新后重试");
  return to;
}
