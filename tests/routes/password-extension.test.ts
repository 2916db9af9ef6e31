// 设置密码 / 忘记密码 is an optional extension of the contract (issue 25, docs/api.md): against a
// backend that answers 404 for GET member/password/rules the storefront hides 忘记密码 and
// 设置密码 and works as before; against one that has it, the entries show and the action posts
// member/action/set_password.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeTradeApi, flashOf, form, LOGGED_IN, MEMBER, startStorefront, type StorefrontRequest, TEXT_CAPTCHA } from "./storefront";

const RULES = "GET /api/common_bll/v1/member/password/rules";

let api: FakeTradeApi;
let request: StorefrontRequest;

beforeAll(async () => {
  ({ api, request } = await startStorefront());
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on("GET /api/common_bll/v1/geetest4/load", { result: TEXT_CAPTCHA });
});

const withExtension = () => api.on(RULES, { result: { min_length: 8, max_length: 32 } });
const memberIsLoggedIn = () => api.on("GET /api/common_bll/v1/member/login_status", { result: MEMBER });

describe("a backend without the password extension (404)", () => {
  it("the password tab has no 忘记密码, and ?login=reset opens the password tab instead", async () => {
    const pwd = await request("/protocols/user?login=pwd");
    expect(pwd.status).toBe(200);
    expect(pwd.text).toContain("密码登录");
    expect(pwd.text).not.toContain("忘记密码");
    const reset = await request("/protocols/user?login=reset");
    expect(reset.text).toContain("请输入密码");
    expect(reset.text).not.toContain("设置密码");
    const page = await request("/login?login=reset");
    expect(page.status).toBe(200);
    expect(page.text).toContain("请输入密码");
    expect(page.text).not.toContain("设置密码");
  });

  it("the member menu has no 设置密码, and the member's ?login=reset opens nothing", async () => {
    memberIsLoggedIn();
    const page = await request("/coupon-collection?login=reset", { cookie: LOGGED_IN });
    expect(page.status).toBe(200);
    expect(page.text).toContain("查询我的订单");
    expect(page.text).not.toContain("设置密码");
  });
});

describe("a backend whose password extension fails for a moment (an outage, not an absence)", () => {
  for (const [name, answer] of [
    ["no envelope (a proxy's 502)", { status: 502, body: "<html>Bad Gateway</html>" }],
    ["a 5xx in the envelope", { status: 503, errorMsg: "服务繁忙" }],
  ] as const) {
    it(`${name}: the password tab keeps 忘记密码 and ?login=reset opens 重置密码`, async () => {
      api.on(RULES, answer);
      const pwd = await request("/protocols/user?login=pwd");
      expect(pwd.text).toMatch(/href="\/protocols\/user\?login=reset[^"]*"[^>]*>忘记密码</);
      const reset = await request("/protocols/user?login=reset");
      expect(reset.status).toBe(200);
      expect(reset.text).toContain(">重置密码</h2>");
      expect(reset.text).toContain("确认设置即表示您已阅读并同意");
    });
  }
});

describe("a backend with the password extension", () => {
  it("the password tab links to 忘记密码 and the member menu to 设置密码 over the same page", async () => {
    withExtension();
    const pwd = await request("/protocols/privacy?login=pwd");
    expect(pwd.text).toMatch(/href="\/protocols\/privacy\?login=reset[^"]*"[^>]*>忘记密码</);
    memberIsLoggedIn();
    const page = await request("/coupon-collection", { cookie: LOGGED_IN });
    expect(page.text).toMatch(/href="\/coupon-collection\?login=reset"[^>]*>设置密码</);
  });

  it("a member's 设置密码 has the member's number filled in", async () => {
    withExtension();
    memberIsLoggedIn();
    const page = await request("/protocols/user?login=reset", { cookie: LOGGED_IN });
    expect(page.text).toContain(">设置密码</h2>");
    expect(page.text).toMatch(/value="13800000007"/);
  });

  it("set-password posts the code and the new password; the new login replaces the cookie", async () => {
    withExtension();
    api.on("POST /api/common_bll/v1/member/action/set_password", { result: { ...MEMBER, login_credential: "new-credential-0123456789" } });
    const answer = await request(
      "/login?login=reset",
      form({ intent: "set-password", region: "+86", phone: "13800000007", sms_code: "123456", new_password: "n3w-passw0rd", redirectTo: "/coupon" }),
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/coupon");
    expect(api.calls.find((c) => c.path.endsWith("/set_password"))?.body).toEqual({ mobile: "+86-13800000007", sms_code: "123456", password: "n3w-passw0rd" });
    expect(answer.cookies.some((c) => c.startsWith("login_credential=new-credential-0123456789"))).toBe(true);
    expect(flashOf(answer.cookies)).toEqual({ type: "success", message: "密码已设置，其他设备上的登录已退出" });
  });

  it("a password that breaks a rule is a 400 with the rule's message, and nothing is asked of the services", async () => {
    withExtension();
    const answer = await request(
      "/login?login=reset",
      form({ intent: "set-password", region: "+86", phone: "13800000007", sms_code: "123456", new_password: "13800000007" }),
    );
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("密码不能是手机号");
    expect(api.calls.filter((c) => c.path.endsWith("/set_password"))).toEqual([]);
  });
});

describe("the wording of the password panel (shopper trial 11b)", () => {
  it("a member with a password reads 修改密码 in the menu and on the panel, with no login consent", async () => {
    withExtension();
    api.on("GET /api/common_bll/v1/member/login_status", { result: { ...MEMBER, has_password: true } });
    const page = await request("/coupon-collection", { cookie: LOGGED_IN });
    expect(page.text).toMatch(/href="\/coupon-collection\?login=reset"[^>]*>修改密码</);
    const panel = await request("/protocols/user?login=reset", { cookie: LOGGED_IN });
    expect(panel.text).toContain(">修改密码</h2>");
    expect(panel.text).not.toContain("即表示您已阅读并同意");
  });

  it("a member without one (or a backend that does not say) reads 设置密码", async () => {
    withExtension();
    api.on("GET /api/common_bll/v1/member/login_status", { result: { ...MEMBER, has_password: false } });
    const page = await request("/coupon-collection", { cookie: LOGGED_IN });
    expect(page.text).toMatch(/>设置密码</);
    expect(page.text).not.toContain("修改密码");
  });

  it("a visitor's 忘记密码 opens 重置密码, whose consent names its own button", async () => {
    withExtension();
    const panel = await request("/protocols/user?login=reset");
    expect(panel.text).toContain(">重置密码</h2>");
    expect(panel.text).not.toContain(">设置密码</h2>");
    expect(panel.text).not.toContain("点击登录即表示");
    expect(panel.text).toContain("确认设置即表示您已阅读并同意");
  });
});
