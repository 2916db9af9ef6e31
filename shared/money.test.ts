import { describe, expect, it } from "vitest";
import { discountLabel, formatYuan, yuanAmount, yuanText } from "./money";

describe("formatYuan", () => {
  it.each([
    [0, "0"],
    [null, "0"],
    [1, "0.01"],
    [1230, "12.30"],
    [9999900, "99999.00"],
  ])("shows %s cents as %s", (cents, text) => {
    expect(formatYuan(cents)).toBe(text);
  });
});

describe("yuanAmount and yuanText", () => {
  it.each([
    [0, "0.00", "￥0.00"],
    [1, "0.01", "￥0.01"],
    [1230, "12.30", "￥12.30"],
    [4950, "49.50", "￥49.50"],
    [9999900, "99999.00", "￥99999.00"],
  ])("%i cents is %s (%s)", (cents, amount, text) => {
    expect(yuanAmount(cents)).toBe(amount);
    expect(yuanText(cents)).toBe(text);
  });
});

describe("discountLabel", () => {
  it.each([
    [10000, 7700, "-23%"],
    [10000, 10000, ""],
    [10000, 12000, ""],
    [0, 500, ""],
    [29900, 19900, "-33%"],
  ])("from %s to %s is %j", (origin, sale, label) => {
    expect(discountLabel(origin, sale)).toBe(label);
  });
});
