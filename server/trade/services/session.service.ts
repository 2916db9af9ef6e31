// Login credentials (spec/03 §3): opaque random tokens (256 bits), stored only as SHA-256,
// valid 30 days, revoked on logout (one) and when the password changes (all of the member's). A
// member an operator locked (members.disabled_at, decision 060) has no valid credential at all.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db, DbTx } from "../../../db/client";
import { credentials, members } from "../../../db/schema";
import { preparedFor } from "./prepared";

export const CREDENTIAL_DAYS = 30;
const DAY_MS = 86_400_000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export type Member = typeof members.$inferSelect;

export function issueCredential(db: DbTx, memberId: number, now: number): { token: string; expiresAt: number } {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = now + CREDENTIAL_DAYS * DAY_MS;
  db.insert(credentials)
    .values({ tokenHash: hashToken(token), memberId, expiresAt, createdAt: now })
    .run();
  return { token, expiresAt };
}

const queries = preparedFor((db) => ({
  memberByTokenHash: db
    .select({ member: members })
    .from(credentials)
    .innerJoin(members, eq(members.memberId, credentials.memberId))
    .where(
      and(
        eq(credentials.tokenHash, sql.placeholder("tokenHash")),
        gt(credentials.expiresAt, sql.placeholder("now")),
        isNull(credentials.revokedAt),
        isNull(members.disabledAt),
      ),
    )
    .prepare(),
}));

/** The member a credential belongs to, when it is known, unexpired and not revoked, and the member not locked by an operator. */
export function memberByCredential(db: Db, token: string | null, now: number): Member | null {
  if (!token || token.length > 128) return null;
  return queries(db).memberByTokenHash.get({ tokenHash: hashToken(token), now })?.member ?? null;
}

export function revokeCredential(db: Db, token: string, now: number): void {
  db.update(credentials)
    .set({ revokedAt: now })
    .where(and(eq(credentials.tokenHash, hashToken(token)), isNull(credentials.revokedAt)))
    .run();
}

/** Inside the caller's transaction: every live credential of the member stops working. */
export function revokeAllCredentials(db: DbTx, memberId: number, now: number): void {
  db.update(credentials)
    .set({ revokedAt: now })
    .where(and(eq(credentials.memberId, memberId), isNull(credentials.revokedAt)))
    .run();
}
