import { describe, expect, it } from "vitest";
import { cartTotals, priceLines } from "./pricing";

describe("cartTotals", () => {
  it.each([
    ["no coupon", 12900, 0, { goodsAmountCents: 12900, couponAmountCents: 0, payableCents: 12900 }],
    ["a coupon", 12900, 1000, { goodsAmountCents: 12900, couponAmountCents: 1000, payableCents: 11900 }],
    ["a coupon as large as the goods pays 0", 500, 500, { goodsAmountCents: 500, couponAmountCents: 500, payableCents: 0 }],
    ["a coupon larger than the goods is cut to the goods", 500, 900, { goodsAmountCents: 500, couponAmountCents: 500, payableCents: 0 }],
    ["a negative coupon counts as none", 500, -100, { goodsAmountCents: 500, couponAmountCents: 0, payableCents: 500 }],
  ])("%s", (_name, goods, coupon, expected) => {
    expect(cartTotals(goods, coupon)).toEqual(expected);
  });
});

describe("priceLines", () => {
  const line = (title: string, price: number) => ({ title, currency: "CNY", currency_symbol: "￥", price });
  it.each([
    ["without a coupon: goods then payable", cartTotals(12900, 0), false, [line("商品金额", 12900), line("应付金额", 12900)]],
    ["with a coupon: a negative coupon line between", cartTotals(12900, 1000), true, [line("商品金额", 12900), line("优惠券", -1000), line("应付金额", 11900)]],
  ])("%s", (_name, totals, withCoupon, expected) => {
    const lines = priceLines(totals, withCoupon);
    expect(lines).toEqual(expected);
    expect(lines.at(-1)!.price).toBe(lines.slice(0, -1).reduce((sum, l) => sum + l.price, 0));
  });
});
