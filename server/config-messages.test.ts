import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";
import { messageWarnings } from "./config-messages";

const PROD = { DB_FILE: ":memory:", CN_BASE_URL: "https://shop.example", SESSION_SECRET: "s".repeat(40) };
const ALIYUN = {
  SMS_PROVIDER: "aliyun",
  SMS_SIGN_NAME: "TTS游戏商城",
  SMS_TEMPLATE_LOGIN_CODE: "SMS_1",
  SMS_TEMPLATE_SET_PASSWORD_CODE: "SMS_2",
  ALIYUN_SMS_ACCESS_KEY_ID: "LTAI5t",
  ALIYUN_SMS_ACCESS_KEY_SECRET: "the-aliyun-secret-value",
};

describe("message providers fail closed", () => {
  it("a production trade tier without an SMS provider refuses to start and says what to set", () => {
    expect(() => loadConfig(PROD)).toThrowError(/须设置 SMS_PROVIDER.*SMS_NONE_ACKNOWLEDGED=1/);
    expect(() => loadConfig({ ...PROD, SERVER_ROLE: "trade" })).toThrowError(/SMS_PROVIDER/);
    expect(() => loadConfig({ ...PROD, SMS_PROVIDER: "none" })).toThrowError(/SMS_NONE_ACKNOWLEDGED=1/);
    expect(loadConfig({ ...PROD, SMS_PROVIDER: "none", SMS_NONE_ACKNOWLEDGED: "1" }).messages?.sms.provider).toBe("none");
  });

  it("the outbox is the demo's provider only", () => {
    expect(() => loadConfig({ ...PROD, SMS_PROVIDER: "outbox" })).toThrowError(/SMS_PROVIDER=outbox 只能用于演示/);
    expect(() => loadConfig({ ...PROD, ...ALIYUN, MAIL_PROVIDER: "outbox" })).toThrowError(/MAIL_PROVIDER=outbox 只能用于演示/);
    expect(loadConfig({ ...PROD, DEMO: "1" }).messages).toMatchObject({ sms: { provider: "outbox" }, mail: { provider: "outbox" } });
  });

  it("a provider names what it lacks, and never prints a secret", () => {
    expect(() => loadConfig({ ...PROD, ...ALIYUN, ALIYUN_SMS_ACCESS_KEY_ID: undefined })).toThrowError(/SMS_PROVIDER=aliyun 须设置 ALIYUN_SMS_ACCESS_KEY_ID/);
    expect(() => loadConfig({ ...PROD, ...ALIYUN, SMS_TEMPLATE_LOGIN_CODE: undefined })).toThrowError(/SMS_TEMPLATE_LOGIN_CODE/);
    expect(() => loadConfig({ ...PROD, ...ALIYUN, MAIL_PROVIDER: "smtp", SMTP_URL: "smtps://u:pass@mail.example" })).toThrowError(/须设置 MAIL_FROM/);
    const bad = () => loadConfig({ ...PROD, ...ALIYUN, MAIL_PROVIDER: "smtp", MAIL_FROM: "a@b.c", SMTP_URL: "http://user:hunter2-secret@mail.example" });
    expect(bad).toThrowError(/SMTP_URL/);
    expect(bad).not.toThrowError(/hunter2/);
    expect(() => loadConfig({ ...PROD, SMS_PROVIDER: "webhook", SMS_WEBHOOK_URL: "https://gw.example", SMS_WEBHOOK_SECRET: "short-secret" })).not.toThrowError(
      /short-secret/,
    );
  });

  it("a start without mail says which messages will not be sent; a storefront holds no message settings", () => {
    const config = loadConfig({ ...PROD, ...ALIYUN });
    expect(config.messages?.mail.provider).toBe("none");
    const warnings = messageWarnings(config.messages!);
    expect(warnings.join("\n")).toMatch(/发货（兑换码）、到货提醒、退款和改密邮件都不会发出/);
    expect(warnings.join("\n")).toMatch(/SMS_TEMPLATE_DELIVERY/);
    expect(
      loadConfig({ SERVER_ROLE: "storefront", TRADE_API_URL: "http://trade:3000", COOKIE_SECRET: "c".repeat(40), CN_BASE_URL: "https://shop.example" })
        .messages,
    ).toBeNull();
  });
});
