// Password login lockout (spec/03 §3): 5 failures within 15 minutes lock the account for
// 15 minutes. Attempts refused during a lock do not count towards the next one; a success clears
// the count. The same rule answers for unknown accounts, so a lock does not reveal an account.
import { ceilMinutes, waitBeforeNext } from "./rate-window";

export const LOGIN_LOCK = {
  maxFailures: 5,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  /** How far back the attempt history is read to replay it. */
  lookbackMs: 60 * 60_000,
  /** Failed password logins one client address may make in the window, over all accounts. */
  maxFailuresPerAddress: 20,
  /** Failed SMS-code logins one client address may make in the window, over all numbers. */
  maxCodeFailuresPerAddress: 20,
} as const;

export const LOGIN_MESSAGES = {
  WRONG: "账号或密码错误",
  LOCKED: "密码错误次数过多，账号已锁定，请15分钟后再试",
  /** A member an operator locked in the back office (decision 060). */
  DISABLED: "账号已被停用，请联系客服",
} as const;

export interface Attempt {
  at: number;
  success: boolean;
}

/**
 * When the account's lock ends, or null when it is not locked at `now`.
 * `storedLockedUntil` is members.locked_until (a lock set earlier, or by an administrator):
 * attempts before it ended do not count again.
 */
export function lockedUntil(attempts: readonly Attempt[], now: number, storedLockedUntil: number | null = null): number | null {
  if (storedLockedUntil !== null && storedLockedUntil > now) return storedLockedUntil;
  let lockEnd: number | null = null;
  let failures: number[] = [];
  const sorted = attempts.filter((a) => a.at <= now && (storedLockedUntil === null || a.at >= storedLockedUntil)).sort((a, b) => a.at - b.at);
  for (const attempt of sorted) {
    if (lockEnd !== null && attempt.at < lockEnd) continue;
    if (attempt.success) {
      failures = [];
      continue;
    }
    failures = failures.filter((t) => t > attempt.at - LOGIN_LOCK.windowMs);
    failures.push(attempt.at);
    if (failures.length >= LOGIN_LOCK.maxFailures) {
      lockEnd = attempt.at + LOGIN_LOCK.lockMs;
      failures = [];
    }
  }
  return lockEnd !== null && lockEnd > now ? lockEnd : null;
}

/** The 429 message for a client address with too many failed logins, or null when it may try. */
export function addressLoginRefusal(failureTimes: readonly number[], now: number, max: number): string | null {
  const wait = waitBeforeNext(failureTimes, now, LOGIN_LOCK.windowMs, max);
  return wait > 0 ? `登录失败次数过多，请${ceilMinutes(wait)}分钟后再试` : null;
}
