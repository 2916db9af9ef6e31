// Finding 18 (`?claim=all` claims on page load): opening /coupon-collection?claim=… claims nothing;
// a click (a form POST) still claims. With JavaScript the page posts a pending claim by itself only
// when this browser's own click on a claim button started it (the pending_claim cookie set by the
// claim action); tests/e2e/coupons.spec.ts checks that side in a browser.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withStore } from "../bench/data";
import { startShop, type Shop } from "./shop";

/**
 * A value of the route data in a single-fetch answer (turbo-stream: a flat JSON array whose objects
 * map `_<index of the key>` to the index of the value; -5 is null).
 */
function routeValue(body: string, key: string): unknown {
  const flat = JSON.parse(body.split("\n")[0]!) as unknown[];
  const keyIndex = flat.indexOf(key);
  if (keyIndex < 0) return undefined;
  const at = new RegExp(`"_${keyIndex}":(-?\\d+)`).exec(body.split("\n")[0]!);
  if (!at) return undefined;
  const valueIndex = Number(at[1]);
  return valueIndex === -5 ? null : valueIndex < 0 ? undefined : flat[valueIndex];
}

const couponsOf = (shop: Shop, memberId: number) =>
  withStore(shop.dbFile, ({ sqlite }) => sqlite.prepare("SELECT count(*) FROM coupons WHERE member_id = ?").pluck().get(memberId) as number);

describe("claiming coupons takes a click", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop({ env: { PAGE_CACHE_TTL_MS: "0" } });
  }, 90_000);
  afterAll(() => shop?.close());

  it("a member who opens ?claim=all (and its data) is shown the banner, and nothing is claimed", async () => {
    const cookie = shop.memberCookie(2);
    const before = couponsOf(shop, 2);
    for (const path of ["/coupon-collection?claim=all", "/coupon-collection.data?claim=all", "/coupon-collection?claim=ACT003"]) {
      const response = await fetch(shop.url + path, { headers: { cookie } });
      const body = await response.text();
      expect(response.status, path).toBe(200);
      if (!path.includes(".data")) expect(body, path).toContain("继续领取");
    }
    expect(couponsOf(shop, 2)).toBe(before);
  });

  it("a link's ?claim=all is not marked to run by itself; only the claim this browser clicked is", async () => {
    const cookie = shop.memberCookie(2);
    const plain = await (await fetch(`${shop.url}/coupon-collection.data?claim=all`, { headers: { cookie } })).text();
    expect(routeValue(plain, "pendingClaim")).toBe("all");
    expect(routeValue(plain, "autoClaim")).not.toBe(true);
    // the mark must match the claim in the address
    const other = await (await fetch(`${shop.url}/coupon-collection.data?claim=all`, { headers: { cookie: `${cookie}; pending_claim=ACT003` } })).text();
    expect(routeValue(other, "autoClaim")).toBe(false);
    const clicked = await fetch(`${shop.url}/coupon-collection.data?claim=all`, { headers: { cookie: `${cookie}; pending_claim=all` } });
    expect(routeValue(await clicked.text(), "autoClaim")).toBe(true);
    // the mark is spent on the first member page that sees it
    expect(clicked.headers.getSetCookie().some((c) => /^pending_claim=;/.test(c))).toBe(true);
  });

  it("a visitor's click remembers the claim for after the login", async () => {
    const response = await fetch(`${shop.url}/coupon-collection`, {
      method: "POST",
      headers: { origin: shop.url },
      body: new URLSearchParams({ intent: "claim-all" }),
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/coupon-collection?login=captcha&redirectTo=%2Fcoupon-collection%3Fclaim%3Dall");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("pending_claim=all;") && /HttpOnly/i.test(c))).toBe(true);
  });

  it("a member's click on 一键领取 still claims", async () => {
    const before = couponsOf(shop, 2);
    const response = await fetch(`${shop.url}/coupon-collection`, {
      method: "POST",
      headers: { origin: shop.url, cookie: shop.memberCookie(2) },
      body: new URLSearchParams({ intent: "claim-all" }),
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expect(couponsOf(shop, 2)).toBeGreaterThan(before);
  });
});
