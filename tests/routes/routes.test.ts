// What the storefront's routes answer, one route and one outcome at a time, below the browser
// (tests/routes/storefront.ts): statuses, redirects, cookies and the shopper's message.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { answerAsLoggedIn, type FakeTradeApi, flashOf, form, GOODS_G1001, LOGGED_IN, startStorefront, type StorefrontRequest } from "./storefront";

const ACTIVITY = "ACT003";

let api: FakeTradeApi;
let request: StorefrontRequest;

beforeAll(async () => {
  ({ api, request } = await startStorefront());
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const memberIsLoggedIn = () => answerAsLoggedIn(api);

describe("the goods page /topic/:goodId", () => {
  it("shows the goods the services answer, with the page's optional data left out when it fails", async () => {
    api.on("GET /api/trade_bff/v2/goods/G1001", { result: GOODS_G1001 });
    const page = await request("/topic/G1001");
    expect(page.status).toBe(200);
    expect(page.text).toContain("黑神话：悟空");
  });

  it("answers 404 商品不存在 for goods the services do not know", async () => {
    api.on("GET /api/trade_bff/v2/goods/G9999", { status: 404, errorMsg: "商品不存在" });
    const page = await request("/topic/G9999");
    expect(page.status).toBe(404);
    expect(page.text).toContain("商品不存在");
  });

  it("answers 404 for a goods number that cannot be one, without asking the services", async () => {
    const page = await request(`/topic/${"x".repeat(40)}`);
    expect(page.status).toBe(404);
    expect(api.calls.some((c) => c.path.includes("/goods/"))).toBe(false);
  });

  it("answers 502 服务繁忙 when the services fail, not 商品不存在", async () => {
    api.on("GET /api/trade_bff/v2/goods/G1001", { status: 500, errorMsg: "服务繁忙，请稍后再试" });
    const page = await request("/topic/G1001");
    expect(page.status).toBe(502);
    expect(page.text).toContain("服务繁忙");
    expect(page.text).not.toContain("商品不存在");
  });
});

describe("claiming a coupon (one action for the coupon centre and the goods page)", () => {
  const claim = form({ intent: "claim", activity_no: ACTIVITY });

  it("a visitor is sent to log in, and the centre remembers the click", async () => {
    const answer = await request("/coupon-collection", claim);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/coupon-collection?login=captcha&redirectTo=${encodeURIComponent(`/coupon-collection?claim=${ACTIVITY}`)}`);
    expect(answer.cookies.some((c) => c.startsWith(`pending_claim=${ACTIVITY}`))).toBe(true);
    expect(api.calls.some((c) => c.path.endsWith("/promotion/receive"))).toBe(false);
  });

  it("a member's claim says 领取成功 and comes back to the page", async () => {
    api.on("POST /api/trade_bff/v1/promotion/receive", { result: { coupon_no: "C1" } });
    const answer = await request("/coupon-collection", { ...claim, headers: { ...claim.headers, Cookie: LOGGED_IN } });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/coupon-collection");
    expect(flashOf(answer.cookies)).toEqual({ type: "success", message: "领取成功" });
    expect(api.calls.find((c) => c.path.endsWith("/promotion/receive"))?.body).toEqual({ activity_no: ACTIVITY });
  });

  it.each([
    ["/coupon-collection", "/coupon-collection"],
    ["/topic/G1001?sku=G1001-S01", "/topic/G1001?sku=G1001-S01"],
  ])("a refusal for the limit keeps the services' message on %s", async (page, back) => {
    api.on("POST /api/trade_bff/v1/promotion/receive", { status: 409, errorMsg: "已达领取上限" });
    const answer = await request(page, { ...claim, headers: { ...claim.headers, Cookie: LOGGED_IN } });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(back);
    expect(flashOf(answer.cookies)).toEqual({ type: "error", message: "已达领取上限" });
  });

  it("any other failure says 优惠券已失效", async () => {
    api.on("POST /api/trade_bff/v1/promotion/receive", { status: 400, errorMsg: "活动不存在" });
    const answer = await request("/topic/G1001", { ...claim, headers: { ...claim.headers, Cookie: LOGGED_IN } });
    expect(flashOf(answer.cookies)).toEqual({ type: "error", message: "优惠券已失效" });
  });

  it("an expired login clears the login cookie and asks to log in again, on both pages", async () => {
    api.on("POST /api/trade_bff/v1/promotion/receive", { status: 401, errorCode: 401, errorMsg: "登录已过期，请重新登录" });
    for (const page of ["/coupon-collection", "/topic/G1001"]) {
      const answer = await request(page, { ...claim, headers: { ...claim.headers, Cookie: LOGGED_IN } });
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toMatch(/[?&]login=captcha/);
      expect(answer.cookies.some((c) => /^login_credential=;.*Max-Age=0/i.test(c))).toBe(true);
      expect(flashOf(answer.cookies)?.message).toBe("登录已过期，请重新登录");
    }
  });

  it("a form that is not a claim changes nothing and says 优惠券已失效", async () => {
    const answer = await request("/coupon-collection", {
      ...form({ intent: "claim", activity_no: "<script>" }),
      headers: { Cookie: LOGGED_IN, "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(answer.status).toBe(302);
    expect(flashOf(answer.cookies)).toEqual({ type: "error", message: "优惠券已失效" });
    expect(api.calls.some((c) => c.path.endsWith("/promotion/receive"))).toBe(false);
  });
});

describe("pay-confirm /settle/pay-confirm/:goodId", () => {
  it("a visitor is sent to log in over the goods page", async () => {
    const answer = await request("/settle/pay-confirm/G1001");
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/topic/G1001?login=captcha&redirectTo=${encodeURIComponent("/settle/pay-confirm/G1001")}`);
  });

  it("over the goods page on the SKU the visitor chose (issue 26)", async () => {
    const answer = await request("/settle/pay-confirm/G1001?sku=G1001-S2");
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(
      `/topic/G1001?sku=G1001-S2&login=captcha&redirectTo=${encodeURIComponent("/settle/pay-confirm/G1001?sku=G1001-S2")}`,
    );
  });

  it("an e-mail that is not one asks first (no settle cookie); a valid one goes on to pay with it", async () => {
    memberIsLoggedIn();
    api.on("GET /api/trade_bff/v2/goods/G1001", { result: GOODS_G1001 });
    api.on("POST /api/trade_bff/v1/order/cart/output", { result: { list: [{ title: "应付金额", currency: "CNY", currency_symbol: "￥", price: 22800 }] } });
    const skuNo = "G1001-S01"; // the first SKU of the recorded goods (fixtures/goods-G1001.json)
    const asked = await request("/settle/pay-confirm/G1001", { ...form({ sku_no: skuNo, email: "not-an-email" }), cookie: LOGGED_IN });
    expect(asked.status).toBe(200);
    expect(asked.text).toContain("未输入有效邮箱");
    expect(asked.cookies.some((c) => c.startsWith("settle="))).toBe(false);

    const onward = await request("/settle/pay-confirm/G1001", { ...form({ sku_no: skuNo, email: "buyer@example.com" }), cookie: LOGGED_IN });
    expect(onward.status).toBe(302);
    expect(onward.headers.get("Location")).toBe("/settle/pay");
    expect(onward.cookies.some((c) => c.startsWith("settle="))).toBe(true);
  });

  it("the 保存到我的账户 box React will not keep is not drawn where the browser runs scripts, so the page keeps its height as it hydrates", async () => {
    memberIsLoggedIn();
    api.on("GET /api/trade_bff/v2/goods/G1001", { result: GOODS_G1001 });
    api.on("GET /api/common_bll/ext/member/contact", { result: { email: "old@example.com", email_max_length: 50 } });
    const page = await request("/settle/pay-confirm/G1001", { cookie: LOGGED_IN });
    expect(page.status).toBe(200);
    const saveBox = /<label[^>]*data-testid="save-email"[^>]*>/.exec(page.text)?.[0] ?? "";
    // there for a browser without scripts, which cannot show it as the shopper types
    expect(saveBox).toMatch(/^<label/);
    expect(saveBox).toContain("[@media(scripting:enabled)]:hidden");
  });

  it("a settlement whose coupon no longer goes is said over 确认订单, not a silent way back", async () => {
    memberIsLoggedIn();
    api.on("GET /api/trade_bff/v2/goods/G1001", { result: GOODS_G1001 });
    api.on("POST /api/trade_bff/v1/order/cart/output", { result: { list: [{ title: "应付金额", currency: "CNY", currency_symbol: "￥", price: 22800 }] } });
    const onward = await request("/settle/pay-confirm/G1001", { ...form({ sku_no: "G1001-S01", email: "buyer@example.com" }), cookie: LOGGED_IN });
    const settle = onward.cookies.map((c) => c.split(";")[0]).join("; ");
    // meanwhile another order took the coupon
    api.on("POST /api/trade_bff/v1/order/cart/output", { status: 409, errorMsg: "优惠券已被其他订单占用" });
    const pay = await request("/settle/pay", { cookie: `${LOGGED_IN}; ${settle}` });
    expect(pay.status).toBe(302);
    expect(pay.headers.get("Location")).toBe("/settle/pay-confirm/G1001?sku=G1001-S01");
    expect(flashOf(pay.cookies)).toEqual({ type: "error", message: "优惠券已被其他订单占用" });
  });

  it("no SKU is a 400 请选择商品规格, and an unknown goods page a 404", async () => {
    memberIsLoggedIn();
    const noSku = await request("/settle/pay-confirm/G1001", { ...form({ email: "a@example.com" }), cookie: LOGGED_IN });
    expect(noSku.status).toBe(400);
    expect(noSku.text).toContain("请选择商品规格");
    api.on("GET /api/trade_bff/v2/goods/G9999", { status: 404, errorMsg: "商品不存在" });
    const missing = await request("/settle/pay-confirm/G9999", { cookie: LOGGED_IN });
    expect(missing.status).toBe(404);
    expect(missing.text).toContain("暂无商品");
  });
});

describe("the auth guard of member pages (spec/01 §4)", () => {
  it("a login the services no longer accept is cleared, and the modal opens with their message", async () => {
    api.on("GET /api/common_bll/v1/member/auth_check", { status: 401, errorCode: 401, errorMsg: "登录已失效，请重新登录" });
    const page = await request("/order/list?status=WAIT_PAY", { cookie: LOGGED_IN });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/?login=captcha&redirectTo=%2Forder%2Flist%3Fstatus%3DWAIT_PAY");
    expect(page.cookies.some((c) => /^login_credential=;.*Max-Age=0/.test(c))).toBe(true);
    expect(flashOf(page.cookies)).toEqual({ type: "error", message: "登录已失效，请重新登录" });
    // the guard asked auth_check, not the user info
    expect(api.calls.map((c) => c.path)).toContain("/api/common_bll/v1/member/auth_check");
  });

  it("without a login the modal opens and nothing is asked of the services", async () => {
    const page = await request("/coupon");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/\?login=captcha&redirectTo=%2Fcoupon$/);
    expect(flashOf(page.cookies)).toBeNull();
    expect(api.calls.filter((c) => c.path.includes("auth_check"))).toEqual([]);
  });
});

describe("the order pages", () => {
  it("closing an order says 关闭订单成功 and drops ?close= from the address", async () => {
    memberIsLoggedIn();
    api.on("POST /api/trade_bff/v1/order/close/TT20261124000001", { result: {} });
    const answer = await request("/order/list?status=WAIT_PAY&close=TT20261124000001", {
      ...form({ intent: "close", order_no: "TT20261124000001" }),
      cookie: LOGGED_IN,
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/order/list?status=WAIT_PAY");
    expect(flashOf(answer.cookies)).toEqual({ type: "success", message: "关闭订单成功" });
  });

  it("an order that is not the member's is 404 订单不存在", async () => {
    memberIsLoggedIn();
    api.on("GET /api/trade_bff/v2/order/TT20261124000002", { status: 404, errorMsg: "订单不存在" });
    const page = await request("/order/detail/TT20261124000002", { cookie: LOGGED_IN });
    expect(page.status).toBe(404);
    expect(page.text).toContain("订单不存在");
  });

  it("against a backend without the extensions (no platform, no code_kind) a Steam code gets no 一键激活, and the receipt still works", async () => {
    memberIsLoggedIn();
    const detail = {
      order: { order_no: "TT20261124000004", status: "SEND_SUCCESS", pay_price: 9900, goods_amount: 9900, pay_at: 1795000000000, created_at: 1795000000000 },
      goods: [{ goods_no: "G1001", goods_name: "黑神话：悟空" }],
      performance_list: [
        { title: "兑换码", value: "AAAAA-BBBBB-CCCCC", copy: true, url: { title: "兑换地址", value: "https://store.steampowered.com/account/registerkey" } },
      ],
    };
    api.on("GET /api/trade_bff/v2/order/TT20261124000004", { result: detail });
    const page = await request("/order/detail/TT20261124000004", { cookie: LOGGED_IN });
    expect(page.status).toBe(200);
    expect(page.text).toContain("AAAAA-BBBBB-CCCCC");
    expect(page.text).not.toContain("一键激活");
    expect(page.text).toContain('href="/order/receipt/TT20261124000004"');
    const receipt = await request("/order/receipt/TT20261124000004", { cookie: LOGGED_IN });
    expect(receipt.status).toBe(200);
    expect(receipt.text).toContain("已发放 1/1 个兑换码");
    expect(receipt.text).not.toContain("AAAAA-BBBBB-CCCCC");
  });

  it("against a backend without refund_list or pay_expire_at, a refund says the order's notice and an unpaid order its minutes left", async () => {
    memberIsLoggedIn();
    const refunded = {
      order: {
        order_no: "TT20261124000005",
        status: "ALL_REFUND",
        pay_price: 9900,
        pay_at: 1795000000000,
        created_at: 1795000000000,
        notice: "兑换失败，已全额退款至原支付账户",
      },
      goods: [{ goods_no: "G1001", goods_name: "黑神话：悟空" }],
      performance_list: [{ title: "兑换码", value: "AAAAA-BBBBB-CCCCC", copy: true, url: { title: "", value: "" } }],
    };
    api.on("GET /api/trade_bff/v2/order/TT20261124000005", { result: refunded });
    const page = await request("/order/detail/TT20261124000005", { cookie: LOGGED_IN });
    expect(page.status).toBe(200);
    expect(page.text).toContain("兑换失败，已全额退款至原支付账户");
    expect(page.text).toContain("已退款·已失效");
    const receipt = await request("/order/receipt/TT20261124000005", { cookie: LOGGED_IN });
    expect(receipt.text).toContain("兑换失败，已全额退款至原支付账户");

    const unpaid = {
      order: { order_no: "TT20261124000006", status: "WAIT_PAY", pay_price: 9900, pay_at: null, created_at: Date.now(), remain_minutes: 12, pay_way: "WX" },
      goods: [{ goods_no: "G1001", goods_name: "黑神话：悟空" }],
      performance_list: [{ title: "兑换码", value: "", copy: false, url: { title: "", value: "" } }],
    };
    api.on("GET /api/trade_bff/v2/order/TT20261124000006", { result: unpaid });
    const open = await request("/order/detail/TT20261124000006", { cookie: LOGGED_IN });
    expect(open.status).toBe(200);
    // React separates text parts with empty comments
    const text = open.text.replaceAll("<!-- -->", "");
    expect(text).toMatch(/待付 <span[^>]*>￥99\.00/);
    expect(text).toMatch(/请在 \d\d:\d\d 前完成支付（剩余 12 分钟）/);
  });

  it("the pay page's status poll answers the order's status, or why it cannot", async () => {
    api.on("GET /api/trade_bff/v1/order/status/TT20261124000003", { result: { order_no: "TT20261124000003", order_status: "PAY_SUCCESS", remain_minutes: 0 } });
    const paid = await request("/settle/pay-status/TT20261124000003.data", { cookie: LOGGED_IN });
    expect(paid.status).toBe(200);
    expect(paid.text).toContain("PAY_SUCCESS");
    api.on("GET /api/trade_bff/v1/order/status/TT20261124000003", { status: 401, errorCode: 401, errorMsg: "请先登录" });
    const expired = await request("/settle/pay-status/TT20261124000003.data", { cookie: LOGGED_IN });
    expect(expired.text).toContain("请先登录");
  });
});

describe("a login the services no longer accept (401) is forgotten on every path (spec/01 §4)", () => {
  const EXPIRED = { status: 401, errorCode: 401, errorMsg: "登录已失效，请重新登录" };
  const cleared = (cookies: string[]) => cookies.filter((c) => /^login_credential=;.*Max-Age=0/.test(c));

  it("a page visitors may see shows the visitor's page, with the cookie cleared", async () => {
    api.on("GET /api/common_bll/v1/member/login_status", EXPIRED);
    const page = await request("/protocols/privacy", { cookie: LOGGED_IN });
    expect(page.status).toBe(200);
    expect(cleared(page.cookies)).toHaveLength(1);
  });

  it("creating an order sends to log in with the services' message, with the cookie cleared", async () => {
    memberIsLoggedIn();
    api.on("GET /api/trade_bff/v2/goods/G1001", { result: GOODS_G1001 });
    const confirmed = await request("/settle/pay-confirm/G1001", { ...form({ sku_no: "G1001-S01", email: "buyer@example.com" }), cookie: LOGGED_IN });
    const settle = confirmed.cookies.find((c) => c.startsWith("settle="))!.split(";")[0];
    api.on("POST /api/trade_bff/v1/order", EXPIRED);
    const answer = await request("/settle/pay", { ...form({ pay_way: "TCTP", request_id: "req-0123456789" }), cookie: `${LOGGED_IN}; ${settle}` });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/?login=captcha&redirectTo=%2Fsettle%2Fpay");
    expect(cleared(answer.cookies)).toHaveLength(1);
    expect(flashOf(answer.cookies)).toEqual({ type: "error", message: "登录已失效，请重新登录" });
  });

  it("the pay page's status poll says so, with the cookie cleared", async () => {
    api.on("GET /api/trade_bff/v1/order/status/TT20261124000003", EXPIRED);
    const answer = await request("/settle/pay-status/TT20261124000003.data", { cookie: LOGGED_IN });
    expect(answer.text).toContain("登录已失效");
    expect(cleared(answer.cookies)).toHaveLength(1);
  });
});

describe("the search box's suggestions", () => {
  it("reach the box's fetcher (single fetch's .data) with the route's own caching", async () => {
    const answer = await request("/resources/search-suggest.data?keyword=steam&_routes=routes/resources.search-suggest");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("private, max-age=60");
    expect(answer.text).toContain('"keyword","steam"');
  });
});
