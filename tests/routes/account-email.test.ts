// 我的账户's e-mail is an optional extension of the contract (decision 058): against a backend that
// answers 404 for member/contact the page shows the mobile alone and 确认订单 no default; against one
// that has it, the e-mail is shown, kept through the extension's call, and a wrong one changes nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeTradeApi, flashOf, form, LOGGED_IN, answerAsLoggedIn, startStorefront, type StorefrontRequest } from "./storefront";

const CONTACT = "/api/common_bll/ext/member/contact";

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

describe("a backend without the contact extension (404)", () => {
  it("我的账户 shows the masked mobile and no e-mail field", async () => {
    const page = await request("/account", { cookie: LOGGED_IN });
    expect(page.status).toBe(200);
    expect(page.text).toContain("我的账户");
    expect(page.text).toContain("138****0007");
    expect(page.text).not.toContain("保存邮箱");
  });
});

describe("a backend with the contact extension", () => {
  it("shows the account's e-mail and keeps a new one through the extension's call", async () => {
    api.on(`GET ${CONTACT}`, { result: { email: "old@example.com", email_max_length: 50 } });
    const page = await request("/account", { cookie: LOGGED_IN });
    expect(page.text).toContain("old@example.com");
    expect(page.text).toContain("删除邮箱");
    api.on(`POST ${CONTACT}/email`, { result: { email: "new@example.com" } });
    const saved = await request("/account", { cookie: LOGGED_IN, ...form({ intent: "save-email", email: " new@example.com " }) });
    expect(saved.status).toBe(302);
    expect(api.calls.find((c) => c.path === `${CONTACT}/email`)?.body).toEqual({ email: "new@example.com" });
    expect(flashOf(saved.cookies)).toEqual({ type: "success", message: "邮箱已保存" });
  });

  it("answers a wrong e-mail with 邮箱格式有误 and calls nothing", async () => {
    api.on(`GET ${CONTACT}`, { result: { email: null } });
    // a malformed one, and one far past the 50 characters an e-mail may have (it was 请求无效 past 200)
    for (const email of ["me@example", `${"a".repeat(300)}@example.com`]) {
      const answer = await request("/account", { cookie: LOGGED_IN, ...form({ intent: "save-email", email }) });
      expect(answer.status).toBe(200);
      expect(answer.text).toContain("邮箱格式有误");
    }
    expect(api.calls.some((c) => c.path === `${CONTACT}/email`)).toBe(false);
  });
});
