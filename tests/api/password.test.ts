// 设置密码 / 忘记密码 (issue 25), an extension of the contract: a SET_PASSWORD code, then
// POST /member/action/set_password. Each rule of docs/security.md "设置密码 / 忘记密码" has its test
// here: the same answers for unknown numbers, the send limits, the code's tries, the password
// rules, the lock reset and the revocation of every other login.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { medianTimes } from "../support/timing";
import { startHarness, type Harness } from "./harness";
import {
  API,
  codeLogin,
  count,
  DEMO,
  freshAddress,
  freshMobile,
  from,
  latestCode,
  loginAs,
  pwdLogin,
  requestCode,
  sendCode,
  setCookies,
  snapshot,
  withCredential,
} from "./member-helpers";

/** Every failed code check answers this, whatever the failure (security review 11c, I1). */
const CODE_FAILURE = "验证码错误或已失效";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const NEW_PASSWORD = "n3w-passw0rd";

const setPassword = (body: Record<string, unknown>, address = freshAddress(), headers: Record<string, string> = {}) =>
  h.api(`${API}/member/action/set_password`, { method: "POST", headers: { ...from(address), ...headers }, json: body });

const resetCode = (mobile: string, address = freshAddress()) => sendCode(h, mobile, address, "SET_PASSWORD");

function expectFailure(response: { status: number; body: any }, status: number, message: string | RegExp) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body.success).toBe(false);
  if (typeof message === "string") expect(response.body.result.error_msg).toBe(message);
  else expect(response.body.result.error_msg).toMatch(message);
}

/** A member made by SMS login (no password), with a live credential. */
async function smsMember(): Promise<{ mobile: string; credential: string }> {
  const mobile = freshMobile();
  const login = await codeLogin(h, mobile, await sendCode(h, mobile));
  expect(login.status).toBe(200);
  h.clock.now += 61 * SECOND;
  return { mobile, credential: login.body.result.login_credential };
}

const loginStatus = (credential: string) => h.api(`${API}/member/login_status`, { headers: withCredential(credential) });

describe("GET /member/password/rules", () => {
  it("answers the password rules as a public read, which also says the extension is there", async () => {
    const { status, body, headers } = await h.api(`${API}/member/password/rules`);
    expect(status).toBe(200);
    expect(body.result).toEqual({ min_length: 8, max_length: 32 });
    expect(headers.get("cache-control")).toMatch(/^public, max-age=3600/);
  });
});

describe("POST /member/action/set_password", () => {
  it("sets the password of an SMS-only member, who can then log in with it; the SMS tells them", async () => {
    const { mobile } = await smsMember();
    expect((await pwdLogin(h, mobile, NEW_PASSWORD)).status).toBe(400);
    const code = await resetCode(mobile);
    expect(h.store.sqlite.prepare("SELECT body FROM outbox_messages WHERE recipient = ? ORDER BY id DESC").get(mobile)).toEqual({
      body: expect.stringContaining("您正在设置登录密码"),
    });
    const set = await setPassword({ mobile, sms_code: code, password: NEW_PASSWORD });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.result).toMatchObject({ mobile, login_credential: expect.any(String) });
    expect(setCookies(set.headers).some((c) => c.startsWith("login_credential=") && c.includes("HttpOnly"))).toBe(true);
    const notice = h.store.sqlite.prepare("SELECT subject, body FROM outbox_messages WHERE recipient = ? ORDER BY id DESC").get(mobile) as any;
    expect(notice.subject).toBe("密码已修改");
    expect(notice.body).toMatch(/^【TTS游戏商城】您的登录密码已于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})? 修改/);
    expect((await pwdLogin(h, mobile, NEW_PASSWORD)).status).toBe(200);
  });

  it("revokes every other login of the member at once, and the request's own: this browser gets a new credential", async () => {
    const { mobile, credential: phone } = await smsMember();
    const laptop = (await codeLogin(h, mobile, await sendCode(h, mobile))).body.result.login_credential;
    h.clock.now += 61 * SECOND;
    expect((await loginStatus(phone)).status).toBe(200);
    const set = await setPassword({ mobile, sms_code: await resetCode(mobile), password: NEW_PASSWORD }, freshAddress(), { "Login-Credential": laptop });
    expect(set.status).toBe(200);
    expect((await loginStatus(phone)).status).toBe(401);
    expect((await loginStatus(laptop)).status).toBe(401);
    expect((await loginStatus(set.body.result.login_credential)).status).toBe(200);
  });

  it("ends a password lock and its failure count", async () => {
    const mobile = DEMO.other;
    for (let i = 0; i < 5; i++) await pwdLogin(h, mobile, "wrong-password");
    expectFailure(await pwdLogin(h, mobile, DEMO.password), 429, /账号已锁定/);
    h.clock.now += SECOND;
    const set = await setPassword({ mobile, sms_code: await resetCode(mobile), password: NEW_PASSWORD });
    expect(set.status).toBe(200);
    // four more failures do not lock it again: the earlier five no longer count
    h.clock.now += SECOND;
    for (let i = 0; i < 4; i++) expectFailure(await pwdLogin(h, mobile, "wrong-password"), 400, "账号或密码错误");
    expect((await pwdLogin(h, mobile, NEW_PASSWORD)).status).toBe(200);
  });

  it("answers an unknown number exactly as a known one: the code is sent, and the number then gets an account", async () => {
    const unknown = freshMobile();
    const { mobile: known } = await smsMember();
    const [sentUnknown, sentKnown] = [
      await requestCode(h, unknown, freshAddress(), "SET_PASSWORD"),
      await requestCode(h, known, freshAddress(), "SET_PASSWORD"),
    ];
    expect(sentUnknown.status).toBe(sentKnown.status);
    expect(sentUnknown.body).toEqual(sentKnown.body);
    // a wrong code: the same message for both
    const wrongUnknown = await setPassword({ mobile: unknown, sms_code: "000000" === latestCode(h, unknown) ? "000001" : "000000", password: NEW_PASSWORD });
    const wrongKnown = await setPassword({ mobile: known, sms_code: "000000" === latestCode(h, known) ? "000001" : "000000", password: NEW_PASSWORD });
    expect(wrongUnknown.body).toEqual(wrongKnown.body);
    expect(count(h, "members", "mobile = ?", unknown)).toBe(0);
    const set = await setPassword({ mobile: unknown, sms_code: latestCode(h, unknown)!, password: NEW_PASSWORD });
    expect(set.status).toBe(200);
    expect(count(h, "members", "mobile = ?", unknown)).toBe(1);
  });

  it("takes the same time class for an unknown number as for a known one (the password is hashed for both)", async () => {
    const { mobile: known } = await smsMember();
    const times = await medianTimes({
      known: () => setPassword({ mobile: known, sms_code: "123456", password: NEW_PASSWORD }),
      unknown: () => setPassword({ mobile: freshMobile(), sms_code: "123456", password: NEW_PASSWORD }),
    });
    // both do one scrypt (tens of ms); a path that skipped it would be several times faster
    expect(times.unknown).toBeGreaterThan(times.known / 3);
    expect(times.known).toBeGreaterThan(times.unknown / 3);
  });

  it("shares the login's send limits: the 60 s wait counts codes of both kinds", async () => {
    const mobile = freshMobile();
    await sendCode(h, mobile);
    expectFailure(await requestCode(h, mobile, freshAddress(), "SET_PASSWORD"), 429, /^验证码已发送，请\d+秒后重试$/);
    h.clock.now += 61 * SECOND;
    expect((await requestCode(h, mobile, freshAddress(), "SET_PASSWORD")).status).toBe(200);
  });

  it("does not take a login code, and a login does not take a password code", async () => {
    const { mobile } = await smsMember();
    const loginCode = await sendCode(h, mobile);
    expectFailure(await setPassword({ mobile, sms_code: loginCode, password: NEW_PASSWORD }), 400, CODE_FAILURE);
    h.clock.now += 61 * SECOND;
    const code = await resetCode(mobile);
    expectFailure(await codeLogin(h, mobile, code), 400, CODE_FAILURE);
  });

  // a wrong, an expired, an unknown and a too-often-wrong code all answer the one message (security review 11c, I1)
  it("refuses a wrong, an expired and a too-often-wrong code with one message, and changes nothing else", async () => {
    const { mobile, credential } = await smsMember();
    const code = await resetCode(mobile);
    const wrong = code === "999999" ? "999998" : "999999";
    const tables = ["members", "credentials", "outbox_messages"];
    const before = snapshot(h, tables);
    for (let i = 0; i < 4; i++) expectFailure(await setPassword({ mobile, sms_code: wrong, password: NEW_PASSWORD }), 400, CODE_FAILURE);
    expectFailure(await setPassword({ mobile, sms_code: wrong, password: NEW_PASSWORD }), 400, CODE_FAILURE);
    expectFailure(await setPassword({ mobile, sms_code: code, password: NEW_PASSWORD }), 400, CODE_FAILURE);
    h.clock.now += 61 * SECOND;
    const fresh = await resetCode(mobile);
    const afterSend = snapshot(h, tables);
    h.clock.now += 5 * MINUTE;
    expectFailure(await setPassword({ mobile, sms_code: fresh, password: NEW_PASSWORD }), 400, CODE_FAILURE);
    expect(snapshot(h, tables)).toEqual(afterSend);
    expect(before.members).toEqual(afterSend.members);
    expect((await loginStatus(credential)).status).toBe(200);
  });

  it.each([
    ["too short", "abc1234", "密码长度须为8-32位"],
    ["too long", "a".repeat(33), "密码长度须为8-32位"],
    ["blank", "         ", "请输入新密码"],
    ["the mobile number", "PHONE", "密码不能是手机号"],
  ])("refuses a password that is %s with a clear message, keeps the code usable and changes nothing", async (_name, password, message) => {
    const { mobile } = await smsMember();
    const code = await resetCode(mobile);
    const before = snapshot(h);
    expectFailure(await setPassword({ mobile, sms_code: code, password: password === "PHONE" ? mobile.split("-")[1] : password }), 400, message);
    expect(snapshot(h)).toEqual(before);
    expect((await setPassword({ mobile, sms_code: code, password: NEW_PASSWORD })).status).toBe(200);
  });

  it("limits failed codes per client address together with the SMS login (429)", async () => {
    const address = freshAddress();
    for (let i = 0; i < 20; i++)
      expectFailure(await setPassword({ mobile: freshMobile(), sms_code: "123456", password: NEW_PASSWORD }, address), 400, CODE_FAILURE);
    expectFailure(
      await setPassword({ mobile: freshMobile(), sms_code: "123456", password: NEW_PASSWORD }, address),
      429,
      /^登录失败次数过多，请\d+分钟后再试$/,
    );
    expectFailure(await codeLogin(h, freshMobile(), "123456", address), 429, /^登录失败次数过多/);
  });

  it.each([
    ["no body", {}, "mobile"],
    ["a malformed number", { mobile: "13800138000", sms_code: "123456", password: NEW_PASSWORD }, "mobile"],
    ["a malformed code", { mobile: DEMO.mobile, sms_code: "12ab56", password: NEW_PASSWORD }, "sms_code"],
    ["no password", { mobile: DEMO.mobile, sms_code: "123456" }, "password"],
    ["an oversized password", { mobile: DEMO.mobile, sms_code: "123456", password: "x".repeat(5000) }, "password"],
  ])("answers %s with 400 naming the field and changes nothing", async (_name, body, field) => {
    const before = snapshot(h);
    const response = await setPassword(body);
    expect(response.status).toBe(400);
    expect(response.body.result.error_msg).toContain(field);
    expect(snapshot(h)).toEqual(before);
  });

  it("leaves the demo member's own password login working for other tests", async () => {
    expect(await loginAs(h)).toEqual(expect.any(String));
  });
});
