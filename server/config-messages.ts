// The message providers' settings (issue 38, docs/deploy.md "Going live"): which SMS and mail
// provider the outbox relay sends through, and their keys. Fail closed: a production start of the
// trade tier without an SMS provider is refused (SMS login is the way in), unless the operator
// says SMS_PROVIDER=none and SMS_NONE_ACKNOWLEDGED=1; without mail, start-up says what is not sent.
// Secret values never appear in an error.
import { z } from "zod";
import { ConfigError } from "./config";
import { MESSAGE_KINDS, type MessageKind } from "./trade/messages/templates";

/** `outbox`: the demo's provider (the /dev pages read the outbox); `none`: nothing is sent on the channel. */
export const SMS_PROVIDERS = ["outbox", "aliyun", "tencent", "webhook", "none"] as const;
export const MAIL_PROVIDERS = ["outbox", "smtp", "none"] as const;
const SECRETS = new Set(["ALIYUN_SMS_ACCESS_KEY_SECRET", "TENCENT_SMS_SECRET_KEY", "SMS_WEBHOOK_SECRET", "SMTP_URL"]);

const httpUrl = z.url({ protocol: /^https?$/ });
const rate = z.coerce.number().min(0.1).max(1000);
const templates = Object.fromEntries(MESSAGE_KINDS.map((kind) => [`SMS_TEMPLATE_${kind}`, z.string().min(1).optional()])) as Record<
  `SMS_TEMPLATE_${MessageKind}`,
  z.ZodOptional<z.ZodString>
>;

const MessagesSchema = z.object({
  SMS_PROVIDER: z.enum(SMS_PROVIDERS).optional(),
  SMS_NONE_ACKNOWLEDGED: z.enum(["0", "1"]).default("0"),
  SMS_SIGN_NAME: z.string().min(1).optional(),
  SMS_RATE_PER_SECOND: rate.default(10),
  ...templates,
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().min(1).optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().min(1).optional(),
  ALIYUN_SMS_ENDPOINT: httpUrl.default("https://dysmsapi.aliyuncs.com"),
  TENCENT_SMS_SECRET_ID: z.string().min(1).optional(),
  TENCENT_SMS_SECRET_KEY: z.string().min(1).optional(),
  TENCENT_SMS_APP_ID: z.string().min(1).optional(),
  TENCENT_SMS_REGION: z.string().min(1).default("ap-guangzhou"),
  TENCENT_SMS_ENDPOINT: httpUrl.default("https://sms.tencentcloudapi.com"),
  /** An egress proxy the Tencent SDK tunnels through (its httpProfile.proxy). */
  TENCENT_SMS_PROXY: httpUrl.optional(),
  SMS_WEBHOOK_URL: httpUrl.optional(),
  SMS_WEBHOOK_SECRET: z.string().min(32, "至少 32 个字符").optional(),
  MAIL_PROVIDER: z.enum(MAIL_PROVIDERS).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  MAIL_REPLY_TO: z.string().min(3).optional(),
  MAIL_RATE_PER_SECOND: rate.default(5),
  MESSAGE_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** A provider call that takes longer is counted as failed (and tried again). */
  MESSAGE_SEND_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
});
type Env = z.infer<typeof MessagesSchema>;

function refuse(message: string): never {
  throw new ConfigError(`配置无效: ${message}`);
}

function required<K extends keyof Env>(env: Env, provider: string, names: K[]): { [P in K]-?: NonNullable<Env[P]> } {
  const missing = names.filter((name) => env[name] === undefined);
  if (missing.length) refuse(`${provider} 须设置 ${missing.join("、")}`);
  return env as never;
}

export type SmsSettings =
  | { provider: "outbox" | "none"; ratePerSecond: number }
  | {
      provider: "aliyun";
      ratePerSecond: number;
      signName: string;
      templates: Partial<Record<MessageKind, string>>;
      accessKeyId: string;
      accessKeySecret: string;
      endpoint: string;
    }
  | {
      provider: "tencent";
      ratePerSecond: number;
      signName: string;
      templates: Partial<Record<MessageKind, string>>;
      secretId: string;
      secretKey: string;
      appId: string;
      region: string;
      endpoint: string;
      proxy?: string;
    }
  | { provider: "webhook"; ratePerSecond: number; url: string; secret: string };

export type MailSettings =
  { provider: "outbox" | "none"; ratePerSecond: number } | { provider: "smtp"; ratePerSecond: number; url: string; from: string; replyTo?: string };

export interface MessageSettings {
  sms: SmsSettings;
  mail: MailSettings;
  maxAttempts: number;
  sendTimeoutMs: number;
}

/** The message settings of a trade tier; `demoAllowed`: the demo or outside production, where the outbox is the provider. */
export function messageSettings(raw: Record<string, string | undefined>, { demoAllowed }: { demoAllowed: boolean }): MessageSettings {
  const known = Object.fromEntries(Object.entries(raw).filter(([key, value]) => key in MessagesSchema.shape && value !== undefined));
  const parsed = MessagesSchema.safeParse(known);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `  ${name}${SECRETS.has(name) ? "" : `=${JSON.stringify(raw[name])}`}: ${issue.message}`;
    });
    throw new ConfigError(`配置无效 (invalid configuration):\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  return {
    sms: smsSettings(env, demoAllowed),
    mail: mailSettings(env, demoAllowed),
    maxAttempts: env.MESSAGE_MAX_ATTEMPTS,
    sendTimeoutMs: env.MESSAGE_SEND_TIMEOUT_MS,
  };
}

function smsTemplates(env: Env, provider: string): Partial<Record<MessageKind, string>> {
  required(env, provider, ["SMS_SIGN_NAME", "SMS_TEMPLATE_LOGIN_CODE", "SMS_TEMPLATE_SET_PASSWORD_CODE"]);
  return Object.fromEntries(MESSAGE_KINDS.flatMap((kind) => (env[`SMS_TEMPLATE_${kind}`] ? [[kind, env[`SMS_TEMPLATE_${kind}`]]] : [])));
}

function smsSettings(env: Env, demoAllowed: boolean): SmsSettings {
  const ratePerSecond = env.SMS_RATE_PER_SECOND;
  const provider = env.SMS_PROVIDER ?? (demoAllowed ? "outbox" : undefined);
  switch (provider) {
    case undefined:
      return refuse(
        "正式部署须设置 SMS_PROVIDER（aliyun、tencent 或 webhook，见 docs/deploy.md「Going live」）：短信验证码是会员注册和登录的唯一途径。确实不发短信时设置 SMS_PROVIDER=none 与 SMS_NONE_ACKNOWLEDGED=1",
      );
    case "outbox":
      if (!demoAllowed) refuse("SMS_PROVIDER=outbox 只能用于演示 (DEMO=1) 或 NODE_ENV=development/test：短信只写入发件箱，不会发出");
      return { provider, ratePerSecond };
    case "none":
      if (!demoAllowed && env.SMS_NONE_ACKNOWLEDGED !== "1") {
        refuse("SMS_PROVIDER=none 时没有人能收到登录验证码；确认如此须同时设置 SMS_NONE_ACKNOWLEDGED=1");
      }
      return { provider, ratePerSecond };
    case "aliyun": {
      const templates = smsTemplates(env, "SMS_PROVIDER=aliyun");
      const e = required(env, "SMS_PROVIDER=aliyun", ["ALIYUN_SMS_ACCESS_KEY_ID", "ALIYUN_SMS_ACCESS_KEY_SECRET"]);
      return {
        provider,
        ratePerSecond,
        signName: env.SMS_SIGN_NAME!,
        templates,
        accessKeyId: e.ALIYUN_SMS_ACCESS_KEY_ID,
        accessKeySecret: e.ALIYUN_SMS_ACCESS_KEY_SECRET,
        endpoint: env.ALIYUN_SMS_ENDPOINT,
      };
    }
    case "tencent": {
      const templates = smsTemplates(env, "SMS_PROVIDER=tencent");
      const e = required(env, "SMS_PROVIDER=tencent", ["TENCENT_SMS_SECRET_ID", "TENCENT_SMS_SECRET_KEY", "TENCENT_SMS_APP_ID"]);
      return {
        provider,
        ratePerSecond,
        signName: env.SMS_SIGN_NAME!,
        templates,
        secretId: e.TENCENT_SMS_SECRET_ID,
        secretKey: e.TENCENT_SMS_SECRET_KEY,
        appId: e.TENCENT_SMS_APP_ID,
        region: env.TENCENT_SMS_REGION,
        endpoint: env.TENCENT_SMS_ENDPOINT,
        proxy: env.TENCENT_SMS_PROXY,
      };
    }
    case "webhook": {
      const e = required(env, "SMS_PROVIDER=webhook", ["SMS_WEBHOOK_URL", "SMS_WEBHOOK_SECRET"]);
      return { provider, ratePerSecond, url: e.SMS_WEBHOOK_URL, secret: e.SMS_WEBHOOK_SECRET };
    }
  }
}

function mailSettings(env: Env, demoAllowed: boolean): MailSettings {
  const ratePerSecond = env.MAIL_RATE_PER_SECOND;
  const provider = env.MAIL_PROVIDER ?? (demoAllowed ? "outbox" : "none");
  if (provider === "outbox" && !demoAllowed) refuse("MAIL_PROVIDER=outbox 只能用于演示 (DEMO=1) 或 NODE_ENV=development/test：邮件只写入发件箱，不会发出");
  if (provider !== "smtp") return { provider, ratePerSecond };
  const e = required(env, "MAIL_PROVIDER=smtp", ["SMTP_URL", "MAIL_FROM"]);
  return { provider, ratePerSecond, url: e.SMTP_URL, from: e.MAIL_FROM, replyTo: env.MAIL_REPLY_TO };
}

/** What start-up says about the channels that send nothing (null: both send). */
export function messageWarnings(settings: MessageSettings): string[] {
  const warnings: string[] = [];
  if (settings.sms.provider === "none") warnings.push("SMS_PROVIDER=none：登录验证码、发货、退款和到货短信都不会发出，没有人能用短信验证码注册或登录");
  if (settings.mail.provider === "none")
    warnings.push("未配置邮件 (MAIL_PROVIDER)：发货（兑换码）、到货提醒、退款和改密邮件都不会发出；设置 MAIL_PROVIDER=smtp、SMTP_URL 与 MAIL_FROM 以发送");
  if ("templates" in settings.sms) {
    const missing = MESSAGE_KINDS.filter((kind) => !(kind in (settings.sms as { templates: object }).templates));
    if (missing.length) warnings.push(`未设置 ${missing.map((k) => `SMS_TEMPLATE_${k}`).join("、")}：这些短信不会发出`);
  }
  return warnings;
}
