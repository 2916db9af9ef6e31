import { describe, expect, it } from "vitest";
import { discountLabel, formatYuan } from "./money";

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
