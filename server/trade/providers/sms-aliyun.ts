// Aliyun SMS (dysmsapi 2017-05-25) through its official SDK: SendSms with the sign name, the
// template code of the message's kind and its variables as JSON. Numbers: mainland ones as the
// 11 digits, others with their country code and no plus (Aliyun's international format). OutId
// carries the relay's key (Aliyun echoes it in receipts; it does not deduplicate by it).
import type { SmsSettings } from "../../config-messages";
import { smsVarsOf, type MessageKind, type MessageParams } from "../messages/templates";
import { loadedOnFirstUse } from "./loaded-on-first-use";
import { RefusedMessage, splitMobile, type MessageSender } from "./message-sender";

type AliyunSettings = Extract<SmsSettings, { provider: "aliyun" }>;

export function aliyunPhoneNumber(mobile: string): string {
  const { country, national } = splitMobile(mobile);
  return country === "86" ? national : `${country}${national}`;
}

export function aliyunSmsSender(settings: AliyunSettings, timeoutMs: number): MessageSender {
  const endpoint = new URL(settings.endpoint);
  const sdk = loadedOnFirstUse(async () => {
    const [module, { $OpenApiUtil }] = await Promise.all([import("@alicloud/dysmsapi20170525"), import("@alicloud/openapi-core")]);
    const { SendSmsRequest } = module;
    // a CommonJS package with `exports.default`: Node's import() gives its module.exports as `default`
    // (the production server), a bundler's interop (vitest) the class itself
    const exported: unknown = module.default;
    const Dysmsapi = (typeof exported === "function" ? exported : (exported as { default: unknown }).default) as typeof module.default;
    const client = new Dysmsapi(
      new $OpenApiUtil.Config({
        accessKeyId: settings.accessKeyId,
        accessKeySecret: settings.accessKeySecret,
        endpoint: endpoint.host,
        protocol: endpoint.protocol.replace(":", "").toUpperCase(),
        readTimeout: timeoutMs,
        connectTimeout: timeoutMs,
      }),
    );
    return { client, SendSmsRequest };
  });
  return {
    name: "aliyun",
    async send({ key, recipient, kind, params }) {
      const templateCode = settings.templates[kind];
      if (!templateCode) throw new RefusedMessage(`未设置 SMS_TEMPLATE_${kind}`);
      const { client, SendSmsRequest } = await sdk();
      const answer = await client.sendSms(
        new SendSmsRequest({
          phoneNumbers: aliyunPhoneNumber(recipient),
          signName: settings.signName,
          templateCode,
          templateParam: JSON.stringify(smsVarsOf(kind as MessageKind, params as MessageParams[MessageKind])),
          outId: key,
        }),
      );
      const body = answer.body;
      if (body?.code !== "OK") {
        const error = `阿里云短信 ${body?.code ?? "无答复"}：${body?.message ?? ""}`;
        // throttling and the service's own trouble pass; anything else is about this message
        if (!body?.code || /Throttling|BUSINESS_LIMIT_CONTROL|ServiceUnavailable|InternalError/i.test(body.code)) throw new Error(error);
        throw new RefusedMessage(error);
      }
      return body.bizId ?? body.requestId ?? "";
    },
  };
}
