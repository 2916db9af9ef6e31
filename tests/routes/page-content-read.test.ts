// A goods page asks shopping/page_content (its recommendations and rich text) as a GET first, an
// extension of the contract that the services mark public so the storefront's HTTP cache reuses it
// (docs/api.md, issue 24); a backend without it — a 404 in the envelope, or another backend's bare
// 405 — is asked the spec's POST, and the page reads the same.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { answerAsLoggedIn, type FakeCall, type FakeTradeApi, GOODS_G1001, LOGGED_IN, startStorefront, type StorefrontRequest } from "./storefront";

const PAGE_CONTENT = "/api/trade_bff/v1/shopping/page_content";

let api: FakeTradeApi;
let request: StorefrontRequest;

beforeAll(async () => {
  ({ api, request } = await startStorefront());
});
afterAll(() => api.close());

const RICH_TEXT = {
  id: 9,
  name: "图文",
  style_type: "RENDER",
  content: [{ id: 1, assembly: { RICHTEXT: { value: "<p>只在图文里的一句话</p>" } } }],
  setting: {},
};
const HOT = {
  id: 1,
  name: "热销游戏",
  style_type: "RECOMMEND",
  content: [
    {
      id: 2,
      assembly: {
        JUMP: { value: "GOODS_DETAIL" },
        GOODS: {
          value: "G4001",
          goods_info: {
            goods_no: "G4001",
            goods_name: "推荐的商品G4001",
            covers: ["/media/goods/G4001/cover.svg"],
            price_turn_cny: 10000,
            sale_off_price_cny: 9000,
          },
        },
      },
    },
  ],
  setting: {},
};

/** The content a page_content call asks for, whether in a query or a body. */
const contentFor = (ask: { page_type?: string | null }) => ({ result: { list: ask.page_type === "PROMOTION_RENDER" ? [RICH_TEXT] : [HOT] } });
const asked = (call: FakeCall) => (call.method === "GET" ? { page_type: call.query.get("page_type") } : (call.body as { page_type: string }));
const contentCalls = () => api.calls.filter((c) => c.path === PAGE_CONTENT).map((c) => `${c.method} ${asked(c).page_type}`);

beforeEach(() => {
  api.reset();
  answerAsLoggedIn(api);
  api.on("GET /api/trade_bff/v2/goods/G1001", { result: GOODS_G1001 });
});

/** The page shows the rich text and the recommended goods, for a visitor and for a member. */
async function expectContentShown() {
  for (const cookie of [undefined, LOGGED_IN]) {
    const page = await request("/topic/G1001", cookie ? { cookie } : {});
    expect(page.status).toBe(200);
    expect(page.text).toContain("只在图文里的一句话");
    expect(page.text).toContain("推荐的商品G4001");
  }
}

describe("a backend with the GET read", () => {
  it("is asked the GET, never the POST, with the same parameters as the spec's body", async () => {
    api.on(`GET ${PAGE_CONTENT}`, (call) => contentFor(asked(call)));
    await expectContentShown();
    expect(contentCalls().every((call) => call.startsWith("GET "))).toBe(true);
    const rich = api.calls.find((c) => c.path === PAGE_CONTENT && c.query.get("page_type") === "PROMOTION_RENDER")!;
    expect(Object.fromEntries(rich.query)).toEqual({ page_type: "PROMOTION_RENDER", render_type: "goods", render_id: "G1001" });
    const hot = api.calls.find((c) => c.path === PAGE_CONTENT && c.query.get("page_type") === "PRODUCT_DETAIL")!;
    expect(Object.fromEntries(hot.query)).toEqual({ page_type: "PRODUCT_DETAIL", exclude_goods_no: "G1001" });
  });
});

describe("a backend with the spec's POST only", () => {
  it("answering the GET 404 in the envelope: the page asks the POST and reads the same, and the GET no more", async () => {
    api.on(`POST ${PAGE_CONTENT}`, (call) => contentFor(asked(call)));
    await expectContentShown();
    const calls = contentCalls();
    // the first view's two reads were each asked as a GET; the second view knew (extensions.server.ts)
    expect(calls.filter((call) => call.startsWith("GET "))).toHaveLength(2);
    expect(calls.filter((call) => call.startsWith("POST "))).toHaveLength(4);
  });

  it("answering the GET with another backend's bare 405: the same", async () => {
    api.on(`GET ${PAGE_CONTENT}`, { status: 405, body: "Method Not Allowed" });
    api.on(`POST ${PAGE_CONTENT}`, (call) => contentFor(asked(call)));
    await expectContentShown();
    expect(contentCalls().filter((call) => call.startsWith("POST ")).length).toBeGreaterThan(0);
  });

  it("answering the GET with something that is not page content: the POST's answer is the page's", async () => {
    api.on(`GET ${PAGE_CONTENT}`, { result: { nothing: "here" } });
    api.on(`POST ${PAGE_CONTENT}`, (call) => contentFor(asked(call)));
    await expectContentShown();
  });
});
