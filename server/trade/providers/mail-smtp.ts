// Mail through SMTP with nodemailer: SMTP_URL (smtps://user:pass@host:465, or smtp:// with
// STARTTLS), MAIL_FROM, MAIL_REPLY_TO. The plain text and HTML come from the kind's template
// (messages/templates.ts) with the shop's public origin, so the order link is absolute. The
// Message-ID is derived from the relay's key: the same message sent twice has one id.
import type { MailSettings } from "../../config-messages";
import { renderMail, type MessageKind, type MessageParams } from "../messages/templates";
import { loadedOnFirstUse } from "./loaded-on-first-use";
import { RefusedMessage, type MessageSender } from "./message-sender";

type SmtpSettings = Extract<MailSettings, { provider: "smtp" }>;

export function smtpMailSender(settings: SmtpSettings, shop: string, timeoutMs: number): MessageSender {
  const transport = loadedOnFirstUse(async () => {
    const { createTransport } = await import("nodemailer");
    return createTransport({ url: settings.url, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs });
  });
  const domain = /@([^>\s]+)>?$/.exec(settings.from)?.[1] ?? "shop.invalid";
  return {
    name: "smtp",
    async send({ key, recipient, kind, params }) {
      const mail = renderMail(kind as MessageKind, params as MessageParams[MessageKind], shop);
      if (!mail) throw new RefusedMessage(`${kind} 没有邮件模板`);
      try {
        const info = await (
          await transport()
        ).sendMail({
          from: settings.from,
          replyTo: settings.replyTo,
          to: recipient,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: `<${key}@${domain}>`,
        });
        return info.messageId;
      } catch (error) {
        // a 5xx answer to the message (a mailbox that does not exist, a refused sender) will not change
        const code = (error as { responseCode?: number }).responseCode;
        if (code && code >= 500) throw new RefusedMessage(`SMTP ${code}：${(error as Error).message}`);
        throw error;
      }
    },
  };
}
