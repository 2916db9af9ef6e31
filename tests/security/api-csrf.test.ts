// Login CSRF through /api (decision 012, review finding 2): a cross-site page must not be able to log a shopper
// into the attacker's account, nor make /api change anything with the shopper's cookie. /api takes
// JSON only (a cross-site page cannot send it without a CORS preflight), except the payment
// provider's notification, which is authenticated by its signature.
import { describe, expect, it } from "vitest";
import { PAY_NOTIFY_SECRET } from "../bench/server";
import { withStore } from "../bench/data";
import type { PayNotification } from "../../server/trade/providers/pay";
import { signNotification } from "../../server/trade/providers/pay-sandbox";
import { openOrder } from "./open-order";
import { sharedShop } from "./shop";

const MEMBER = "/api/common_bll/v1";
const DEMO = { username: "+86-13800138000", password: "demo123456" };

const shop = sharedShop();

/** A captcha lot the attacker solved themselves (marked solved in the database, as a solve would). */
async function solvedLot(): Promise<string> {
  const load = await fetch(`${shop.url}${MEMBER}/geetest4/load`);
  const lot = ((await load.json()) as { result: { lot_number: string } }).result.lot_number;
  withStore(shop.dbFile, (store) =>
    store.sqlite.prepare("UPDATE captcha_lots SET validated_at = ?, pass_token = 'solved' WHERE lot_number = ?").run(Date.now(), lot),
  );
  return lot;
}

const couponCount = (memberId: number) =>
  withStore(shop.dbFile, (store) => store.sqlite.prepare("SELECT count(*) FROM coupons WHERE member_id = ?").pluck().get(memberId) as number);

describe("/api refuses cross-site and non-JSON writes", () => {
  it("a cross-site form post to pwd_login is refused with 403 and sets no login cookie", async () => {
    const form = new URLSearchParams({ ...DEMO, lot_number: await solvedLot() });
    const res = await fetch(`${shop.url}${MEMBER}/member/action/pwd_login`, {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
    expect(res.headers.get("set-cookie") ?? "", "the attacker's login cookie").not.toContain("login_credential");
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ success: false, result: { error_code: 403, error_msg: "请求来源无效" } });
  });

  it("a cross-site JSON post is refused too, and Sec-Fetch-Site: cross-site counts without an Origin", async () => {
    const body = JSON.stringify({ ...DEMO, lot_number: await solvedLot() });
    const markers: Record<string, string>[] = [{ Origin: "https://evil.example" }, { "Sec-Fetch-Site": "cross-site" }, { Origin: "null" }];
    for (const headers of markers) {
      const res = await fetch(`${shop.url}${MEMBER}/member/action/pwd_login`, {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/json" },
        body,
      });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.headers.get("set-cookie") ?? "").not.toContain("login_credential");
    }
  });

  it("a cross-site text/plain post that carries the login cookie changes nothing", async () => {
    const before = couponCount(1);
    const res = await fetch(`${shop.url}/api/trade_bff/v1/promotion/receive_one_click`, {
      method: "POST",
      headers: { Cookie: shop.memberCookie(1), "Content-Type": "text/plain", "Sec-Fetch-Site": "cross-site" },
      body: "{}",
    });
    expect(couponCount(1), "coupons claimed for the shopper").toBe(before);
    expect(res.status).toBe(403);
    // without any cross-site marker (an old browser), text/plain is still not JSON
    const plain = await fetch(`${shop.url}/api/trade_bff/v1/promotion/receive_one_click`, {
      method: "POST",
      headers: { Cookie: shop.memberCookie(1), "Content-Type": "text/plain" },
      body: "{}",
    });
    expect(plain.status).toBe(415);
    expect(await plain.json()).toEqual({ success: false, result: { error_code: 415, error_msg: "请求体须为 JSON" } });
    expect(couponCount(1)).toBe(before);
  });

  it("a same-origin form-encoded post is refused with 415; the same request as JSON works", async () => {
    const lot = await solvedLot();
    const form = await fetch(`${shop.url}${MEMBER}/member/action/pwd_login`, {
      method: "POST",
      headers: { Origin: shop.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...DEMO, lot_number: lot }).toString(),
    });
    expect(form.status).toBe(415);
    expect(form.headers.get("set-cookie") ?? "").not.toContain("login_credential");
    const json = await fetch(`${shop.url}${MEMBER}/member/action/pwd_login`, {
      method: "POST",
      headers: { Origin: shop.url, "Content-Type": "application/json" },
      body: JSON.stringify({ ...DEMO, lot_number: lot }),
    });
    expect(json.status).toBe(200);
    expect(json.headers.get("set-cookie")).toContain("login_credential=");
  });

  it("the payment notification still takes a signed form-encoded post (providers post forms)", async () => {
    const order = await openOrder(shop);
    const n: PayNotification = {
      notify_id: `FORM-${order.orderNo}`,
      order_no: order.orderNo,
      trade_status: "SUCCESS",
      amount: order.amount,
      pay_way: "WX",
    };
    const body = new URLSearchParams({ ...n, amount: String(n.amount), sign: signNotification(PAY_NOTIFY_SECRET, n) });
    const res = await fetch(`${shop.url}/api/pay_gateway/notify`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: body.toString(),
    });
    expect(await res.json()).toMatchObject({ success: true, result: { outcome: "APPLIED", order_status: "PAY_SUCCESS" } });
    // a bad signature in the same shape is still refused
    const forged = await fetch(`${shop.url}/api/pay_gateway/notify`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...n, notify_id: `FORGED-${order.orderNo}`, amount: String(n.amount), sign: "0".repeat(64) }).toString(),
    });
    expect(forged.status).toBe(400);
  });

  it("the storefront's own server-side calls (JSON, no Origin) keep working", async () => {
    const res = await fetch(`${shop.url}/`, { headers: { Cookie: shop.memberCookie(1) } });
    expect(res.status).toBe(200);
    const logout = await fetch(`${shop.url}${MEMBER}/member/action/logout`, {
      method: "POST",
      headers: { Cookie: shop.memberCookie(1), "Content-Type": "application/json" },
      body: "{}",
    });
    expect(logout.status).toBe(200);
    // an empty body needs no type
    const empty = await fetch(`${shop.url}/api/trade_bff/v1/promotion/receive_one_click`, { method: "POST", headers: { Cookie: shop.memberCookie(2) } });
    expect(empty.status).toBe(200);
  });
});

describe("the storefront's form posts from another site are refused by the one Express rule", () => {
  // server/http/same-origin.ts guards every non-GET storefront request; the routes keep no check of their own
  it.each([
    ["/login", { intent: "pwd-login", ...DEMO }],
    ["/coupon-collection", { intent: "claim-all" }],
  ])("a cross-site post to %s is 403 and changes nothing", async (path, fields) => {
    const before = couponCount(1);
    const markers: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { Referer: "https://evil.example/page" },
      { "Sec-Fetch-Site": "cross-site" },
    ];
    for (const marker of markers) {
      const res = await fetch(`${shop.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { ...marker, Cookie: shop.memberCookie(1), "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
      });
      expect(res.status, JSON.stringify(marker)).toBe(403);
      expect(await res.text()).toBe("请求来源无效");
      expect(res.headers.get("set-cookie") ?? "").not.toContain("login_credential");
    }
    expect(couponCount(1), "coupons claimed for the shopper").toBe(before);
  });

  it("the same post from the shop's own page goes through to the route", async () => {
    const res = await fetch(`${shop.url}/coupon-collection`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: shop.url, Cookie: shop.memberCookie(2), "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "claim-all" }).toString(),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/coupon-collection");
  });
});
