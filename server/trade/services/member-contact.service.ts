// A member's e-mail on the account, and the channels a message to them goes by (an extension of the
// contract, decision 058). An SMS-registered member has no e-mail until they keep one here; the
// e-mail typed into an order stays the order's (order-messages.ts) and is never copied here.
import { and, eq, sql } from "drizzle-orm";
import { members, outboxMessages } from "../../../db/schema";
import { EMAIL_MAX_LENGTH, isValidEmail } from "../../../shared/email";
import type { Caller, ServiceDeps, TradeDeps } from "../deps";
import { ApiError, ERROR } from "../http/api-error";
import { preparedFor } from "./prepared";
import type { MessageKind } from "../messages/templates";

export const CONTACT_MESSAGES = {
  EMAIL_INVALID: "邮箱格式有误",
} as const;

/** The channels a message goes by, in the order the storefront names them. */
export type NotifyChannel = "SMS" | "MAIL";

/**
 * Which channels the shop sends a kind of message on, from the configuration (providers/message-senders.ts
 * builds the senders from the same settings; senders a test put in place win): a channel whose provider
 * is `none`, or an SMS provider without that kind's template, sends nothing. Without message settings
 * (a tool's configuration) nothing is claimed.
 */
export function shopChannels(deps: Pick<TradeDeps, "config" | "senders">, kind: MessageKind): { sms: boolean; mail: boolean } {
  const settings = deps.config.messages;
  if (!settings) return { sms: false, mail: false };
  const templated = "templates" in settings.sms ? kind in settings.sms.templates : true;
  const sms = deps.senders ? deps.senders.SMS !== null : settings.sms.provider !== "none";
  const mail = deps.senders ? deps.senders.MAIL !== null : settings.mail.provider !== "none";
  return { sms: sms && templated, mail };
}

/** The channels a message of this kind reaches a member (or an order) on, given the e-mail it would be mailed to. */
export function notifyBy(channels: { sms: boolean; mail: boolean }, email: string | null): NotifyChannel[] {
  return [...(channels.sms ? ["SMS" as const] : []), ...(channels.mail && email ? ["MAIL" as const] : [])];
}

/**
 * The channels a delivered order's codes went by (decision 062): those of the delivery messages the
 * shop recorded for it, sent or still to be sent on a channel the shop has, not a skipped or given-up
 * one. undefined once retention has removed them: the channels are then unknown, and none is named.
 */
export function deliveredBy(deps: Pick<TradeDeps, "store" | "config" | "senders">, orderNo: string): NotifyChannel[] | undefined {
  const rows = deps.store.db
    .select({ channel: outboxMessages.channel, status: outboxMessages.status })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.orderNo, orderNo), eq(outboxMessages.kind, "DELIVERY")))
    .all();
  if (!rows.length) return undefined;
  const today = shopChannels(deps, "DELIVERY");
  const went = (channel: NotifyChannel) =>
    rows.some((m) => m.channel === channel && (m.status === "SENT" || (m.status === "PENDING" && today[channel === "SMS" ? "sms" : "mail"])));
  return (["SMS", "MAIL"] as const).filter(went);
}

export function memberEmail(deps: ServiceDeps, member: Caller): string | null {
  return queries(deps.store.db).email.get({ memberId: member.memberId })?.email || null;
}

const queries = preparedFor((db) => ({
  email: db
    .select({ email: members.email })
    .from(members)
    .where(eq(members.memberId, sql.placeholder("memberId")))
    .prepare(),
}));

/**
 * The member's e-mail (null: none kept), the longest one accepted, and `delivery_by`: the channels an
 * order's codes go by today when the order has an e-mail (确认订单's line names them, decision 062).
 */
export function memberContact(deps: ServiceDeps & Pick<TradeDeps, "config" | "senders">, member: Caller) {
  return {
    email: memberEmail(deps, member),
    email_max_length: EMAIL_MAX_LENGTH,
    delivery_by: notifyBy(shopChannels(deps, "DELIVERY"), "the order's e-mail"),
  };
}

/** Keeps an e-mail on the account, or removes it (an empty one); a malformed one is refused and changes nothing. */
export function setMemberEmail(deps: ServiceDeps & Pick<TradeDeps, "config" | "senders">, member: Caller, email: string) {
  const value = email.trim();
  if (value && !isValidEmail(value)) throw new ApiError(ERROR.BAD_INPUT, CONTACT_MESSAGES.EMAIL_INVALID);
  deps.store.db
    .update(members)
    .set({ email: value || null })
    .where(eq(members.memberId, member.memberId))
    .run();
  return memberContact(deps, member);
}
