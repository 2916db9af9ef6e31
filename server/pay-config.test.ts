// The real payment providers' settings (decision 047): a production start refuses a provider
// without every setting, names what is missing or unreadable, and never prints a key; and no
// secret setting is echoed in a start-up error (operator trial L1).
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

const dir = mkdtempSync(join(tmpdir(), "shop-pay-config-"));
const dbFile = join(dir, "shop.sqlite");
// a production trade tier: an SMS provider (or its acknowledged absence) is required beside the payment one
const base = {
  DB_FILE: dbFile,
  SESSION_SECRET: "a-session-secret-of-at-least-32-characters",
  CN_BASE_URL: "https://shop.example",
  SMS_PROVIDER: "none",
  SMS_NONE_ACKNOWLEDGED: "1",
};
const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const file = (name: string, content: string) => {
  writeFileSync(join(dir, name), content);
  return join(dir, name);
};
const appKey = file("app.pem", privateKey.export({ type: "pkcs1", format: "pem" }).toString());
const alipayKey = file("alipay.pem", publicKey.export({ type: "spki", format: "pem" }).toString());
const notAKey = file("not-a-key.pem", "THIS-IS-SECRET-CONTENT");
const alipay = { PAY_PROVIDER: "alipay", ALIPAY_APP_ID: "2021000000000001", ALIPAY_PRIVATE_KEY_FILE: appKey, ALIPAY_PUBLIC_KEY_FILE: alipayKey };
const wechat = {
  PAY_PROVIDER: "wechat",
  WECHATPAY_MCHID: "1900000109",
  WECHATPAY_APPID: "wxd678efh567hg6787",
  WECHATPAY_CERT_SERIAL: "5157F09EFDC096DE15EBE81A47057A7232F1B8E1",
  WECHATPAY_PRIVATE_KEY_FILE: appKey,
  WECHATPAY_PUBLIC_KEY_FILE: alipayKey,
  WECHATPAY_PUBLIC_KEY_ID: "PUB_KEY_ID_0114232134912410000000000001",
  WECHATPAY_APIV3_KEY_FILE: file("apiv3.key", "0123456789abcdef0123456789abcdef\n"),
};

const failure = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("start-up did not stop");
};

describe("secret settings in start-up errors", () => {
  it.each(["SESSION_SECRET", "PAY_NOTIFY_SECRET", "COOKIE_SECRET"])("names a short %s with its length, never its value", (name) => {
    const value = "s3cr3t-but-only-31-characters!!";
    const message = failure({ DB_FILE: dbFile, [name]: value });
    expect(message).toContain(name);
    expect(message).toContain("31 个字符，已隐藏");
    expect(message).not.toContain(value);
  });

  it("still shows a value that is not a secret", () => {
    expect(failure({ DB_FILE: dbFile, PORT: "http" })).toContain('PORT="http"');
  });
});

describe("PAY_PROVIDER=alipay|wechat", () => {
  it("reads Alipay's keys from their files, in either PEM form or Alipay's bare base64", () => {
    const bare = file(
      "alipay-bare.txt",
      publicKey
        .export({ type: "spki", format: "pem" })
        .toString()
        .replace(/-----[^-]+-----|\s/g, ""),
    );
    const config = loadConfig({ ...base, ...alipay, ALIPAY_PUBLIC_KEY_FILE: bare });
    expect(config.payProvider).toBe("alipay");
    expect(config.alipay).toMatchObject({ appId: "2021000000000001", gateway: "https://openapi.alipay.com/gateway.do" });
    expect(config.alipay!.privateKey).toContain("BEGIN PRIVATE KEY");
    expect(loadConfig({ ...base, ...wechat }).wechatPay).toMatchObject({ mchid: "1900000109", h5: false });
  });

  it.each(["ALIPAY_APP_ID", "ALIPAY_PRIVATE_KEY_FILE", "ALIPAY_PUBLIC_KEY_FILE"])("refuses to start without %s", (name) => {
    const env: Record<string, string> = { ...base, ...alipay };
    delete env[name];
    expect(failure(env)).toContain(`PAY_PROVIDER=alipay 须设置 ${name}`);
  });

  it.each([
    "WECHATPAY_MCHID",
    "WECHATPAY_APPID",
    "WECHATPAY_CERT_SERIAL",
    "WECHATPAY_PUBLIC_KEY_ID",
    "WECHATPAY_PRIVATE_KEY_FILE",
    "WECHATPAY_PUBLIC_KEY_FILE",
    "WECHATPAY_APIV3_KEY_FILE",
  ])("refuses to start without %s", (name) => {
    const env: Record<string, string> = { ...base, ...wechat };
    delete env[name];
    expect(failure(env)).toContain(`PAY_PROVIDER=wechat 须设置 ${name}`);
  });

  it("names a key file that is missing or not a key by its path, never printing what it holds", () => {
    expect(failure({ ...base, ...alipay, ALIPAY_PRIVATE_KEY_FILE: join(dir, "absent.pem") })).toMatch(
      /ALIPAY_PRIVATE_KEY_FILE=.*absent\.pem 无法读取（ENOENT）/,
    );
    const message = failure({ ...base, ...alipay, ALIPAY_PRIVATE_KEY_FILE: notAKey });
    expect(message).toContain("not-a-key.pem 不是有效的密钥文件");
    expect(message).not.toContain("THIS-IS-SECRET-CONTENT");
    const apiV3 = failure({ ...base, ...wechat, WECHATPAY_APIV3_KEY_FILE: file("short.key", "too-short-key") });
    expect(apiV3).toContain("须为 32 个字符的 APIv3 密钥");
    expect(apiV3).not.toContain("too-short-key");
  });

  it("needs the shop's https origin for the notification address in production", () => {
    expect(failure({ ...alipay, DB_FILE: dbFile, SESSION_SECRET: base.SESSION_SECRET, SERVER_ROLE: "trade" })).toContain("须设置 CN_BASE_URL 或 HK_BASE_URL");
    expect(failure({ ...base, ...alipay, CN_BASE_URL: "http://shop.example" })).toContain("须为 https");
  });

  it("a storefront reads no payment key", () => {
    const config = loadConfig({
      ...alipay,
      ALIPAY_PRIVATE_KEY_FILE: join(dir, "absent.pem"),
      DB_FILE: dbFile,
      SERVER_ROLE: "storefront",
      TRADE_API_URL: "http://127.0.0.1:3100",
      COOKIE_SECRET: base.SESSION_SECRET,
      CN_BASE_URL: base.CN_BASE_URL,
    });
    expect(config.alipay).toBeNull();
  });
});
