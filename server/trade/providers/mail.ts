// The mail provider (spec/03 §6): the delivery e-mail with an order's codes. The local stand-in
// writes to the outbox (providers/outbox.ts).
import { writeOutbox, type DbHandle } from "./outbox";

export interface MailMessage {
  /** The shopper's e-mail address. */
  to: string;
  subject: string;
  body: string;
  /** The order a delivery mail is about. */
  orderNo?: string;
  now: number;
}

export interface MailProvider {
  send(db: DbHandle, message: MailMessage): void;
}

export const outboxMailProvider: MailProvider = {
  send(db, { to, subject, body, orderNo, now }) {
    writeOutbox(db, "MAIL", { recipient: to, subject, body, orderNo, now });
  },
};
