// Orders (spec 02 §7, decisions §5): idempotent creation with server-side pricing and a locked
// coupon, pay-way changes, status, list, detail and close — each member sees only their own.
import { createHash, randomInt } from "node:crypto";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import dayjs from "dayjs";
import { coupons, goods as goodsTable, idempotencyKeys, memberServers, orderCoupons, orderGifts, orderPerformances, orders, orderUnits, skus, specNodes } from "../../../db/schema";
import type { TradeDeps } from "../deps";
import { nextStatus, OPEN_STATUSES, PAID_STATUSES, remainingMinutes, type OrderEvent, type OrderStatus } from "../domain/order-state";
import { ApiError, ERROR } from "../http/envelope";
import type { Member } from "./session.service";
import { payUrl } from "./payment.service";
import { priceCart, type UnitInput } from "./pricing.service";
import { lockCoupon, PROMOTION_MESSAGES, releaseCoupon, type DbTx } from "./promotion.service";

export const ORDER_MESSAGES = {
  NOT_FOUND: "订单不存在",
  NOT_YOURS: "无权查看其他用户的订单",
  CUSTOMER_MISMATCH: "下单用户与登录用户不一致",
  KEY_REUSED: "请求编号已用于另一笔订单",
  NOT_PAYABLE: "订单当前状态不可支付",
  NOT_CLOSABLE: "订单当前状态不可关闭",
} as const;

export const PAY_WAYS = ["WX", "ALIPAY", "wx_h5", "alipay_h5", "TCTP", "LIANLIAN_ALIPAY", "LIANLIAN_WX"] as const;
export type PayWay = (typeof PAY_WAYS)[number];

export interface CreateOrderInput {
  customer: { user_id: string; user_phone: string; user_email: string };
  units: UnitInput[];
  channel: { channel_name: string; channel_no: string };
  pay_way: PayWay;
  order_no?: string;
  coupons: string[];
}

type OrderRow = typeof orders.$inferSelect;

/**
 * Order writes take the write lock up front: another process (the admin script) may write the same
 * file, and a read-then-write transaction would fail instead of waiting for it.
 */
const IMMEDIATE = { behavior: "immediate" } as const;

/** Moves an order along the state machine, or refuses with 409. Runs inside the caller's transaction. */
export function transition(tx: DbTx, order: Pick<OrderRow, "orderNo" | "status">, event: OrderEvent, now: number, extra: Partial<OrderRow> = {}): OrderStatus {
  const to = nextStatus(order.status as OrderStatus, event);
  if (!to) throw new ApiError(ERROR.CONFLICT, `订单状态 ${order.status} 不能执行 ${event}`);
  const changed = tx
    .update(orders)
    .set({ ...extra, status: to, updatedAt: now })
    .where(and(eq(orders.orderNo, order.orderNo), eq(orders.status, order.status)))
    .run();
  if (changed.changes !== 1) throw new ApiError(ERROR.CONFLICT, "订单状态已变化，请刷新后重试");
  return to;
}

function newOrderNo(tx: DbTx, now: number): string {
  const day = dayjs(now).format("YYYYMMDD");
  for (;;) {
    const candidate = `TT${day}${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
    if (!tx.select({ n: orders.orderNo }).from(orders).where(eq(orders.orderNo, candidate)).get()) return candidate;
  }
}

const requestHash = (input: CreateOrderInput) => createHash("sha256").update(JSON.stringify(input)).digest("hex");

/** The member's own order, or 404 (another member's order is indistinguishable from none). */
function ownOrder(tx: DbTx, member: Member, orderNo: string): OrderRow {
  const order = tx.select().from(orders).where(eq(orders.orderNo, orderNo)).get();
  if (!order || order.memberId !== member.memberId) throw new ApiError(ERROR.NOT_FOUND, ORDER_MESSAGES.NOT_FOUND);
  return order;
}

const payResult = (deps: TradeDeps, orderNo: string) => ({ order_no: orderNo, third_pay_detail: { pay_url: payUrl(deps, orderNo) } });

export function createOrder(deps: TradeDeps, member: Member, input: CreateOrderInput, context: { key: string | null; storeLine: string }) {
  if (input.customer.user_id !== String(member.memberId)) throw new ApiError(ERROR.FORBIDDEN, ORDER_MESSAGES.CUSTOMER_MISMATCH);
  if (input.order_no) return changePayWay(deps, member, input.order_no, input.pay_way);

  const now = deps.now();
  const hash = requestHash(input);
  return deps.store.db.transaction((tx) => {
    if (context.key) {
      const seen = tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.memberId, member.memberId), eq(idempotencyKeys.scope, "order.create"), eq(idempotencyKeys.key, context.key)))
        .get();
      if (seen) {
        if (seen.requestHash !== hash || !seen.orderNo) throw new ApiError(ERROR.CONFLICT, ORDER_MESSAGES.KEY_REUSED);
        return payResult(deps, seen.orderNo);
      }
    }
    const couponNo = input.coupons.find(Boolean) ?? null;
    if (couponNo) refuseHeldCoupon(tx, member, couponNo);
    const priced = priceCart(tx, { units: input.units, memberId: member.memberId, couponNo, now });
    const orderNo = newOrderNo(tx, now);
    tx.insert(orders)
      .values({
        orderNo,
        memberId: member.memberId,
        status: "INIT",
        storeLine: context.storeLine,
        channelNo: input.channel.channel_no || "1",
        channelName: input.channel.channel_name,
        payWay: input.pay_way,
        userPhone: input.customer.user_phone,
        userEmail: input.customer.user_email,
        goodsAmount: priced.totals.goodsAmountCents,
        couponAmount: priced.totals.couponAmountCents,
        payPrice: priced.totals.payableCents,
        payExpireAt: now + deps.config.orderPayMinutes * 60_000,
        createdAt: now,
        updatedAt: now,
      })
      .run();
    insertUnits(tx, orderNo, priced.units);
    if (priced.couponNo) {
      lockCoupon(tx, priced.couponNo, member.memberId, orderNo, now);
      tx.insert(orderCoupons).values({ orderNo, couponNo: priced.couponNo, discount: priced.totals.couponAmountCents }).run();
    }
    transition(tx, { orderNo, status: "INIT" }, "CREATED", now);
    if (context.key) {
      tx.insert(idempotencyKeys).values({ key: context.key, memberId: member.memberId, scope: "order.create", requestHash: hash, orderNo, createdAt: now }).run();
    }
    return payResult(deps, orderNo);
  }, IMMEDIATE);
}

/**
 * A coupon another open order holds is a conflict (409), not bad input: the shopper may close that
 * order to get it back. (Pricing alone would call it "used".)
 */
function refuseHeldCoupon(tx: DbTx, member: Member, couponNo: string) {
  const held = tx
    .select({ n: coupons.couponNo })
    .from(coupons)
    .where(and(eq(coupons.couponNo, couponNo), eq(coupons.memberId, member.memberId), eq(coupons.status, "LOCKED")))
    .get();
  if (held) throw new ApiError(ERROR.CONFLICT, PROMOTION_MESSAGES.COUPON_HELD);
}

/** Snapshots what the shopper bought: names, tags, covers and the chosen spec values. */
function insertUnits(tx: DbTx, orderNo: string, units: ReturnType<typeof priceCart>["units"]) {
  for (const unit of units) {
    const goods = tx.select().from(goodsTable).where(eq(goodsTable.goodsNo, unit.goodsNo)).get()!;
    const sku = tx.select().from(skus).where(eq(skus.skuNo, unit.skuNo)).get()!;
    tx.insert(orderUnits)
      .values({
        orderNo,
        goodsNo: unit.goodsNo,
        skuNo: unit.skuNo,
        skuNum: 1,
        unitPrice: unit.priceCents,
        originPrice: unit.originPriceCents,
        goodsName: goods.goodsName,
        skuName: sku.skuName,
        goodsTags: goods.goodsTags,
        covers: goods.covers,
        skuOptions: specPath(tx, unit.goodsNo, unit.skuNo),
        isPresale: goods.isPresale,
        presalePerformanceAt: goods.presalePerformanceAt,
      })
      .run();
  }
}

/** The spec values from the top of the tree down to the SKU's leaf ("国区", "标准版", "¥100"). */
function specPath(tx: DbTx, goodsNo: string, skuNo: string): string[] {
  const nodes = tx.select().from(specNodes).where(eq(specNodes.goodsNo, goodsNo)).all();
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const path: string[] = [];
  for (let node = nodes.find((n) => n.skuNo === skuNo); node; node = node.parentId ? byId.get(node.parentId) : undefined) {
    path.unshift(node.specValue);
  }
  return path;
}

export function changePayWay(deps: TradeDeps, member: Member, orderNo: string, payWay: PayWay) {
  const now = deps.now();
  return deps.store.db.transaction((tx) => {
    const order = ownOrder(tx, member, orderNo);
    if (!OPEN_STATUSES.includes(order.status as OrderStatus) || order.payExpireAt <= now) {
      throw new ApiError(ERROR.CONFLICT, ORDER_MESSAGES.NOT_PAYABLE);
    }
    transition(tx, order, "REISSUE_PAY", now, { payWay });
    return payResult(deps, orderNo);
  }, IMMEDIATE);
}

export function orderStatus(deps: TradeDeps, member: Member, orderNo: string) {
  const order = ownOrder(deps.store.db, member, orderNo);
  return {
    order_no: order.orderNo,
    order_status: order.status,
    remain_minutes: remainingMinutes(order.status as OrderStatus, order.payExpireAt, deps.now()),
  };
}

export function closeOrder(deps: TradeDeps, member: Member, orderNo: string) {
  const now = deps.now();
  deps.store.db.transaction((tx) => {
    const order = ownOrder(tx, member, orderNo);
    if (!nextStatus(order.status as OrderStatus, "CLOSE")) throw new ApiError(ERROR.CONFLICT, ORDER_MESSAGES.NOT_CLOSABLE);
    transition(tx, order, "CLOSE", now, { closedAt: now });
    releaseCoupon(tx, orderNo);
  }, IMMEDIATE);
  return {};
}

export const REFUND_NOTICES = {
  PART: "部分款项已退回原支付账户",
  ALL: "已全额退款至原支付账户",
} as const;

/**
 * Refunds an order (admin script only): a delivered order in part or in full, or an order still
 * waiting for codes in full. Codes already delivered stay with it; the coupon stays consumed.
 */
export function refundOrder(deps: TradeDeps, orderNo: string, part: boolean): { from: OrderStatus; to: OrderStatus } {
  const now = deps.now();
  return deps.store.db.transaction((tx) => {
    const order = tx.select().from(orders).where(eq(orders.orderNo, orderNo)).get();
    if (!order) throw new ApiError(ERROR.NOT_FOUND, ORDER_MESSAGES.NOT_FOUND);
    const to = transition(tx, order, part ? "REFUND_PART" : "REFUND_ALL", now, {
      notice: part ? REFUND_NOTICES.PART : REFUND_NOTICES.ALL,
      fulfilAfter: null,
    });
    return { from: order.status as OrderStatus, to };
  }, IMMEDIATE);
}

/**
 * Sets a status outside the state machine (the admin script's `--force`): nothing else changes —
 * coupons, codes and messages stay as they are. An order forced back into a payable status gets a
 * fresh payment window so the sweeper does not close it at once.
 */
export function forceOrderStatus(deps: TradeDeps, orderNo: string, to: OrderStatus): { from: OrderStatus; to: OrderStatus } {
  const now = deps.now();
  return deps.store.db.transaction((tx) => {
    const order = tx.select().from(orders).where(eq(orders.orderNo, orderNo)).get();
    if (!order) throw new ApiError(ERROR.NOT_FOUND, ORDER_MESSAGES.NOT_FOUND);
    const payable = OPEN_STATUSES.includes(to) && order.payExpireAt <= now;
    tx.update(orders)
      .set({ status: to, updatedAt: now, ...(payable ? { payExpireAt: now + deps.config.orderPayMinutes * 60_000 } : {}) })
      .where(eq(orders.orderNo, orderNo))
      .run();
    return { from: order.status as OrderStatus, to };
  }, IMMEDIATE);
}

export const LIST_FILTERS = { ALL: null, PAY_SUCCESS: PAID_STATUSES, WAIT_PAY: OPEN_STATUSES } as const;

export function listOrders(
  deps: TradeDeps,
  member: Member,
  query: { user_id: string; order_status: keyof typeof LIST_FILTERS; page: number; size: number },
) {
  if (query.user_id !== String(member.memberId)) throw new ApiError(ERROR.FORBIDDEN, ORDER_MESSAGES.NOT_YOURS);
  const { db } = deps.store;
  const statuses = LIST_FILTERS[query.order_status];
  const where = and(eq(orders.memberId, member.memberId), statuses ? inArray(orders.status, [...statuses]) : undefined);
  const total = db.select({ n: sql<number>`count(*)` }).from(orders).where(where).get()?.n ?? 0;
  const rows = db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.orderNo))
    .limit(query.size)
    .offset((query.page - 1) * query.size)
    .all();
  const units = unitsOf(db, rows.map((o) => o.orderNo));
  const now = deps.now();
  return {
    list: rows.map((o) => ({
      order_no: o.orderNo,
      status: o.status,
      pay_price: o.payPrice,
      goods_amount: o.goodsAmount,
      coupon_amount: o.couponAmount,
      pay_currency_symbol: o.currencySymbol,
      currency: o.currency,
      pay_at: o.payAt,
      created_at: o.createdAt,
      buy_num: (units.get(o.orderNo) ?? []).reduce((n, u) => n + u.skuNum, 0),
      remain_minutes: remainingMinutes(o.status as OrderStatus, o.payExpireAt, now),
      pay_way: o.payWay,
      goods: (units.get(o.orderNo) ?? []).map(wireGoods),
      third_pay_detail: OPEN_STATUSES.includes(o.status as OrderStatus) ? { pay_url: payUrl(deps, o.orderNo) } : { pay_url: "" },
    })),
    page: query.page,
    size: query.size,
    total,
  };
}

function unitsOf(db: DbTx, orderNos: string[]) {
  const byOrder = new Map<string, (typeof orderUnits.$inferSelect)[]>();
  if (orderNos.length === 0) return byOrder;
  for (const unit of db.select().from(orderUnits).where(inArray(orderUnits.orderNo, orderNos)).orderBy(asc(orderUnits.id)).all()) {
    byOrder.set(unit.orderNo, [...(byOrder.get(unit.orderNo) ?? []), unit]);
  }
  return byOrder;
}

function wireGoods(unit: typeof orderUnits.$inferSelect) {
  return {
    goods_no: unit.goodsNo,
    goods_name: unit.goodsName,
    goods_tags: unit.goodsTags,
    covers: unit.covers,
    sku_no: unit.skuNo,
    sku_name: unit.skuName,
    sku_item: unit.skuOptions,
    sku_num: unit.skuNum,
    sale_price: unit.unitPrice,
    origin_price: unit.originPrice,
    sale_currency_symbol: "￥",
    is_presale: unit.isPresale,
    presale_performance_at: unit.presalePerformanceAt,
  };
}

export function orderDetail(deps: TradeDeps, member: Member, orderNo: string) {
  const { db } = deps.store;
  const order = ownOrder(db, member, orderNo);
  const units = unitsOf(db, [orderNo]).get(orderNo) ?? [];
  const delivered = new Map(
    db.select().from(orderPerformances).where(eq(orderPerformances.orderNo, orderNo)).all().map((p) => [p.unitId, p]),
  );
  const gifts = db.select().from(orderGifts).where(eq(orderGifts.orderNo, orderNo)).all();
  return {
    order: {
      order_no: order.orderNo,
      status: order.status,
      pay_price: order.payPrice,
      goods_amount: order.goodsAmount,
      coupon_amount: order.couponAmount,
      pay_at: order.payAt,
      created_at: order.createdAt,
      currency_symbol: order.currencySymbol,
      currency: order.currency,
      pay_way: order.payWay,
      user_email: order.userEmail,
      remain_minutes: remainingMinutes(order.status as OrderStatus, order.payExpireAt, deps.now()),
      notice: order.notice ?? "",
    },
    goods: units.map(wireGoods),
    // one entry per unit (its length is the purchase count); the code appears once delivered
    performance_list: units.map((unit) => {
      const item = delivered.get(unit.id);
      return item
        ? { title: item.title, value: item.value, copy: item.copy, url: { title: item.urlTitle ?? "", value: item.urlValue ?? "" }, notice_text: item.noticeText }
        : { title: "兑换码", value: "", copy: false, url: { title: "", value: "" }, notice_text: order.notice ?? "" };
    }),
    gift_list: gifts.map((g) => ({ title: g.title, value: g.value, copy: g.copy, url: { title: g.urlTitle ?? "", value: g.urlValue ?? "" } })),
  };
}

export function serverList(deps: TradeDeps, member: Member, type: "ALL" | "RUNNING" | "EXPIRED") {
  const now = deps.now();
  const rows = deps.store.db
    .select()
    .from(memberServers)
    .where(eq(memberServers.memberId, member.memberId))
    .orderBy(desc(memberServers.expiresAt))
    .all()
    .filter((s) => type === "ALL" || (type === "RUNNING") === s.expiresAt > now);
  return {
    list: rows.map((s) => ({ id: s.id, server_name: s.serverName, server_status: s.serverStatus, expires_at: s.expiresAt, running: s.expiresAt > now })),
  };
}
