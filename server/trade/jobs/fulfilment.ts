// The fulfilment worker: PAY_SUCCESS → SENDING → SEND_SUCCESS once an order's fulfil_after has
// come (pay time + FULFIL_DELAY_MS, or the presale time). Each order is handled in one write
// transaction that allocates exactly one unused code per unit, so no code is delivered twice and a
// SKU never sells more codes than it holds. All state is in SQLite, so a restart simply resumes.
import { and, asc, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import { cdkeys, members, orderPerformances, orders, orderUnits, outboxMessages, skus } from "../../../db/schema";
import type { TradeDeps } from "../deps";
import { formatTime } from "../../html";
import { transition } from "../services/order.service";

export const OUT_OF_STOCK_NOTICE = "库存不足，正在补货，请耐心等待";
const OUT_OF_STOCK_RETRY_MS = 30_000;
const BATCH = 50;

export function runFulfilment(deps: TradeDeps): { delivered: string[]; waiting: string[] } {
  const now = deps.now();
  const due = deps.store.db
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(and(inArray(orders.status, ["PAY_SUCCESS", "SENDING"]), lte(orders.fulfilAfter, now)))
    .orderBy(asc(orders.fulfilAfter))
    .limit(BATCH)
    .all();
  const result = { delivered: [] as string[], waiting: [] as string[] };
  for (const { orderNo } of due) {
    (fulfilOrder(deps, orderNo, now) ? result.delivered : result.waiting).push(orderNo);
  }
  return result;
}

/** Delivers one order; false when it has to wait for codes. */
export function fulfilOrder(deps: TradeDeps, orderNo: string, now: number): boolean {
  // immediate: take the write lock before reading, so another process writing the file (the admin
  // script) makes this wait instead of failing the read-then-write upgrade
  return deps.store.db.transaction((tx) => {
    let order = tx.select().from(orders).where(eq(orders.orderNo, orderNo)).get();
    if (!order || !["PAY_SUCCESS", "SENDING"].includes(order.status)) return false;
    if (order.status === "PAY_SUCCESS") {
      transition(tx, order, "START_SENDING", now);
      order = { ...order, status: "SENDING" };
    }
    const units = tx
      .select({ unit: orderUnits, redemptionUrl: skus.redemptionUrl })
      .from(orderUnits)
      .innerJoin(skus, eq(skus.skuNo, orderUnits.skuNo))
      .leftJoin(orderPerformances, eq(orderPerformances.unitId, orderUnits.id))
      .where(and(eq(orderUnits.orderNo, orderNo), isNull(orderPerformances.id)))
      .all();
    for (const { unit, redemptionUrl } of units) {
      const code = tx
        .update(cdkeys)
        .set({ status: "DELIVERED", orderNo, deliveredAt: now })
        .where(
          eq(
            cdkeys.id,
            sql`(select ${cdkeys.id} from ${cdkeys} where ${cdkeys.skuNo} = ${unit.skuNo} and ${cdkeys.status} = 'UNUSED' order by ${cdkeys.id} limit 1)`,
          ),
        )
        .returning()
        .get();
      if (!code) {
        tx.update(orders)
          .set({ notice: OUT_OF_STOCK_NOTICE, fulfilAfter: now + OUT_OF_STOCK_RETRY_MS, updatedAt: now })
          .where(eq(orders.orderNo, orderNo))
          .run();
        deps.logger.warn({ orderNo, skuNo: unit.skuNo }, "out of stock: order waits in SENDING");
        // codes allocated to earlier units of this order stay with it (the transaction commits)
        return false;
      }
      tx.insert(orderPerformances)
        .values({
          orderNo,
          unitId: unit.id,
          cdkeyId: code.id,
          title: "兑换码",
          value: code.code,
          copy: true,
          urlTitle: redemptionUrl ? "兑换地址" : null,
          urlValue: redemptionUrl,
          noticeText: "请尽快兑换；兑换码一经发放不支持退换（兑换失败除外）。部分商品兑换存在地域限制，请留意您购买的商品兑换区域。",
          createdAt: now,
        })
        .run();
    }
    transition(tx, order, "DELIVERED", now, { deliveredAt: now, notice: null, fulfilAfter: null });
    queueDeliveryMessages(tx, orderNo, now);
    return true;
  }, { behavior: "immediate" });
}

/**
 * Adds codes to a SKU's inventory and makes the orders waiting for them due at once, so the worker
 * delivers them on its next pass instead of at the out-of-stock retry. Returns the orders of that
 * SKU still in SENDING.
 */
export function restock(deps: TradeDeps, skuNo: string, codes: readonly string[]): { added: number; unused: number; waitingOrders: string[] } {
  const now = deps.now();
  return deps.store.db.transaction((tx) => {
    if (codes.length) tx.insert(cdkeys).values(codes.map((code) => ({ skuNo, code, status: "UNUSED", createdAt: now }))).run();
    const waiting = tx
      .selectDistinct({ orderNo: orders.orderNo })
      .from(orders)
      .innerJoin(orderUnits, eq(orderUnits.orderNo, orders.orderNo))
      .where(and(eq(orders.status, "SENDING"), eq(orderUnits.skuNo, skuNo)))
      .all()
      .map((o) => o.orderNo);
    if (waiting.length) {
      tx.update(orders)
        .set({ fulfilAfter: now, updatedAt: now })
        .where(and(inArray(orders.orderNo, waiting), eq(orders.status, "SENDING"), gt(orders.fulfilAfter, now)))
        .run();
    }
    const unused = tx.select({ n: sql<number>`count(*)` }).from(cdkeys).where(and(eq(cdkeys.skuNo, skuNo), eq(cdkeys.status, "UNUSED"))).get()?.n ?? 0;
    return { added: codes.length, unused, waitingOrders: waiting };
  }, { behavior: "immediate" });
}

type Tx = Parameters<Parameters<TradeDeps["store"]["db"]["transaction"]>[0]>[0];

function queueDeliveryMessages(tx: Tx, orderNo: string, now: number) {
  const order = tx.select().from(orders).innerJoin(members, eq(members.memberId, orders.memberId)).where(eq(orders.orderNo, orderNo)).get()!;
  const items = tx
    .select({ value: orderPerformances.value, url: orderPerformances.urlValue, goodsName: orderUnits.goodsName, skuName: orderUnits.skuName })
    .from(orderPerformances)
    .innerJoin(orderUnits, eq(orderUnits.id, orderPerformances.unitId))
    .where(eq(orderPerformances.orderNo, orderNo))
    .all();
  const lines = items.map((i) => `${i.goodsName}（${i.skuName}）：${i.value}${i.url ? `\n兑换地址：${i.url}` : ""}`);
  const email = order.orders.userEmail || order.members.email;
  if (email) {
    tx.insert(outboxMessages)
      .values({
        channel: "MAIL",
        recipient: email,
        subject: `【TTS游戏商城】订单 ${orderNo} 的兑换码已发放`,
        body: `您好，您于 ${formatTime(order.orders.createdAt)} 下单的商品已发货：\n\n${lines.join("\n\n")}\n\n您也可以在「我的订单」中随时查看兑换码。`,
        orderNo,
        createdAt: now,
      })
      .run();
  }
  // the SMS goes to the member's verified number, never to a number typed into the order
  tx.insert(outboxMessages)
    .values({
      channel: "SMS",
      recipient: order.members.mobile,
      body: `【TTS游戏商城】您的订单 ${orderNo} 已发货，兑换码：${items.map((i) => i.value).join("、")}，请在我的订单中查看详情。`,
      orderNo,
      createdAt: now,
    })
    .run();
}

