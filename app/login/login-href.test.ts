import { describe, expect, it } from "vitest";
import { loginHref } from "./login-href";

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
