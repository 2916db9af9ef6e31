// A generic SMS webhook (docs/deploy.md "Going live"): a JSON POST to SMS_WEBHOOK_URL, signed with
// HMAC-SHA256 over "<timestamp>.<body>" under SMS_WEBHOOK_SECRET. The receiver checks the
// signature and that the timestamp is within 5 minutes, and deduplicates by the Idempotency-Key
// (the same on every attempt of a message). A 2xx answer is success; its JSON `id`, if any, is
// the provider's id. 4xx (but 408 and 429) refuses the message; anything else is tried again.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { SmsSettings } from "../../config-messages";
import { smsVarsOf, type MessageKind, type MessageParams } from "../messages/templates";
import { e164, RefusedMessage, splitMobile, type MessageSender } from "./message-sender";

type WebhookSettings = Extract<SmsSettings, { provider: "webhook" }>;

export const WEBHOOK_HEADERS = { timestamp: "x-shop-timestamp", signature: "x-shop-signature", key: "idempotency-key" } as const;
const MAX_SKEW_S = 300;

export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/** What a receiver runs: true only for a body signed with the secret within the last 5 minutes. */
export function verifyWebhook(secret: string, headers: Record<string, string | string[] | undefined>, body: string, nowMs = Date.now()): boolean {
  const timestamp = headers[WEBHOOK_HEADERS.timestamp];
  const signature = headers[WEBHOOK_HEADERS.signature];
  if (typeof timestamp !== "string" || typeof signature !== "string" || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > MAX_SKEW_S) return false;
  const expected = Buffer.from(webhookSignature(secret, timestamp, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function webhookSmsSender(settings: WebhookSettings, timeoutMs: number): MessageSender {
  return {
    name: "webhook",
    async send({ key, recipient, kind, params, body: text }) {
      splitMobile(recipient);
      const body = JSON.stringify({ id: key, to: e164(recipient), kind, text, vars: smsVarsOf(kind as MessageKind, params as MessageParams[MessageKind]) });
      const timestamp = String(Math.floor(Date.now() / 1000));
      const res = await fetch(settings.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          [WEBHOOK_HEADERS.timestamp]: timestamp,
          [WEBHOOK_HEADERS.signature]: webhookSignature(settings.secret, timestamp, body),
          [WEBHOOK_HEADERS.key]: key,
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      const answer = await res.text();
      if (!res.ok) {
        const error = `短信网关 HTTP ${res.status}：${answer.slice(0, 200)}`;
        if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) throw new RefusedMessage(error);
        throw new Error(error);
      }
      try {
        const id = (JSON.parse(answer) as { id?: unknown }).id;
        return typeof id === "string" ? id : key;
      } catch {
        return key;
      }
    },
  };
}
