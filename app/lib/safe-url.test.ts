import { describe, expect, it } from "vitest";
import { safeHref, sameSitePath } from "./safe-url";

describe("sameSitePath", () => {
  it.each([
    ["/order/list", "/order/list"],
    ["/settle/pay?order_no=TT1#top", "/settle/pay?order_no=TT1#top"],
    ["/a/../coupon", "/coupon"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/%5C%5Cevil", "/%5C%5Cevil"],
    ["/.//evil.example/x", "/"],
    ["/..//evil.example/x", "/"],
    ["/%2e%2e//evil.example/x", "/"],
    ["/%2E%2E//evil.example/x", "/"],
    ["/./\\evil.example", "/"],
    ["//evil.example/x", "/"],
    ["/\\evil.example", "/"],
    ["/\t/evil.example", "/"],
    ["/\n/evil.example", "/"],
    ["\t//evil.example", "/"],
    ["https://evil.example", "/"],
    ["https:evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["coupon", "/"],
    ["", "/"],
    [null, "/"],
    [`/${"a".repeat(600)}`, "/"],
  ])("%j → %j", (value, expected) => {
    expect(sameSitePath(value)).toBe(expected);
  });

  it("answers the fallback it is given", () => {
    expect(sameSitePath("//evil.example", "/coupon")).toBe("/coupon");
  });
});

describe("safeHref", () => {
  it.each([
    ["/coupon-collection", "/coupon-collection"],
    ["/recommend/PRODUCT_DETAIL/热销游戏", "/recommend/PRODUCT_DETAIL/热销游戏"],
    ["https://store.steampowered.com/app/1", "https://store.steampowered.com/app/1"],
    ["HTTP://example.com", "HTTP://example.com"],
    ["javascript:alert(1)", null],
    ["JavaScript:alert(1)", null],
    [" javascript:alert(1)", null],
    ["data:text/html,<script>alert(1)</script>", null],
    ["//evil.example", null],
    ["/\\evil.example", null],
    ["/.//evil.example", null],
    ["/\t/evil.example", null],
    ["https:evil.example", null],
    ["http://", null],
    ["", null],
    [null, null],
  ])("%j → %j", (value, expected) => {
    expect(safeHref(value)).toBe(expected);
  });
});
