// The price preview of a cart (spec/02 §3 "Price preview line", §7 cart output). Pure, in cents.

import { CURRENCY, CURRENCY_SYMBOL } from "../../../shared/money";

export { CURRENCY, CURRENCY_SYMBOL };

export const PRICE_LINE_TITLES = {
  goods: "商品金额",
  coupon: "优惠券",
  payable: "应付金额",
} as const;

export interface PriceLine {
  title: string;
  currency: string;
  currency_symbol: string;
  /** Cents. The coupon line is negative (a deduction); the last line is the payable total. */
  price: number;
}

export interface CartTotals {
  goodsAmountCents: number;
  /** What the applied coupon takes off (≥ 0), 0 without a coupon. */
  couponAmountCents: number;
  payableCents: number;
}

/** Goods amount minus the coupon, never below 0. */
export function cartTotals(goodsAmountCents: number, couponAmountCents: number): CartTotals {
  const coupon = Math.min(Math.max(0, couponAmountCents), Math.max(0, goodsAmountCents));
  return { goodsAmountCents, couponAmountCents: coupon, payableCents: Math.max(0, goodsAmountCents - coupon) };
}

/**
 * The preview lines: 商品金额, then 优惠券 as a negative price only when a coupon applies, then
 * 应付金额 last. The lines add up: goods + coupon line = payable.
 */
export function priceLines(totals: CartTotals, withCoupon: boolean): PriceLine[] {
  const line = (title: string, price: number): PriceLine => ({ title, currency: CURRENCY, currency_symbol: CURRENCY_SYMBOL, price });
  return [
    line(PRICE_LINE_TITLES.goods, totals.goodsAmountCents),
    ...(withCoupon ? [line(PRICE_LINE_TITLES.coupon, 0 - totals.couponAmountCents)] : []),
    line(PRICE_LINE_TITLES.payable, totals.payableCents),
  ];
}
