// The SMS provider (spec/03 §6): login codes and delivery notices. The local stand-in writes to the
// outbox (providers/outbox.ts), inside the caller's transaction, so a message exists exactly when
// the code it carries does.
import { writeOutbox, type DbHandle } from "./outbox";

export type { DbHandle } from "./outbox";

export interface SmsMessage {
  /** "+86-13800138000" */
  mobile: string;
  subject: string;
  body: string;
  /** The order a delivery notice is about. */
  orderNo?: string;
  now: number;
}

export interface SmsProvider {
  send(db: DbHandle, message: SmsMessage): void;
}

export const outboxSmsProvider: SmsProvider = {
  send(db, { mobile, subject, body, orderNo, now }) {
    writeOutbox(db, "SMS", { recipient: mobile, subject, body, orderNo, now });
  },
};
