// Tencent Cloud SMS (API 2021-01-11) through its official SDK: SendSms with the app id, sign name,
// the template id of the message's kind and its variables in the template's order. Numbers in
// E.164 (+8613800138000). SessionContext carries the relay's key (echoed in receipts; Tencent
// does not deduplicate by it). TC3-HMAC-SHA256 signing is the SDK's.
import type { SmsSettings } from "../../config-messages";
import { smsVarsOf, type MessageKind, type MessageParams } from "../messages/templates";
import { loadedOnFirstUse } from "./loaded-on-first-use";
import { e164, RefusedMessage, type MessageSender } from "./message-sender";

type TencentSettings = Extract<SmsSettings, { provider: "tencent" }>;

export function tencentSmsSender(settings: TencentSettings, timeoutMs: number): MessageSender {
  const endpoint = new URL(settings.endpoint);
  const client = loadedOnFirstUse(async () => {
    const { sms } = await import("tencentcloud-sdk-nodejs-sms");
    return new sms.v20210111.Client({
      credential: { secretId: settings.secretId, secretKey: settings.secretKey },
      region: settings.region,
      profile: {
        httpProfile: { endpoint: endpoint.host, protocol: `${endpoint.protocol}//`, reqTimeout: Math.ceil(timeoutMs / 1000), proxy: settings.proxy },
      },
    });
  });
  return {
    name: "tencent",
    async send({ key, recipient, kind, params }) {
      const templateId = settings.templates[kind];
      if (!templateId) throw new RefusedMessage(`未设置 SMS_TEMPLATE_${kind}`);
      const answer = await (
        await client()
      ).SendSms({
        SmsSdkAppId: settings.appId,
        SignName: settings.signName,
        TemplateId: templateId,
        TemplateParamSet: Object.values(smsVarsOf(kind as MessageKind, params as MessageParams[MessageKind])),
        PhoneNumberSet: [e164(recipient)],
        SessionContext: key,
      });
      const status = answer.SendStatusSet?.[0];
      if (status?.Code !== "Ok") {
        const error = `腾讯云短信 ${status?.Code ?? "无答复"}：${status?.Message ?? ""}`;
        if (!status?.Code || /LimitExceeded|InternalError|RequestLimit/i.test(status.Code)) throw new Error(error);
        throw new RefusedMessage(error);
      }
      return status.SerialNo ?? answer.RequestId ?? "";
    },
  };
}
