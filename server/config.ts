// Configuration from the environment (decisions §10): every variable has a working default,
// and an invalid value stops start-up with a message naming it.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { z } from "zod";
import { trustProxy } from "./http/trust-proxy";

const flag = z
  .enum(["0", "1", "true", "false", ""])
  .transform((v) => v === "1" || v === "true");
const port = z.coerce.number().int().min(0).max(65535);
const baseUrl = z.union([z.literal(""), z.url({ protocol: /^https?$/ })]);

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: port.default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DB_FILE: z.string().min(1).default("data/shop.sqlite"),
  TRADE_API_URL: baseUrl.default(""),
  ORDER_PAY_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  FULFIL_DELAY_MS: z.coerce.number().int().min(0).max(10 * 60_000).default(1500),
  SESSION_SECRET: z.string().min(32, "至少 32 个字符").optional(),
  CAPTCHA_TEST_PASS: z.string().min(8, "至少 8 个字符").optional(),
  DEMO: flag.default(true),
  CS_CHAT_SCRIPT_URL: z.string().min(1).default("/cs-chat.js"),
  CN_BASE_URL: baseUrl.default(""),
  HK_BASE_URL: baseUrl.default(""),
  ICP_HIDDEN_HOST_MARKER: z.string().default(""),
  PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "silent"]).default("info"),
  TRUST_PROXY: trustProxy.default("loopback"),
});

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => key in EnvSchema.shape && value !== undefined),
  );
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join(".")}=${JSON.stringify(env[String(issue.path[0])])}: ${issue.message}`,
    );
    throw new ConfigError(`配置无效 (invalid configuration):\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  const production = c.NODE_ENV === "production";
  if (production && c.CAPTCHA_TEST_PASS) {
    throw new ConfigError("配置无效: CAPTCHA_TEST_PASS 不能在 NODE_ENV=production 时设置");
  }
  const dbFile = c.DB_FILE === ":memory:" ? c.DB_FILE : resolve(c.DB_FILE);
  const dataDir = dbFile === ":memory:" ? resolve("data") : dirname(dbFile);
  return {
    production,
    port: c.PORT,
    host: c.HOST,
    dbFile,
    /** Generated images of the seed live beside the database. */
    mediaDir: resolve(dataDir, "media"),
    tradeApiUrl: c.TRADE_API_URL,
    orderPayMinutes: c.ORDER_PAY_MINUTES,
    fulfilDelayMs: c.FULFIL_DELAY_MS,
    sessionSecret: c.SESSION_SECRET ?? keptSecret(dataDir),
    captchaTestPass: c.CAPTCHA_TEST_PASS,
    /** The /dev pages: always outside production, and in production only with DEMO=1. */
    devPages: !production || (env.DEMO !== undefined && c.DEMO),
    csChatScriptUrl: c.CS_CHAT_SCRIPT_URL,
    cnBaseUrl: c.CN_BASE_URL,
    hkBaseUrl: c.HK_BASE_URL,
    icpHiddenHostMarker: c.ICP_HIDDEN_HOST_MARKER,
    logLevel: c.LOG_LEVEL,
    /** Express's `trust proxy`: whose X-Forwarded-For/-Proto/-Host count (server/http/trust-proxy.ts). */
    trustProxy: c.TRUST_PROXY,
    /** Visitors' full-page cache (server/page-cache.ts): 5 s in production, off otherwise. */
    pageCacheTtlMs: c.PAGE_CACHE_TTL_MS ?? (production ? 5_000 : 0),
  };
}

/** A demo needs no SESSION_SECRET: one is generated once and kept beside the database. */
function keptSecret(dataDir: string): string {
  const file = resolve(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}
