// 到货提醒 is an extension of the contract (decision 031): against a backend that answers 404 for it
// (the fake answers 404 for anything it was not told) the goods page keeps 立即购买 and 我的订单 has
// no reminder list; with it, a sold-out SKU offers 到货提醒 and the action says how it went.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { answerAsLoggedIn, type FakeTradeApi, flashOf, form, GOODS_G1001, LOGGED_IN, startStorefront, type StorefrontRequest } from "./storefront";

const STATUS = "GET /api/trade_bff/ext/restock_notice/status";

let api: FakeTradeApi;
let request: StorefrontRequest;

beforeAll(async () => {
  ({ api, request } = await startStorefront());
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on("GET /api/trade_bff/v2/goods/G1001", { result: GOODS_G1001 });
  answerAsLoggedIn(api);
  api.on("GET /api/trade_bff/v1/order/list", { result: { list: [], total: 0 } });
});

describe("a backend without the restock extension", () => {
  it("keeps the spec's goods page: 立即购买, no 补货中 and no 到货提醒", async () => {
    const page = await request("/topic/G1001?sku=G1001-S01", { cookie: LOGGED_IN });
    expect(page.status).toBe(200);
    expect(page.text).toContain("立即购买");
    expect(page.text).not.toContain("到货提醒");
    expect(api.calls.some((c) => c.path === "/api/trade_bff/ext/restock_notice/status")).toBe(true);
  });

  it("keeps 我的订单 without a reminder list", async () => {
    const page = await request("/order/list", { cookie: LOGGED_IN });
    expect(page.status).toBe(200);
    expect(page.text).not.toContain("到货提醒");
  });
});

describe("a backend with the restock extension", () => {
  it("offers 到货提醒 instead of 立即购买 on a sold-out SKU, and 立即购买 on the others", async () => {
    api.on(STATUS, { result: { sold_out_skus: ["G1001-S01"], notices: [] } });
    const soldOut = await request("/topic/G1001?sku=G1001-S01", { cookie: LOGGED_IN });
    expect(soldOut.text).toContain("补货中");
    expect(soldOut.text).toContain("到货提醒");
    expect(soldOut.text).not.toContain("立即购买");
    const inStock = await request("/topic/G1001?sku=G1001-S02", { cookie: LOGGED_IN });
    expect(inStock.text).toContain("立即购买");
  });

  it("sends a visitor to log in, back to the same SKU, without asking the services", async () => {
    const answer = await request("/topic/G1001?sku=G1001-S01", form({ intent: "restock", sku: "G1001-S01" }));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/topic/G1001?sku=G1001-S01&login=captcha&redirectTo=${encodeURIComponent("/topic/G1001?sku=G1001-S01")}`);
    expect(flashOf(answer.cookies)).toEqual({ type: "info", message: "请先登录，登录后即可订阅到货提醒" });
    expect(api.calls.some((c) => c.path.startsWith("/api/trade_bff/ext/"))).toBe(false);
  });

  it("says the services' refusal in Chinese, and a forged form is refused without a call", async () => {
    api.on("POST /api/trade_bff/ext/restock_notice", { status: 409, errorMsg: "该规格有货，可直接购买，无需到货提醒" });
    const refused = await request("/topic/G1001?sku=G1001-S02", { ...form({ intent: "restock", sku: "G1001-S02" }), cookie: LOGGED_IN });
    expect(refused.status).toBe(302);
    expect(flashOf(refused.cookies)).toEqual({ type: "error", message: "该规格有货，可直接购买，无需到货提醒" });
    api.reset();
    const forged = await request("/order/list", { ...form({ intent: "restock-cancel", notice_id: "-1" }), cookie: LOGGED_IN });
    expect(forged.status).toBe(302);
    expect(flashOf(forged.cookies)).toEqual({ type: "error", message: "请求无效，请刷新页面后重试" });
    expect(api.calls.some((c) => c.path.startsWith("/api/trade_bff/ext/"))).toBe(false);
  });
});
