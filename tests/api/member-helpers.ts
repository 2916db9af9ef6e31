// Shared steps of the member and captcha contract tests: solving the captcha the way the
// CAPTCHA_TEST_PASS allows, reading SMS codes from the outbox, and snapshots of the tables
// that bad input must leave alone.
import { expect } from "vitest";
import type { Harness } from "./harness";

export const API = "/api/common_bll/v1";
export const TEST_PASS = "test-pass-0000";
export const DEMO = { mobile: "+86-13800138000", other: "+86-13900139000", password: "demo123456" };

export const MEMBER_TABLES = ["members", "credentials", "login_attempts", "sms_codes", "captcha_lots", "outbox_messages"] as const;

let addressCounter = 0;
/** A fresh client address (via X-Forwarded-For from loopback, which the app trusts). */
export function freshAddress(): string {
  addressCounter += 1;
  return `198.51.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

let numberCounter = 0;
/** A number no other test uses. */
export function freshMobile(): string {
  numberCounter += 1;
  return `+86-177${String(process.pid % 1000).padStart(3, "0")}${String(numberCounter).padStart(5, "0")}`;
}

export const from = (address: string, extra: Record<string, string> = {}) => ({ "X-Forwarded-For": address, ...extra });

export function snapshot(h: Harness, tables: readonly string[] = MEMBER_TABLES): Record<string, unknown[]> {
  return Object.fromEntries(tables.map((t) => [t, h.store.sqlite.prepare(`SELECT * FROM ${t} ORDER BY rowid`).all()]));
}

export function count(h: Harness, table: string, where = "1 = 1", ...params: unknown[]): number {
  return (h.store.sqlite.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`).get(...params) as { n: number }).n;
}

/** A lot validated with the test pass, ready for one SMS send or password login. */
export async function passedLot(h: Harness, address = freshAddress()): Promise<string> {
  const load = await h.api(`${API}/geetest4/load`, { headers: from(address) });
  expect(load.status).toBe(200);
  const lot = load.body.result.lot_number as string;
  const valid = await h.api(`${API}/geetest4/action/valid`, {
    method: "POST",
    headers: from(address),
    json: { lot_number: lot, captcha_output: TEST_PASS, pass_token: "", gen_time: String(Math.floor(h.clock.now / 1000)) },
  });
  expect(valid.status).toBe(200);
  return lot;
}

/** The code of the latest SMS sent to a number, read from the outbox. */
export function latestCode(h: Harness, mobile: string): string | null {
  const row = h.store.sqlite.prepare("SELECT body FROM outbox_messages WHERE channel = 'SMS' AND recipient = ? ORDER BY id DESC LIMIT 1").get(mobile) as
    { body: string } | undefined;
  return row ? (/(\d{6})/.exec(row.body)?.[1] ?? null) : null;
}

export async function requestCode(h: Harness, mobile: string, address = freshAddress(), smsType = "LOGIN") {
  const lot = await passedLot(h, address);
  return h.api(`${API}/member/sms_captcha`, { method: "POST", headers: from(address), json: { mobile, sms_type: smsType, lot_number: lot } });
}

/** Sends a code (the resend wait must have passed) and returns it from the outbox. */
export async function sendCode(h: Harness, mobile: string, address = freshAddress(), smsType = "LOGIN"): Promise<string> {
  const sent = await requestCode(h, mobile, address, smsType);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return latestCode(h, mobile)!;
}

export async function codeLogin(h: Harness, mobile: string, smsCode: string, address = freshAddress()) {
  return h.api(`${API}/member/action/captcha_login`, { method: "POST", headers: from(address), json: { mobile, sms_code: smsCode } });
}

export async function pwdLogin(h: Harness, username: string, password: string, address = freshAddress()) {
  const lot = await passedLot(h, address);
  return h.api(`${API}/member/action/pwd_login`, {
    method: "POST",
    headers: from(address),
    json: { username, password, csrf: "fixed-csrf-string", lot_number: lot },
  });
}

/** A credential of a demo member, by password login. */
export async function loginAs(h: Harness, mobile = DEMO.mobile): Promise<string> {
  const { status, body } = await pwdLogin(h, mobile, DEMO.password);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.result.login_credential as string;
}

export const withCredential = (credential: string, address = freshAddress()) => from(address, { "Login-Credential": credential });

/** Every Set-Cookie header of a response. */
export function setCookies(headers: Headers): string[] {
  return headers.getSetCookie();
}

/** Bad values for a string field: each must be answered 400 naming the field. */
export const BAD_STRINGS: [string, unknown][] = [
  ["missing", undefined],
  ["null", null],
  ["a number", 13800138000],
  ["a negative number", -1],
  ["a huge number", 1e308],
  ["a boolean", true],
  ["an object", { $gt: "" }],
  ["an array", ["+86-13800138000"]],
  ["empty", ""],
  ["blank", "   "],
  ["oversized", "9".repeat(5000)],
  ["unicode", "＋８６－１３８００１３８０００"],
  ["emoji", "📱📱📱"],
  ["HTML", "<script>alert(1)</script>"],
  ["SQL", "' OR 1=1 --"],
];
