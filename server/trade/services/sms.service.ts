// SMS codes (spec/03 §3, §6), for logging in and (an extension, issue 25) for setting a password:
// sending one (after a validated captcha, within the resend
// wait and the caps) and checking one. Codes are 6 random digits, stored only as an HMAC; the
// message goes to the outbox through the SMS provider, and in demo mode the log prints the code.
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, gte, sql } from "drizzle-orm";
import { smsCodes } from "../../../db/schema";
import type { TradeDeps } from "../deps";
import { checkCode, decideSend, SMS_CODE, type CodeCheck, type SendHistory, type SmsType } from "../domain/sms-code";
import { ApiError, ERROR } from "../http/api-error";
import { queueSms } from "../providers/outbox";
import type { DbTx } from "../../../db/client";
import { shopDayStart } from "../../../shared/shop-time";
import { consumeValidatedLot } from "./captcha.service";

const HOUR_MS = 3_600_000;

export interface SendCode {
  /** "+86-13800138000" */
  mobile: string;
  smsType: SmsType;
  lotNumber: string;
  clientIp: string;
}

/**
 * Sends a code, or throws 400 (captcha) or 429 (resend wait, caps) and changes nothing. The wait
 * and the caps count the codes of every type: a number gets no more messages by mixing types. The
 * number's daily cap is counted per sending address (decision 044: a stranger cannot lock the owner out).
 */
export function sendCode(deps: TradeDeps, { mobile, smsType, lotNumber, clientIp }: SendCode): void {
  const now = deps.now();
  const code = String(randomInt(0, 10 ** SMS_CODE.length)).padStart(SMS_CODE.length, "0");
  deps.store.db.transaction(
    (tx) => {
      consumeValidatedLot(tx, lotNumber, now);
      const decision = decideSend(sendHistory(tx, mobile, clientIp, now), now);
      if (!decision.ok) throw new ApiError(ERROR.RATE_LIMITED, decision.message);
      tx.insert(smsCodes)
        .values({
          mobile,
          smsType,
          codeHash: hashCode(deps.config.sessionSecret, mobile, code),
          expiresAt: now + SMS_CODE.validMs,
          clientIp,
          createdAt: now,
        })
        .run();
      queueSms(tx, mobile, { kind: smsType === "LOGIN" ? "LOGIN_CODE" : "SET_PASSWORD_CODE", params: { code }, now });
    },
    { behavior: "immediate" },
  );
  if (deps.config.devPages) deps.logger.info({ mobile, smsType, code }, "demo: SMS code sent to the outbox");
}

function sendHistory(tx: DbTx, mobile: string, clientIp: string, now: number): SendHistory {
  const lastUsed = tx
    .select({ at: sql<number | null>`max(${smsCodes.usedAt})` })
    .from(smsCodes)
    .where(eq(smsCodes.mobile, mobile))
    .get()?.at;
  const sentToday = tx
    .select({ at: smsCodes.createdAt, clientIp: smsCodes.clientIp })
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, mobile), gte(smsCodes.createdAt, Math.max(shopDayStart(now), (lastUsed ?? -1) + 1))))
    .all();
  const ownerAddress = tx
    .select({ id: smsCodes.id })
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.clientIp, clientIp), gte(smsCodes.usedAt, now - SMS_CODE.ownerAddressMs)))
    .limit(1)
    .get();
  const last = tx.select({ at: smsCodes.createdAt }).from(smsCodes).where(eq(smsCodes.mobile, mobile)).orderBy(desc(smsCodes.createdAt)).limit(1).get();
  const fromAddressLastHour = tx
    .select({ at: smsCodes.createdAt })
    .from(smsCodes)
    .where(and(eq(smsCodes.clientIp, clientIp), gt(smsCodes.createdAt, now - HOUR_MS)))
    .all()
    .map((r) => r.at);
  return {
    toNumberToday: sentToday.filter((r) => r.clientIp === clientIp).map((r) => r.at),
    toNumberTodayFromAll: sentToday.map((r) => r.at),
    fromOwnerAddress: ownerAddress !== undefined,
    lastToNumberAt: last?.at ?? null,
    fromAddressLastHour,
  };
}

/**
 * Inside the caller's transaction: checks a typed code against the latest code of this type sent to
 * the number; marks it used when right, counts a try when wrong.
 */
export function takeCode(tx: DbTx, secret: string, { mobile, smsType, code }: { mobile: string; smsType: SmsType; code: string }, now: number): CodeCheck {
  const row =
    tx
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.smsType, smsType)))
      .orderBy(desc(smsCodes.id))
      .limit(1)
      .get() ?? null;
  const matches = row !== null && sameHash(row.codeHash, hashCode(secret, mobile, code));
  const check = checkCode(row, matches, now);
  if (!row) return check;
  if (check.ok) {
    tx.update(smsCodes).set({ usedAt: now }).where(eq(smsCodes.id, row.id)).run();
  } else if (check.countsTry) {
    tx.update(smsCodes)
      .set({ wrongTries: sql`${smsCodes.wrongTries} + 1` })
      .where(eq(smsCodes.id, row.id))
      .run();
  }
  return check;
}

/** Codes are short, so they are keyed with the server secret: a copy of the table alone reveals none. */
function hashCode(secret: string, mobile: string, code: string): string {
  return createHmac("sha256", secret).update(`sms-code:${mobile}:${code}`).digest("hex");
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
