// The outbox's delivery state (issue 38): what the relay claims, sends and records, and what an
// operator lists (npm run admin -- messages; the back office's dashboard). A message is claimed in
// a transaction of its own with a lease, sent outside any transaction, then recorded; a process
// that dies in between leaves it PENDING with the same idempotency key, taken up again after the lease.
import { and, asc, desc, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { outboxMessages } from "../../../db/schema";

export type MessageRow = typeof outboxMessages.$inferSelect;
export type MessageChannel = "SMS" | "MAIL";
export const MESSAGE_STATUSES = ["PENDING", "SENT", "FAILED", "SKIPPED"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 3_600_000;

/** The wait before attempt n+1 after n failed ones: 30 s, 1 min, 2 min… at most an hour. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

/** The idempotency key of a message: the same on every attempt, handed to providers that take one. */
export function messageKey(message: Pick<MessageRow, "id" | "createdAt">): string {
  return `msg-${message.createdAt.toString(36)}-${message.id}`;
}

export function dueMessages(db: Db, channel: MessageChannel, now: number, limit: number): MessageRow[] {
  return db
    .select()
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.status, "PENDING"),
        lte(outboxMessages.nextAttemptAt, now),
        eq(outboxMessages.channel, channel),
        or(isNull(outboxMessages.leaseUntil), lte(outboxMessages.leaseUntil, now)),
      ),
    )
    .orderBy(asc(outboxMessages.id))
    .limit(limit)
    .all();
}

/** Takes a message for one attempt; false when another relay took it first. */
export function claimMessage(db: Db, message: MessageRow, now: number, leaseMs: number): boolean {
  return (
    db
      .update(outboxMessages)
      .set({ attempts: message.attempts + 1, leaseUntil: now + leaseMs })
      .where(and(eq(outboxMessages.id, message.id), eq(outboxMessages.status, "PENDING"), eq(outboxMessages.attempts, message.attempts)))
      .run().changes === 1
  );
}

export function messageSent(db: Db, id: number, providerId: string, now: number): void {
  db.update(outboxMessages).set({ status: "SENT", sentAt: now, providerId, leaseUntil: null, lastError: null }).where(eq(outboxMessages.id, id)).run();
}

/** A failed attempt: tried again after the backoff, or given up (FAILED) for an operator. */
export function messageFailed(db: Db, message: MessageRow, error: string, now: number, giveUp: boolean): MessageStatus {
  const attempts = message.attempts + 1;
  const status = giveUp ? "FAILED" : "PENDING";
  db.update(outboxMessages)
    .set({ status, lastError: error.slice(0, 500), leaseUntil: null, nextAttemptAt: now + backoffMs(attempts) })
    .where(eq(outboxMessages.id, message.id))
    .run();
  return status;
}

/** No provider for the channel: recorded, not sent, never tried again. */
export function skipMessages(db: Db, channel: MessageChannel, reason: string, now: number, limit: number): number {
  const ids = dueMessages(db, channel, now, limit).map((m) => m.id);
  if (!ids.length) return 0;
  return db
    .update(outboxMessages)
    .set({ status: "SKIPPED", lastError: reason })
    .where(and(eq(outboxMessages.status, "PENDING"), sql`${outboxMessages.id} IN (${sql.join(ids, sql`, `)})`))
    .run().changes;
}

export interface MessageListing {
  id: number;
  channel: string;
  recipient: string;
  kind: string;
  subject: string;
  orderNo: string | null;
  status: string;
  attempts: number;
  lastError: string | null;
  providerId: string | null;
  createdAt: number;
  sentAt: number | null;
}

/** Messages in a status, newest first (the back office's and the admin script's list). */
export function listMessages(db: Db, status: MessageStatus, limit = 100): MessageListing[] {
  return db
    .select({
      id: outboxMessages.id,
      channel: outboxMessages.channel,
      recipient: outboxMessages.recipient,
      kind: outboxMessages.kind,
      subject: outboxMessages.subject,
      orderNo: outboxMessages.orderNo,
      status: outboxMessages.status,
      attempts: outboxMessages.attempts,
      lastError: outboxMessages.lastError,
      providerId: outboxMessages.providerId,
      createdAt: outboxMessages.createdAt,
      sentAt: outboxMessages.sentAt,
    })
    .from(outboxMessages)
    .where(eq(outboxMessages.status, status))
    .orderBy(desc(outboxMessages.id))
    .limit(limit)
    .all();
}
