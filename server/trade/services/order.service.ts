// Orders (spec/02 §7, spec/03 §5): idempotent creation with server-side pricing and a locked
// coupon, pay-way changes, status, list, detail and close — each member sees only their own.
import { createHash, randomInt } from "node:crypto";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { CURRENCY_SYMBOL } from "../../../shared/money";
import { compactShopDay, DAY_MS, shopDayStart } from "../../../shared/shop-time";
import type { Db } from "../../../db/client";
import {
  coupons,
  idempotencyKeys,
  memberServers,
  orderCoupons,
  orderGifts,
  orderPerformances,
  orders,
  ORDERS_OPEN_SQL,
  orderUnits,
  specNodes,
} from "../../../db/schema";
import type { TradeDeps } from "../deps";
import { nextStatus, OPEN_STATUSES, PAID_STATUSES, remainingMinutes, type OrderStatus } from "../domain/order-state";
import { ApiError, ERROR } from "../http/api-error";
import type { Member } from "./session.service";
import type { PayProvider } from "../providers/pay";
import { findOrder, transition, type OrderRow } from "./order-transitions";
import { payProvider, requirePayProvider } from "./payment.service";
import { preparedFor, writeTransaction } from "./prepared";
import { priceCart, type UnitInput } from "./pricing.service";
import { lockCoupon, PROMOTION_MESSAGES, releaseCoupon } from "./promotion.service";
import { redeemStepsOfGoods } from "./platforms.service";
import { refundedSoFar, startRefund } from "./refund.service";
import { unitShares } from "../domain/refund-shares";

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

const p = sql.placeholder;
const queries = preparedFor((db) => ({
  orderNoTaken: db
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(eq(orders.orderNo, p("orderNo")))
    .prepare(),
  idempotencyKey: db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.memberId, p("memberId")), eq(idempotencyKeys.scope, "order.create"), eq(idempotencyKeys.key, p("key"))))
    .prepare(),
  heldCoupon: db
    .select({ couponNo: coupons.couponNo })
    .from(coupons)
    .where(and(eq(coupons.couponNo, p("couponNo")), eq(coupons.memberId, p("memberId")), eq(coupons.status, "LOCKED")))
    .prepare(),
  specNodes: db
    .select({ id: specNodes.id, parentId: specNodes.parentId, skuNo: specNodes.skuNo, specValue: specNodes.specValue })
    .from(specNodes)
    .where(eq(specNodes.goodsNo, p("goodsNo")))
    .prepare(),
  insertOrder: db
    .insert(orders)
    .values({
      orderNo: p("orderNo"),
      memberId: p("memberId"),
      status: p("status"),
      storeLine: p("storeLine"),
      channelNo: p("channelNo"),
      channelName: p("channelName"),
      payWay: p("payWay"),
      userPhone: p("userPhone"),
      userEmail: p("userEmail"),
      goodsAmount: p("goodsAmount"),
      couponAmount: p("couponAmount"),
      payPrice: p("payPrice"),
      payExpireAt: p("payExpireAt"),
      createdAt: p("createdAt"),
      updatedAt: p("createdAt"),
    })
    .prepare(),
  insertUnit: db
    .insert(orderUnits)
    .values({
      orderNo: p("orderNo"),
      goodsNo: p("goodsNo"),
      skuNo: p("skuNo"),
      skuNum: 1,
      unitPrice: p("unitPrice"),
      originPrice: p("originPrice"),
      goodsName: p("goodsName"),
      skuName: p("skuName"),
      goodsTags: p("goodsTags"),
      covers: p("covers"),
      skuOptions: p("skuOptions"),
      isPresale: p("isPresale"),
      presalePerformanceAt: p("presalePerformanceAt"),
    })
    .prepare(),
  insertIdempotencyKey: db
    .insert(idempotencyKeys)
    .values({ key: p("key"), memberId: p("memberId"), scope: "order.create", requestHash: p("requestHash"), orderNo: p("orderNo"), createdAt: p("createdAt") })
    .prepare(),
}));

/** The day part of order numbers (the shop's calendar day, Asia/Shanghai), kept until the day ends: formatting it costs more than the rest of the number. */
let orderDay = { from: 0, to: 0, text: "" };

function newOrderNo(db: Db, now: number): string {
  if (now < orderDay.from || now >= orderDay.to) {
    const start = shopDayStart(now);
    orderDay = { from: start, to: start + DAY_MS, text: compactShopDay(start) };
  }
  const day = orderDay.text;
  // the contract's order number has room for a million orders a day: when nearly all are taken,
  // refuse this order instead of searching forever
  for (let attempt = 0; attempt < 64; attempt += 1) {
    const candidate = `TT${day}${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
    if (!queries(db).orderNoTaken.get({ orderNo: candidate })) return candidate;
  }
  throw new ApiError(ERROR.RATE_LIMITED, "下单人数过多，请稍后再试");
}

const requestHash = (input: CreateOrderInput) => createHash("sha256").update(JSON.stringify(input)).digest("hex");

/** The member's own order, or 404 (another member's order is indistinguishable from none). */
function ownOrder(db: Db, member: Member, orderNo: string): OrderRow {
  const order = findOrder(db, orderNo);
  if (!order || order.memberId !== member.memberId) throw new ApiError(ERROR.NOT_FOUND, ORDER_MESSAGES.NOT_FOUND);
  return order;
}

const payResult = (provider: PayProvider, orderNo: string) => ({ order_no: orderNo, third_pay_detail: { pay_url: provider.payUrl(orderNo) } });

/** Creates an order (or reissues payment of an open one); 503 支付通道未开通 when no provider is configured. */
export function createOrder(deps: TradeDeps, member: Member, input: CreateOrderInput, context: { key: string | null; storeLine: string }) {
  const provider = requirePayProvider(deps);
  if (input.customer.user_id !== String(member.memberId)) throw new ApiError(ERROR.FORBIDDEN, ORDER_MESSAGES.CUSTOMER_MISMATCH);
  if (input.order_no) return changePayWay(deps, member, input.order_no, input.pay_way);

  const now = deps.now();
  const { db } = deps.store;
  const q = queries(db);
  const hash = context.key ? requestHash(input) : "";
  return writeTransaction(db, () => {
    if (context.key) {
      const seen = q.idempotencyKey.get({ memberId: member.memberId, key: context.key });
      if (seen) {
        if (seen.requestHash !== hash || !seen.orderNo) throw new ApiError(ERROR.CONFLICT, ORDER_MESSAGES.KEY_REUSED);
        return payResult(provider, seen.orderNo);
      }
    }
    const couponNo = input.coupons.find(Boolean) ?? null;
    // a coupon another open order holds is a conflict (409), not bad input: the shopper may close
    // that order to get it back (pricing alone would call it "used")
    if (couponNo && q.heldCoupon.get({ couponNo, memberId: member.memberId })) throw new ApiError(ERROR.CONFLICT, PROMOTION_MESSAGES.COUPON_HELD);
    const priced = priceCart(db, { units: input.units, memberId: member.memberId, couponNo, now });
    const orderNo = newOrderNo(db, now);
    // created straight into the state its creation leads to: INIT is never seen outside this transaction
    q.insertOrder.run({
      orderNo,
      memberId: member.memberId,
      status: nextStatus("INIT", "CREATED"),
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
    });
    insertUnits(db, orderNo, priced.units);
    if (priced.couponNo) {
      lockCoupon(db, priced.couponNo, member.memberId, orderNo, now);
      db.insert(orderCoupons).values({ orderNo, couponNo: priced.couponNo, discount: priced.totals.couponAmountCents }).run();
    }
    if (context.key) q.insertIdempotencyKey.run({ key: context.key, memberId: member.memberId, requestHash: hash, orderNo, createdAt: now });
    return payResult(provider, orderNo);
  });
}

/** Snapshots what the shopper bought: names, tags, covers and the chosen spec values. */
function insertUnits(db: Db, orderNo: string, units: ReturnType<typeof priceCart>["units"]) {
  const q = queries(db);
  for (const unit of units) {
    q.insertUnit.run({
      orderNo,
      goodsNo: unit.goodsNo,
      skuNo: unit.skuNo,
      unitPrice: unit.priceCents,
      originPrice: unit.originPriceCents,
      goodsName: unit.goods.goodsName,
      skuName: unit.sku.skuName,
      goodsTags: unit.goods.goodsTags,
      covers: unit.goods.covers,
      skuOptions: specPath(db, unit.goodsNo, unit.skuNo),
      isPresale: unit.goods.isPresale,
      presalePerformanceAt: unit.goods.presalePerformanceAt,
    });
  }
}

/** The spec values from the top of the tree down to the SKU's leaf ("国区", "标准版", "¥100"). */
function specPath(db: Db, goodsNo: string, skuNo: string): string[] {
  const nodes = queries(db).specNodes.all({ goodsNo });
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const path: string[] = [];
  for (let node = nodes.find((n) => n.skuNo === skuNo); node; node = node.parentId ? byId.get(node.parentId) : undefined) {
    path.unshift(node.specValue);
  }
  return path;
}

export function changePayWay(deps: TradeDeps, member: Member, orderNo: string, payWay: PayWay) {
  const provider = requirePayProvider(deps);
  const now = deps.now();
  const { db } = deps.store;
  return writeTransaction(db, () => {
    const order = ownOrder(db, member, orderNo);
    if (!OPEN_STATUSES.includes(order.status as OrderStatus) || order.payExpireAt <= now) {
      throw new ApiError(ERROR.CONFLICT, ORDER_MESSAGES.NOT_PAYABLE);
    }
    transition(db, order, "REISSUE_PAY", now, { payWay });
    return payResult(provider, orderNo);
  });
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
  const { db } = deps.store;
  writeTransaction(db, () => {
    const order = ownOrder(db, member, orderNo);
    if (!nextStatus(order.status as OrderStatus, "CLOSE")) throw new ApiError(ERROR.CONFLICT, ORDER_MESSAGES.NOT_CLOSABLE);
    transition(db, order, "CLOSE", now, { closedAt: now });
    releaseCoupon(db, orderNo);
  });
  return {};
}

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

export const LIST_FILTERS = { ALL: null, PAY_SUCCESS: PAID_STATUSES, WAIT_PAY: OPEN_STATUSES } as const;
type ListFilter = keyof typeof LIST_FILTERS;

/** What a list item shows of an order and of its units. */
const LIST_COLUMNS = {
  orderNo: orders.orderNo,
  status: orders.status,
  payPrice: orders.payPrice,
  goodsAmount: orders.goodsAmount,
  couponAmount: orders.couponAmount,
  currencySymbol: orders.currencySymbol,
  currency: orders.currency,
  payAt: orders.payAt,
  createdAt: orders.createdAt,
  payExpireAt: orders.payExpireAt,
  payWay: orders.payWay,
};
const UNIT_COLUMNS = {
  orderNo: orderUnits.orderNo,
  goodsNo: orderUnits.goodsNo,
  goodsName: orderUnits.goodsName,
  goodsTags: orderUnits.goodsTags,
  covers: orderUnits.covers,
  skuNo: orderUnits.skuNo,
  skuName: orderUnits.skuName,
  skuOptions: orderUnits.skuOptions,
  skuNum: orderUnits.skuNum,
  unitPrice: orderUnits.unitPrice,
  originPrice: orderUnits.originPrice,
  isPresale: orderUnits.isPresale,
  presalePerformanceAt: orderUnits.presalePerformanceAt,
};
type UnitRow = Pick<typeof orderUnits.$inferSelect, keyof typeof UNIT_COLUMNS>;

/**
 * The list reads a member's orders newest first along orders_member_idx (member, created_at,
 * order_no, status), so a page costs its own rows, not the member's whole history, and the count
 * runs on the same index without touching the table. Unpaid orders are few (each closes within
 * ORDER_PAY_MINUTES): they come from the partial orders_open_idx and are ordered here, rather than
 * found by walking every order of the member.
 */
const listQueries = preparedFor((db) => {
  const paid = and(eq(orders.memberId, p("memberId")), inArray(orders.status, [...PAID_STATUSES]));
  const newestFirst = [desc(orders.createdAt), desc(orders.orderNo)];
  return {
    ALL: {
      count: db
        .select({ n: sql<number>`count(*)` })
        .from(orders)
        .where(eq(orders.memberId, p("memberId")))
        .prepare(),
      page: db
        .select(LIST_COLUMNS)
        .from(orders)
        .where(eq(orders.memberId, p("memberId")))
        .orderBy(...newestFirst)
        .limit(p("size"))
        .offset(p("offset"))
        .prepare(),
    },
    PAY_SUCCESS: {
      count: db
        .select({ n: sql<number>`count(*)` })
        .from(orders)
        .where(paid)
        .prepare(),
      page: db
        .select(LIST_COLUMNS)
        .from(orders)
        .where(paid)
        .orderBy(...newestFirst)
        .limit(p("size"))
        .offset(p("offset"))
        .prepare(),
    },
    open: db
      .select(LIST_COLUMNS)
      .from(orders)
      .where(and(eq(orders.memberId, p("memberId")), sql`${orders.status} in ${sql.raw(ORDERS_OPEN_SQL)}`))
      .prepare(),
    units: db
      .select({ id: orderUnits.id, ...UNIT_COLUMNS })
      .from(orderUnits)
      .where(inArray(orderUnits.orderNo, sql`(select value from json_each(${p("orderNos")}))`))
      .prepare(),
  };
});

type ListRow = { [K in keyof typeof LIST_COLUMNS]: OrderRow[K] };
const newestFirst = (a: ListRow, b: ListRow) => b.createdAt - a.createdAt || (a.orderNo < b.orderNo ? 1 : a.orderNo > b.orderNo ? -1 : 0);

export function listOrders(deps: TradeDeps, member: Member, query: { user_id: string; order_status: ListFilter; page: number; size: number }) {
  if (query.user_id !== String(member.memberId)) throw new ApiError(ERROR.FORBIDDEN, ORDER_MESSAGES.NOT_YOURS);
  const q = listQueries(deps.store.db);
  const { memberId } = member;
  const offset = (query.page - 1) * query.size;
  let rows: ListRow[];
  let total: number;
  if (query.order_status === "WAIT_PAY") {
    const open = q.open.all({ memberId }).sort(newestFirst);
    rows = open.slice(offset, offset + query.size);
    total = open.length;
  } else {
    const { count, page } = q[query.order_status];
    rows = page.all({ memberId, size: query.size, offset });
    // a page that is not full is the last one: the count follows without counting
    total = rows.length < query.size && (rows.length > 0 || offset === 0) ? offset + rows.length : (count.get({ memberId })?.n ?? 0);
  }
  const units = unitsOf(
    deps.store.db,
    rows.map((o) => o.orderNo),
  );
  const now = deps.now();
  const provider = payProvider(deps.config);
  return {
    list: rows.map((o) => {
      const goods = units.get(o.orderNo) ?? [];
      return {
        order_no: o.orderNo,
        status: o.status,
        pay_price: o.payPrice,
        goods_amount: o.goodsAmount,
        coupon_amount: o.couponAmount,
        pay_currency_symbol: o.currencySymbol,
        currency: o.currency,
        pay_at: o.payAt,
        created_at: o.createdAt,
        buy_num: goods.reduce((n, u) => n + u.skuNum, 0),
        remain_minutes: remainingMinutes(o.status as OrderStatus, o.payExpireAt, now),
        pay_way: o.payWay,
        goods: goods.map(wireGoods),
        third_pay_detail: { pay_url: provider && OPEN_STATUSES.includes(o.status as OrderStatus) ? provider.payUrl(o.orderNo) : "" },
      };
    }),
    page: query.page,
    size: query.size,
    total,
  };
}

/** The units of these orders, each order's in the order they were added. */
function unitsOf(db: Db, orderNos: string[]) {
  const byOrder = new Map<string, (UnitRow & { id: number })[]>();
  if (orderNos.length === 0) return byOrder;
  for (const unit of listQueries(db).units.all({ orderNos: JSON.stringify(orderNos) })) {
    const list = byOrder.get(unit.orderNo);
    if (list) list.push(unit);
    else byOrder.set(unit.orderNo, [unit]);
  }
  for (const list of byOrder.values()) if (list.length > 1) list.sort((a, b) => a.id - b.id);
  return byOrder;
}

function wireGoods(unit: UnitRow) {
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
    sale_currency_symbol: CURRENCY_SYMBOL,
    is_presale: unit.isPresale,
    presale_performance_at: unit.presalePerformanceAt,
  };
}

export function orderDetail(deps: TradeDeps, member: Member, orderNo: string) {
  const { db } = deps.store;
  const order = ownOrder(db, member, orderNo);
  const units = db.select().from(orderUnits).where(eq(orderUnits.orderNo, orderNo)).orderBy(asc(orderUnits.id)).all();
  // a code is shown once its order is delivered (all its units have one: decision 021), never before
  const delivered = new Map(
    order.deliveredAt === null
      ? []
      : db
          .select()
          .from(orderPerformances)
          .where(eq(orderPerformances.orderNo, orderNo))
          .all()
          .map((p) => [p.unitId, p]),
  );
  const gifts = db.select().from(orderGifts).where(eq(orderGifts.orderNo, orderNo)).all();
  const steps = delivered.size ? redeemStepsOfGoods(db, [...new Set(units.map((u) => u.goodsNo))]) : new Map<string, string[]>();
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
        ? {
            title: item.title,
            value: item.value,
            copy: item.copy,
            url: { title: item.urlTitle ?? "", value: item.urlValue ?? "" },
            notice_text: item.noticeText,
            // how to redeem a code of the goods' platform (an addition to the spec's contract)
            redeem_steps: steps.get(unit.goodsNo) ?? [],
          }
        : { title: "兑换码", value: "", copy: false, url: { title: "", value: "" }, notice_text: order.notice ?? "", redeem_steps: [] };
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
