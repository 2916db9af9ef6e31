import { describe, expect, it } from "vitest";
import { unitShares } from "./refund-shares";

describe("unitShares", () => {
  it.each([
    { prices: [91000, 62800], pay: 153800, shares: [91000, 62800] },
    // a ￥50 coupon on ￥1538: each unit carries its part of the discount
    { prices: [91000, 62800], pay: 148800, shares: [88042, 60758] },
    { prices: [100, 100, 100], pay: 200, shares: [67, 67, 66] },
    { prices: [1, 1, 1], pay: 1, shares: [1, 0, 0] },
    { prices: [2990], pay: 2490, shares: [2490] },
    { prices: [0, 0], pay: 0, shares: [0, 0] },
    { prices: [0, 0], pay: 3, shares: [2, 1] },
    { prices: [], pay: 0, shares: [] },
  ])("splits $pay over $prices as $shares", ({ prices, pay, shares }) => {
    expect(unitShares(prices, pay)).toEqual(shares);
  });

  it("always adds up to the pay price, in whole cents", () => {
    for (let seed = 1; seed < 500; seed++) {
      const prices = Array.from({ length: (seed % 10) + 1 }, (_, i) => ((seed * 7919 + i * 104729) % 99999) + 1);
      const pay = Math.floor(prices.reduce((a, b) => a + b, 0) * ((seed % 100) / 100));
      const shares = unitShares(prices, pay);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(pay);
      for (const s of shares) expect(Number.isInteger(s) && s >= 0).toBe(true);
    }
  });
});
