// Contract tests of the member services (spec/01 §4, §5, §7; spec/03 §2, §3, §4) through the
// real Express app: login status, SMS codes, both logins, logout, auth check, login cookie sync.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AddressInfo } from "node:net";
import { openStore } from "../../db/client";
import { createApp } from "../../server/app";
import { apiAt, startHarness, type Harness } from "./harness";
import { SMS_CODE } from "../../server/trade/domain/sms-code";
import {
  API,
  BAD_STRINGS,
  codeLogin,
  count,
  DEMO,
  freshAddress,
  freshMobile,
  from,
  latestCode,
  loginAs,
  MEMBER_TABLES,
  passedLot,
  pwdLogin,
  requestCode,
  sendCode,
  setCookies,
  snapshot,
  withCredential,
} from "./member-helpers";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

function expectFailure(response: { status: number; body: any }, status: number, message: string | RegExp) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body.success).toBe(false);
  expect(response.body.result.error_code).toBe(status);
  if (typeof message === "string") expect(response.body.result.error_msg).toBe(message);
  else expect(response.body.result.error_msg).toMatch(message);
}

/** A 400 whose Chinese message names the field, that changed none of the member tables. */
async function expectBadInput(send: () => Promise<{ status: number; body: any }>, field: string) {
  const before = snapshot(h);
  const response = await send();
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  expect(response.body.success).toBe(false);
  expect(response.body.result.error_code).toBe(400);
  expect(response.body.result.error_msg).toContain(field);
  expect(response.body.result.error_msg).toMatch(/[\u4e00-\u9fff]/);
  expect(snapshot(h)).toEqual(before);
}

/** Moves the clock to the next noon in Asia/Shanghai, so a test does not cross a calendar day. */
function toNextShanghaiNoon() {
  const offset = 8 * 60 * MINUTE;
  const dayStart = Math.floor((h.clock.now + offset) / DAY) * DAY - offset;
  h.clock.now = dayStart + DAY + 12 * 60 * MINUTE;
}

const userInfoShape = {
  member_id: expect.any(Number),
  member_name: expect.any(String),
  mobile: expect.any(String),
  channel_id: expect.any(String),
};

// ─── login status and auth check ─────────────────────────────────────────

describe("GET /member/login_status", () => {
  it("answers the user info of the logged-in member", async () => {
    const credential = await loginAs(h);
    const { status, body } = await h.api(`${API}/member/login_status`, { headers: withCredential(credential) });
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, result: { ...userInfoShape, mobile: DEMO.mobile, channel_id: "1", has_password: true } });
    expect(Object.keys(body.result).sort()).toEqual(["channel_id", "has_password", "member_id", "member_name", "mobile"]);
  });

  it("reads the credential from the login cookie and the channel from the Useragent header", async () => {
    const credential = await loginAs(h);
    const { status, body } = await h.api(`${API}/member/login_status`, {
      headers: { Cookie: `login_credential=${credential}`, Useragent: JSON.stringify({ channel_id: "42" }) },
    });
    expect(status).toBe(200);
    expect(body.result).toMatchObject({ mobile: DEMO.mobile, channel_id: "42" });
  });

  it("answers 401 with error_code 401 when not logged in", async () => {
    expectFailure(await h.api(`${API}/member/login_status`), 401, "登录已失效，请重新登录");
  });

  it.each([
    ["an unknown credential", "not-a-real-credential"],
    ["an oversized credential", "x".repeat(4000)],
    ["an SQL fragment", "' OR 1=1 --"],
    ["an HTML fragment", "<script>alert(1)</script>"],
  ])("answers 401, never 500, for %s", async (_case, credential) => {
    const before = snapshot(h);
    expectFailure(await h.api(`${API}/member/login_status`, { headers: { "Login-Credential": credential } }), 401, "登录已失效，请重新登录");
    expectFailure(
      await h.api(`${API}/member/login_status`, { headers: { Cookie: `login_credential=${encodeURIComponent(credential)}` } }),
      401,
      "登录已失效，请重新登录",
    );
    expect(snapshot(h)).toEqual(before);
  });

  it("answers 401 for a unicode credential in the cookie", async () => {
    expectFailure(
      await h.api(`${API}/member/login_status`, { headers: { Cookie: `login_credential=${encodeURIComponent("登录凭证")}` } }),
      401,
      "登录已失效，请重新登录",
    );
  });

  it("answers 401 once the credential has expired (30 days)", async () => {
    const credential = await loginAs(h);
    const start = h.clock.now;
    h.clock.now = start + 30 * DAY + 1;
    try {
      expectFailure(await h.api(`${API}/member/login_status`, { headers: withCredential(credential) }), 401, "登录已失效，请重新登录");
    } finally {
      h.clock.now = start;
    }
  });
});

describe("GET /member/auth_check", () => {
  it("answers the member id of a valid credential", async () => {
    const credential = await loginAs(h);
    const status = await h.api(`${API}/member/login_status`, { headers: withCredential(credential) });
    const { body } = await h.api(`${API}/member/auth_check`, { headers: withCredential(credential) });
    expect(body).toEqual({ success: true, result: { member_id: status.body.result.member_id } });
  });

  it.each([
    ["no credential", {}],
    ["an unknown credential", { "Login-Credential": "nope" }],
    ["an oversized credential", { "Login-Credential": "y".repeat(2000) }],
    ["an SQL fragment", { "Login-Credential": "'; DROP TABLE members; --" }],
  ])("answers 401 with error_code 401 for %s", async (_case, headers) => {
    expectFailure(await h.api(`${API}/member/auth_check`, { headers }), 401, "登录已失效，请重新登录");
  });
});

// ─── SMS codes ───────────────────────────────────────────────────────────

describe("POST /member/sms_captcha", () => {
  it("sends a 6-digit code through the outbox, stores only its hash and consumes the captcha", async () => {
    const mobile = freshMobile();
    const address = freshAddress();
    const lot = await passedLot(h, address);
    const { status, body } = await h.api(`${API}/member/sms_captcha`, {
      method: "POST",
      headers: from(address),
      json: { mobile, sms_type: "LOGIN", lot_number: lot },
    });
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, result: {} });

    const message = h.store.sqlite.prepare("SELECT * FROM outbox_messages WHERE recipient = ? AND channel = 'SMS'").all(mobile) as any[];
    expect(message).toHaveLength(1);
    expect(message[0].body).toMatch(/^【TTS游戏商城】您的登录验证码为 \d{6}，5分钟内有效，请勿泄露给他人。$/);
    const code = latestCode(h, mobile)!;

    const rows = h.store.sqlite.prepare("SELECT * FROM sms_codes WHERE mobile = ?").all(mobile) as any[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ sms_type: "LOGIN", wrong_tries: 0, used_at: null, client_ip: address, expires_at: h.clock.now + 5 * MINUTE });
    expect(rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].code_hash).not.toContain(code);

    const lotRow = h.store.sqlite.prepare("SELECT consumed_at FROM captcha_lots WHERE lot_number = ?").get(lot) as any;
    expect(lotRow.consumed_at).toBe(h.clock.now);
  });

  it("gives every send a different random code", async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) codes.add(await sendCode(h, freshMobile()));
    expect(codes.size).toBeGreaterThan(1);
  });

  describe("requires a captcha lot validated within 2 minutes, once", () => {
    const send = (lot: unknown, mobile = freshMobile()) =>
      h.api(`${API}/member/sms_captcha`, { method: "POST", headers: from(freshAddress()), json: { mobile, sms_type: "LOGIN", lot_number: lot } });

    it("refuses a request without a lot", async () => {
      await expectBadInput(() => h.api(`${API}/member/sms_captcha`, { method: "POST", json: { mobile: freshMobile(), sms_type: "LOGIN" } }), "lot_number");
    });

    it("refuses an unknown lot", async () => {
      const before = snapshot(h);
      expectFailure(await send("0123456789abcdef0123456789abcdef"), 400, "请先完成安全验证");
      expect(snapshot(h)).toEqual(before);
    });

    it("refuses a lot that was loaded but never solved", async () => {
      const load = await h.api(`${API}/geetest4/load`);
      expectFailure(await send(load.body.result.lot_number), 400, "请先完成安全验证");
    });

    it("refuses a lot that was already used", async () => {
      const lot = await passedLot(h);
      expect((await send(lot)).status).toBe(200);
      expectFailure(await send(lot), 400, "安全验证已失效，请重新验证");
    });

    it("refuses a lot validated more than 2 minutes ago", async () => {
      const lot = await passedLot(h);
      h.clock.now += 2 * MINUTE;
      expectFailure(await send(lot), 400, "安全验证已失效，请重新验证");
    });
  });

  it("refuses a resend within 60 s with 429 and the seconds to wait, and keeps the captcha for a retry", async () => {
    const mobile = freshMobile();
    await sendCode(h, mobile);
    h.clock.now += 10 * SECOND;
    const address = freshAddress();
    const lot = await passedLot(h, address);
    const before = snapshot(h);
    const early = await h.api(`${API}/member/sms_captcha`, { method: "POST", headers: from(address), json: { mobile, sms_type: "LOGIN", lot_number: lot } });
    expectFailure(early, 429, "验证码已发送，请50秒后重试");
    expect(snapshot(h)).toEqual(before);

    h.clock.now += 50 * SECOND;
    const retry = await h.api(`${API}/member/sms_captcha`, { method: "POST", headers: from(address), json: { mobile, sms_type: "LOGIN", lot_number: lot } });
    expect(retry.status).toBe(200);
  });

  it("caps a number at 10 codes a day from one address (429)", async () => {
    toNextShanghaiNoon();
    const [mobile, address] = [freshMobile(), freshAddress()];
    for (let i = 0; i < 10; i++) {
      await sendCode(h, mobile, address);
      h.clock.now += 61 * SECOND;
    }
    const refused = await requestCode(h, mobile, address);
    expectFailure(refused, 429, "该手机号今日获取验证码次数已达上限，请明天再试");
    expect(count(h, "sms_codes", "mobile = ?", mobile)).toBe(10);

    toNextShanghaiNoon();
    expect((await requestCode(h, mobile, address)).status).toBe(200);
  });

  it("ten captcha-gated sends by a stranger do not lock the owner out of SMS login and 忘记密码 (review 2026-11c L1)", async () => {
    toNextShanghaiNoon();
    const mobile = freshMobile();
    // the review's case: ten addresses, LOGIN and SET_PASSWORD mixed, 61 s apart
    for (let i = 0; i < 10; i++) {
      await sendCode(h, mobile, freshAddress(), i % 2 ? "SET_PASSWORD" : "LOGIN");
      h.clock.now += 61 * SECOND;
    }
    const owner = freshAddress();
    const code = await sendCode(h, mobile, owner);
    expect((await codeLogin(h, mobile, code, owner)).status).toBe(200);
    h.clock.now += 61 * SECOND;
    expect((await requestCode(h, mobile, owner, "SET_PASSWORD")).status).toBe(200);
  });

  it(`caps a number at ${SMS_CODE.perNumberPerDayAll} codes a day from all addresses, except from its owner's; the owner's login lifts what came before`, async () => {
    toNextShanghaiNoon();
    const mobile = freshMobile();
    const owner = freshAddress();
    // yesterday the owner logged in from their address
    expect((await codeLogin(h, mobile, await sendCode(h, mobile, owner), owner)).status).toBe(200);
    toNextShanghaiNoon();
    const flood = async (n: number) => {
      for (let i = 0; i < n; i++) {
        await sendCode(h, mobile, freshAddress());
        h.clock.now += 61 * SECOND;
      }
    };
    await flood(SMS_CODE.perNumberPerDayAll);
    expectFailure(await requestCode(h, mobile), 429, "该手机号今日获取验证码次数已达上限，请明天再试");
    const code = await sendCode(h, mobile, owner);
    expect((await codeLogin(h, mobile, code, owner)).status).toBe(200);
    // the owner's login lifted the flood: other addresses may ask again
    h.clock.now += 61 * SECOND;
    expect((await requestCode(h, mobile)).status).toBe(200);
  });

  it("caps a client address at 20 codes an hour (429)", async () => {
    const address = freshAddress();
    for (let i = 0; i < 20; i++) await sendCode(h, freshMobile(), address);
    const refused = await requestCode(h, freshMobile(), address);
    expectFailure(refused, 429, /^当前网络获取验证码过于频繁，请\d+分钟后再试$/);
    // another address is not affected
    expect((await requestCode(h, freshMobile())).status).toBe(200);
    h.clock.now += 61 * MINUTE;
    expect((await requestCode(h, freshMobile(), address)).status).toBe(200);
  });

  describe("bad input: 400 naming the field, nothing changed", () => {
    const post = (body: unknown) => () => h.api(`${API}/member/sms_captcha`, { method: "POST", headers: from(freshAddress()), json: body });

    it.each(BAD_STRINGS)("mobile %s", async (_case, value) => {
      const lot = await passedLot(h);
      await expectBadInput(post({ mobile: value, sms_type: "LOGIN", lot_number: lot }), "mobile");
    });

    it.each([
      ["6 digits", "+86-123456"],
      ["12 digits", "+86-123456789012"],
      ["no region code", "13800138000"],
      ["a 5-digit region code", "+12345-13800138000"],
      ["a space", "+86 13800138000"],
    ])("mobile with %s", async (_case, value) => {
      const lot = await passedLot(h);
      await expectBadInput(post({ mobile: value, sms_type: "LOGIN", lot_number: lot }), "mobile");
    });

    it.each([
      ["missing", undefined],
      ["lower case", "login"],
      ["an unknown type", "REGISTER"],
      ["a number", 1],
      ["HTML", "<b>LOGIN</b>"],
    ])("sms_type %s", async (_case, value) => {
      const lot = await passedLot(h);
      await expectBadInput(post({ mobile: freshMobile(), sms_type: value, lot_number: lot }), "sms_type");
    });

    it.each([
      ["null", null],
      ["a number", 12345],
      ["empty", ""],
      ["oversized", "a".repeat(65)],
      ["HTML", "<img src=x onerror=alert(1)>"],
      ["SQL", "x' OR '1'='1"],
      ["unicode", "批次号"],
    ])("lot_number %s", async (_case, value) => {
      await expectBadInput(post({ mobile: freshMobile(), sms_type: "LOGIN", lot_number: value }), "lot_number");
    });

    it("a body that is not an object", async () => {
      await expectBadInput(post(["+86-13800138000"]), "请求体");
    });
  });
});

// ─── SMS-code login ──────────────────────────────────────────────────────

describe("POST /member/action/captcha_login", () => {
  it("logs in with the code from the SMS and sets the login cookie", async () => {
    h.clock.now += 61 * SECOND;
    const code = await sendCode(h, DEMO.mobile);
    const response = await codeLogin(h, DEMO.mobile, code);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({
      success: true,
      result: { ...userInfoShape, mobile: DEMO.mobile, channel_id: "1", has_password: true, login_credential: expect.any(String) },
    });
    const credential = response.body.result.login_credential as string;
    expect(credential.length).toBeGreaterThanOrEqual(22);

    const cookie = setCookies(response.headers).find((c) => c.startsWith("login_credential="))!;
    expect(cookie).toContain(`login_credential=${credential}`);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Max-Age=2592000/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/; Secure/);

    // only the hash of the credential is stored
    expect(count(h, "credentials", "token_hash = ?", credential)).toBe(0);
    const status = await h.api(`${API}/member/login_status`, { headers: { Cookie: `login_credential=${credential}` } });
    expect(status.body.result.mobile).toBe(DEMO.mobile);
    // the code is single use
    expectFailure(await codeLogin(h, DEMO.mobile, code), 400, "验证码错误或已失效");
  });

  it("marks the login cookie Secure under https", async () => {
    const mobile = freshMobile();
    const code = await sendCode(h, mobile);
    const response = await h.api(`${API}/member/action/captcha_login`, {
      method: "POST",
      headers: from(freshAddress(), { "X-Forwarded-Proto": "https" }),
      json: { mobile, sms_code: code },
    });
    expect(response.status).toBe(200);
    expect(setCookies(response.headers).find((c) => c.startsWith("login_credential="))).toMatch(/; Secure/);
  });

  it("creates an account for an unknown number, once", async () => {
    const mobile = "+852-91234567";
    expect(count(h, "members", "mobile = ?", mobile)).toBe(0);
    const first = await codeLogin(h, mobile, await sendCode(h, mobile));
    expect(first.status).toBe(200);
    expect(first.body.result).toMatchObject({ mobile, member_name: "玩家4567" });
    const row = h.store.sqlite.prepare("SELECT * FROM members WHERE mobile = ?").get(mobile) as any;
    expect(row).toMatchObject({ member_id: first.body.result.member_id, member_name: "玩家4567", password_hash: null });

    h.clock.now += 61 * SECOND;
    const second = await codeLogin(h, mobile, await sendCode(h, mobile));
    expect(second.body.result.member_id).toBe(first.body.result.member_id);
    expect(count(h, "members", "mobile = ?", mobile)).toBe(1);
  });

  it("refuses a wrong code with 400 and counts the try", async () => {
    const mobile = freshMobile();
    const code = await sendCode(h, mobile);
    const wrong = code === "000000" ? "000001" : "000000";
    const credentials = count(h, "credentials");
    expectFailure(await codeLogin(h, mobile, wrong), 400, "验证码错误或已失效");
    expect((h.store.sqlite.prepare("SELECT wrong_tries FROM sms_codes WHERE mobile = ?").get(mobile) as any).wrong_tries).toBe(1);
    expect(count(h, "credentials")).toBe(credentials);
    expect(count(h, "members", "mobile = ?", mobile)).toBe(0);
    expect((await codeLogin(h, mobile, code)).status).toBe(200);
  });

  it("invalidates the code on the 5th wrong try", async () => {
    const mobile = freshMobile();
    const code = await sendCode(h, mobile);
    const wrong = code === "999999" ? "999998" : "999999";
    for (let i = 0; i < 4; i++) expectFailure(await codeLogin(h, mobile, wrong), 400, "验证码错误或已失效");
    expectFailure(await codeLogin(h, mobile, wrong), 400, "验证码错误或已失效");
    expectFailure(await codeLogin(h, mobile, code), 400, "验证码错误或已失效");
    expect(count(h, "members", "mobile = ?", mobile)).toBe(0);

    h.clock.now += 61 * SECOND;
    const fresh = await sendCode(h, mobile);
    expect((await codeLogin(h, mobile, fresh)).status).toBe(200);
  });

  it("refuses an expired code (5 minutes)", async () => {
    const mobile = freshMobile();
    const code = await sendCode(h, mobile);
    h.clock.now += 5 * MINUTE;
    expectFailure(await codeLogin(h, mobile, code), 400, "验证码错误或已失效");
  });

  it("accepts a code until its last moment", async () => {
    const mobile = freshMobile();
    const code = await sendCode(h, mobile);
    h.clock.now += 5 * MINUTE - 1;
    expect((await codeLogin(h, mobile, code)).status).toBe(200);
  });

  it("refuses a login when no code was sent, recording only the failed try of the address", async () => {
    const tables = MEMBER_TABLES.filter((table) => table !== "login_attempts");
    const before = snapshot(h, tables);
    const attempts = count(h, "login_attempts");
    const [mobile, address] = [freshMobile(), freshAddress()];
    expectFailure(await codeLogin(h, mobile, "123456", address), 400, "验证码错误或已失效");
    expect(snapshot(h, tables)).toEqual(before);
    expect(count(h, "login_attempts")).toBe(attempts + 1);
    expect(count(h, "login_attempts", "mobile = ? AND client_ip = ? AND method = 'sms_code' AND success = 0", mobile, address)).toBe(1);
  });

  it("accepts only the latest code sent to a number", async () => {
    const mobile = freshMobile();
    const first = await sendCode(h, mobile);
    h.clock.now += 61 * SECOND;
    const second = await sendCode(h, mobile);
    if (first !== second) expectFailure(await codeLogin(h, mobile, first), 400, "验证码错误或已失效");
    expect((await codeLogin(h, mobile, second)).status).toBe(200);
  });

  it("limits failed code logins per client address (429)", async () => {
    const address = freshAddress();
    for (let i = 0; i < 20; i++) expectFailure(await codeLogin(h, freshMobile(), "123456", address), 400, "验证码错误或已失效");
    expectFailure(await codeLogin(h, freshMobile(), "123456", address), 429, /^登录失败次数过多，请\d+分钟后再试$/);
    // the right code from another address still works
    const mobile = freshMobile();
    expect((await codeLogin(h, mobile, await sendCode(h, mobile))).status).toBe(200);
    h.clock.now += 15 * MINUTE;
    expectFailure(await codeLogin(h, freshMobile(), "123456", address), 400, "验证码错误或已失效");
  });

  it("counts failed codes in the database: the limit holds across processes (workers, machines) sharing it", async () => {
    // a second app on the same database file, as a second worker of the cluster is
    const store = openStore(h.deps.config.dbFile);
    const server = createApp({ ...h.deps, store }).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const other: Harness = { ...h, url, api: apiAt(url) };
    try {
      const address = freshAddress();
      for (let i = 0; i < 10; i++) {
        expectFailure(await codeLogin(h, freshMobile(), "123456", address), 400, "验证码错误或已失效");
        expectFailure(await codeLogin(other, freshMobile(), "123456", address), 400, "验证码错误或已失效");
      }
      expectFailure(await codeLogin(h, freshMobile(), "123456", address), 429, /^登录失败次数过多/);
      expectFailure(await codeLogin(other, freshMobile(), "123456", address), 429, /^登录失败次数过多/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      store.close();
    }
  });

  describe("bad input: 400 naming the field, nothing changed", () => {
    const post = (body: unknown) => () => h.api(`${API}/member/action/captcha_login`, { method: "POST", headers: from(freshAddress()), json: body });

    it.each(BAD_STRINGS)("mobile %s", async (_case, value) => {
      await expectBadInput(post({ mobile: value, sms_code: "123456" }), "mobile");
    });

    it.each([...BAD_STRINGS, ["5 digits", "12345"], ["7 digits", "1234567"], ["a letter", "12345a"], ["full-width digits", "１２３４５６"]] as [
      string,
      unknown,
    ][])("sms_code %s", async (_case, value) => {
      const mobile = freshMobile();
      await sendCode(h, mobile);
      await expectBadInput(post({ mobile, sms_code: value }), "sms_code");
    });

    it("does not count a malformed code as a try", async () => {
      const mobile = freshMobile();
      const code = await sendCode(h, mobile);
      for (let i = 0; i < 6; i++) expect((await codeLogin(h, mobile, "12345")).status).toBe(400);
      expect((await codeLogin(h, mobile, code)).status).toBe(200);
    });
  });
});

// ─── password login ──────────────────────────────────────────────────────

describe("POST /member/action/pwd_login", () => {
  it("logs in with the demo password, records the attempt and sets the login cookie", async () => {
    const address = freshAddress();
    const lot = await passedLot(h, address);
    const response = await h.api(`${API}/member/action/pwd_login`, {
      method: "POST",
      headers: from(address),
      json: { username: DEMO.mobile, password: DEMO.password, csrf: "fixed-csrf-string", lot_number: lot },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({
      success: true,
      result: { ...userInfoShape, mobile: DEMO.mobile, channel_id: "1", has_password: true, login_credential: expect.any(String) },
    });
    expect(setCookies(response.headers).find((c) => c.startsWith("login_credential="))).toContain(response.body.result.login_credential);
    expect(h.store.sqlite.prepare("SELECT success, client_ip, created_at FROM login_attempts WHERE client_ip = ?").all(address)).toEqual([
      { success: 1, client_ip: address, created_at: h.clock.now },
    ]);
    expect((h.store.sqlite.prepare("SELECT consumed_at FROM captcha_lots WHERE lot_number = ?").get(lot) as any).consumed_at).toBe(h.clock.now);
  });

  it("accepts a request without the compatibility csrf field", async () => {
    const lot = await passedLot(h);
    const response = await h.api(`${API}/member/action/pwd_login`, {
      method: "POST",
      json: { username: DEMO.mobile, password: DEMO.password, lot_number: lot },
    });
    expect(response.status).toBe(200);
  });

  it("refuses a wrong password with 400 and records the attempt", async () => {
    const address = freshAddress();
    expectFailure(await pwdLogin(h, DEMO.mobile, "wrong-password", address), 400, "账号或密码错误");
    expect(h.store.sqlite.prepare("SELECT mobile, success FROM login_attempts WHERE client_ip = ?").all(address)).toEqual([
      { mobile: DEMO.mobile, success: 0 },
    ]);
  });

  it("answers an unknown account exactly like a wrong password, and creates no account", async () => {
    const address = freshAddress();
    const mobile = freshMobile();
    expectFailure(await pwdLogin(h, mobile, DEMO.password, address), 400, "账号或密码错误");
    expect(count(h, "members", "mobile = ?", mobile)).toBe(0);
    expect(count(h, "login_attempts", "mobile = ? AND client_ip = ? AND success = 0", mobile, address)).toBe(1);
  });

  it("refuses a password for an account made by SMS login, which has none", async () => {
    const mobile = freshMobile();
    expect((await codeLogin(h, mobile, await sendCode(h, mobile))).status).toBe(200);
    expectFailure(await pwdLogin(h, mobile, "any-password"), 400, "账号或密码错误");
  });

  describe("requires a captcha lot validated within 2 minutes, once", () => {
    const post = (lot: unknown) =>
      h.api(`${API}/member/action/pwd_login`, {
        method: "POST",
        headers: from(freshAddress()),
        json: { username: DEMO.mobile, password: DEMO.password, csrf: "x", lot_number: lot },
      });

    it("refuses a request without a lot", async () => {
      await expectBadInput(
        () => h.api(`${API}/member/action/pwd_login`, { method: "POST", json: { username: DEMO.mobile, password: DEMO.password, csrf: "x" } }),
        "lot_number",
      );
    });

    it("refuses an unknown or unsolved lot without recording an attempt", async () => {
      const before = snapshot(h);
      expectFailure(await post("ffffffffffffffffffffffffffffffff"), 400, "请先完成安全验证");
      expect(snapshot(h)).toEqual(before);
      const load = await h.api(`${API}/geetest4/load`);
      expectFailure(await post(load.body.result.lot_number), 400, "请先完成安全验证");
    });

    it("refuses a lot that was already used, even by a failed login", async () => {
      const lot = await passedLot(h);
      const failed = await h.api(`${API}/member/action/pwd_login`, {
        method: "POST",
        headers: from(freshAddress()),
        json: { username: DEMO.mobile, password: "nope", lot_number: lot },
      });
      expectFailure(failed, 400, "账号或密码错误");
      expectFailure(await post(lot), 400, "安全验证已失效，请重新验证");
    });

    it("refuses a lot validated more than 2 minutes ago", async () => {
      const lot = await passedLot(h);
      h.clock.now += 2 * MINUTE + 1;
      expectFailure(await post(lot), 400, "安全验证已失效，请重新验证");
    });
  });

  it("locks the account for 15 minutes after 5 failures in 15 minutes (429)", async () => {
    const mobile = DEMO.other;
    for (let i = 0; i < 4; i++) {
      expectFailure(await pwdLogin(h, mobile, `wrong-${i}`), 400, "账号或密码错误");
      h.clock.now += MINUTE;
    }
    expectFailure(await pwdLogin(h, mobile, "wrong-4"), 429, "密码错误次数过多，账号已锁定，请15分钟后再试");
    const lockedAt = h.clock.now;
    expect((h.store.sqlite.prepare("SELECT locked_until FROM members WHERE mobile = ?").get(mobile) as any).locked_until).toBe(lockedAt + 15 * MINUTE);

    // even the right password is refused during the lock
    h.clock.now += 14 * MINUTE;
    expectFailure(await pwdLogin(h, mobile, DEMO.password), 429, "密码错误次数过多，账号已锁定，请15分钟后再试");
    // SMS login still works: the lock is on the password
    h.clock.now += 61 * SECOND;
    expect((await codeLogin(h, mobile, await sendCode(h, mobile))).status).toBe(200);

    h.clock.now = lockedAt + 15 * MINUTE;
    const after = await pwdLogin(h, mobile, DEMO.password);
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    // the count starts again after the lock
    expectFailure(await pwdLogin(h, mobile, "wrong-again"), 400, "账号或密码错误");
  });

  it("locks an unknown account the same way, so a lock does not reveal accounts", async () => {
    const mobile = freshMobile();
    for (let i = 0; i < 4; i++) expectFailure(await pwdLogin(h, mobile, "x"), 400, "账号或密码错误");
    expectFailure(await pwdLogin(h, mobile, "x"), 429, "密码错误次数过多，账号已锁定，请15分钟后再试");
    expectFailure(await pwdLogin(h, mobile, "x"), 429, "密码错误次数过多，账号已锁定，请15分钟后再试");
    h.clock.now += 15 * MINUTE;
    expectFailure(await pwdLogin(h, mobile, "x"), 400, "账号或密码错误");
  });

  it("limits failed password logins per client address (429)", async () => {
    const address = freshAddress();
    for (let i = 0; i < 20; i++) expectFailure(await pwdLogin(h, freshMobile(), "x", address), 400, "账号或密码错误");
    const lot = await passedLot(h, address);
    const before = snapshot(h);
    const refused = await h.api(`${API}/member/action/pwd_login`, {
      method: "POST",
      headers: from(address),
      json: { username: DEMO.mobile, password: DEMO.password, lot_number: lot },
    });
    expectFailure(refused, 429, /^登录失败次数过多，请\d+分钟后再试$/);
    expect(snapshot(h)).toEqual(before);
    h.clock.now += 15 * MINUTE;
    expect((await pwdLogin(h, DEMO.mobile, DEMO.password, address)).status).toBe(200);
  });

  describe("bad input: 400 naming the field, nothing changed", () => {
    /** The lot is solved first, so the snapshot compares only what the bad request did. */
    const expectBadPwd = async (body: Record<string, unknown>, field: string) => {
      const lot = await passedLot(h);
      await expectBadInput(
        () => h.api(`${API}/member/action/pwd_login`, { method: "POST", headers: from(freshAddress()), json: { lot_number: lot, ...body } }),
        field,
      );
    };

    it.each(BAD_STRINGS)("username %s", async (_case, value) => {
      await expectBadPwd({ username: value, password: DEMO.password }, "username");
    });

    it.each([
      ["missing", undefined],
      ["null", null],
      ["a number", 123456],
      ["a huge number", 1e308],
      ["an object", { $ne: "" }],
      ["an array", ["demo123456"]],
      ["empty", ""],
      ["oversized", "p".repeat(129)],
    ])("password %s", async (_case, value) => {
      await expectBadPwd({ username: DEMO.mobile, password: value }, "password");
    });

    it.each([
      ["a number", 1],
      ["an object", {}],
      ["oversized", "c".repeat(257)],
    ])("csrf %s", async (_case, value) => {
      await expectBadPwd({ username: DEMO.mobile, password: DEMO.password, csrf: value }, "csrf");
    });

    it.each([
      ["null", null],
      ["a number", -1],
      ["oversized", "l".repeat(65)],
      ["SQL", "1; DELETE FROM captcha_lots"],
      ["HTML", "<svg onload=alert(1)>"],
    ])("lot_number %s", async (_case, value) => {
      await expectBadPwd({ username: DEMO.mobile, password: DEMO.password, lot_number: value }, "lot_number");
    });
  });
});

// ─── logout ──────────────────────────────────────────────────────────────

describe("POST /member/action/logout", () => {
  it("revokes the credential and clears the cookie", async () => {
    const credential = await loginAs(h);
    const response = await h.api(`${API}/member/action/logout`, { method: "POST", headers: withCredential(credential) });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, result: {} });
    expect(setCookies(response.headers).find((c) => c.startsWith("login_credential="))).toMatch(/^login_credential=;.*Expires=Thu, 01 Jan 1970/);
    expect(count(h, "credentials", "revoked_at = ?", h.clock.now)).toBeGreaterThanOrEqual(1);

    expectFailure(await h.api(`${API}/member/login_status`, { headers: withCredential(credential) }), 401, "登录已失效，请重新登录");
    expectFailure(await h.api(`${API}/member/auth_check`, { headers: withCredential(credential) }), 401, "登录已失效，请重新登录");
    expectFailure(await h.api(`${API}/member/action/logout`, { method: "POST", headers: withCredential(credential) }), 401, "登录已失效，请重新登录");
  });

  it("logs out with the cookie alone, and leaves other credentials of the member valid", async () => {
    const first = await loginAs(h);
    const second = await loginAs(h);
    const response = await h.api(`${API}/member/action/logout`, { method: "POST", headers: { Cookie: `login_credential=${first}` } });
    expect(response.status).toBe(200);
    expect((await h.api(`${API}/member/auth_check`, { headers: withCredential(second) })).status).toBe(200);
  });

  it("answers 401 with error_code 401 without a valid credential, and clears the cookie", async () => {
    const before = snapshot(h);
    const response = await h.api(`${API}/member/action/logout`, { method: "POST" });
    expectFailure(response, 401, "登录已失效，请重新登录");
    expect(setCookies(response.headers).find((c) => c.startsWith("login_credential="))).toMatch(/^login_credential=;/);
    expectFailure(await h.api(`${API}/member/action/logout`, { method: "POST", headers: { "Login-Credential": "forged" } }), 401, "登录已失效，请重新登录");
    expect(snapshot(h)).toEqual(before);
  });

  it.each([
    ["an array body", ["logout"]],
    ["a string body", "logout"],
  ])("refuses %s with 400 and keeps the credential", async (_case, body) => {
    const credential = await loginAs(h);
    await expectBadInput(() => h.api(`${API}/member/action/logout`, { method: "POST", headers: withCredential(credential), json: body }), "请求体");
    expect((await h.api(`${API}/member/auth_check`, { headers: withCredential(credential) })).status).toBe(200);
  });

  it("refuses a malformed JSON body with 400", async () => {
    const credential = await loginAs(h);
    const before = snapshot(h);
    const response = await h.api(`${API}/member/action/logout`, {
      method: "POST",
      headers: { ...withCredential(credential), "Content-Type": "application/json" },
      body: "{not json",
    });
    expectFailure(response, 400, "请求体格式错误");
    expect(snapshot(h)).toEqual(before);
  });
});

// ─── login cookie sync ───────────────────────────────────────────────────

describe("GET /client/ttsgame/login/set", () => {
  const sync = (headers: Record<string, string>) => h.api(`${API}/client/ttsgame/login/set`, { headers });

  it("sets the login cookie for the request's own host when no base URLs are configured", async () => {
    const credential = await loginAs(h);
    const response = await sync({ ...withCredential(credential), "Base-Domain": "127.0.0.1" });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({ success: true, result: {} });
    const cookie = setCookies(response.headers).find((c) => c.startsWith("login_credential="))!;
    expect(cookie).toContain(`login_credential=${credential}`);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).not.toMatch(/; Domain=/);
  });

  it("refuses a domain that is not configured", async () => {
    const credential = await loginAs(h);
    const response = await sync({ ...withCredential(credential), "Base-Domain": "evil.example.com" });
    expectFailure(response, 400, "请求头 Base-Domain 不是本站配置的域名");
    expect(setCookies(response.headers)).toEqual([]);
  });

  it("answers 401 with error_code 401 without a valid credential", async () => {
    expectFailure(await sync({ "Base-Domain": "127.0.0.1" }), 401, "登录已失效，请重新登录");
    expectFailure(await sync({ "Base-Domain": "127.0.0.1", "Login-Credential": "revoked-or-unknown" }), 401, "登录已失效，请重新登录");
  });

  it.each([
    ["missing", undefined, "缺少请求头 Base-Domain"],
    ["empty", "", "请求头 Base-Domain 不能为空"],
    ["oversized", "a".repeat(301), "请求头 Base-Domain 过长，最多 300 个字符"],
    ["HTML", "<script>alert(1)</script>", "请求头 Base-Domain 格式错误"],
    ["SQL", "x' OR 1=1 --", "请求头 Base-Domain 格式错误"],
    ["percent-encoded unicode", "%E4%BE%8B%E5%AD%90.cn", "请求头 Base-Domain 格式错误"],
    ["another scheme", "javascript://127.0.0.1", "请求头 Base-Domain 格式错误"],
  ])("refuses a %s Base-Domain with 400", async (_case, value, message) => {
    const credential = await loginAs(h);
    const before = snapshot(h);
    const headers: Record<string, string> = withCredential(credential);
    if (value !== undefined) headers["Base-Domain"] = value;
    const response = await sync(headers);
    expectFailure(response, 400, message);
    expect(response.body.result.error_msg).toContain("Base-Domain");
    expect(snapshot(h)).toEqual(before);
  });
});

describe("login cookie sync with configured domain groups", () => {
  let configured: Harness;
  beforeAll(async () => {
    configured = await startHarness({ CN_BASE_URL: "https://cn.example.com", HK_BASE_URL: "https://hk.example.com" });
  });
  afterAll(() => configured.close());

  it("sets the cookie for each configured host and refuses the others", async () => {
    const lot = await passedLot(configured);
    const login = await configured.api(`${API}/member/action/pwd_login`, {
      method: "POST",
      json: { username: DEMO.mobile, password: DEMO.password, lot_number: lot },
    });
    const credential = login.body.result.login_credential as string;
    for (const host of ["cn.example.com", "https://hk.example.com"]) {
      const response = await configured.api(`${API}/client/ttsgame/login/set`, { headers: { "Login-Credential": credential, "Base-Domain": host } });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const cookie = setCookies(response.headers).find((c) => c.startsWith("login_credential="))!;
      expect(cookie).toContain(`Domain=${host.replace("https://", "")}`);
      expect(cookie).toContain(`login_credential=${credential}`);
    }
    const own = await configured.api(`${API}/client/ttsgame/login/set`, { headers: { "Login-Credential": credential, "Base-Domain": "127.0.0.1" } });
    expectFailure(own, 400, "请求头 Base-Domain 不是本站配置的域名");
  });
});
