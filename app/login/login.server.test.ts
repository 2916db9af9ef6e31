import { describe, expect, it } from "vitest";
import { failureStatus, returnToOf } from "./login.server";
import { withoutLoginParams } from "./login-href";

const at = (path: string) => new URL(path, "http://shop.local");

describe("where the login modal leads", () => {
  it("closes to the page under it, other query parameters kept", () => {
    expect(withoutLoginParams(at("/search-result/x?page=2&login=pwd&redirectTo=%2Fcoupon"))).toBe("/search-result/x?page=2");
    expect(withoutLoginParams(at("/?login=captcha"))).toBe("/");
  });

  it("returns after login to redirectTo, else to the page under the modal; never off-site or to /login", () => {
    expect(returnToOf(at("/coupon-collection?login=captcha"), "/coupon")).toBe("/coupon");
    expect(returnToOf(at("/coupon-collection?login=captcha"), null)).toBe("/coupon-collection");
    expect(returnToOf(at("/?login=captcha"), "//evil.example/")).toBe("/");
    expect(returnToOf(at("/?login=captcha"), "https://evil.example/")).toBe("/");
    expect(returnToOf(at("/login?login=pwd"), "/login?login=pwd")).toBe("/");
    expect(returnToOf(at("/"), "/coupon-collection?claim=ACT003&login=captcha")).toBe("/coupon-collection?claim=ACT003");
  });

  it.each([
    "/.//evil.example/x",
    "/..//evil.example/x",
    "/%2e%2e//evil.example/x",
    "/\\evil.example",
    "/\t/evil.example",
    "https:evil.example",
    "/%2F%2Fevil.example",
  ])("never leaves the shop for redirectTo=%j", (redirectTo) => {
    const target = returnToOf(at("/coupon?login=captcha"), redirectTo);
    expect(target).toMatch(/^\/(?![/\\])/);
    expect(new URL(target, "http://shop.local").origin).toBe("http://shop.local");
  });

  it("checks the page under the modal too", () => {
    expect(returnToOf(at("/.//evil.example/x?login=captcha"), null)).toBe("/");
  });
});

describe("the status of an expected failure", () => {
  const post = (headers: Record<string, string>) => new Request("http://shop.local/login", { method: "POST", headers });

  it("answers fetchers 200 with the failure in the body, documents 400/429", () => {
    expect(failureStatus(post({ "sec-fetch-dest": "empty" }), 400)).toBe(200);
    expect(failureStatus(post({ "sec-fetch-dest": "document" }), 429)).toBe(429);
    expect(failureStatus(post({}), 400)).toBe(400);
  });
});
