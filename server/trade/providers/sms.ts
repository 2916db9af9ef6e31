// The SMS provider (spec/03 §6). The local stand-in writes every message to the outbox table,
// inside the caller's transaction, so a message exists exactly when the code it carries does.
// A real gateway would deliver from the outbox (or replace `send`) without touching the services.
import type { Db } from "../../../db/client";
import { outboxMessages } from "../../../db/schema";

/** A drizzle handle: the database or a transaction on it. */
export type DbHandle = Pick<Db, "insert">;

export interface SmsMessage {
  /** "+86-13800138000" */
  mobile: string;
  subject: string;
  body: string;
  now: number;
}

export interface SmsProvider {
  send(db: DbHandle, message: SmsMessage): void;
}

export const outboxSmsProvider: SmsProvider = {
  send(db, { mobile, subject, body, now }) {
    db.insert(outboxMessages).values({ channel: "SMS", recipient: mobile, subject, body, createdAt: now }).run();
  },
};
