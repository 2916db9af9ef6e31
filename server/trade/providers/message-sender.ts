// What the outbox relay hands a provider, and what it gets back. A provider throws on failure:
// a RefusedMessage is not tried again (a template the provider rejects, a number it cannot reach),
// any other error is (a timeout, a 5xx, a connection refused).
import type { MessageKind } from "../messages/templates";

export interface OutgoingMessage {
  /** The relay's idempotency key for the message ("msg-<shop>-<id>"): the same on every attempt. */
  key: string;
  recipient: string;
  kind: MessageKind;
  params: Record<string, unknown>;
  /** The text the shopper reads, as written to the outbox. */
  subject: string;
  body: string;
}

export interface MessageSender {
  /** The provider's name, for logs and the operator's list. */
  readonly name: string;
  /** Resolves with the provider's id for the message. */
  send(message: OutgoingMessage): Promise<string>;
}

/** The provider answered and will not take this message as it is: retrying does not help. */
export class RefusedMessage extends Error {}

/** "+86-13800138000" → its country code and national number. */
export function splitMobile(mobile: string): { country: string; national: string } {
  const match = /^\+(\d{1,4})-(\d{4,15})$/.exec(mobile);
  if (!match) throw new RefusedMessage(`号码格式不对：${mobile}`);
  return { country: match[1]!, national: match[2]! };
}

/** "+86-13800138000" → "+8613800138000" (E.164). */
export function e164(mobile: string): string {
  const { country, national } = splitMobile(mobile);
  return `+${country}${national}`;
}
