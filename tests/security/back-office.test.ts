// The back office's abuse cases (issue 39, decision 053): unreachable on the shop's port and through
// the shipped nginx config; a shopper's session is not an operator's; forms without the session's
// CSRF token or from another site are refused; brute force on the login locks the account; a huge
// or binary import file is refused with a Chinese message and changes nothing; lists never show a
// code in full. The real server process with ADMIN_PORT set, on its own seeded database.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cdkeys } from "../../db/schema";
import { totpCode } from "../../server/trade/domain/totp";
import { withStore } from "../bench/data";
import { rawRequest } from "../support/raw-http";
import { forgedPosts, OPERATOR_PASSWORD, startBackOffice, type BackOffice } from "./back-office-session";
import type { Shop } from "./shop";

let office: BackOffice;
let shop: Shop;
let admin: string;

beforeAll(async () => {
  office = await startBackOffice("op");
  ({ shop, admin } = office);
}, 120_000);
afterAll(() => shop?.close());

const codeCount = () => withStore(shop.dbFile, (store) => store.db.select().from(cdkeys).all().length);

function importForm(csrf: string | null, file: Blob | null, text = "") {
  const form = new FormData();
  if (csrf !== null) form.set("csrf", csrf);
  form.set("intent", "import");
  form.set("sku", "");
  form.set("text", text);
  if (file) form.set("file", file, "codes.txt");
  return form;
}

describe("where the back office answers", () => {
  it("is not on the shop's port: every back-office path is 404 there, GET and POST", async () => {
    for (const path of ["/admin", "/admin/", "/admin/login", "/admin/codes", "/admin/audit", "/ADMIN/login", "/admin.data", "/admin/codes.data"]) {
      expect((await fetch(`${shop.url}${path}`, { redirect: "manual" })).status, path).toBe(404);
    }
    const post = await fetch(`${shop.url}/admin/login`, {
      method: "POST",
      headers: { Origin: shop.url },
      body: new URLSearchParams({ name: "x" }),
      redirect: "manual",
    });
    expect(post.status).toBe(404);
    // its own port answers
    expect((await fetch(`${admin}/admin/login`)).status).toBe(200);
  });

  it("takes GET, HEAD and POST only: another method is a 405 in Chinese before any page runs (TRACE was a 500)", async () => {
    for (const method of ["TRACE", "PUT", "DELETE", "OPTIONS"]) {
      for (const path of ["/admin", "/admin/login", "/admin/orders"]) {
        const answer = await rawRequest(admin, method, path);
        expect([method, path, answer.status]).toEqual([method, path, 405]);
        expect(answer.body).toContain("<h1>无法完成该操作</h1>");
      }
    }
  });

  it("is not routed by the shipped nginx config, which ends its paths itself", () => {
    const conf = readFileSync("deploy/nginx/shop.conf", "utf8");
    expect(conf).toMatch(/location ~\* \^\/admin\(\\\.data\|\/\|\$\) \{\s*return 404;\s*\}/);
    // the refusal comes before `location /` would hand the path to a storefront (regex locations win over a prefix one)
    const upstreamPorts = [...conf.matchAll(/^\s*server 127\.0\.0\.1:(\d+);/gm)].map((m) => m[1]);
    expect(upstreamPorts.length).toBeGreaterThan(0);
    // no directive but that refusal names the back office (comments aside)
    const directives = conf.split("\n").filter((line) => !/^\s*#/.test(line) && /admin/i.test(line));
    expect(directives).toEqual(["    location ~* ^/admin(\\.data|/|$) {"]);
  });
});

describe("who may use it", () => {
  it("refuses a shopper's session: the member's cookie, or its credential as the operator cookie", async () => {
    const shopper = shop.memberCookie(1);
    const credential = /login_credential=([^;]+)/.exec(shopper)![1]!;
    for (const cookie of [shopper, `tts_operator=${credential}`]) {
      const answer = await fetch(`${admin}/admin`, { headers: { Cookie: cookie }, redirect: "manual" });
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe("/admin/login");
    }
  });

  it("locks an operator after five failed logins, even against the right password and code", async () => {
    const { name, secret } = office.newOperator();
    const form = await office.loginForm();
    for (let i = 1; i <= 4; i++) {
      const wrong = await office.postLogin({ csrf: form.token, name, password: `guess ${i} guess ${i}`, code: "123456" }, form.cookie);
      expect(wrong.status).toBe(200);
      expect(await wrong.text()).toContain("账号、密码或动态验证码错误");
    }
    const fifth = await office.postLogin({ csrf: form.token, name, password: "guess 5 guess 5", code: "123456" }, form.cookie);
    expect(await fifth.text()).toContain("错误次数过多，账号已锁定");
    const right = await office.postLogin({ csrf: form.token, name, password: OPERATOR_PASSWORD, code: totpCode(secret, Date.now()) }, form.cookie);
    expect(right.status).toBe(200);
    expect(await right.text()).toContain("账号已锁定");
    expect(right.headers.getSetCookie().some((c) => c.startsWith("tts_operator="))).toBe(false);
  });

  it("sets an HttpOnly, SameSite=Strict operator cookie of its own", async () => {
    const { name, secret } = office.newOperator();
    const form = await office.loginForm();
    const answer = await office.postLogin({ csrf: form.token, name, password: OPERATOR_PASSWORD, code: totpCode(secret, Date.now()) }, form.cookie);
    const cookie = answer.headers.getSetCookie().find((c) => c.startsWith("tts_operator="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\//);
  });
});

describe("forms", () => {
  it("refuses a login without the form's token", async () => {
    const { name, secret } = office.newOperator();
    const answer = await office.postLogin({ name, password: OPERATOR_PASSWORD, code: totpCode(secret, Date.now()) }, "");
    expect(answer.status).toBe(403);
    expect(answer.headers.getSetCookie().some((c) => c.startsWith("tts_operator="))).toBe(false);
  });

  it("refuses an import without the session's CSRF token, with another's, or from another site, and imports nothing", async () => {
    const { cookie, csrf } = await office.signIn("/admin/codes");
    const before = codeCount();
    const text = "S10001,CSRFTEST-0001";
    for (const [token, headers] of forgedPosts(csrf)) {
      expect((await office.post("/admin/codes", cookie, importForm(token, null, text), headers)).status).toBe(403);
    }
    expect(codeCount()).toBe(before);
  });
});

describe("import files", () => {
  it("refuses a huge file before reading it, in Chinese, and imports nothing", async () => {
    const { cookie, csrf } = await office.signIn("/admin/codes");
    const before = codeCount();
    const huge = new Blob([Buffer.alloc(3 * 1024 * 1024, "A")]);
    const answer = await fetch(`${admin}/admin/codes`, { method: "POST", headers: { Cookie: cookie }, body: importForm(csrf, huge) });
    expect(answer.status).toBe(413);
    expect(await answer.text()).toContain("文件过大");
    expect(codeCount()).toBe(before);
  });

  it("refuses a binary file in Chinese and imports nothing", async () => {
    const { cookie, csrf } = await office.signIn("/admin/codes");
    const before = codeCount();
    const binary = new Blob([Buffer.from("S10001,GOODCODE-0001\n\u0000\u0001\u0002PK\u0003\u0004", "latin1")]);
    const answer = await fetch(`${admin}/admin/codes`, { method: "POST", headers: { Cookie: cookie }, body: importForm(csrf, binary) });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("不是文本文件");
    expect(codeCount()).toBe(before);
  });
});

describe("lists", () => {
  it("never show a code in full", async () => {
    const { cookie } = await office.signIn("/admin/codes");
    const codes = withStore(shop.dbFile, (store) =>
      store.db
        .select({ code: cdkeys.code })
        .from(cdkeys)
        .all()
        .map((c) => c.code),
    );
    expect(codes.length).toBeGreaterThan(0);
    for (const path of ["/admin", "/admin/codes", "/admin/audit"]) {
      const page = await (await fetch(`${admin}${path}`, { headers: { Cookie: cookie } })).text();
      expect(page).toContain("TTS游戏商城 · 后台");
      for (const code of codes) expect(page, `${path} shows ${code}`).not.toContain(code);
    }
  });
});
