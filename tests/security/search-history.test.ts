// The search history link (review L4): a link on another site must not plant words in a shopper's
// search box for a year. Only a click on the shop's own page is recorded, and under the goods' own
// name, whatever title the address carries.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { historyFromCookieHeader, SEARCH_HISTORY_COOKIE } from "../../app/lib/search-history";
import { startShop, type Shop } from "./shop";

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 90_000);
afterAll(() => shop?.close());

const PLANTED = "客服微信kf8888退款";

async function add(headers: Record<string, string>) {
  const answer = await fetch(`${shop.url}/search-history/add?${new URLSearchParams({ goods_no: "G1005", title: PLANTED })}`, { headers, redirect: "manual" });
  const cookie = answer.headers.getSetCookie().find((c) => c.startsWith(`${SEARCH_HISTORY_COOKIE}=`)) ?? null;
  return { status: answer.status, location: answer.headers.get("location"), history: cookie ? historyFromCookieHeader(cookie.split(";")[0]) : null };
}

describe("/search-history/add", () => {
  it.each([
    ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }],
    ["Sec-Fetch-Site: same-site", { "Sec-Fetch-Site": "same-site" }],
    ["a Referer of another site", { Referer: "https://evil.example/page" }],
    ["neither header", {}],
  ])("from %s opens the goods and records nothing", async (_name, headers) => {
    const answer = await add(headers);
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(/\/topic\/G1005$/);
    expect(answer.history).toBeNull();
  });

  it.each([
    ["Sec-Fetch-Site: same-origin", () => ({ "Sec-Fetch-Site": "same-origin" })],
    ["a Referer of the shop (a browser without Sec-Fetch-Site)", () => ({ Referer: `${shop.url}/search-result/steam` })],
  ])("from %s records the goods under its own name, never the title in the address", async (_name, headers) => {
    const answer = await add(headers());
    expect(answer.status).toBe(302);
    expect(answer.history).toEqual([{ goodsNo: "G1005", title: "Steam 充值卡" }]);
  });
});
