// Rows and requests the order, crash-safety and admin tests share: order payloads, signed payment
// notifications, code inventory, and snapshots of the order tables.
import { randomUUID } from "node:crypto";
import type Database from "better-sqlite3";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { cdkeys, orders } from "../../db/schema";
import type { PayNotification } from "../../server/trade/providers/pay";
import { signNotification } from "../../server/trade/providers/pay-sandbox";
import { createMember } from "./promotion-fixtures";

export const ORDER_V1 = "/api/trade_bff/v1/order";
export const ORDER_V2 = "/api/trade_bff/v2/order";
export const NOTIFY = "/api/pay_gateway/notify";

export interface OrderUnit {
  goods_no: string;
  sku_no: string;
  sku_num: number;
}

/** A create-order payload as the storefront sends it. */
export function orderBody(memberId: number, units: OrderUnit[], over: Record<string, unknown> = {}) {
  return {
    customer: { user_id: String(memberId), user_phone: "13800138000", user_email: "buyer@example.com" },
    units,
    channel: { channel_name: "", channel_no: "1" },
    pay_way: "WX",
    coupons: [] as string[],
    ...over,
  };
}

/** A payment notification for an order (a fresh notify_id unless given). */
export function notification(
  orderNo: string,
  amount: number,
  tradeStatus: "SUCCESS" | "FAIL" = "SUCCESS",
  over: Partial<PayNotification> = {},
): PayNotification {
  return { notify_id: `N${randomUUID().replaceAll("-", "")}`, order_no: orderNo, trade_status: tradeStatus, amount, pay_way: "WX", ...over };
}

/** The notification body as the provider posts it: the fields and their HMAC. */
export function signedBody(secret: string, n: PayNotification) {
  return { ...n, sign: signNotification(secret, n) };
}

/** Adds `count` fresh UNUSED codes to a SKU; returns them. */
export function addCodes(db: Db, skuNo: string, count: number): string[] {
  const codes = Array.from({ length: count }, () => `T-${randomUUID().slice(0, 18).toUpperCase()}`);
  if (codes.length)
    db.insert(cdkeys)
      .values(codes.map((code) => ({ skuNo, code, status: "UNUSED" })))
      .run();
  return codes;
}

export function orderRow(db: Db, orderNo: string) {
  return db.select().from(orders).where(eq(orders.orderNo, orderNo)).get();
}

export const ORDER_TABLES = [
  "orders",
  "order_units",
  "order_coupons",
  "order_performances",
  "coupons",
  "cdkeys",
  "idempotency_keys",
  "payment_notifications",
  "outbox_messages",
] as const;

/**
 * Every row of the tables an order request may touch, to show that a request changed nothing.
 * The code inventory (thousands of rows) is summed up by its count and the codes handed out.
 */
export function orderSnapshot(sqlite: Database.Database): Record<string, unknown[]> {
  return Object.fromEntries(
    ORDER_TABLES.map((t) => [
      t,
      t === "cdkeys"
        ? [
            sqlite.prepare("SELECT count(*) AS n, max(id) AS last FROM cdkeys").get(),
            ...sqlite.prepare("SELECT * FROM cdkeys WHERE status <> 'UNUSED' OR order_no IS NOT NULL ORDER BY id").all(),
          ]
        : sqlite.prepare(`SELECT * FROM ${t} ORDER BY rowid`).all(),
    ]),
  );
}

/** Codes handed out more than once, across cdkeys and order_performances (must be empty). */
export function doubleDeliveries(sqlite: Database.Database): unknown[] {
  return [
    ...sqlite.prepare("SELECT cdkey_id, count(*) AS n FROM order_performances WHERE cdkey_id IS NOT NULL GROUP BY cdkey_id HAVING n > 1").all(),
    ...sqlite.prepare("SELECT unit_id, count(*) AS n FROM order_performances GROUP BY unit_id HAVING n > 1").all(),
    // a performance must point at a code delivered to that very order
    ...sqlite
      .prepare(
        `SELECT p.id FROM order_performances p JOIN cdkeys c ON c.id = p.cdkey_id
         WHERE c.status <> 'DELIVERED' OR c.order_no <> p.order_no OR c.code <> p.value`,
      )
      .all(),
    // a delivered code must have exactly one performance
    ...sqlite
      .prepare(
        `SELECT c.id FROM cdkeys c LEFT JOIN order_performances p ON p.cdkey_id = c.id
         WHERE c.status = 'DELIVERED' GROUP BY c.id HAVING count(p.id) <> 1`,
      )
      .all(),
  ];
}

/**
 * `count` orders of a new member for one unit of `skuNo`, paid ￥50.00 and due for fulfilment at
 * `now`, inserted directly (TT{prefix}100000, …); the member and the order numbers.
 */
export function insertPaidOrders(
  db: Db,
  { goodsNo, skuNo, count, prefix, now, alsoSkuNo }: { goodsNo: string; skuNo: string; count: number; prefix: string; now: number; alsoSkuNo?: string },
) {
  const memberId = createMember(db);
  const orderNos: string[] = [];
  db.$client.transaction(() => {
    for (let i = 0; i < count; i++) {
      const orderNo = `TT${prefix}${String(100000 + i)}`;
      db.insert(orders)
        .values({
          orderNo,
          memberId,
          status: "PAY_SUCCESS",
          payWay: "WX",
          goodsAmount: 5000,
          payPrice: 5000,
          payExpireAt: now,
          payAt: now - 1000,
          fulfilAfter: now - 1,
          createdAt: now - 2000,
          updatedAt: now,
        })
        .run();
      db.$client
        .prepare(
          "INSERT INTO order_units (order_no, goods_no, sku_no, unit_price, origin_price, goods_name, sku_name) VALUES (?, ?, ?, 5000, 6000, '测试游戏', '规格1')",
        )
        .run(orderNo, goodsNo, skuNo);
      // a second SKU of the same goods: the order is delivered only when both have a code
      if (alsoSkuNo)
        db.$client
          .prepare(
            "INSERT INTO order_units (order_no, goods_no, sku_no, unit_price, origin_price, goods_name, sku_name) VALUES (?, ?, ?, 5000, 6000, '测试游戏', '规格2')",
          )
          .run(orderNo, goodsNo, alsoSkuNo);
      orderNos.push(orderNo);
    }
  })();
  return { memberId, orderNos };
}
