// Pricing a cart through the services: coupon eligibility, after-coupon price, price lines.
import { z } from "zod";
import type { TradeApi } from "./client.server";
import { askExtension } from "./extensions.server";

export interface CartUnit {
  goods_no: string;
  sku_no: string;
  sku_num: 1;
}

export const UsableCouponSchema = z.object({
  coupon_no: z.string(),
  coupon_name: z.string(),
  coupon_type: z.string(),
  use_time_start: z.number(),
  use_time_end: z.number(),
  usable: z.boolean(),
  saving_amount: z.number().int().default(0),
  /** Minimum goods amount (cents), 0 = none. */
  threshold: z.number().int().min(0).optional(),
  /** This shop's extension (docs/api.md): why an unusable coupon cannot be used; an unknown reason reads as none. */
  unusable_reason: z.string().optional(),
  /** This shop's extension (docs/api.md): the cart's amount the coupon applies to (cents). */
  eligible_amount: z.number().int().min(0).optional(),
  attr: z.object({
    main_title: z.string().default(""),
    sub_title: z.string().default(""),
    display_name: z.string().default(""),
    display_use: z.string().default(""),
    jump_url: z.string().nullish(),
  }),
});
export type UsableCoupon = z.infer<typeof UsableCouponSchema>;

export const AvailableCouponSchema = z.object({
  can_use_coupons: z.array(z.string()),
  optimal_coupon: z.string().nullable(),
  coupons: z.array(UsableCouponSchema).default([]),
});

export const PriceLineSchema = z.object({
  title: z.string(),
  currency: z.string(),
  currency_symbol: z.string(),
  price: z.number().int(),
});
export type PriceLine = z.infer<typeof PriceLineSchema>;

export function getAvailableCoupons(api: TradeApi, units: CartUnit[]) {
  return api.post("/api/trade_bff/v1/promotion/available_coupon", AvailableCouponSchema, { units });
}

const AfterPriceSchema = z.object({ after_price: z.number().int() });

export function getAfterPrice(api: TradeApi, units: CartUnit[]) {
  return api.post("/api/trade_bff/v1/promotion/after_price", AfterPriceSchema, { units });
}

/**
 * after_price of several carts in one call: an extension of the contract (docs/api.md) that a
 * backend may lack (404, remembered: extensions.server.ts). A list that is not one figure per cart is no answer.
 */
export function getAfterPrices(api: TradeApi, carts: CartUnit[][]) {
  const schema = z.object({ list: z.array(AfterPriceSchema).length(carts.length) });
  return askExtension("after_prices", () => api.post("/api/trade_bff/v1/promotion/after_prices", schema, { carts: carts.map((units) => ({ units })) }));
}

const CartOutputSchema = z.object({ list: z.array(PriceLineSchema) });

/**
 * The price lines of a cart (spec/02 §7). Each unit carries `attr` with its origin performance: the
 * spec names the fields but not their values; a unit of this shop is its own origin, so they are
 * its goods and SKU numbers (docs/spec-parity.md).
 */
export function getCartOutput(api: TradeApi, units: CartUnit[], couponNo: string | null) {
  return api.post("/api/trade_bff/v1/order/cart/output", CartOutputSchema, {
    units: units.map((unit) => ({ ...unit, attr: { origin_performance_no: unit.goods_no, origin_performance_sku_no: unit.sku_no } })),
    coupons: couponNo ? [couponNo] : [],
  });
}
