import { describe, expect, it } from "vitest";
import { safeReturnTo } from "./auth.server";

describe("safeReturnTo", () => {
  it.each([
    ["/order/list", "/order/list"],
    ["/settle/pay?order_no=TT1", "/settle/pay?order_no=TT1"],
    ["//evil.example/x", "/"],
    ["https://evil.example", "/"],
    ["/\\evil", "/"],
    ["/.//evil.example/x", "/"],
    ["/..//evil.example/x", "/"],
    ["/%2e%2e//evil.example/x", "/"],
    ["/\t/evil", "/"],
    ["https:evil", "/"],
    ["", "/"],
    [null, "/"],
  ])("%j → %j", (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });
});
