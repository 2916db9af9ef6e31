import { describe, expect, it } from "vitest";
import { smsOf } from "../messages/templates";
import { checkCode, decideSend, SMS_CODE, type SendHistory } from "./sms-code";

// 2024-06-01 12:00:00 Asia/Shanghai (04:00 UTC)
const NOON = Date.UTC(2024, 5, 1, 4, 0, 0);
const MIDNIGHT = Date.UTC(2024, 4, 31, 16, 0, 0); // 2024-06-01 00:00 Asia/Shanghai
const S = 1000;
const MIN = 60 * S;

const history = (h: Partial<SendHistory> = {}): SendHistory => ({
  toNumberToday: [],
  toNumberTodayFromAll: h.toNumberToday ?? [],
  fromOwnerAddress: false,
  lastToNumberAt: null,
  fromAddressLastHour: [],
  ...h,
});
const times = (count: number, from: number, step: number) => Array.from({ length: count }, (_, i) => from + i * step);

describe("decideSend", () => {
  it.each([
    { case: "first code ever", h: history(), now: NOON, expected: { ok: true } },
    {
      case: "resend after 10 s",
      h: history({ lastToNumberAt: NOON - 10 * S, toNumberToday: [NOON - 10 * S] }),
      now: NOON,
      expected: { ok: false, reason: "TOO_SOON", message: "验证码已发送，请50秒后重试" },
    },
    {
      case: "resend after 59.5 s rounds the wait up",
      h: history({ lastToNumberAt: NOON - 59_500, toNumberToday: [NOON - 59_500] }),
      now: NOON,
      expected: { ok: false, reason: "TOO_SOON", message: "验证码已发送，请1秒后重试" },
    },
    {
      case: "resend after exactly 60 s",
      h: history({ lastToNumberAt: NOON - 60 * S, toNumberToday: [NOON - 60 * S] }),
      now: NOON,
      expected: { ok: true },
    },
    {
      case: "the 10th code of the day",
      h: history({ lastToNumberAt: NOON - 2 * MIN, toNumberToday: times(9, MIDNIGHT, 10 * MIN) }),
      now: NOON,
      expected: { ok: true },
    },
    {
      case: "the 11th code of the day",
      h: history({ lastToNumberAt: NOON - 2 * MIN, toNumberToday: times(10, MIDNIGHT, 10 * MIN) }),
      now: NOON,
      expected: { ok: false, reason: "NUMBER_DAILY_CAP", message: "该手机号今日获取验证码次数已达上限，请明天再试" },
    },
    {
      case: "ten codes from other addresses leave this one its own ten (a stranger cannot lock the owner out)",
      h: history({ lastToNumberAt: NOON - 2 * MIN, toNumberToday: [], toNumberTodayFromAll: times(10, MIDNIGHT, 10 * MIN) }),
      now: NOON,
      expected: { ok: true },
    },
    {
      case: "the 31st code of the day from all addresses",
      h: history({ lastToNumberAt: NOON - 2 * MIN, toNumberToday: times(2, MIDNIGHT, MIN), toNumberTodayFromAll: times(30, MIDNIGHT, 10 * MIN) }),
      now: NOON,
      expected: { ok: false, reason: "NUMBER_DAILY_CAP", message: "该手机号今日获取验证码次数已达上限，请明天再试" },
    },
    {
      case: "the 31st code of the day, asked from the owner's address",
      h: history({
        lastToNumberAt: NOON - 2 * MIN,
        toNumberToday: times(2, MIDNIGHT, MIN),
        toNumberTodayFromAll: times(30, MIDNIGHT, 10 * MIN),
        fromOwnerAddress: true,
      }),
      now: NOON,
      expected: { ok: true },
    },
    {
      case: "yesterday's codes do not count",
      h: history({ lastToNumberAt: MIDNIGHT - MIN, toNumberToday: times(10, MIDNIGHT - 11 * MIN, MIN) }),
      now: MIDNIGHT + 5 * MIN,
      expected: { ok: true },
    },
    {
      case: "the 20th code from one address in an hour",
      h: history({ fromAddressLastHour: times(19, NOON - 50 * MIN, MIN) }),
      now: NOON,
      expected: { ok: true },
    },
    {
      case: "the 21st code from one address in an hour",
      h: history({ fromAddressLastHour: times(20, NOON - 50 * MIN, MIN) }),
      now: NOON,
      expected: { ok: false, reason: "ADDRESS_HOURLY_CAP", message: "当前网络获取验证码过于频繁，请10分钟后再试" },
    },
    {
      case: "the resend wait is reported before the caps",
      h: history({ lastToNumberAt: NOON - 30 * S, toNumberToday: times(10, MIDNIGHT, MIN), fromAddressLastHour: times(20, NOON - 50 * MIN, MIN) }),
      now: NOON,
      expected: { ok: false, reason: "TOO_SOON", message: "验证码已发送，请30秒后重试" },
    },
  ])("$case", ({ h, now, expected }) => {
    expect(decideSend(h, now)).toEqual(expected);
  });
});

describe("checkCode", () => {
  const fresh = { wrongTries: 0, expiresAt: NOON + 5 * MIN, usedAt: null };
  it.each([
    { case: "no code sent", code: null, matches: false, expected: { ok: false, reason: "NO_CODE", message: "验证码错误或已失效", countsTry: false } },
    { case: "the right code", code: fresh, matches: true, expected: { ok: true } },
    { case: "a wrong code", code: fresh, matches: false, expected: { ok: false, reason: "WRONG", message: "验证码错误或已失效", countsTry: true } },
    {
      case: "the 4th wrong try",
      code: { ...fresh, wrongTries: 3 },
      matches: false,
      expected: { ok: false, reason: "WRONG", message: "验证码错误或已失效", countsTry: true },
    },
    {
      case: "the 5th wrong try invalidates the code",
      code: { ...fresh, wrongTries: 4 },
      matches: false,
      expected: { ok: false, reason: "LAST_WRONG", message: "验证码错误或已失效", countsTry: true },
    },
    { case: "the right code after 4 wrong tries", code: { ...fresh, wrongTries: 4 }, matches: true, expected: { ok: true } },
    {
      case: "the right code after 5 wrong tries",
      code: { ...fresh, wrongTries: 5 },
      matches: true,
      expected: { ok: false, reason: "TOO_MANY_TRIES", message: "验证码错误或已失效", countsTry: false },
    },
    {
      case: "an expired code, even the right one",
      code: { ...fresh, expiresAt: NOON },
      matches: true,
      expected: { ok: false, reason: "EXPIRED", message: "验证码错误或已失效", countsTry: false },
    },
    { case: "the last millisecond", code: { ...fresh, expiresAt: NOON + 1 }, matches: true, expected: { ok: true } },
    {
      case: "a used code",
      code: { ...fresh, usedAt: NOON - MIN },
      matches: true,
      expected: { ok: false, reason: "USED", message: "验证码错误或已失效", countsTry: false },
    },
  ])("$case", ({ code, matches, expected }) => {
    expect(checkCode(code, matches, NOON)).toEqual(expected);
  });
});

describe("the login SMS", () => {
  it("names the shop, the code and its validity", () => {
    expect(smsOf("LOGIN_CODE", { code: "123456" }).text).toBe("【TTS游戏商城】您的登录验证码为 123456，5分钟内有效，请勿泄露给他人。");
    expect(SMS_CODE.validMs).toBe(5 * MIN);
  });
});
