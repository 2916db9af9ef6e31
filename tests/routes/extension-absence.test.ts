// A backend without the contract's optional extensions (docs/api.md) answers each of them 404, 405 or
// 501. The storefront remembers that answer per extension for a while (app/api/extensions.server.ts,
// decision 059) instead of paying a failed call for each on every page view (issue 37: a member's goods
// view asked four of them every time); an outage (5xx, no answer) is not an absence.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  answerAsLoggedIn,
  type FakeCall,
  type FakeTradeApi,
  GOODS_G1001,
  LOGGED_IN,
  recommendedGoods,
  startStorefront,
  type StorefrontRequest,
} from "./storefront";

let api: FakeTradeApi;
let request: StorefrontRequest;

beforeAll(async () => {
  ({ api, request } = await startStorefront());
});
afterAll(() => api.close());

const PAGE_CONTENT = "/api/trade_bff/v1/shopping/page_content";
const AFTER_PRICE = "/api/trade_bff/v1/promotion/after_price";

/** The four extensions a member's goods view asks: the page_content GET, the restock status, after_prices, the password rules. */
const isExtensionCall = (c: FakeCall) =>
  (c.method === "GET" && c.path === PAGE_CONTENT) ||
  c.path === "/api/trade_bff/ext/restock_notice/status" ||
  c.path === "/api/trade_bff/v1/promotion/after_prices" ||
  c.path === "/api/common_bll/v1/member/password/rules";
const extensionCalls = () => api.calls.filter(isExtensionCall).map((c) => `${c.method} ${c.path}`);

beforeEach(() => {
  api.reset();
  answerAsLoggedIn(api);
  api.on("GET /api/trade_bff/v2/goods/G1001", { result: GOODS_G1001 });
  // the spec's calls only: everything else is the fake's 404 in the envelope
  const block = {
    id: 1,
    name: "热销游戏",
    style_type: "RECOMMEND",
    content: ["G4001", "G4002", "G4003", "G4004", "G4005", "G4006"].map((goodsNo) => recommendedGoods(1, goodsNo)),
    setting: {},
  };
  api.on(`POST ${PAGE_CONTENT}`, (call) => ({ result: { list: (call.body as { page_type: string }).page_type === "PRODUCT_DETAIL" ? [block] : [] } }));
  api.on(`POST ${AFTER_PRICE}`, { result: { after_price: 8000 } });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A member views the goods page; it always shows the page and the guide cards (the last three goods). */
async function viewGoods() {
  const page = await request("/topic/G1001", { cookie: LOGGED_IN });
  expect(page.status).toBe(200);
  expect(page.text).toContain("立即购买：商品G4006");
  return page;
}

describe("a backend without the extensions", () => {
  it("is asked each extension once: the next goods views make the spec's calls only", async () => {
    await viewGoods();
    expect(extensionCalls().sort()).toEqual(
      [
        `GET ${PAGE_CONTENT}`,
        `GET ${PAGE_CONTENT}`,
        "GET /api/trade_bff/ext/restock_notice/status",
        "POST /api/trade_bff/v1/promotion/after_prices",
        "GET /api/common_bll/v1/member/password/rules",
      ].sort(),
    );
    api.calls.length = 0;
    await viewGoods();
    await viewGoods();
    expect(extensionCalls()).toEqual([]);
    // the spec's calls still go out: the POST of page_content and one after_price per cart (the SKU, three guide cards)
    expect(api.calls.filter((c) => c.path === AFTER_PRICE)).toHaveLength(2 * 4);
    expect(api.calls.filter((c) => c.method === "POST" && c.path === PAGE_CONTENT)).toHaveLength(2 * 2);
  });

  it("is asked again once the absence is old (five minutes): a backend may gain an extension", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    await viewGoods();
    vi.setSystemTime(Date.now() + 4 * 60_000);
    api.calls.length = 0;
    await viewGoods();
    expect(extensionCalls()).toEqual([]);
    vi.setSystemTime(Date.now() + 61_000);
    await viewGoods();
    expect(extensionCalls()).toHaveLength(5);
  });

  it("takes another backend's own 405 and 501 pages (no envelope) as absence too", async () => {
    api.on(`GET ${PAGE_CONTENT}`, { status: 405, body: "Method Not Allowed" });
    api.on("GET /api/trade_bff/ext/restock_notice/status", { status: 501, body: { error: "Not Implemented" } });
    await viewGoods();
    api.calls.length = 0;
    await viewGoods();
    expect(extensionCalls()).toEqual([]);
  });
});

describe("an extension that failed for another reason", () => {
  it("is asked again on the next view after a 5xx in the envelope or a bare 502", async () => {
    api.on("GET /api/trade_bff/ext/restock_notice/status", { status: 500, errorMsg: "服务繁忙" });
    api.on("GET /api/common_bll/v1/member/password/rules", { status: 502, body: "<html>Bad Gateway</html>" });
    await viewGoods();
    api.calls.length = 0;
    await viewGoods();
    expect(extensionCalls().filter((c) => c.includes("restock_notice") || c.includes("password/rules"))).toHaveLength(2);
  });

  it("a backend that has them is asked them on every view", async () => {
    api.on("GET /api/trade_bff/ext/restock_notice/status", { result: { sold_out_skus: [], notices: [] } });
    await viewGoods();
    api.calls.length = 0;
    await viewGoods();
    expect(extensionCalls()).toContain("GET /api/trade_bff/ext/restock_notice/status");
  });
});
