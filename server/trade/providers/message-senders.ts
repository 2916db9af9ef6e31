// The SMS and mail providers, chosen by configuration in one place (review 2026-11c R1): the
// trade tier's dependencies (deps.ts) take them from here; no service imports a provider.
import type { Config } from "../../config";
import type { MessageSettings } from "../../config-messages";
import type { MessageSender } from "./message-sender";
import { smtpMailSender } from "./mail-smtp";
import { aliyunSmsSender } from "./sms-aliyun";
import { tencentSmsSender } from "./sms-tencent";
import { webhookSmsSender } from "./sms-webhook";

/** null: nothing is sent on the channel (its messages are recorded SKIPPED). */
export interface MessageSenders {
  SMS: MessageSender | null;
  MAIL: MessageSender | null;
}

/** The demo's provider: the message is in the outbox already, which the /dev pages show. */
const outboxSender: MessageSender = { name: "outbox", send: async ({ key }) => `outbox:${key}` };

export function messageSenders(config: Pick<Config, "cnBaseUrl"> & { messages: MessageSettings | null }): MessageSenders {
  const settings = config.messages;
  if (!settings) return { SMS: null, MAIL: null };
  const { sms, mail, sendTimeoutMs } = settings;
  return {
    SMS:
      sms.provider === "aliyun"
        ? aliyunSmsSender(sms, sendTimeoutMs)
        : sms.provider === "tencent"
          ? tencentSmsSender(sms, sendTimeoutMs)
          : sms.provider === "webhook"
            ? webhookSmsSender(sms, sendTimeoutMs)
            : sms.provider === "outbox"
              ? outboxSender
              : null,
    MAIL: mail.provider === "smtp" ? smtpMailSender(mail, config.cnBaseUrl, sendTimeoutMs) : mail.provider === "outbox" ? outboxSender : null,
  };
}
