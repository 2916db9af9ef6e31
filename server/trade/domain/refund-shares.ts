// What each unit of an order is worth of the price the shopper paid (after coupons), for a partial
// refund: shares proportional to the units' prices, in whole cents, that always add up to exactly
// the pay price (largest remainder; a tie goes to the earlier unit). Pure, table-tested.

export function unitShares(unitPrices: readonly number[], payPrice: number): number[] {
  if (unitPrices.length === 0) return [];
  const total = unitPrices.reduce((sum, price) => sum + price, 0);
  // free units (a total of 0) share the pay price equally
  const weights = total > 0 ? unitPrices : unitPrices.map(() => 1);
  const weightTotal = total > 0 ? total : unitPrices.length;
  const exact = weights.map((w) => (w * payPrice) / weightTotal);
  const shares = exact.map(Math.floor);
  let left = payPrice - shares.reduce((sum, s) => sum + s, 0);
  const byRemainder = exact.map((x, i) => ({ i, rest: x - Math.floor(x) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}
