// Failed logins per client address (login_attempts): the shoppers' password and SMS-code logins
// (spec/03 §3) and the operators' back-office login (decision 065) each count their own method.
import { and, eq, gt } from "drizzle-orm";
import { loginAttempts } from "../../../db/schema";
import type { DbTx } from "../../../db/client";
import { LOGIN_LOCK } from "../domain/login-lock";

export type LoginMethod = (typeof loginAttempts.$inferInsert)["method"] & string;

/** The times of failed logins of one method from one address within the window. */
export function addressFailures(db: DbTx, method: LoginMethod, clientIp: string, now: number): number[] {
  return db
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.clientIp, clientIp),
        eq(loginAttempts.method, method),
        eq(loginAttempts.success, false),
        gt(loginAttempts.createdAt, now - LOGIN_LOCK.windowMs),
      ),
    )
    .all()
    .map((r) => r.at);
}
