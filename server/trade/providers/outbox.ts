// The outbox (transactional): every message is written inside the caller's transaction, so a
// message exists exactly when what it announces does (a code, a delivery). The relay
// (jobs/message-relay.ts) hands it to the configured provider afterwards; the demo's provider is
// the outbox itself, which its /dev pages read.
import type { Db } from "../../../db/client";
import { outboxMessages } from "../../../db/schema";
import { renderMail, smsOf, type MessageKind, type MessageParams } from "../messages/templates";

/** A drizzle handle: the database or a transaction on it. */
export type DbHandle = Pick<Db, "insert">;

interface Queued<K extends MessageKind> {
  kind: K;
  params: MessageParams[K];
  /** The order the message is about, if any. */
  orderNo?: string | null;
  now: number;
}

/** An SMS to a verified number ("+86-13800138000"). */
export function queueSms<K extends MessageKind>(db: DbHandle, mobile: string, { kind, params, orderNo = null, now }: Queued<K>): void {
  const { subject, text } = smsOf(kind, params);
  db.insert(outboxMessages)
    .values({ channel: "SMS", recipient: mobile, subject, body: text, kind, params: JSON.stringify(params), orderNo, createdAt: now, nextAttemptAt: now })
    .run();
}

/** A mail, for the kinds that have one; the stored text has the order page's path, the sent mail its full address. */
export function queueMail<K extends MessageKind>(db: DbHandle, to: string, { kind, params, orderNo = null, now }: Queued<K>): void {
  const mail = renderMail(kind, params, "");
  if (!mail) return;
  db.insert(outboxMessages)
    .values({
      channel: "MAIL",
      recipient: to,
      subject: mail.subject,
      body: mail.text,
      kind,
      params: JSON.stringify(params),
      orderNo,
      createdAt: now,
      nextAttemptAt: now,
    })
    .run();
}
