// What the member pages send to the browser as loader data (issue 24): what each page shows, not
// the services' whole answers. Read from the single-fetch `.data` answer a client navigation gets,
// which is the same data the document carries for hydration.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { answerAsLoggedIn, type FakeTradeApi, GOODS_G1001, LOGGED_IN, startStorefront, type StorefrontRequest } from "./storefront";

const PAY_URL = "https://cashier.example/pay?order=TT20261124000009&sig=secret-signature";

let api: FakeTradeApi;
let request: StorefrontRequest;

beforeAll(async () => {
  ({ api, request } = await startStorefront());
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  answerAsLoggedIn(api);
});

const goodsCard = (goodsNo: string) => ({
  goods_no: goodsNo,
  goods_name: `商品${goodsNo}`,
  goods_tags: ["国区"],
  covers: [`/media/goods/${goodsNo}/cover.svg`, `/media/goods/${goodsNo}/cover-2.svg`],
  price_turn_cny: 10000,
  sale_off_price_cny: 9000,
  origin_currency: "CNY",
  is_presale: false,
  presale_performance_at: null,
  sale_end_at: null,
  sale_sku_no: `${goodsNo}-S1`,
  sku_prices: 1,
});

/** A layout item that links to a goods, with four tags and two covers. */
const item = (id: number, goodsNo: string) => ({
  id,
  assembly: {
    JUMP: { value: "GOODS_DETAIL" },
    TEXT: { value: `标题${goodsNo}`, desc: `说明${goodsNo}` },
    GOODS: { value: goodsNo, goods_info: { ...goodsCard(goodsNo), goods_tags: ["国区", "激活码", "秒发", "中文"] } },
  },
});

describe("a member's goods page", () => {
  it("sends its SKU choice as the selector shows it, not the goods' SKU tree and extras", async () => {
    api.on("GET /api/trade_bff/v2/goods/G1001", { result: GOODS_G1001 });
    const data = await request("/topic/G1001.data?_routes=routes/topic.$goodId", { cookie: LOGGED_IN });
    expect(data.status).toBe(200);
    expect(data.text).not.toContain('"sku_item"');
    expect(data.text).not.toContain('"goods_extra"');
    expect(data.text).not.toContain('"child"');
    const page = await request("/topic/G1001", { cookie: LOGGED_IN });
    const firstTag = GOODS_G1001.goods_detail.sku_item[0].spec_value as string;
    expect(page.text).toContain(firstTag);
    expect(data.text).toContain(firstTag);
  });
});

describe("a member's goods page recommendations", () => {
  it("send the hot goods and guide cards as their cards show them, links resolved", async () => {
    api.on("GET /api/trade_bff/v2/goods/G1001", { result: GOODS_G1001 });
    const hot = { id: 1, name: "热销游戏", style_type: "RECOMMEND", content: [1, 2, 3, 4, 5, 6].map((i) => item(i, `G400${i}`)), setting: {} };
    api.on("POST /api/trade_bff/v1/shopping/page_content", (call) => ({
      result: { list: (call.body as { page_type: string }).page_type === "PRODUCT_DETAIL" ? [hot] : [] },
    }));
    const data = await request("/topic/G1001.data?_routes=routes/topic.$goodId", { cookie: LOGGED_IN });
    expect(data.status).toBe(200);
    expect(data.text).toContain("/topic/G4001");
    expect(data.text).toContain("/topic/G4006");
    for (const never of ["G4001/cover-2.svg", "origin_currency", "sale_sku_no", '"JUMP"', "中文"]) expect(data.text).not.toContain(never);
    const page = await request("/topic/G1001", { cookie: LOGGED_IN });
    expect(page.text).toContain('href="/topic/G4001"');
    expect(page.text).toContain("立即购买：商品G4006");
  });
});

describe("a member's order list", () => {
  it("sends each card's first goods and whether it can be paid, not the cashier's address", async () => {
    const order = {
      order_no: "TT20261124000009",
      status: "WAIT_PAY",
      pay_price: 9000,
      goods_amount: 9000,
      pay_currency_symbol: "￥",
      pay_at: null,
      created_at: Date.UTC(2026, 10, 24),
      buy_num: 1,
      remain_minutes: 12,
      pay_way: "WX",
      goods: [
        { goods_no: "G1001", goods_name: "黑神话：悟空", covers: ["/media/goods/G1001/cover.svg"], sku_item: ["国区", "标准版"], origin_price: 10000 },
        { goods_no: "G1002", goods_name: "第二件商品", covers: [], sku_item: [] },
      ],
      third_pay_detail: { pay_url: PAY_URL },
    };
    api.on("GET /api/trade_bff/v1/order/list", { result: { list: [order], total: 1 } });
    const data = await request("/order/list.data?_routes=routes/order.list", { cookie: LOGGED_IN });
    expect(data.status).toBe(200);
    expect(data.text).toContain("TT20261124000009");
    expect(data.text).not.toContain("cashier.example");
    expect(data.text).not.toContain("第二件商品");
    const page = await request("/order/list", { cookie: LOGGED_IN });
    expect(page.text).toContain("黑神话：悟空");
    expect(page.text).toContain("继续支付");
  });
});

describe("a member's search results", () => {
  it("send the goods once: the page builds its JSON-LD from them", async () => {
    api.on("GET /api/trade_bff/v1/goods/search", { result: { goods_list: { list: [goodsCard("G2001"), goodsCard("G2002")], page: 1, total: 2 } } });
    const data = await request(`/search-result/${encodeURIComponent("商品")}.data?_routes=routes/search-result.$keyword`, { cookie: LOGGED_IN });
    expect(data.status).toBe(200);
    expect(data.text).toContain("商品G2001");
    expect(data.text).not.toContain("ItemList");
    const page = await request(`/search-result/${encodeURIComponent("商品")}`, { cookie: LOGGED_IN });
    expect(page.text).toContain('"@type":"ItemList"');
    expect(page.text).toContain("/topic/G2002");
  });
});

describe("a member's home page", () => {
  it("sends each block's items as the page shows them: links resolved, a card's first cover and tags, no slide past the fifth", async () => {
    const blocks = [
      { id: 1, name: "首页轮播", style_type: "BANNER", content: [1, 2, 3, 4, 5, 6].map((i) => item(i, `G300${i}`)), setting: {} },
      { id: 2, name: "限时特惠", style_type: "SINGLE_ROW", content: [item(7, "G3007"), item(8, "G3008")], setting: {} },
      { id: 3, name: "热门新品", style_type: "SIDE_SLIP", content: [item(9, "G3009")], setting: {} },
    ];
    api.on("GET /api/trade_bff/v1/shopping/layout", { result: { list: blocks } });
    const data = await request("/_root.data?_routes=routes/_index&popup=closed", { cookie: LOGGED_IN });
    expect(data.status).toBe(200);
    expect(data.text).toContain("/topic/G3009");
    expect(data.text).toContain("/media/goods/G3009/cover.svg");
    for (const never of ["cover-2.svg", "origin_currency", "sale_end_at", "sale_sku_no", '"JUMP"', "G3006", "G3008", "中文"])
      expect(data.text).not.toContain(never);
    const page = await request("/?popup=closed", { cookie: LOGGED_IN });
    expect(page.text).toContain('href="/topic/G3009"');
    expect(page.text).toContain("标题G3009");
    expect(page.text).toContain("说明G3001");
    expect(page.text).not.toContain("标题G3006");
  });
});
