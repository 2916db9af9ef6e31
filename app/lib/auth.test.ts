import { describe, expect, it } from "vitest";
import { loginUrl, safeReturnTo } from "./auth.server";

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

describe("loginUrl", () => {
  it("opens the login modal and remembers where to go back", () => {
    expect(loginUrl("/coupon?tab=used")).toBe("/?login=captcha&redirectTo=%2Fcoupon%3Ftab%3Dused");
    expect(loginUrl("/order/list", "/topic/G1001")).toBe("/topic/G1001?login=captcha&redirectTo=%2Forder%2Flist");
  });
});
