// The search history link (review L4): a link on another site must not plant words in a shopper's
// search box for a year. Only a click on the shop's own page is recorded, and under the goods' own
// name, whatever title the address carries.
import { describe, expect, it } from "vitest";
import { historyFromCookieHeader, SEARCH_HISTORY_COOKIE } from "../../app/lib/search-history";
import { withStore } from "../bench/data";
import { sharedShop } from "./shop";

const shop = sharedShop();

const PLANTED = "客服微信kf8888退款";

async function add(headers: Record<string, string>, goodsNo = "G1005") {
  const answer = await fetch(`${shop.url}/search-history/add?${new URLSearchParams({ goods_no: goodsNo, title: PLANTED })}`, { headers, redirect: "manual" });
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
    // G1005 is a hot search: its hot-search title, as the dropdown shows it
    expect(answer.history).toEqual([{ goodsNo: "G1005", title: "Steam 充值卡" }]);
  });

  it("records a goods that is not a hot search under its name", async () => {
    const name = withStore(shop.dbFile, (store) => store.sqlite.prepare("SELECT goods_name FROM goods WHERE goods_no = 'G1002'").pluck().get());
    const answer = await add({ "Sec-Fetch-Site": "same-origin" }, "G1002");
    expect(answer.history).toEqual([{ goodsNo: "G1002", title: name }]);
  });
});
