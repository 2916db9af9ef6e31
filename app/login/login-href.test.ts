import { describe, expect, it } from "vitest";
import { destinationOf, loginHref } from "./login-href";

describe("loginHref", () => {
  it("opens the login modal over a page and remembers where to go back", () => {
    expect(loginHref("/", { redirectTo: "/coupon?tab=used" })).toBe("/?login=captcha&redirectTo=%2Fcoupon%3Ftab%3Dused");
    expect(loginHref("/topic/G1001", { redirectTo: "/order/list" })).toBe("/topic/G1001?login=captcha&redirectTo=%2Forder%2Flist");
  });

  it("keeps the page's own query, replaces an old modal's parameters, and switches tabs", () => {
    expect(loginHref("/search-result/x?page=2&login=captcha&redirectTo=%2Fa", { tab: "pwd" })).toBe("/search-result/x?page=2&login=pwd");
  });

  it("never sends the shopper off the shop after login", () => {
    expect(loginHref("/", { redirectTo: "//evil.example/x" })).toBe("/?login=captcha&redirectTo=%2F");
    expect(loginHref("/", { redirectTo: "https://evil.example" })).toBe("/?login=captcha&redirectTo=%2F");
  });
});

describe("destinationOf", () => {
  const at = (path: string) => new URL(path, "http://shop.local");
  it("is the page itself, or the login modal's own redirectTo: never a login address inside another (parity F7 / 26.8)", () => {
    expect(destinationOf(at("/settle/pay?order_no=TT1&pay_url=1"))).toBe("/settle/pay?order_no=TT1&pay_url=1");
    expect(destinationOf(at("/settle/pay?login=captcha&redirectTo=%2Fsettle%2Fpay%3Forder_no%3DTT1"))).toBe("/settle/pay?order_no=TT1");
    expect(destinationOf(at("/order/list?status=WAIT_PAY&login=pwd"))).toBe("/order/list?status=WAIT_PAY");
    expect(destinationOf(at("/coupon?login=captcha&redirectTo=%2F%2Fevil.example"))).toBe("/coupon");
  });
});
