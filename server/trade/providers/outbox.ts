// The local stand-ins of the SMS and mail providers (spec/03 §6): every message is written to the
// outbox table inside the caller's transaction, so a message exists exactly when what it announces
// does (a code, a delivery). The demo's /dev pages read the outbox; a real gateway would deliver
// from it, or replace `send`, without touching the services.
import type { Db } from "../../../db/client";
import { outboxMessages } from "../../../db/schema";

/** A drizzle handle: the database or a transaction on it. */
export type DbHandle = Pick<Db, "insert">;

export interface OutboxMessage {
  recipient: string;
  subject: string;
  body: string;
  /** The order the message is about, if any. */
  orderNo?: string | null;
  now: number;
}

export function writeOutbox(db: DbHandle, channel: "SMS" | "MAIL", { recipient, subject, body, orderNo = null, now }: OutboxMessage): void {
  db.insert(outboxMessages).values({ channel, recipient, subject, body, orderNo, createdAt: now }).run();
}
