// SMS verification codes (spec/03 §3): 6 digits, valid 5 minutes, single use, at most 5 wrong
// tries; resend no sooner than 60 s per number; caps per number per day and per address per hour.
// The number's daily cap is counted per sending address, so a stranger cannot use up the owner's
// codes; a larger cap over every sender holds off message floods from many addresses, except for
// an address that has already used a code of the number (the owner's); and the owner's successful
// use of a code lifts what was sent before it (review 2026-11c L1, decision 044).
import { shopDayStart } from "../../../shared/shop-time";
import { ceilMinutes, ceilSeconds, waitBeforeNext } from "./rate-window";

export const SMS_CODE = {
  length: 6,
  validMs: 5 * 60_000,
  maxWrongTries: 5,
  resendMs: 60_000,
  /** Codes one address may have sent to one number in a shop day. */
  perNumberPerDay: 10,
  /** Codes all addresses together may have sent to one number in a shop day (not counting its owner's address). */
  perNumberPerDayAll: 30,
  /** How long an address that used a code of a number counts as its owner's. */
  ownerAddressMs: 30 * 86_400_000,
  perAddressPerHour: 20,
} as const;

const HOUR_MS = 3_600_000;

/** LOGIN codes log in; SET_PASSWORD codes (an extension, issue 25) set a new password. */
export const SMS_TYPES = ["LOGIN", "SET_PASSWORD"] as const;
export type SmsType = (typeof SMS_TYPES)[number];

export interface SendHistory {
  /**
   * When this address sent codes to this number since the start of today (Asia/Shanghai), any
   * order; codes sent before the number's last successful code are left out.
   */
  toNumberToday: readonly number[];
  /** The same, from every address. */
  toNumberTodayFromAll: readonly number[];
  /** This address used a code of this number lately (within ownerAddressMs): the owner's. */
  fromOwnerAddress: boolean;
  /** When the last code was sent to this number (may be before today); null when never. */
  lastToNumberAt: number | null;
  /** When codes were sent to any number from this client address in the last hour. */
  fromAddressLastHour: readonly number[];
}

export type SendDecision =
  | { ok: true }
  | { ok: false; reason: "TOO_SOON"; message: string }
  | { ok: false; reason: "NUMBER_DAILY_CAP"; message: string }
  | { ok: false; reason: "ADDRESS_HOURLY_CAP"; message: string };

/** Whether another code may be sent now; every refusal is a 429 with the message given. */
export function decideSend(history: SendHistory, now: number): SendDecision {
  const tooSoon = history.lastToNumberAt === null ? 0 : waitBeforeNext([history.lastToNumberAt], now, SMS_CODE.resendMs, 1);
  if (tooSoon > 0) {
    return { ok: false, reason: "TOO_SOON", message: `验证码已发送，请${ceilSeconds(tooSoon)}秒后重试` };
  }
  const dayStart = shopDayStart(now);
  const today = (times: readonly number[]) => times.filter((t) => t >= dayStart && t <= now).length;
  if (
    today(history.toNumberToday) >= SMS_CODE.perNumberPerDay ||
    (!history.fromOwnerAddress && today(history.toNumberTodayFromAll) >= SMS_CODE.perNumberPerDayAll)
  ) {
    return { ok: false, reason: "NUMBER_DAILY_CAP", message: "该手机号今日获取验证码次数已达上限，请明天再试" };
  }
  const addressWait = waitBeforeNext(history.fromAddressLastHour, now, HOUR_MS, SMS_CODE.perAddressPerHour);
  if (addressWait > 0) {
    return {
      ok: false,
      reason: "ADDRESS_HOURLY_CAP",
      message: `当前网络获取验证码过于频繁，请${ceilMinutes(addressWait)}分钟后再试`,
    };
  }
  return { ok: true };
}

export interface StoredCode {
  wrongTries: number;
  expiresAt: number;
  usedAt: number | null;
}

export type CodeCheck =
  { ok: true } | { ok: false; reason: "NO_CODE" | "USED" | "EXPIRED" | "TOO_MANY_TRIES" | "WRONG" | "LAST_WRONG"; message: string; countsTry: boolean };

/**
 * One answer for every failure (review 2026-11c I1): no code, a used, expired or spent one and a
 * wrong one read the same, so nobody learns that a number asked for a code lately. The spec gives
 * no wording of its own for these (spec/01 §4 only for an empty or short code).
 */
export const CODE_MESSAGES = {
  INVALID: "验证码错误或已失效",
} as const;

/**
 * Checks a typed code against the latest code sent to the number. `matches` says whether the
 * typed code is that code. A wrong code counts a try; the try that reaches the limit invalidates
 * the code. A used code is as good as none: the shopper must ask for a new one.
 */
export function checkCode(code: StoredCode | null, matches: boolean, now: number): CodeCheck {
  if (!code) return { ok: false, reason: "NO_CODE", message: CODE_MESSAGES.INVALID, countsTry: false };
  if (code.usedAt !== null) return { ok: false, reason: "USED", message: CODE_MESSAGES.INVALID, countsTry: false };
  if (code.wrongTries >= SMS_CODE.maxWrongTries) {
    return { ok: false, reason: "TOO_MANY_TRIES", message: CODE_MESSAGES.INVALID, countsTry: false };
  }
  if (now >= code.expiresAt) return { ok: false, reason: "EXPIRED", message: CODE_MESSAGES.INVALID, countsTry: false };
  if (matches) return { ok: true };
  if (code.wrongTries + 1 >= SMS_CODE.maxWrongTries) {
    return { ok: false, reason: "LAST_WRONG", message: CODE_MESSAGES.INVALID, countsTry: true };
  }
  return { ok: false, reason: "WRONG", message: CODE_MESSAGES.INVALID, countsTry: true };
}
