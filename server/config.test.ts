import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, derivedKey, loadConfig, trustWarning } from "./config";
import { refundCallTimeoutMs } from "./trade/services/refund.service";

/** A production start must name its SMS provider (config-messages.ts); these tests are about other settings. */
const load = (env: Record<string, string | undefined>) => loadConfig({ SMS_PROVIDER: "none", SMS_NONE_ACKNOWLEDGED: "1", ...env });

const dbFile = join(mkdtempSync(join(tmpdir(), "shop-config-")), "shop.sqlite");
const SECRET = "a-session-secret-of-at-least-32-characters";
/** The one setting a production shop has no default for: its public origin. */
const ORIGIN = "https://shop.example";

describe("loadConfig", () => {
  it("has a working default for everything but the public origin, and the default is production without the demo", () => {
    const config = load({ DB_FILE: dbFile, CN_BASE_URL: ORIGIN });
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      orderPayMinutes: 15,
      fulfilDelayMs: 1500,
      production: true,
      nodeEnv: "production",
      demo: false,
      devPages: false,
      payProvider: "none",
    });
    expect(config.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
  });

  it("keeps the generated session secret beside the database", () => {
    expect(load({ DB_FILE: dbFile, CN_BASE_URL: ORIGIN }).sessionSecret).toBe(load({ DB_FILE: dbFile, CN_BASE_URL: ORIGIN }).sessionSecret);
  });

  it.each([
    [{ PORT: "http" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ ORDER_PAY_MINUTES: "0" }, "ORDER_PAY_MINUTES"],
    [{ FULFIL_DELAY_MS: "-1" }, "FULFIL_DELAY_MS"],
    [{ TRADE_API_URL: "ftp://x" }, "TRADE_API_URL"],
    [{ DEMO: "maybe" }, "DEMO"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    [{ PAY_PROVIDER: "paypal" }, "PAY_PROVIDER"],
    [{ PAY_NOTIFY_SECRET: "short" }, "PAY_NOTIFY_SECRET"],
    [{ NODE_ENV: "staging" }, "NODE_ENV"],
    [{ OUTBOX_RETENTION_DAYS: "0" }, "OUTBOX_RETENTION_DAYS"],
    [{ LOGIN_RECORD_RETENTION_DAYS: "forever" }, "LOGIN_RECORD_RETENTION_DAYS"],
  ])("stops on %j naming %s", (env, name) => {
    expect(() => load({ DB_FILE: dbFile, ...env })).toThrowError(new RegExp(name));
  });

  it("keeps sent messages and login records 30 days unless told otherwise, and says what a retention must be (decision 056)", () => {
    expect(load({ DB_FILE: dbFile, CN_BASE_URL: ORIGIN }).retention).toEqual({ outboxMs: 30 * 86_400_000, loginRecordsMs: 30 * 86_400_000 });
    expect(load({ DB_FILE: dbFile, CN_BASE_URL: ORIGIN, OUTBOX_RETENTION_DAYS: "7" }).retention.outboxMs).toBe(7 * 86_400_000);
    expect(() => load({ DB_FILE: dbFile, OUTBOX_RETENTION_DAYS: "0" })).toThrowError('OUTBOX_RETENTION_DAYS="0": 至少保留 1 天');
    expect(() => load({ DB_FILE: dbFile, LOGIN_RECORD_RETENTION_DAYS: "forever" })).toThrowError(
      'LOGIN_RECORD_RETENTION_DAYS="forever": 应为天数（1 至 3650 的整数）',
    );
    expect(() => load({ DB_FILE: dbFile, OUTBOX_RETENTION_DAYS: "1.5" })).toThrowError('OUTBOX_RETENTION_DAYS="1.5": 应为天数（1 至 3650 的整数）');
  });

  it("gives one call to the pay provider 8 s unless told otherwise, and the refund job a quarter more; a bad limit stops start-up", () => {
    expect(load({ DB_FILE: dbFile, CN_BASE_URL: ORIGIN }).payCallTimeoutMs).toBe(8_000);
    expect(refundCallTimeoutMs(load({ DB_FILE: dbFile, CN_BASE_URL: ORIGIN, PAY_CALL_TIMEOUT_MS: "2000" }).payCallTimeoutMs)).toBe(2_500);
    for (const bad of ["50", "60001", "1.5", "soon"])
      expect(() => load({ DB_FILE: dbFile, PAY_CALL_TIMEOUT_MS: bad })).toThrowError(`PAY_CALL_TIMEOUT_MS="${bad}": 应为毫秒数（100 至 60000 的整数）`);
  });

  it.each([
    ["empty", ""],
    ["31 characters", "x".repeat(31) + "\n"],
  ])("stops when the kept session-secret file is %s, naming the file", (_what, content) => {
    const dir = mkdtempSync(join(tmpdir(), "shop-config-"));
    writeFileSync(join(dir, "session-secret"), content);
    expect(() => load({ DB_FILE: join(dir, "shop.sqlite"), CN_BASE_URL: ORIGIN })).toThrowError(/session-secret.*32/);
  });

  it("requires the public origin of a production storefront, an origin only; HK_BASE_URL defaults to it (review 2026-11b, M2)", () => {
    for (const role of ["all", "storefront"]) {
      // a storefront takes COOKIE_SECRET, the all-in-one process SESSION_SECRET (decision 023)
      const secret = role === "storefront" ? { COOKIE_SECRET: SECRET } : { SESSION_SECRET: SECRET };
      const env = { DB_FILE: dbFile, SERVER_ROLE: role, TRADE_API_URL: "http://127.0.0.1:3100", ...secret };
      expect(() => load(env)).toThrowError(/CN_BASE_URL/);
      expect(() => load({ ...env, CN_BASE_URL: "https://shop.example/shop" })).toThrowError(/CN_BASE_URL/);
      expect(() => load({ ...env, CN_BASE_URL: "https://shop.example?x=1" })).toThrowError(/CN_BASE_URL/);
      expect(() => load({ ...env, CN_BASE_URL: "ftp://shop.example" })).toThrowError(/CN_BASE_URL/);
      expect(load({ ...env, CN_BASE_URL: "https://shop.example/" })).toMatchObject({ cnBaseUrl: ORIGIN, hkBaseUrl: ORIGIN });
    }
    expect(load({ DB_FILE: dbFile, SERVER_ROLE: "trade", SESSION_SECRET: SECRET })).toMatchObject({ cnBaseUrl: "", hkBaseUrl: "" });
    expect(load({ DB_FILE: dbFile, DEMO: "1" })).toMatchObject({ cnBaseUrl: "" });
  });

  it("refuses the captcha test pass in production, and NODE_ENV unset is production", () => {
    expect(() => load({ DB_FILE: dbFile, NODE_ENV: "production", CAPTCHA_TEST_PASS: "letmein-123" })).toThrow(ConfigError);
    expect(() => load({ DB_FILE: dbFile, CAPTCHA_TEST_PASS: "letmein-123" })).toThrow(ConfigError);
  });

  it.each([
    [{ NODE_ENV: "production" }, { devPages: false, payProvider: "none" }],
    [{}, { devPages: false, payProvider: "none" }],
    [
      { NODE_ENV: "production", DEMO: "0" },
      { devPages: false, payProvider: "none" },
    ],
    [
      { NODE_ENV: "production", DEMO: "1" },
      { devPages: true, payProvider: "sandbox" },
    ],
    [{ DEMO: "1" }, { devPages: true, payProvider: "sandbox" }],
    [{ NODE_ENV: "development" }, { devPages: true, payProvider: "sandbox" }],
    [{ NODE_ENV: "test" }, { devPages: true, payProvider: "sandbox" }],
    [
      { NODE_ENV: "test", PAY_PROVIDER: "none" },
      { devPages: true, payProvider: "none" },
    ],
    [
      { NODE_ENV: "production", DEMO: "1", PAY_PROVIDER: "none" },
      { devPages: true, payProvider: "none" },
    ],
  ])("with %j: %j", (env, expected) => {
    expect(load({ DB_FILE: dbFile, CN_BASE_URL: ORIGIN, ...env })).toMatchObject(expected);
  });

  it("refuses the sandbox cashier in production without DEMO=1", () => {
    expect(() => load({ DB_FILE: dbFile, PAY_PROVIDER: "sandbox" })).toThrowError(/PAY_PROVIDER=sandbox/);
    expect(() => load({ DB_FILE: dbFile, NODE_ENV: "production", PAY_PROVIDER: "sandbox" })).toThrowError(/PAY_PROVIDER=sandbox/);
  });

  it("keys payments with their own keys: PAY_NOTIFY_SECRET, or keys derived per purpose from the session secret", () => {
    const derived = load({ DB_FILE: dbFile, CN_BASE_URL: ORIGIN, SESSION_SECRET: SECRET });
    expect(derived.payNotifySecret).toBe(derivedKey(SECRET, "pay-notify"));
    expect(derived.payLinkSecret).toBe(derivedKey(SECRET, "pay-cashier-link"));
    expect(new Set([derived.sessionSecret, derived.payNotifySecret, derived.payLinkSecret]).size).toBe(3);
    expect(derivedKey("another-session-secret-of-32-characters!", "pay-notify")).not.toBe(derived.payNotifySecret);

    const given = load({ DB_FILE: dbFile, CN_BASE_URL: ORIGIN, SESSION_SECRET: SECRET, PAY_NOTIFY_SECRET: "the-providers-notify-key-0123456789" });
    expect(given.payNotifySecret).toBe("the-providers-notify-key-0123456789");
    expect(given.payLinkSecret).toBe(derived.payLinkSecret);
  });

  it("gives a storefront COOKIE_SECRET and no key of the trade tier, keeping no file", () => {
    const dir = mkdtempSync(join(tmpdir(), "shop-config-"));
    const storefront = { SERVER_ROLE: "storefront", TRADE_API_URL: "http://trade:3100", CN_BASE_URL: ORIGIN, DB_FILE: join(dir, "shop.sqlite") };
    const config = load({ ...storefront, COOKIE_SECRET: SECRET });
    expect(config.cookieSecret).toBe(SECRET);
    expect(() => config.sessionSecret).toThrowError(/storefront/);
    expect(() => config.payNotifySecret).toThrowError(/storefront/);
    expect(existsSync(join(dir, "session-secret"))).toBe(false);
    expect(() => load({ ...storefront, COOKIE_SECRET: SECRET, SESSION_SECRET: SECRET })).toThrowError(/不接受 SESSION_SECRET/);
    expect(() => load({ ...storefront, NODE_ENV: "test" })).toThrowError(/须设置 COOKIE_SECRET/);
  });

  it.each([
    [{ SERVER_ROLE: "trade" }, /只有 loopback/],
    [{ SERVER_ROLE: "trade", TRUST_PROXY: "2" }, /跳数/],
    [{ SERVER_ROLE: "trade", TRUST_PROXY: "10.231.0.0/16" }, null],
    [{ SERVER_ROLE: "all", CN_BASE_URL: ORIGIN }, null],
  ])("with %j warns about TRUST_PROXY: %s", (env, warning) => {
    const message = trustWarning(load({ DB_FILE: dbFile, ...env }));
    if (warning) expect(message).toMatch(warning);
    else expect(message).toBeNull();
  });
});
