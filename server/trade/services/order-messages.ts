// The mail and SMS an order sends its shopper (delivery, refund), written to the outbox inside the
// caller's transaction, so a message exists exactly when what it announces does.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { members, type orders } from "../../../db/schema";
import { outboxMailProvider, type MailProvider } from "../providers/mail";
import { outboxSmsProvider, type SmsProvider } from "../providers/sms";
import { preparedFor } from "./prepared";

// the demo's stand-ins; a real deployment puts its gateways here (docs/architecture.md, "outside service")
const mailProvider: MailProvider = outboxMailProvider;
const smsProvider: SmsProvider = outboxSmsProvider;

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
export function tellMember(
  db: Db,
  order: Pick<typeof orders.$inferSelect, "orderNo" | "memberId" | "userEmail">,
  now: number,
  message: { subject: string; mail: string; sms: string },
) {
  const member = queries(db).recipient.get({ memberId: order.memberId })!;
  const email = order.userEmail || member.email;
  const { orderNo } = order;
  if (email) mailProvider.send(db, { to: email, subject: message.subject, body: message.mail, orderNo, now });
  smsProvider.send(db, { mobile: member.mobile, subject: "", body: message.sms, orderNo, now });
}
