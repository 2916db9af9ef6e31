// A member's goods page prices its chosen SKU (the buy button's 券后价) and its shopping-guide cards
// (spec/02 §2) in one after_prices call, an extension of the contract (docs/api.md, issue 24); a
// backend without it (the fake answers 404 for anything it was not told) gets the spec's after_price
// per cart, and the page reads the same.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formatYuan } from "../../shared/money";
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

const PROMOTION = "/api/trade_bff/v1/promotion";

let api: FakeTradeApi;
let request: StorefrontRequest;

beforeAll(async () => {
  ({ api, request } = await startStorefront());
});
afterAll(() => api.close());

/** The three hot goods, then the three guide cards' goods. */
const HOT = ["G4001", "G4002", "G4003"];
const GUIDE = ["G4004", "G4005", "G4006"];
/** What a member pays for the chosen SKU and each guide card's SKU: two cards lowered by a coupon, the third not. */
const AFTER: Record<string, number> = { "G1001-S01": 20_800, "G4004-S1": 8000, "G4005-S1": 8500, "G4006-S1": 9000 };
const SKU_CART = { units: [{ goods_no: "G1001", sku_no: "G1001-S01", sku_num: 1 }] };

/** The buy button's 券后价, in yuan. */
const buyAfterPrice = (html: string) => /￥(?:<!-- -->)?([\d.,]+)<span class="ml-2 text-sm font-normal">券后价/.exec(html)?.[1];

type Units = { goods_no: string; sku_no: string; sku_num: number }[];
const priceOf = (units: Units) => ({ after_price: AFTER[units[0]!.sku_no] ?? 99_900 });

beforeEach(() => {
  api.reset();
  answerAsLoggedIn(api);
  api.on("GET /api/trade_bff/v2/goods/G1001", { result: GOODS_G1001 });
  const block = { id: 1, name: "热销游戏", style_type: "RECOMMEND", content: [...HOT, ...GUIDE].map((no, i) => recommendedGoods(i + 1, no)), setting: {} };
  api.on("POST /api/trade_bff/v1/shopping/page_content", (call) => ({
    result: { list: (call.body as { page_type: string }).page_type === "PRODUCT_DETAIL" ? [block] : [] },
  }));
  api.on(`POST ${PROMOTION}/after_price`, (call) => ({ result: priceOf((call.body as { units: Units }).units) }));
});

/** The 券后价 the guide cards show, in yuan, in the cards' order. */
const guideAfterPrices = (html: string) =>
  [...html.matchAll(/data-testid="guide-after-price"[^>]*><span[^>]*><span class="price-sign">￥<\/span>(?:<!-- -->)?([\d.,]+)/g)].map((m) => m[1]);

/** The after_price calls for the guide cards' goods (the chosen SKU's own call left out). */
const perCardCalls = (calls: FakeCall[]) =>
  calls.filter((c) => c.path === `${PROMOTION}/after_price` && GUIDE.includes((c.body as { units: Units }).units[0]!.goods_no));
const batchCalls = (calls: FakeCall[]) => calls.filter((c) => c.path === `${PROMOTION}/after_prices`);

const SHOWN = [formatYuan(8000), formatYuan(8500)];

describe("a member's goods page with the after_prices extension", () => {
  it("prices the chosen SKU and the guide cards in one after_prices call, no after_price at all, and shows the same 券后价", async () => {
    api.on(`POST ${PROMOTION}/after_prices`, (call) => ({ result: { list: (call.body as { carts: { units: Units }[] }).carts.map((c) => priceOf(c.units)) } }));
    const page = await request("/topic/G1001", { cookie: LOGGED_IN });
    expect(page.status).toBe(200);
    expect(guideAfterPrices(page.text)).toEqual(SHOWN);
    expect(buyAfterPrice(page.text)).toBe(formatYuan(20_800));
    const batches = batchCalls(api.calls);
    expect(batches.map((c) => c.body)).toEqual([{ carts: [SKU_CART, ...GUIDE.map((no) => ({ units: [{ goods_no: no, sku_no: `${no}-S1`, sku_num: 1 }] }))] }]);
    expect(api.calls.filter((c) => c.path === `${PROMOTION}/after_price`)).toEqual([]);
  });

  it("takes a list that is not one figure per card as no answer: the cards are priced one by one", async () => {
    api.on(`POST ${PROMOTION}/after_prices`, { result: { list: [{ after_price: 1 }] } });
    const page = await request("/topic/G1001", { cookie: LOGGED_IN });
    expect(page.status).toBe(200);
    expect(guideAfterPrices(page.text)).toEqual(SHOWN);
    expect(buyAfterPrice(page.text)).toBe(formatYuan(20_800));
    expect(perCardCalls(api.calls)).toHaveLength(GUIDE.length);
  });
});

describe("a member's goods page against a backend without the extension (404)", () => {
  it("prices the chosen SKU and each guide card with its own after_price call, and shows the same 券后价", async () => {
    const page = await request("/topic/G1001", { cookie: LOGGED_IN });
    expect(page.status).toBe(200);
    expect(guideAfterPrices(page.text)).toEqual(SHOWN);
    expect(buyAfterPrice(page.text)).toBe(formatYuan(20_800));
    expect(batchCalls(api.calls)).toHaveLength(1);
    expect(perCardCalls(api.calls)).toHaveLength(GUIDE.length);
    expect(api.calls.filter((c) => c.path === `${PROMOTION}/after_price`).map((c) => c.body)).toContainEqual(SKU_CART);
  });
});

describe("a member's goods page without guide cards", () => {
  it("prices the chosen SKU with the spec's after_price alone", async () => {
    api.on("POST /api/trade_bff/v1/shopping/page_content", { result: { list: [] } });
    const page = await request("/topic/G1001", { cookie: LOGGED_IN });
    expect(page.status).toBe(200);
    expect(buyAfterPrice(page.text)).toBe(formatYuan(20_800));
    expect(batchCalls(api.calls)).toEqual([]);
    expect(api.calls.filter((c) => c.path === `${PROMOTION}/after_price`).map((c) => c.body)).toEqual([SKU_CART]);
  });
});

describe("a visitor's goods page", () => {
  it("makes no pricing call for the guide cards and shows no 券后价", async () => {
    const page = await request("/topic/G1001");
    expect(page.status).toBe(200);
    expect(page.text).toContain("立即购买：商品G4006");
    expect(guideAfterPrices(page.text)).toEqual([]);
    expect(api.calls.filter((c) => c.path.startsWith(`${PROMOTION}/after_price`))).toEqual([]);
  });
});
