// Orders the shopper makes and changes (spec/02 §7, spec/03 §5): idempotent creation with
// server-side pricing and a locked coupon, pay-way changes and close — each member only their own.
import { createHash, randomInt } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { compactShopDay, DAY_MS, shopDayStart } from "../../../shared/shop-time";
import type { Db } from "../../../db/client";
import { coupons, idempotencyKeys, orderCoupons, orders, orderUnits, specNodes } from "../../../db/schema";
import type { TradeDeps } from "../deps";
import { nextStatus, OPEN_STATUSES, type OrderStatus } from "../domain/order-state";
import { ApiError, ERROR } from "../http/api-error";
import type { PayProvider } from "../providers/pay";
import { ORDER_MESSAGES, ownOrder, transition } from "./order-transitions";
import { requirePayProvider, thirdPayDetail } from "./payment.service";
import { preparedFor, writeTransaction } from "./prepared";
import { priceCart, type UnitInput } from "./pricing.service";
import { lockCoupon, PROMOTION_MESSAGES, releaseCoupon } from "./promotion.service";
import { soldOutSkus } from "./restock.service";
import type { Member } from "./session.service";

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

const payResult = (provider: PayProvider, orderNo: string) => ({ order_no: orderNo, third_pay_detail: thirdPayDetail(provider, orderNo) });

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
    refuseSoldOutInMix(db, priced.units);
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

/**
 * An order of several SKUs is refused while one of them is sold out (decision 044): delivery is
 * all or nothing, so it could only wait and be refunded, and meanwhile it would hold the others.
 * A one-SKU order of a sold-out SKU keeps decision 021's wait (it holds nothing but its own SKU).
 */
function refuseSoldOutInMix(db: Db, units: readonly { skuNo: string; goodsName: string; skuName: string }[]) {
  if (new Set(units.map((u) => u.skuNo)).size < 2) return;
  const [soldOut] = soldOutSkus(
    db,
    units.map((u) => u.skuNo),
  );
  const unit = units.find((u) => u.skuNo === soldOut);
  if (unit) throw new ApiError(ERROR.CONFLICT, ORDER_MESSAGES.SOLD_OUT_IN_MIX(`${unit.goodsName} ${unit.skuName}`));
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
