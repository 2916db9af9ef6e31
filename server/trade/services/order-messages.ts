// The mail and SMS an order sends its shopper (delivery, refund), written to the outbox inside the
// caller's transaction, so a message exists exactly when what it announces does; the relay sends
// them through the configured providers (jobs/message-relay.ts).
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { members, type orders } from "../../../db/schema";
import type { MessageParams } from "../messages/templates";
import { queueMail, queueSms } from "../providers/outbox";
import { preparedFor } from "./prepared";

const queries = preparedFor((db) => ({
  recipient: db
    .select({ email: members.email, mobile: members.mobile })
    .from(members)
    .where(eq(members.memberId, sql.placeholder("memberId")))
    .prepare(),
}));

/**
 * A mail to the order's e-mail (else the member's, when there is one) and an SMS to the member's
 * verified number, never to a number typed into the order.
 */
export function tellMember<K extends "DELIVERY" | "REFUND_STARTED" | "REFUND_DONE">(
  db: Db,
  order: Pick<typeof orders.$inferSelect, "orderNo" | "memberId" | "userEmail">,
  now: number,
  kind: K,
  params: MessageParams[K],
) {
  const member = queries(db).recipient.get({ memberId: order.memberId })!;
  const email = order.userEmail || member.email;
  const message = { kind, params, orderNo: order.orderNo, now };
  if (email) queueMail(db, email, message);
  queueSms(db, member.mobile, message);
}
