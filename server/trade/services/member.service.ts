// Members and logins (spec/03 §3): login by SMS code (an unknown number gets an account),
// login by password (after a validated captcha; every attempt recorded; 5 failures in 15 minutes
// lock the account for 15 minutes), logout, the user info the storefront keeps, and (an extension,
// issue 25) setting a password after an SMS code. A member an operator locked (decision 060) is
// refused by every login once the code or password is right, and the code is spent.
import { and, eq, gt } from "drizzle-orm";
import { loginAttempts, members } from "../../../db/schema";
import type { TradeDeps } from "../deps";
import { addressLoginRefusal, LOGIN_LOCK, LOGIN_MESSAGES, lockedUntil, type Attempt } from "../domain/login-lock";
import { hashPassword, verifyPassword } from "../domain/password";
import { defaultMemberName } from "../domain/phone";
import { queueMail, queueSms } from "../providers/outbox";
import { newPasswordError } from "../../../shared/password-rules";
import { formatDateTime } from "../../../shared/shop-time";
import { ApiError, ERROR } from "../http/api-error";
import type { DbTx } from "../../../db/client";
import { consumeValidatedLot } from "./captcha.service";
import { addressFailures } from "./login-attempts";
import { issueCredential, revokeAllCredentials, revokeCredential, type Member } from "./session.service";
import { takeCode } from "./sms.service";

export interface UserInfo {
  member_id: number;
  member_name: string;
  mobile: string;
  channel_id: string;
  /** An extension (docs/api.md): the member has a login password, so the shop offers 修改密码 rather than 设置密码. */
  has_password: boolean;
}

export interface LoginResult extends UserInfo {
  login_credential: string;
}

export function userInfo(member: Member, channelId: string): UserInfo {
  return {
    member_id: member.memberId,
    member_name: member.memberName,
    mobile: member.mobile,
    channel_id: channelId,
    has_password: member.passwordHash !== null,
  };
}

export interface CodeLogin {
  mobile: string;
  smsCode: string;
  clientIp: string;
  channelId: string;
  /** The credential the browser logged in with before, if any. */
  replaces: string | null;
}

/**
 * Codes are already bounded per number by the send caps and the 5 tries per code; failed codes
 * per address bound one address across numbers.
 */
export function loginWithSmsCode(deps: TradeDeps, { mobile, smsCode, clientIp, channelId, replaces }: CodeLogin): LoginResult {
  const { db } = deps.store;
  const now = deps.now();
  const refusal = addressLoginRefusal(addressFailures(db, "sms_code", clientIp, now), now, LOGIN_LOCK.maxCodeFailuresPerAddress);
  if (refusal) throw new ApiError(ERROR.RATE_LIMITED, refusal);

  const outcome = db.transaction(
    (tx) => {
      const check = takeCode(tx, deps.config.sessionSecret, { mobile, smsType: "LOGIN", code: smsCode }, now);
      if (!check.ok) return check;
      return { ok: true as const, member: memberForNumber(tx, mobile, now) };
    },
    { behavior: "immediate" },
  );
  if (outcome.ok && outcome.member.disabledAt !== null) throw new ApiError(ERROR.BAD_INPUT, LOGIN_MESSAGES.DISABLED);
  if (!outcome.ok) {
    db.insert(loginAttempts).values({ mobile, clientIp, method: "sms_code", success: false, createdAt: now }).run();
    throw new ApiError(ERROR.BAD_INPUT, outcome.message);
  }
  return { login_credential: newSession(db, outcome.member.memberId, replaces, now), ...userInfo(outcome.member, channelId) };
}

export interface SetPassword {
  mobile: string;
  smsCode: string;
  password: string;
  clientIp: string;
  channelId: string;
}

/**
 * 设置密码 / 忘记密码 (issue 25): a SET_PASSWORD code proves the number, as an SMS login does, so
 * an unknown number gets an account exactly as there (the answer never tells numbers apart). The
 * new password ends the lock and its failure count, every credential of the member is revoked —
 * the browser's own too — and this browser gets a new one; the member is told by SMS.
 * A password that breaks a rule is refused before the code is looked at: the code stays usable.
 */
export function setPassword(deps: TradeDeps, { mobile, smsCode, password, clientIp, channelId }: SetPassword): LoginResult {
  const { db } = deps.store;
  const now = deps.now();
  const ruleBroken = newPasswordError(password, mobile);
  if (ruleBroken) throw new ApiError(ERROR.BAD_INPUT, ruleBroken);
  const refusal = addressLoginRefusal(addressFailures(db, "sms_code", clientIp, now), now, LOGIN_LOCK.maxCodeFailuresPerAddress);
  if (refusal) throw new ApiError(ERROR.RATE_LIMITED, refusal);

  // hashed before the write transaction (scrypt takes tens of ms), for every request alike
  const passwordHash = hashPassword(password);
  const outcome = db.transaction(
    (tx) => {
      const check = takeCode(tx, deps.config.sessionSecret, { mobile, smsType: "SET_PASSWORD", code: smsCode }, now);
      if (!check.ok) return check;
      const member = memberForNumber(tx, mobile, now);
      if (member.disabledAt !== null) return { ok: false as const, disabled: true, message: LOGIN_MESSAGES.DISABLED };
      // a stored lock end of now drops every earlier attempt from the lock count (login-lock.ts)
      tx.update(members).set({ passwordHash, lockedUntil: now }).where(eq(members.memberId, member.memberId)).run();
      revokeAllCredentials(tx, member.memberId, now);
      const message = { kind: "PASSWORD_CHANGED" as const, params: { time: formatDateTime(now) }, now };
      queueSms(tx, mobile, message);
      if (member.email) queueMail(tx, member.email, message);
      return { ok: true as const, member, token: issueCredential(tx, member.memberId, now).token };
    },
    { behavior: "immediate" },
  );
  if (!outcome.ok) {
    if (!("disabled" in outcome)) db.insert(loginAttempts).values({ mobile, clientIp, method: "sms_code", success: false, createdAt: now }).run();
    throw new ApiError(ERROR.BAD_INPUT, outcome.message);
  }
  return { login_credential: outcome.token, ...userInfo(outcome.member, channelId) };
}

/** The member with this number; an unknown number gets an account (spec/03 §3). */
function memberForNumber(tx: DbTx, mobile: string, now: number): Member {
  const existing = tx.select().from(members).where(eq(members.mobile, mobile)).get();
  if (existing) return existing;
  return tx
    .insert(members)
    .values({ mobile, memberName: defaultMemberName(mobile), createdAt: now })
    .returning()
    .get();
}

export interface PasswordLogin {
  username: string;
  password: string;
  lotNumber: string;
  clientIp: string;
  channelId: string;
  /** The credential the browser logged in with before, if any. */
  replaces: string | null;
}

export function loginWithPassword(deps: TradeDeps, { username, password, lotNumber, clientIp, channelId, replaces }: PasswordLogin): LoginResult {
  const { db } = deps.store;
  const now = deps.now();
  const refusal = addressLoginRefusal(addressFailures(db, "password", clientIp, now), now, LOGIN_LOCK.maxFailuresPerAddress);
  if (refusal) throw new ApiError(ERROR.RATE_LIMITED, refusal);

  // From here on the captcha is spent, whatever the outcome: one password guess per captcha.
  db.transaction((tx) => consumeValidatedLot(tx, lotNumber, now), { behavior: "immediate" });

  const member = db.select().from(members).where(eq(members.mobile, username)).get() ?? null;
  const history: Attempt[] = db
    .select({ at: loginAttempts.createdAt, success: loginAttempts.success })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.mobile, username), eq(loginAttempts.method, "password"), gt(loginAttempts.createdAt, now - LOGIN_LOCK.lookbackMs)))
    .all();
  const storedLock = member?.lockedUntil ?? null;
  const record = (tx: DbTx, success: boolean) => tx.insert(loginAttempts).values({ mobile: username, clientIp, success, createdAt: now }).run();

  if (lockedUntil(history, now, storedLock) !== null) {
    record(db, false);
    throw new ApiError(ERROR.RATE_LIMITED, LOGIN_MESSAGES.LOCKED);
  }

  const passwordOk = verifyPassword(password, member?.passwordHash);
  if (!member || !passwordOk) {
    const lockEnd = db.transaction(
      (tx) => {
        record(tx, false);
        const until = lockedUntil([...history, { at: now, success: false }], now, storedLock);
        if (until !== null && member) tx.update(members).set({ lockedUntil: until }).where(eq(members.memberId, member.memberId)).run();
        return until;
      },
      { behavior: "immediate" },
    );
    throw lockEnd !== null ? new ApiError(ERROR.RATE_LIMITED, LOGIN_MESSAGES.LOCKED) : new ApiError(ERROR.BAD_INPUT, LOGIN_MESSAGES.WRONG);
  }

  record(db, true);
  if (member.disabledAt !== null) throw new ApiError(ERROR.BAD_INPUT, LOGIN_MESSAGES.DISABLED);
  return { login_credential: newSession(db, member.memberId, replaces, now), ...userInfo(member, channelId) };
}

/** A new credential; the one the same browser held before stops working (a login replaces it, it does not add one). */
function newSession(db: TradeDeps["store"]["db"], memberId: number, replaces: string | null, now: number): string {
  if (replaces) revokeCredential(db, replaces, now);
  return issueCredential(db, memberId, now).token;
}

export function logout(deps: TradeDeps, credential: string): void {
  revokeCredential(deps.store.db, credential, deps.now());
}
