// The captcha flow of the local geetest v4 stand-in (spec/03 §4, §6): challenges expire after
// 2 minutes, an answer is checked once (a wrong one ends the lot), a validated lot passes one SMS
// send or password login within 2 minutes. What a challenge looks like and how an answer is
// checked belongs to the provider (providers/captcha.ts).
import { randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { DbTx } from "../../../db/client";
import { captchaLots } from "../../../db/schema";
import type { TradeDeps } from "../deps";
import { CAPTCHA, CAPTCHA_MESSAGES, canAnswer, checkLotUse, type CaptchaType } from "../domain/captcha";
import { ApiError, ERROR } from "../http/api-error";
import { captchaProvider, type CaptchaAnswer } from "../providers/captcha";

/** The connection or a transaction on it. */

/** Lots this long past their expiry are deleted when new ones are issued. */
const STALE_LOT_MS = 10 * 60_000;

export interface Challenge {
  lot_number: string;
  captcha_type: CaptchaType;
  /** Seconds until the challenge expires. */
  expires_in: number;
  [widgetField: string]: unknown;
}

export function loadChallenge(deps: TradeDeps, type: CaptchaType, imageUrl: (lotNumber: string) => string): Challenge {
  const now = deps.now();
  const challenge = captchaProvider.issue(type, imageUrl);
  const { db } = deps.store;
  db.transaction(
    (tx) => {
      tx.delete(captchaLots)
        .where(lt(captchaLots.expiresAt, now - STALE_LOT_MS))
        .run();
      tx.insert(captchaLots)
        .values({ lotNumber: challenge.lotNumber, kind: challenge.kind, answer: challenge.answer, expiresAt: now + CAPTCHA.lotTtlMs, createdAt: now })
        .run();
    },
    { behavior: "immediate" },
  );
  return {
    lot_number: challenge.lotNumber,
    captcha_type: type,
    ...challenge.widget,
    expires_in: CAPTCHA.lotTtlMs / 1000,
  };
}

/** The picture of a lot that may still be answered; 404 otherwise. */
export function challengeImage(deps: TradeDeps, lotNumber: string): string {
  const now = deps.now();
  const lot = deps.store.db.select().from(captchaLots).where(eq(captchaLots.lotNumber, lotNumber)).get() ?? null;
  const svg = lot && now < lot.expiresAt ? captchaProvider.image(lot) : null;
  if (!svg) throw new ApiError(ERROR.NOT_FOUND, CAPTCHA_MESSAGES.EXPIRED);
  return svg;
}

export interface Validation {
  result: "success";
  lot_number: string;
  pass_token: string;
}

/** Checks the widget's answer once. With CAPTCHA_TEST_PASS set, that value solves any fresh lot. */
export async function validateAnswer(deps: TradeDeps, answer: CaptchaAnswer): Promise<Validation> {
  const { db } = deps.store;
  const where = eq(captchaLots.lotNumber, answer.lotNumber);
  const lot = db.select().from(captchaLots).where(where).get() ?? null;
  if (!lot || !canAnswer(lot, deps.now())) throw new ApiError(ERROR.BAD_INPUT, CAPTCHA_MESSAGES.EXPIRED);

  const testPass = deps.config.captchaTestPass;
  const solved = (testPass !== undefined && sameText(answer.captchaOutput, testPass)) || (await captchaProvider.verify(lot, answer));
  const now = deps.now();
  if (!solved) {
    // One answer per challenge, as the geetest widget asks for a new one after a failure.
    db.update(captchaLots)
      .set({ expiresAt: Math.min(now, lot.expiresAt) })
      .where(and(where, isNull(captchaLots.validatedAt)))
      .run();
    throw new ApiError(ERROR.BAD_INPUT, CAPTCHA_MESSAGES.FAILED);
  }
  const passToken = randomBytes(16).toString("hex");
  const { changes } = db
    .update(captchaLots)
    .set({ validatedAt: now, passToken })
    .where(and(where, isNull(captchaLots.validatedAt), isNull(captchaLots.consumedAt), gt(captchaLots.expiresAt, now)))
    .run();
  if (changes !== 1) throw new ApiError(ERROR.BAD_INPUT, CAPTCHA_MESSAGES.EXPIRED);
  return { result: "success", lot_number: answer.lotNumber, pass_token: passToken };
}

/**
 * Inside the caller's transaction: takes a validated lot for one SMS send or password login,
 * or throws 400. Rolled back with the caller, so a refused send leaves the lot usable.
 */
export function consumeValidatedLot(tx: DbTx, lotNumber: string, now: number): void {
  const where = eq(captchaLots.lotNumber, lotNumber);
  const lot = tx.select().from(captchaLots).where(where).get() ?? null;
  const use = checkLotUse(lot, now);
  if (!use.ok) throw new ApiError(ERROR.BAD_INPUT, use.message);
  tx.update(captchaLots)
    .set({ consumedAt: now })
    .where(and(where, isNull(captchaLots.consumedAt)))
    .run();
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
