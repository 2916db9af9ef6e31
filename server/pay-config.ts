// The real payment providers' settings (decision 047): Alipay (ALIPAY_*) and WeChat Pay API v3
// (WECHATPAY_*), the block of server/config.ts that PAY_PROVIDER=alipay|wechat reads. Keys come
// from files named by path, read once at start-up; a setting that is missing, a file that cannot be
// read or a key that does not parse stops start-up with the setting's name, never with the key.
import { createPrivateKey, createPublicKey, type KeyObject } from "node:crypto";
import { readFileSync } from "node:fs";
import { z } from "zod";

const CALL_TIMEOUT_RULE = "应为毫秒数（100 至 60000 的整数）";

export const PAY_ENV = {
  ALIPAY_APP_ID: z
    .string()
    .regex(/^\d{10,32}$/, "支付宝应用 APPID（数字）")
    .optional(),
  ALIPAY_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  ALIPAY_PUBLIC_KEY_FILE: z.string().min(1).optional(),
  ALIPAY_GATEWAY: z.url({ protocol: /^https?$/ }).default("https://openapi.alipay.com/gateway.do"),
  WECHATPAY_MCHID: z
    .string()
    .regex(/^\d{8,32}$/, "微信支付商户号（数字）")
    .optional(),
  WECHATPAY_APPID: z
    .string()
    .regex(/^wx[0-9a-zA-Z]{10,30}$/, "以 wx 开头的 APPID")
    .optional(),
  WECHATPAY_CERT_SERIAL: z
    .string()
    .regex(/^[0-9A-Fa-f]{8,64}$/, "商户 API 证书序列号（十六进制）")
    .optional(),
  WECHATPAY_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  WECHATPAY_APIV3_KEY_FILE: z.string().min(1).optional(),
  WECHATPAY_PUBLIC_KEY_FILE: z.string().min(1).optional(),
  WECHATPAY_PUBLIC_KEY_ID: z
    .string()
    .regex(/^[\w-]{4,64}$/, "微信支付公钥 ID（PUB_KEY_ID_…）")
    .optional(),
  WECHATPAY_H5: z.enum(["0", "1", ""]).default("0"),
  WECHATPAY_BASE_URL: z.url({ protocol: /^https?$/ }).default("https://api.mch.weixin.qq.com"),
  PAY_CALL_TIMEOUT_MS: z.coerce
    .number({ error: CALL_TIMEOUT_RULE })
    .int(CALL_TIMEOUT_RULE)
    .min(100, CALL_TIMEOUT_RULE)
    .max(60_000, CALL_TIMEOUT_RULE)
    .default(8_000),
};

type PayEnv = z.output<z.ZodObject<typeof PAY_ENV>>;

export interface AlipaySettings {
  appId: string;
  /** The application's private key (PEM): signs every request. */
  privateKey: string;
  /** Alipay's public key (PEM): verifies answers and notifications. */
  alipayPublicKey: string;
  gateway: string;
  /** How long one call to the gateway may take (PAY_CALL_TIMEOUT_MS). */
  timeoutMs: number;
}

export interface WechatPaySettings {
  mchid: string;
  appid: string;
  /** Serial number of the merchant API certificate, named in every request's Authorization. */
  certSerial: string;
  /** The merchant API private key: signs every request. */
  privateKey: KeyObject;
  /** The APIv3 key (32 bytes): decrypts notification resources (AES-256-GCM). */
  apiV3Key: Buffer;
  /** WeChat Pay's public key and its id (Wechatpay-Serial): verifies answers and notifications. */
  platformPublicKey: KeyObject;
  platformKeyId: string;
  /** H5 pay on phones, for a merchant that has it; otherwise phones get the Native QR page. */
  h5: boolean;
  baseUrl: string;
  /** How long one call to the API may take (PAY_CALL_TIMEOUT_MS). */
  timeoutMs: number;
}

export class PaySettingError extends Error {}

/** Reads a key file; the error names the setting and the path, never the file's content. */
function keyFile(name: string, path: string | undefined): string {
  if (!path) throw new PaySettingError(`须设置 ${name}（密钥文件的路径）`);
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "unreadable";
    throw new PaySettingError(`${name}=${path} 无法读取（${code}）`);
  }
}

function parsed<T>(name: string, path: string, parse: () => T): T {
  try {
    return parse();
  } catch {
    throw new PaySettingError(`${name}=${path} 不是有效的密钥文件（PEM）`);
  }
}

function required(name: string, value: string | undefined): string {
  if (!value) throw new PaySettingError(`须设置 ${name}`);
  return value;
}

export function alipaySettings(env: PayEnv): AlipaySettings {
  const privatePath = env.ALIPAY_PRIVATE_KEY_FILE;
  const publicPath = env.ALIPAY_PUBLIC_KEY_FILE;
  const appId = required("ALIPAY_APP_ID", env.ALIPAY_APP_ID);
  const privateKey = keyFile("ALIPAY_PRIVATE_KEY_FILE", privatePath);
  const alipayPublicKey = keyFile("ALIPAY_PUBLIC_KEY_FILE", publicPath);
  // normalised to PKCS#8 and SPKI PEM, whichever form the operator downloaded
  return {
    appId,
    privateKey: parsed("ALIPAY_PRIVATE_KEY_FILE", privatePath!, () =>
      createPrivateKey(pemOrBare(privateKey, "PRIVATE KEY")).export({ type: "pkcs8", format: "pem" }).toString(),
    ),
    alipayPublicKey: parsed("ALIPAY_PUBLIC_KEY_FILE", publicPath!, () =>
      createPublicKey(pemOrBare(alipayPublicKey, "PUBLIC KEY")).export({ type: "spki", format: "pem" }).toString(),
    ),
    gateway: env.ALIPAY_GATEWAY,
    timeoutMs: env.PAY_CALL_TIMEOUT_MS,
  };
}

/** Alipay's key tool writes bare base64 without PEM lines; both forms are accepted. */
function pemOrBare(text: string, label: string): string {
  const trimmed = text.trim();
  if (trimmed.startsWith("-----")) return trimmed;
  return `-----BEGIN ${label}-----\n${trimmed.replace(/\s+/g, "").replace(/.{1,64}/g, "$&\n")}-----END ${label}-----\n`;
}

export function wechatPaySettings(env: PayEnv): WechatPaySettings {
  const mchid = required("WECHATPAY_MCHID", env.WECHATPAY_MCHID);
  const appid = required("WECHATPAY_APPID", env.WECHATPAY_APPID);
  const certSerial = required("WECHATPAY_CERT_SERIAL", env.WECHATPAY_CERT_SERIAL);
  const platformKeyId = required("WECHATPAY_PUBLIC_KEY_ID", env.WECHATPAY_PUBLIC_KEY_ID);
  const privatePath = env.WECHATPAY_PRIVATE_KEY_FILE;
  const privatePem = keyFile("WECHATPAY_PRIVATE_KEY_FILE", privatePath);
  const publicPath = env.WECHATPAY_PUBLIC_KEY_FILE;
  const publicPem = keyFile("WECHATPAY_PUBLIC_KEY_FILE", publicPath);
  const apiV3Key = Buffer.from(keyFile("WECHATPAY_APIV3_KEY_FILE", env.WECHATPAY_APIV3_KEY_FILE).trim(), "utf8");
  if (apiV3Key.length !== 32) throw new PaySettingError(`WECHATPAY_APIV3_KEY_FILE=${env.WECHATPAY_APIV3_KEY_FILE} 须为 32 个字符的 APIv3 密钥`);
  return {
    mchid,
    appid,
    certSerial: certSerial.toUpperCase(),
    privateKey: parsed("WECHATPAY_PRIVATE_KEY_FILE", privatePath!, () => createPrivateKey(privatePem)),
    apiV3Key,
    platformPublicKey: parsed("WECHATPAY_PUBLIC_KEY_FILE", publicPath!, () => createPublicKey(publicPem)),
    platformKeyId,
    h5: env.WECHATPAY_H5 === "1",
    baseUrl: env.WECHATPAY_BASE_URL.replace(/\/$/, ""),
    timeoutMs: env.PAY_CALL_TIMEOUT_MS,
  };
}
