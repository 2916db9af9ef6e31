// spec/01 §1's domain groups with two hosts configured: goods and payment pages on the hk host,
// everything else on the cn host, for every link of the shell and the pages, not only goods cards.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { shopDay } from "../../shared/shop-time";
import { answerAsLoggedIn, type FakeTradeApi, GOODS_G1001, LOGGED_IN, startStorefront, type StorefrontRequest } from "./storefront";

const CN = "https://cn.shop.test";
const HK = "https://hk.shop.test";

let api: FakeTradeApi;
let request: StorefrontRequest;

beforeAll(async () => {
  ({ api, request } = await startStorefront({ CN_BASE_URL: CN, HK_BASE_URL: HK }));
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on("GET /api/trade_bff/v2/goods/G1001", { result: GOODS_G1001 });
});

const memberIsLoggedIn = () => answerAsLoggedIn(api);

/** Every `<a href>` of a page. */
const hrefsOf = (html: string) => [...html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));

/** The links that go to a page of the shop: each must name its group's host. */
function shopLinks(html: string) {
  return hrefsOf(html).filter((href) => !/^(#|mailto:|tel:)/.test(href) && !/^https?:\/\/(?!cn\.shop\.test|hk\.shop\.test)/.test(href));
}

function expectGrouped(html: string, where: string) {
  const links = shopLinks(html);
  const here = where.split("?")[0]!;
  expect(links.length, where).toBeGreaterThan(0);
  for (const href of links) {
    const path = href.replace(/^https:\/\/(cn|hk)\.shop\.test/, "");
    // the login modal opens over the page the shopper is on, and a page's own options (a SKU, a
    // filter) change only its query: those links stay on this host
    if (/^\/?\?/.test(path) || /[?&]login=/.test(path) || path.startsWith(`${here}?`)) continue;
    const group = /^\/(topic|settle)(\/|$)/i.test(path) ? HK : CN;
    expect(href, `${where}: ${href}`).toBe(group + path);
  }
}

describe("with CN_BASE_URL and HK_BASE_URL on two hosts", () => {
  it("a visitor's goods page: header, footer, goods links and the buy button name their host", async () => {
    const page = await request("/topic/G1001");
    expect(page.status).toBe(200);
    expectGrouped(page.text, "/topic/G1001");
    expect(hrefsOf(page.text)).toContain(`${CN}/`);
    expect(hrefsOf(page.text).some((href) => href.startsWith(`${CN}/protocols/`))).toBe(true);
  });

  it("a member's pages: the member menu, 继续支付 and the order links name their host", async () => {
    memberIsLoggedIn();
    const unpaid = {
      order_no: "TT20261124000001",
      status: "WAIT_PAY",
      pay_price: 22800,
      pay_at: null,
      created_at: Date.now(),
      buy_num: 1,
      remain_minutes: 10,
      pay_way: "ALIPAY",
      third_pay_detail: { pay_url: "" },
      goods: [{ goods_no: "G1001", goods_name: "黑神话：悟空", sku_no: "G1001-S01", sku_item: ["标准版"], sale_price: 22800, origin_price: 26800 }],
    };
    api.on("GET /api/trade_bff/v1/order/list", { result: { list: [unpaid], total: 1 } });
    const list = await request("/order/list", { cookie: `${LOGGED_IN}; coupon_popup=${shopDay(Date.now())}` });
    expect(list.status, list.text.slice(0, 300)).toBe(200);
    expectGrouped(list.text, "/order/list");
    const hrefs = hrefsOf(list.text);
    expect(
      hrefs.some((href) => href.startsWith(`${HK}/settle/pay?`)),
      "继续支付",
    ).toBe(true);
    // the member menu (its entry for this page is not a link), an order's detail page
    expect(hrefs).toContain(`${CN}/coupon`);
    expect(hrefs).toContain(`${CN}/order/detail/TT20261124000001`);
  });
});
