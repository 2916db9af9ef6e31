// Input schemas shared by the promotion, cart and (later) order endpoints: cart units and the
// chosen coupons (spec/02 §3 "Create-order payload", §7 cart output).
import { z } from "zod";
import { ApiError, ERROR } from "../http/api-error";

/** Goods, SKU, activity and coupon numbers: letters, digits, "_" and "-", at most 32. */
export const CodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9_-]+$/);

export const UnitSchema = z.object({
  goods_no: CodeSchema,
  sku_no: CodeSchema,
  /** Quantity is fixed at 1 per unit (spec/02 §5). */
  sku_num: z.number().int().min(1).max(1),
  /** Carried by cart output (spec/02 §7); not used for pricing. */
  attr: z
    .object({
      origin_performance_no: z.string().max(64).nullish(),
      origin_performance_sku_no: z.string().max(64).nullish(),
    })
    .nullish(),
});
export type Unit = z.infer<typeof UnitSchema>;

export const MAX_UNITS = 10;
export const UnitsSchema = z.array(UnitSchema).min(1).max(MAX_UNITS);

/** `[coupon_no]`, or `[]` / `[""]` for none. */
export const CouponNosSchema = z
  .array(
    z
      .string()
      .trim()
      .max(32)
      .regex(/^[A-Za-z0-9_-]*$/),
  )
  .max(5)
  .nullish()
  .transform((list) => (list ?? []).filter((no) => no !== ""));

/** Units with no SKU twice (one unit per SKU: the quantity is fixed at 1); `field` names the list in the message. */
export function checkDistinctSkus(units: readonly Unit[], field = "units"): void {
  const seen = new Set<string>();
  units.forEach((unit, i) => {
    if (seen.has(unit.sku_no)) throw new ApiError(ERROR.BAD_INPUT, `参数 ${field}.${i}.sku_no 重复`);
    seen.add(unit.sku_no);
  });
}

/** At most one coupon per order; null for none. */
export function singleCoupon(couponNos: readonly string[]): string | null {
  if (couponNos.length > 1) throw new ApiError(ERROR.BAD_INPUT, "参数 coupons 最多只能使用一张优惠券");
  return couponNos[0] ?? null;
}
