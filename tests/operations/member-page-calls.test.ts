// A member's page makes only its member-specific calls to the services (issue 15): the catalogue's
// public reads come from the storefront's HTTP cache (decision 019). Read from the access log of
// the real process, as `npm start` runs it.
import { afterAll, beforeAll, expect, it } from "vitest";
import { startShop, type Shop } from "../security/shop";

let shop: Shop;
let cookie: string;
beforeAll(async () => {
  // a page's own calls to the services are debug lines (one info line per page: server/http/access-log.ts); the public
  // reads stay fresh for the whole test, however slow a busy machine makes it (the default 5 s is not the subject here)
  shop = await startShop({ env: { LOG_LEVEL: "debug", TRADE_CACHE_TTL_MS: "60000" } });
  // a browser after its first page: it holds the saas-token the services issued
  const first = await fetch(`${shop.url}/`, { headers: { cookie: shop.memberCookie() } });
  await first.arrayBuffer();
  cookie = [shop.memberCookie(), ...first.headers.getSetCookie().map((c) => c.split(";")[0])].join("; ");
}, 90_000);
afterAll(() => shop?.close());

/** The calls to the services that one page request caused, from the access log. */
async function callsOf(path: string): Promise<string[]> {
  const before = shop.log().length;
  const page = await fetch(shop.url + path, { headers: { cookie } });
  expect(page.status).toBe(200);
  await page.arrayBuffer();
  await expect.poll(() => shop.log().slice(before).includes(`"url":"${path}"`)).toBe(true);
  const lines = shop.log().slice(before).split("\n");
  const calls = lines.flatMap((line) => {
    const match = /"method":"(\w+)","url":"(\/api\/[^"]*)"/.exec(line);
    return match ? [`${match[1]} ${match[2]}`] : [];
  });
  // page views are reported in batches, on their own schedule
  return calls.filter((call) => !call.includes("/data_report/"));
}

it("the home page: login status only (layouts, adverts and hot searches are cached)", async () => {
  await callsOf("/");
  expect(await callsOf("/")).toEqual(["GET /api/common_bll/v1/member/login_status"]);
});

it("a goods page: its member's prices and coupons, never the goods or the layouts again; the SKU and the guide cards priced in one call", async () => {
  await callsOf("/topic/G1001");
  const calls = await callsOf("/topic/G1001");
  expect(calls).toContain("GET /api/common_bll/v1/member/login_status");
  // one after_prices for the chosen SKU and the guide cards (an extension, docs/api.md)
  expect(calls.filter((call) => call.includes("/promotion/after_price"))).toEqual(["POST /api/trade_bff/v1/promotion/after_prices"]);
  expect(calls.filter((call) => /\/goods\/|\/shopping\/layout|\/dialog\//.test(call))).toEqual([]);
  // its recommendations and rich text are public reads (the GET page_content extension): cached
  expect(calls.filter((call) => call.includes("/shopping/page_content"))).toEqual([]);
});
