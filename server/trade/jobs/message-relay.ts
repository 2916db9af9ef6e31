// The outbox relay (issue 38): hands pending messages to the configured providers, once per
// cluster (jobs/index.ts runs in the primary). Each message is claimed with a lease in its own
// transaction, sent outside any transaction with its idempotency key, then recorded SENT (with the
// provider's id) or failed: tried again with backoff, given up after MESSAGE_MAX_ATTEMPTS or when
// the provider refuses it (FAILED, logged for an operator). Each channel keeps to its provider's
// rate (SMS_RATE_PER_SECOND, MAIL_RATE_PER_SECOND). A crash between the provider's answer and the
// record sends the message again after the lease, with the same key: a provider that deduplicates
// by it (the webhook) sends it once; SMTP, Aliyun and Tencent may deliver it twice (decision 045).
import type { MessageSettings } from "../../config-messages";
import type { TradeDeps } from "../deps";
import { SMS_CODE } from "../domain/sms-code";
import { isMessageKind } from "../messages/templates";
import { RefusedMessage, type MessageSender, type OutgoingMessage } from "../providers/message-sender";
import type { MessageSenders } from "../providers/message-senders";
import { writeTransaction } from "../services/prepared";
import {
  claimMessage,
  dueMessages,
  messageFailed,
  messageKey,
  messageSent,
  skipMessages,
  type MessageChannel,
  type MessageRow,
} from "../services/message.service";

const BATCH = 50;
const CODE_KINDS = new Set<string>(["LOGIN_CODE", "SET_PASSWORD_CODE"]);

export interface RelayPass {
  sent: number[];
  retrying: number[];
  failed: number[];
  skipped: number;
}

/** Keeps a channel's sends at most `perSecond` apart, across passes. */
export function rateLimiter(perSecond: number, clock: () => number = Date.now) {
  const gapMs = 1000 / perSecond;
  let next = 0;
  return async () => {
    const wait = next - clock();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    next = Math.max(clock(), next) + gapMs;
  };
}

/** What the provider is handed, or why the message is never to be sent (an outbox row written by hand, a code too old). */
function outgoingOf(message: MessageRow, now: number): OutgoingMessage | string {
  if (!isMessageKind(message.kind)) return `无法发送：没有「${message.kind}」这种消息`;
  let params: unknown;
  try {
    params = JSON.parse(message.params);
  } catch {
    params = null;
  }
  if (!params || typeof params !== "object" || Array.isArray(params)) return "无法发送：消息参数不是 JSON";
  if (CODE_KINDS.has(message.kind) && now - message.createdAt > SMS_CODE.validMs) return "验证码已过期，不再发送";
  const { recipient, subject, body } = message;
  return { key: messageKey(message), recipient, kind: message.kind, params: params as Record<string, unknown>, subject, body };
}

function withTimeout<T>(call: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${ms / 1000} 秒未答复`)), ms);
  });
  return Promise.race([call, timeout]).finally(() => clearTimeout(timer));
}

export function messageRelay(deps: TradeDeps, senders: MessageSenders, settings: MessageSettings) {
  const limiters = { SMS: rateLimiter(settings.sms.ratePerSecond), MAIL: rateLimiter(settings.mail.ratePerSecond) };
  const providerOf = { SMS: "SMS_PROVIDER", MAIL: "MAIL_PROVIDER" } as const;

  async function attempt(channel: MessageChannel, sender: MessageSender, message: MessageRow, pass: RelayPass) {
    const { db } = deps.store;
    const now = deps.now();
    const log = { id: message.id, channel, kind: message.kind, orderNo: message.orderNo, provider: sender.name, attempt: message.attempts + 1 };
    const outgoing = outgoingOf(message, now);
    if (typeof outgoing === "string") {
      writeTransaction(db, () => messageFailed(db, message, outgoing, now, true));
      deps.logger.error({ ...log, err: outgoing }, "message failed for good, unsent (npm run admin -- messages --status FAILED)");
      pass.failed.push(message.id);
      return;
    }
    if (!writeTransaction(db, () => claimMessage(db, message, now, settings.sendTimeoutMs * 2))) return;
    await limiters[channel]();
    try {
      const providerId = await withTimeout(sender.send(outgoing), settings.sendTimeoutMs);
      writeTransaction(db, () => messageSent(db, message.id, providerId, deps.now()));
      pass.sent.push(message.id);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      const giveUp = error instanceof RefusedMessage || message.attempts + 1 >= settings.maxAttempts;
      writeTransaction(db, () => messageFailed(db, message, text, deps.now(), giveUp));
      if (giveUp) {
        deps.logger.error({ ...log, err: text }, "message failed for good: an operator looks (npm run admin -- messages --status FAILED)");
        pass.failed.push(message.id);
      } else {
        deps.logger.warn({ ...log, err: text }, "message not sent; it is tried again");
        pass.retrying.push(message.id);
      }
    }
  }

  /** One pass over the messages due on both channels, side by side. */
  return async function runRelay(): Promise<RelayPass> {
    const pass: RelayPass = { sent: [], retrying: [], failed: [], skipped: 0 };
    await Promise.all(
      (["SMS", "MAIL"] as const).map(async (channel) => {
        const sender = senders[channel];
        const { db } = deps.store;
        if (!sender) {
          pass.skipped += writeTransaction(db, () => skipMessages(db, channel, `${providerOf[channel]} 未配置`, deps.now(), BATCH));
          return;
        }
        for (const message of dueMessages(db, channel, deps.now(), BATCH)) await attempt(channel, sender, message, pass);
      }),
    );
    return pass;
  };
}
