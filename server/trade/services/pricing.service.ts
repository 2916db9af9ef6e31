// Prices of a cart, always computed here from the skus table (skus.price_turn_cny is the SKU's sale
// price in cents): coupon eligibility and the optimal coupon, the after-coupon price, and the
// price preview lines of cart output. The order code prices an order with `priceCart`.
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { goods, skus } from "../../../db/schema";
import {
  compareEvaluations,
  couponView,
  eligibleAmount,
  evaluateCoupon,
  goodsAmount,
  optimalCoupon,
  type CouponEvaluation,
  type PricedUnit,
  type StoredCouponStatus,
  type UnusableReason,
} from "../domain/coupon-rules";
import { cartTotals, priceLines, type CartTotals, type PriceLine } from "../domain/pricing";
import type { Caller, ServiceDeps } from "../deps";
import { ApiError, ERROR } from "../http/api-error";
import { memberCouponRows, memberCouponsByNo, PROMOTION_MESSAGES, toOwnedCoupon, toWireCoupon, type WireCoupon } from "./promotion.service";
import { preparedFor } from "./prepared";

/** A cart unit as the API takes it (already validated by the router's schema). */
export interface UnitInput {
  goods_no: string;
  sku_no: string;
  sku_num: number;
}

export interface ResolvedUnit extends PricedUnit {
  skuNo: string;
  skuName: string;
  goodsName: string;
  originPriceCents: number;
}

export const PRICING_MESSAGES = {
  SKU_NOT_FOUND: "商品规格不存在",
  SKU_DISABLED: "商品规格已停售",
  GOODS_OFF_SHELF: "商品已下架",
  /** Past the goods' sale_end_at (the specs name no wording for it). */
  SALE_ENDED: "商品已结束销售",
} as const;

const UNUSABLE_MESSAGES: Record<UnusableReason, string> = {
  NOT_UNUSED: "优惠券不可用：已被使用",
  INVALID: "优惠券不可用：已失效",
  EXPIRED: "优惠券不可用：已过期",
  NOT_STARTED: "优惠券不可用：未到使用时间",
  OUT_OF_SCOPE: "优惠券不可用：不适用于所选商品",
  BELOW_THRESHOLD: "优惠券不可用：未达到使用门槛",
  NO_SAVING: "优惠券不可用：未达到使用条件",
};

const queries = preparedFor((db) => {
  const listed = sql`(select value from json_each(${sql.placeholder("list")}))`;
  return {
    skus: db.select().from(skus).where(inArray(skus.skuNo, listed)).prepare(),
    goods: db.select().from(goods).where(inArray(goods.goodsNo, listed)).prepare(),
  };
});

export type GoodsRow = typeof goods.$inferSelect;
export type SkuRow = typeof skus.$inferSelect;

/** The catalogue rows of the units' SKUs and goods, read in one query each. */
interface CatalogueRows {
  skuByNo: Map<string, SkuRow>;
  goodsByNo: Map<string, GoodsRow>;
}

function catalogueRowsOf(db: Db, units: readonly UnitInput[]): CatalogueRows {
  const q = queries(db);
  const skuRows = q.skus.all({ list: JSON.stringify([...new Set(units.map((u) => u.sku_no))]) });
  const goodsRows = q.goods.all({ list: JSON.stringify([...new Set(skuRows.map((s) => s.goodsNo))]) });
  return { skuByNo: new Map(skuRows.map((s) => [s.skuNo, s])), goodsByNo: new Map(goodsRows.map((g) => [g.goodsNo, g])) };
}

/**
 * Looks the units up in the catalogue and prices them from the skus table: 404 for an unknown
 * SKU, 400 when the SKU is not of the given goods, 409 when the SKU is disabled or the goods is
 * off the shelf or past its sale_end_at. The rows come along for the order's snapshot.
 */
export function resolveUnits(db: Db, units: readonly UnitInput[], now: number): (ResolvedUnit & { goods: GoodsRow; sku: SkuRow })[] {
  return unitsFromRows(catalogueRowsOf(db, units), units, now);
}

function unitsFromRows({ skuByNo, goodsByNo }: CatalogueRows, units: readonly UnitInput[], now: number): (ResolvedUnit & { goods: GoodsRow; sku: SkuRow })[] {
  return units.map((unit, i) => {
    const sku = skuByNo.get(unit.sku_no);
    if (!sku) throw new ApiError(ERROR.NOT_FOUND, PRICING_MESSAGES.SKU_NOT_FOUND);
    if (sku.goodsNo !== unit.goods_no) {
      throw new ApiError(ERROR.BAD_INPUT, `参数 units.${i}.sku_no 不属于商品 units.${i}.goods_no`);
    }
    const item = goodsByNo.get(sku.goodsNo);
    if (!item || item.status !== "ON_SALE") throw new ApiError(ERROR.CONFLICT, PRICING_MESSAGES.GOODS_OFF_SHELF);
    if (item.saleEndAt !== null && now > item.saleEndAt) throw new ApiError(ERROR.CONFLICT, PRICING_MESSAGES.SALE_ENDED);
    if (sku.disabled) throw new ApiError(ERROR.CONFLICT, PRICING_MESSAGES.SKU_DISABLED);
    return {
      goodsNo: sku.goodsNo,
      skuNo: sku.skuNo,
      skuName: sku.skuName,
      goodsName: item.goodsName,
      priceCents: sku.priceTurnCny,
      originPriceCents: sku.originPriceCny,
      goods: item,
      sku,
    };
  });
}

export interface CouponChoice {
  coupon: WireCoupon;
  evaluation: CouponEvaluation;
}

/** The member's coupons that "my coupons" lists as unused. */
function unusedCouponRows(db: Db, memberId: number, now: number): ReturnType<typeof memberCouponRows> {
  return memberCouponRows(db, memberId).filter(
    ({ coupon }) => couponView({ status: coupon.status as StoredCouponStatus, useTimeEnd: coupon.useTimeEnd }, now).group === "unused",
  );
}

/** The member's unused coupons (as "my coupons" groups them) evaluated for the units, best first. */
export function evaluateMemberCoupons(db: Db, memberId: number, units: readonly PricedUnit[], now: number): CouponChoice[] {
  return unusedCouponRows(db, memberId, now)
    .map(({ coupon, activity }) => ({
      coupon: toWireCoupon(coupon, activity, now),
      evaluation: evaluateCoupon(toOwnedCoupon(coupon, activity), units, now),
    }))
    .sort((a, b) => compareEvaluations(a.evaluation, b.evaluation));
}

export interface AvailableCoupons {
  can_use_coupons: string[];
  optimal_coupon: string | null;
  /** unusable_reason and eligible_amount are this shop's extension (docs/api.md): why a coupon cannot be used. */
  coupons: (WireCoupon & { usable: boolean; saving_amount: number; unusable_reason?: UnusableReason; eligible_amount: number })[];
}

/** promotion/available_coupon: which of the member's coupons fit these units, and the best one. */
export function availableCoupons(deps: ServiceDeps, member: Caller, input: readonly UnitInput[]): AvailableCoupons {
  const [db, memberId, now] = [deps.store.db, member.memberId, deps.now()];
  const units = resolveUnits(db, input, now);
  const choices = evaluateMemberCoupons(db, memberId, units, now);
  const optimal = optimalCoupon(choices.map((c) => c.evaluation));
  return {
    can_use_coupons: choices.filter((c) => c.evaluation.usable).map((c) => c.coupon.coupon_no),
    optimal_coupon: optimal?.couponNo ?? null,
    coupons: choices.map(({ coupon, evaluation }) => ({
      ...coupon,
      usable: evaluation.usable,
      saving_amount: evaluation.savingCents,
      ...(evaluation.usable ? {} : { unusable_reason: evaluation.reason }),
      eligible_amount: eligibleAmount(coupon.goods_scope, units),
    })),
  };
}

/** promotion/after_price: the goods amount less the optimal coupon (a visitor: the goods amount). */
export function afterPrice(deps: ServiceDeps, member: Caller | null, input: readonly UnitInput[]): { after_price: number } {
  return afterPrices(deps, member, [input]).list[0]!;
}

/**
 * promotion/after_prices (an extension of the contract): after_price of each cart, in order. A cart
 * that after_price refuses refuses the whole call with the same error. The catalogue and the
 * member's coupons are read once for all the carts.
 */
export function afterPrices(deps: ServiceDeps, member: Caller | null, carts: readonly (readonly UnitInput[])[]): { list: { after_price: number }[] } {
  const [db, now] = [deps.store.db, deps.now()];
  const rows = catalogueRowsOf(db, carts.flat());
  const resolved = carts.map((units) => unitsFromRows(rows, units, now));
  const owned = member ? unusedCouponRows(db, member.memberId, now).map(({ coupon, activity }) => toOwnedCoupon(coupon, activity)) : [];
  return {
    list: resolved.map((units) => {
      const amount = goodsAmount(units);
      const optimal = optimalCoupon(owned.map((coupon) => evaluateCoupon(coupon, units, now)));
      return { after_price: cartTotals(amount, optimal?.savingCents ?? 0).payableCents };
    }),
  };
}

export interface PricedCart {
  units: ReturnType<typeof resolveUnits>;
  totals: CartTotals;
  /** The applied coupon, or null. */
  couponNo: string | null;
}

/**
 * Prices units with at most one chosen coupon, as cart output and order creation need: the coupon
 * must be the member's, UNUSED, inside its use window and usable for these units, otherwise 400
 * 优惠券不可用 (with the reason when the coupon is the member's).
 */
export function priceCart(db: Db, input: { units: readonly UnitInput[]; memberId: number | null; couponNo: string | null; now: number }): PricedCart {
  const units = resolveUnits(db, input.units, input.now);
  const amount = goodsAmount(units);
  if (input.couponNo === null) return { units, totals: cartTotals(amount, 0), couponNo: null };
  if (input.memberId === null) throw new ApiError(ERROR.BAD_INPUT, PROMOTION_MESSAGES.COUPON_UNAVAILABLE);
  const [row] = memberCouponsByNo(db, input.memberId, [input.couponNo]);
  if (!row) throw new ApiError(ERROR.BAD_INPUT, PROMOTION_MESSAGES.COUPON_UNAVAILABLE);
  const evaluation = evaluateCoupon(toOwnedCoupon(row.coupon, row.activity), units, input.now);
  if (!evaluation.usable) throw new ApiError(ERROR.BAD_INPUT, UNUSABLE_MESSAGES[evaluation.reason]);
  return { units, totals: cartTotals(amount, evaluation.savingCents), couponNo: row.coupon.couponNo };
}

/** order/cart/output: 商品金额, 优惠券 (negative, only with a coupon), 应付金额 (last). */
export function cartOutput(deps: ServiceDeps, member: Caller | null, input: { units: readonly UnitInput[]; couponNo: string | null }): { list: PriceLine[] } {
  const priced = priceCart(deps.store.db, { ...input, memberId: member?.memberId ?? null, now: deps.now() });
  return { list: priceLines(priced.totals, priced.couponNo !== null) };
}
