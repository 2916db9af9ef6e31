// The money points of a settlement (issue 37), below the browser: the coupons a login grants are
// granted before 确认订单 reads them (shopper trial 11b #1), and a settlement becomes one order,
// also across a login that expired on the way (parity audit F7 / 26.8).
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { answerAsLoggedIn, type FakeTradeApi, form, GOODS_G1001, LOGGED_IN, startStorefront, type StorefrontRequest } from "./storefront";

let api: FakeTradeApi;
let request: StorefrontRequest;

beforeAll(async () => {
  ({ api, request } = await startStorefront());
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const COUPON = "CP0000000001";
const newMemberCoupon = {
  coupon_no: COUPON,
  coupon_name: "新人专享券",
  coupon_type: "SALE_OFF",
  use_time_start: 1795000000000,
  use_time_end: 1895000000000,
  usable: true,
  saving_amount: 1000,
  threshold: 5000,
  attr: { main_title: "￥10", sub_title: "满50可用", display_name: "新人专享券", display_use: "全场通用" },
};
const priceLines = (couponNo: string | undefined) => ({
  result: {
    list: [
      { title: "商品金额", currency: "CNY", currency_symbol: "￥", price: 22800 },
      ...(couponNo ? [{ title: "优惠券", currency: "CNY", currency_symbol: "￥", price: -1000 }] : []),
      { title: "应付金额", currency: "CNY", currency_symbol: "￥", price: couponNo ? 21800 : 22800 },
    ],
  },
});

/** The catalogue, and a member whose automatic coupon exists only once receive_auto has answered — which it does late. */
function newMemberWithSlowGrant(holdMs: number) {
  answerAsLoggedIn(api);
  api.on("GET /api/trade_bff/v2/goods/G1001", { result: GOODS_G1001 });
  let granted = false;
  api.on("POST /api/trade_bff/v1/promotion/receive_auto", async () => {
    await sleep(holdMs);
    granted = true;
    return { result: { received: [COUPON] } };
  });
  api.on("POST /api/trade_bff/v1/promotion/available_coupon", () => ({
    result: granted
      ? { can_use_coupons: [COUPON], optimal_coupon: COUPON, coupons: [newMemberCoupon] }
      : { can_use_coupons: [], optimal_coupon: null, coupons: [] },
  }));
  api.on("POST /api/trade_bff/v1/order/cart/output", (call) => priceLines((call.body as { coupons: string[] }).coupons[0]));
}

describe("the first 确认订单 after a login has the coupon that login granted (trial 11b #1)", () => {
  // the page after a login: the once-a-day record is cleared (login-action.server.ts), so receive_auto is due
  for (const [what, path] of [
    ["the document", "/settle/pay-confirm/G1001?sku=G1001-S01"],
    ["the client navigation's data (single fetch, every loader in one request)", "/settle/pay-confirm/G1001.data?sku=G1001-S01"],
  ] as const) {
    it(`${what}: the grant held 300 ms, the usable coupons are read after it and the coupon is applied`, async () => {
      newMemberWithSlowGrant(300);
      const page = await request(path, { cookie: LOGGED_IN });
      expect(page.status).toBe(200);
      const paths = api.calls.map((c) => c.path);
      const granted = paths.indexOf("/api/trade_bff/v1/promotion/receive_auto");
      const read = paths.indexOf("/api/trade_bff/v1/promotion/available_coupon");
      expect(granted).toBeGreaterThanOrEqual(0);
      expect(read).toBeGreaterThan(granted);
      // granted once for the request, though two loaders wait for it
      expect(paths.filter((p) => p.endsWith("/receive_auto"))).toHaveLength(1);
      expect(page.text).toContain(COUPON);
      expect(page.text).toContain(what === "the document" ? "已为您自动选择最优优惠券" : "新人专享券");
      expect(page.text).toContain("21800");
      // the coupon waits for a page that is not checkout to be announced
      expect(page.cookies.some((c) => c.startsWith("coupon_popup=") && decodeURIComponent(c).includes(COUPON))).toBe(true);
    });
  }
});

describe("a settlement becomes one order, also across a login (parity F7 / 26.8)", () => {
  const settleCookie = (cookies: string[]) => cookies.find((c) => c.startsWith("settle="))!.split(";")[0];

  it("the guard of a page under the login modal keeps the modal's own redirectTo instead of wrapping the address again", async () => {
    const back = "/settle/pay?order_no=TT20261128473117&pay_url=1";
    const answer = await request(`/settle/pay?login=captcha&redirectTo=${encodeURIComponent(back)}`);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/?login=captcha&redirectTo=${encodeURIComponent(back)}`);
  });

  it("every 点击付款 of one settlement sends its one request id; once it has an order, the bare pay page is that order's", async () => {
    answerAsLoggedIn(api);
    api.on("GET /api/trade_bff/v2/goods/G1001", { result: GOODS_G1001 });
    api.on("POST /api/trade_bff/v1/order/cart/output", priceLines(undefined));
    api.on("POST /api/trade_bff/v1/promotion/available_coupon", { result: { can_use_coupons: [], optimal_coupon: null, coupons: [] } });
    api.on("GET /api/common_bll/v1/member/login_status", { result: { member_id: 7, member_name: "玩家0007", mobile: "+86-13800000007", channel_id: "1" } });
    const confirmed = await request("/settle/pay-confirm/G1001", { ...form({ sku_no: "G1001-S01", email: "buyer@example.com" }), cookie: LOGGED_IN });
    const settle = settleCookie(confirmed.cookies);

    // two loads of the settlement's pay page (before and after a login) offer the same request id
    const ids = await Promise.all(
      [0, 1].map(async () => /name="request_id" value="([\w-]+)"/.exec((await request("/settle/pay", { cookie: `${LOGGED_IN}; ${settle}` })).text)?.[1]),
    );
    expect(ids[0]).toMatch(/^[\w-]{8,64}$/);
    expect(ids[1]).toBe(ids[0]);

    api.on("POST /api/trade_bff/v1/order", { result: { order_no: "TT20261128000001", third_pay_detail: { pay_url: "/mock-pay/x" } } });
    const paid = await request("/settle/pay", { ...form({ pay_way: "TCTP", request_id: ids[0]! }), cookie: `${LOGGED_IN}; ${settle}` });
    expect(paid.status).toBe(302);
    expect(paid.headers.get("Location")).toMatch(/^\/settle\/pay\?order_no=TT20261128000001&/);
    const created = api.calls.filter((c) => c.method === "POST" && c.path === "/api/trade_bff/v1/order");
    expect((created[0].body as { request_id: string }).request_id).toBe(ids[0]);

    // the settlement now names its order: the bare pay page (where the login used to land) goes to it
    const again = await request("/settle/pay", { cookie: `${LOGGED_IN}; ${settleCookie(paid.cookies)}` });
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/settle/pay?order_no=TT20261128000001");
  });
});
