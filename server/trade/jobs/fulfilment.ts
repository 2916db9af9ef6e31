// The fulfilment worker: PAY_SUCCESS → SENDING → SEND_SUCCESS once an order's fulfil_after has
// come (pay time + FULFIL_DELAY_MS, or the presale time). Each order is handled atomically (its own
// transaction, or a savepoint in the pass's) and allocates exactly one unused code per unit, so no
// code is delivered twice and a SKU never sells more codes than it holds. Allocation is all or
// nothing (decision 021): when a unit finds no code, the codes taken for the order's earlier units
// go back to the shelf and the order waits whole in SENDING; no code is delivered or shown before
// every unit has one. If none has come OUT_OF_STOCK_REFUND_MINUTES after it first found none, the
// order is refunded in full (SENDING → ALL_REFUND, the refund queued for the pay provider): nothing
// was delivered, so all it paid goes back. Codes and the refund are decided in the same
// transaction, so an order gets one or the other, once. All state is in SQLite, so a restart
// simply resumes.
import { and, asc, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db, DbTx } from "../../../db/client";
import { cdkeys, goods, orderPerformances, orders, ORDERS_TO_FULFIL_SQL, orderUnits, skus } from "../../../db/schema";
import type { TradeDeps } from "../deps";
import { formatDateTime } from "../../../shared/shop-time";
import { yuanText } from "../../../shared/money";
import { steamActivationUrl } from "../../../shared/steam-activation";
import { findOrder, transition, type OrderRow } from "../services/order-transitions";
import { tellMember } from "../services/order-messages";
import { startRefund } from "../services/refund.service";
import { preparedFor, writeTransaction } from "../services/prepared";

export const OUT_OF_STOCK_NOTICE = "库存不足，正在补货，请耐心等待";
/** The reason of an out-of-stock refund, as the shopper reads it (services/refund.service.ts words the rest). */
export const OUT_OF_STOCK_REFUND_REASON = "商品缺货未能发货，订单全额退款";
/** The waiting order's notice: what happens, and when, if no code comes. */
export const outOfStockNotice = (refundAt: number) => `${OUT_OF_STOCK_NOTICE}；若 ${formatDateTime(refundAt)} 前仍未补货，将自动全额退款至原支付账户`;
const OUT_OF_STOCK_RETRY_MS = 30_000;
/** Orders one pass delivers at most; the scheduler (jobs/index.ts) runs passes while orders are due. */
export const FULFIL_BATCH = 50;
const DELIVERY_NOTICE = "请尽快兑换；兑换码一经发放不支持退换（兑换失败除外）。部分商品兑换存在地域限制，请留意您购买的商品兑换区域。";

const p = sql.placeholder;
const queries = preparedFor((db) => ({
  due: db
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(and(sql`${orders.status} in ${sql.raw(ORDERS_TO_FULFIL_SQL)}`, lte(orders.fulfilAfter, p("now"))))
    .orderBy(asc(orders.fulfilAfter))
    .limit(FULFIL_BATCH)
    .prepare(),
  undeliveredUnits: db
    .select({ unitId: orderUnits.id, skuNo: orderUnits.skuNo, redemptionUrl: skus.redemptionUrl })
    .from(orderUnits)
    .innerJoin(skus, eq(skus.skuNo, orderUnits.skuNo))
    .leftJoin(orderPerformances, eq(orderPerformances.unitId, orderUnits.id))
    .where(and(eq(orderUnits.orderNo, p("orderNo")), isNull(orderPerformances.id)))
    .orderBy(asc(orderUnits.id))
    .prepare(),
  // the lowest unused code of the SKU, taken in the same statement that finds it
  takeCode: db
    .update(cdkeys)
    .set({ status: "DELIVERED", orderNo: sql`${p("orderNo")}`, deliveredAt: sql`${p("now")}` })
    .where(
      eq(
        cdkeys.id,
        sql`(select ${cdkeys.id} from ${cdkeys} where ${cdkeys.skuNo} = ${p("skuNo")} and ${cdkeys.status} = 'UNUSED' order by ${cdkeys.id} limit 1)`,
      ),
    )
    .returning({ id: cdkeys.id, code: cdkeys.code })
    .prepare(),
  outOfStock: db
    .update(orders)
    .set({ notice: sql`${p("notice")}`, fulfilAfter: sql`${p("retryAt")}`, outOfStockRefundAt: sql`${p("refundAt")}`, updatedAt: sql`${p("now")}` })
    .where(eq(orders.orderNo, p("orderNo")))
    .prepare(),
  insertPerformance: db
    .insert(orderPerformances)
    .values({
      orderNo: p("orderNo"),
      unitId: p("unitId"),
      cdkeyId: p("cdkeyId"),
      title: "兑换码",
      value: p("value"),
      copy: true,
      urlTitle: p("urlTitle"),
      urlValue: p("urlValue"),
      noticeText: DELIVERY_NOTICE,
      createdAt: p("now"),
    })
    .prepare(),
  deliveredItems: db
    .select({
      value: orderPerformances.value,
      url: orderPerformances.urlValue,
      goodsName: orderUnits.goodsName,
      skuName: orderUnits.skuName,
      platform: goods.platform,
      codeKind: goods.codeKind,
    })
    .from(orderPerformances)
    .innerJoin(orderUnits, eq(orderUnits.id, orderPerformances.unitId))
    // a goods taken off the shelf since keeps its codes in the mail
    .leftJoin(goods, eq(goods.goodsNo, orderUnits.goodsNo))
    .where(eq(orderPerformances.orderNo, p("orderNo")))
    .orderBy(asc(orderPerformances.id))
    .prepare(),
}));

/**
 * One pass over the orders due (at most FULFIL_BATCH); `more` when the batch was full. The pass is
 * one transaction, each order a savepoint in it: the orders of a batch share the pages they write
 * (codes, deliveries, outbox), so a batch commits a fraction of the pages one commit per order
 * would (decision 009), and an order that fails is rolled back alone and tried again on the next tick.
 */
export function runFulfilment(deps: TradeDeps): { delivered: string[]; waiting: string[]; refunded: string[]; more: boolean } {
  const now = deps.now();
  const { db } = deps.store;
  return writeTransaction(db, () => {
    const due = queries(db).due.all({ now });
    const result = { delivered: [] as string[], waiting: [] as string[], refunded: [] as string[], more: due.length === FULFIL_BATCH };
    for (const { orderNo } of due) {
      try {
        result[fulfilOrder(deps, orderNo, now)].push(orderNo);
      } catch (error) {
        deps.logger.error({ err: error, orderNo }, "fulfilment of an order failed; it is tried again on the next tick");
        result.waiting.push(orderNo);
        // still due: another pass right away would only fail on it again
        result.more = false;
      }
    }
    return result;
  });
}

/** Thrown inside the allocation savepoint when a unit finds no code: the savepoint rolls back. */
class NoCode extends Error {
  constructor(readonly skuNo: string) {
    super(`no unused code of ${skuNo}`);
  }
}

/**
 * Delivers one order in its own transaction (a savepoint inside a pass): "delivered", "waiting" for
 * codes (or not deliverable at all), or "refunded" because its wait for codes ran out.
 */
export function fulfilOrder(deps: TradeDeps, orderNo: string, now: number): "delivered" | "waiting" | "refunded" {
  const { db } = deps.store;
  const q = queries(db);
  return writeTransaction(db, () => {
    let order = findOrder(db, orderNo);
    if (!order || !["PAY_SUCCESS", "SENDING"].includes(order.status)) return "waiting";
    if (order.status === "PAY_SUCCESS") {
      transition(db, order, "START_SENDING", now);
      order = { ...order, status: "SENDING" };
    }
    try {
      allocateCodes(db, orderNo, now);
    } catch (error) {
      if (!(error instanceof NoCode)) throw error;
      const refundAt = order.outOfStockRefundAt ?? now + deps.config.outOfStockRefundMs;
      if (now >= refundAt) {
        startRefund(db, order, { part: false, amount: order.payPrice, reason: OUT_OF_STOCK_REFUND_REASON, now });
        deps.logger.warn({ orderNo, skuNo: error.skuNo }, "out of stock past the refund deadline: order refunded in full");
        return "refunded";
      }
      q.outOfStock.run({ orderNo, now, retryAt: Math.min(now + OUT_OF_STOCK_RETRY_MS, refundAt), refundAt, notice: outOfStockNotice(refundAt) });
      // said once, when the order starts waiting: its later passes (every 30 s) change nothing worth a line
      if (order.outOfStockRefundAt == null) deps.logger.warn({ orderNo, skuNo: error.skuNo, refundAt }, "out of stock: order waits in SENDING");
      return "waiting";
    }
    transition(db, order, "DELIVERED", now, { deliveredAt: now, notice: null, fulfilAfter: null, outOfStockRefundAt: null });
    queueDeliveryMessages(db, order, now);
    return "delivered";
  });
}

/** One code for every unit of the order, in a savepoint: all of them, or (NoCode) none. */
function allocateCodes(db: Db, orderNo: string, now: number) {
  const q = queries(db);
  writeTransaction(db, () => {
    for (const unit of q.undeliveredUnits.all({ orderNo })) {
      const code = q.takeCode.get({ orderNo, now, skuNo: unit.skuNo });
      if (!code) throw new NoCode(unit.skuNo);
      q.insertPerformance.run({
        orderNo,
        unitId: unit.unitId,
        cdkeyId: code.id,
        value: code.code,
        urlTitle: unit.redemptionUrl ? "兑换地址" : null,
        urlValue: unit.redemptionUrl,
        now,
      });
    }
  });
}

/**
 * Adds codes to a SKU's inventory and makes the orders waiting for them due at once, so the worker
 * delivers them on its next pass instead of at the out-of-stock retry. Returns the orders of that
 * SKU still in SENDING.
 */
export function restock(deps: TradeDeps, skuNo: string, codes: readonly string[]): RestockResult {
  const now = deps.now();
  return deps.store.db.transaction((tx) => addCodes(tx, skuNo, codes, now), { behavior: "immediate" });
}

export interface RestockResult {
  added: number;
  unused: number;
  waitingOrders: string[];
}

/** restock() inside the caller's write transaction (the code import writes several SKUs in one). */
export function addCodes(tx: DbTx, skuNo: string, codes: readonly string[], now: number): RestockResult {
  for (let i = 0; i < codes.length; i += 500) {
    tx.insert(cdkeys)
      .values(codes.slice(i, i + 500).map((code) => ({ skuNo, code, status: "UNUSED", createdAt: now })))
      .run();
  }
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
  const unused =
    tx
      .select({ n: sql<number>`count(*)` })
      .from(cdkeys)
      .where(and(eq(cdkeys.skuNo, skuNo), eq(cdkeys.status, "UNUSED")))
      .get()?.n ?? 0;
  return { added: codes.length, unused, waitingOrders: waiting };
}

/** The delivery's mail and SMS, with the order's codes; the back office's 重发发货通知 (decision 060) queues them again. */
export function queueDeliveryMessages(db: Db, order: OrderRow, now: number) {
  const { orderNo } = order;
  const items = queries(db).deliveredItems.all({ orderNo });
  tellMember(db, order, now, "DELIVERY", {
    orderNo,
    amount: yuanText(order.payPrice),
    orderedAt: formatDateTime(order.createdAt),
    items: items.map((i) => ({
      goods: i.goodsName,
      sku: i.skuName,
      code: i.value,
      url: i.url,
      activation: steamActivationUrl({ platform: i.platform ?? "", codeKind: i.codeKind ?? "", code: i.value }),
    })),
  });
}
