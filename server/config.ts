// Configuration from the environment (spec/03 §10): every variable has a working default (but the
// public origin CN_BASE_URL of a production storefront, which start-up requires),
// and an invalid value stops start-up with a message naming it. The defaults fail closed
// (decision 011): NODE_ENV unset is production, and the demo (sandbox cashier, /dev pages, demo
// accounts) is on only with DEMO=1 or an explicit NODE_ENV=development/test.
import { hkdfSync, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, resolve } from "node:path";
import { z } from "zod";
import { domainGroups, PublicOriginSchema } from "../shared/public-origin";
import { DAY_MS } from "../shared/shop-time";
import { trustProxy } from "./http/trust-proxy";
import { messageSettings } from "./config-messages";
import { alipaySettings, PAY_ENV, PaySettingError, wechatPaySettings } from "./pay-config";

const flag = z.enum(["0", "1", "true", "false", ""]).transform((v) => v === "1" || v === "true");
const port = z.coerce.number().int().min(0).max(65535);
/**
 * `none`: no payment provider, order creation answers 503; `sandbox`: the demo cashier (/mock-pay);
 * `alipay`, `wechat`: the real providers, with their ALIPAY_* or WECHATPAY_* settings (server/pay-config.ts).
 */
export const PAY_PROVIDERS = ["none", "sandbox", "alipay", "wechat"] as const;
export type PayProviderName = (typeof PAY_PROVIDERS)[number];

/**
 * What a process serves (docs/deploy.md): `all` the shop in one; `storefront` the pages only,
 * reaching the services at TRADE_API_URL; `trade` the services (/api), the cashier, /dev, /media
 * and the background jobs.
 */
export const SERVER_ROLES = ["all", "storefront", "trade"] as const;
export type ServerRole = (typeof SERVER_ROLES)[number];

const SECRET_MIN = 32;
const retentionDays = z.coerce
  .number({ error: "应为天数（1 至 3650 的整数）" })
  .int("应为天数（1 至 3650 的整数）")
  .min(1, "至少保留 1 天")
  .max(3650, "最多 3650 天");
const baseUrl = z.union([z.literal(""), z.url({ protocol: /^https?$/ })]);

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: port.default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  // Prometheus metrics on a port of their own, never the shop's (unset: no metrics)
  METRICS_PORT: port.optional(),
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  // the back office (issue 39) on a port of its own, never the shop's (unset: no back office)
  ADMIN_PORT: port.optional(),
  ADMIN_HOST: z.string().min(1).default("127.0.0.1"),
  DB_FILE: z.string().min(1).default("data/shop.sqlite"),
  TRADE_API_URL: baseUrl.default(""),
  ORDER_PAY_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  FULFIL_DELAY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(10 * 60_000)
    .default(1500),
  OUT_OF_STOCK_REFUND_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(30),
  SESSION_SECRET: z.string().min(SECRET_MIN, `至少 ${SECRET_MIN} 个字符`).optional(),
  PAY_PROVIDER: z.enum(PAY_PROVIDERS).optional(),
  PAY_NOTIFY_SECRET: z.string().min(SECRET_MIN, `至少 ${SECRET_MIN} 个字符`).optional(),
  COOKIE_SECRET: z.string().min(SECRET_MIN, `至少 ${SECRET_MIN} 个字符`).optional(),
  CAPTCHA_TEST_PASS: z.string().min(8, "至少 8 个字符").optional(),
  DEMO: flag.default(false),
  CS_CHAT_SCRIPT_URL: z.string().min(1).default("/cs-chat.js"),
  CN_BASE_URL: PublicOriginSchema.default(""),
  HK_BASE_URL: PublicOriginSchema.default(""),
  ICP_HIDDEN_HOST_MARKER: z.string().default(""),
  PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  TRADE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "silent"]).default("info"),
  TRUST_PROXY: trustProxy.default("loopback"),
  // how many processes serve requests (node:cluster); unset: every core in production, 1 otherwise
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  SERVER_ROLE: z.enum(SERVER_ROLES).default("all"),
  // a production start creates a missing DB_FILE only when told to: a mistyped path must not open an empty shop
  DB_CREATE: flag.default(false),
  ...PAY_ENV,
  // how long sent messages (delivered codes, login codes in clear) and login records are kept (decision 056)
  OUTBOX_RETENTION_DAYS: retentionDays.default(30),
  LOGIN_RECORD_RETENTION_DAYS: retentionDays.default(30),
});

/** Settings whose value is a secret: an invalid one is named, never echoed (operator trial L1). */
const SECRET_SETTING = /SECRET|PASS|KEY/;

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

/**
 * `tool`: a command-line tool on the database (the admin script): the trade keys are read only when
 * a command uses one, and a missing `session-secret` is never generated by it (review operator-trial M8).
 */
export function loadConfig(env: Record<string, string | undefined> = process.env, options: { tool?: boolean } = {}) {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([key, value]) => key in EnvSchema.shape && value !== undefined));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const value = env[name] ?? "";
      const shown = SECRET_SETTING.test(name) ? `(${value.length} 个字符，已隐藏)` : JSON.stringify(value);
      return `  ${issue.path.join(".")}=${shown}: ${issue.message}`;
    });
    throw new ConfigError(`配置无效 (invalid configuration):\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  const production = c.NODE_ENV === "production";
  if (production && c.CAPTCHA_TEST_PASS) {
    throw new ConfigError("配置无效: CAPTCHA_TEST_PASS 不能在 NODE_ENV=production 时设置");
  }
  /** The sandbox things (cashier, /dev pages) exist only in the demo or outside production. */
  const sandboxAllowed = c.DEMO || !production;
  const payProvider: PayProviderName = c.PAY_PROVIDER ?? (sandboxAllowed ? "sandbox" : "none");
  if (payProvider === "sandbox" && !sandboxAllowed) {
    throw new ConfigError(
      "配置无效: PAY_PROVIDER=sandbox 只能用于演示 (DEMO=1) 或 NODE_ENV=development/test：沙箱收银台不收款就发货。正式部署请接入真实支付通道，或不设置 PAY_PROVIDER（下单将答复 503 支付通道未开通）",
    );
  }
  if (c.SERVER_ROLE === "storefront" && !c.TRADE_API_URL) {
    throw new ConfigError("配置无效: SERVER_ROLE=storefront 须设置 TRADE_API_URL（交易服务的地址）");
  }
  if (c.SERVER_ROLE === "storefront") storefrontSecrets(c);
  if (c.ADMIN_PORT !== undefined && c.SERVER_ROLE !== "all") {
    throw new ConfigError(`配置无效: ADMIN_PORT 只能用于 SERVER_ROLE=all（后台既要页面又要数据库）；现在是 SERVER_ROLE=${c.SERVER_ROLE}`);
  }
  if (c.ADMIN_PORT !== undefined && c.ADMIN_PORT === c.PORT) throw new ConfigError("配置无效: ADMIN_PORT 不能与 PORT 相同：后台从不在商城的端口上");
  if (c.SERVER_ROLE !== "trade" && !sandboxAllowed && !c.CN_BASE_URL) {
    // robots.txt, the sitemap and JSON-LD name the shop's address: from configuration, never from
    // a request's Host or X-Forwarded-Host, which a shared cache may keep for everyone (review 2026-11b, M2)
    throw new ConfigError(
      `配置无效: SERVER_ROLE=${c.SERVER_ROLE} 正式部署须设置 CN_BASE_URL（商城对外的源地址，如 https://shop.example；HK_BASE_URL 未设置时与之相同）`,
    );
  }
  const domains = domainGroups(c.CN_BASE_URL, c.HK_BASE_URL);
  const dbFile = c.DB_FILE === ":memory:" ? c.DB_FILE : resolve(c.DB_FILE);
  const dataDir = dbFile === ":memory:" ? resolve("data") : dirname(dbFile);
  // a storefront holds no key of the trade tier (review finding L5): nothing is kept beside a database it never opens
  let keys: TradeKeys | undefined;
  const realPay = c.SERVER_ROLE === "storefront" ? { alipay: null, wechatPay: null } : realPaySettings(c, payProvider, domains.hk, production);
  const tradeKey = (name: keyof TradeKeys): string => {
    if (c.SERVER_ROLE === "storefront") throw new Error(`SERVER_ROLE=storefront holds no ${name}: only the trade tier uses it`);
    keys ??= tradeKeys(c.SESSION_SECRET ?? keptSecret(dataDir, !options.tool), c.PAY_NOTIFY_SECRET);
    return keys[name];
  };
  // a server reads (or makes) its keys at start, so that a bad kept secret stops start-up
  if (c.SERVER_ROLE !== "storefront" && !options.tool) tradeKey("sessionSecret");
  return {
    production,
    nodeEnv: c.NODE_ENV,
    /** DEMO=1: the demo accounts are seeded into an empty database, and the sandbox may run in production. */
    demo: c.DEMO,
    port: c.PORT,
    host: c.HOST,
    role: c.SERVER_ROLE,
    /** Processes serving requests; more than 1 runs them as node:cluster workers (server/cluster.ts). */
    webConcurrency: c.WEB_CONCURRENCY ?? (production ? availableParallelism() : 1),
    /** Where Prometheus scrapes /metrics (server/metrics.ts): a port apart from the shop's, off by default. */
    metrics: c.METRICS_PORT === undefined ? null : { port: c.METRICS_PORT, host: c.METRICS_HOST },
    /** Where the back office listens (server/back-office.ts): a port apart from the shop's, on loopback by default, off by default. */
    admin: c.ADMIN_PORT === undefined ? null : { port: c.ADMIN_PORT, host: c.ADMIN_HOST },
    dbFile,
    /** A missing DB_FILE may be created: always in the demo and outside production, else only with DB_CREATE=1. */
    createDb: c.DB_CREATE || sandboxAllowed,
    /** Generated images of the seed live beside the database. */
    mediaDir: resolve(dataDir, "media"),
    tradeApiUrl: c.TRADE_API_URL,
    orderPayMinutes: c.ORDER_PAY_MINUTES,
    fulfilDelayMs: c.FULFIL_DELAY_MS,
    /** How long a paid order waits for codes of a sold-out SKU before it is refunded in full. */
    outOfStockRefundMs: c.OUT_OF_STOCK_REFUND_MINUTES * 60_000,
    /** Keys sessions, saas-tokens and SMS code hashes; the payment keys are derived from it per purpose. */
    get sessionSecret() {
      return tradeKey("sessionSecret");
    },
    payProvider,
    /** How long one call to the pay provider may take; the refund job allows a quarter more (refundCallTimeoutMs). */
    payCallTimeoutMs: c.PAY_CALL_TIMEOUT_MS,
    /** PAY_PROVIDER=alipay: the application, its key, Alipay's public key and gateway (decision 047). */
    alipay: realPay.alipay,
    /** PAY_PROVIDER=wechat: the merchant, its keys and WeChat Pay's public key (decision 047). */
    wechatPay: realPay.wechatPay,
    /** Verifies payment notifications: PAY_NOTIFY_SECRET, the key shared with the provider. */
    get payNotifySecret() {
      return tradeKey("payNotifySecret");
    },
    /** Signs the storefront's flash and settle cookies (handed to it as COOKIE_SECRET, decision 015). */
    get cookieSecret() {
      return c.COOKIE_SECRET ?? derivedKey(tradeKey("sessionSecret"), "storefront-cookies");
    },
    /** Signs the sandbox cashier links. */
    get payLinkSecret() {
      return tradeKey("payLinkSecret");
    },
    captchaTestPass: c.CAPTCHA_TEST_PASS,
    /** The /dev pages (every SMS code and delivered code): only in the demo or outside production. */
    devPages: sandboxAllowed,
    csChatScriptUrl: c.CS_CHAT_SCRIPT_URL,
    /** The cn and hk domain groups (shared/public-origin.ts); empty only in the demo or outside production. */
    cnBaseUrl: domains.cn,
    hkBaseUrl: domains.hk,
    icpHiddenHostMarker: c.ICP_HIDDEN_HOST_MARKER,
    logLevel: c.LOG_LEVEL,
    /** Express's `trust proxy`: whose X-Forwarded-For/-Proto/-Host count (server/http/trust-proxy.ts). */
    trustProxy: c.TRUST_PROXY,
    /** Visitors' full-page cache (server/page-cache.ts): 5 s in production, off otherwise. */
    pageCacheTtlMs: c.PAGE_CACHE_TTL_MS ?? (production ? 5_000 : 0),
    /** The services' read cache of catalogue answers (server/trade/services/read-cache.ts): 5 s in production, off otherwise. */
    readCacheTtlMs: c.TRADE_CACHE_TTL_MS ?? (production ? 5_000 : 0),
    /** How long the retention job (server/trade/jobs/retention.ts) keeps sent messages and login records. */
    retention: { outboxMs: c.OUTBOX_RETENTION_DAYS * DAY_MS, loginRecordsMs: c.LOGIN_RECORD_RETENTION_DAYS * DAY_MS },
    /**
     * SMS and mail providers (server/config-messages.ts): the trade tier's relay sends (jobs/message-relay.ts). A tool
     * only writes messages to the outbox, for the running shop to send: it needs no provider (operator trial L8).
     */
    messages: c.SERVER_ROLE === "storefront" || options.tool ? null : messageSettings(env, { demoAllowed: sandboxAllowed }),
  };
}

/**
 * SERVER_ROLE=trade counts its per-address limits (SMS sends, failed logins) under the address
 * Express derives from the peers TRUST_PROXY names (decision 023). Storefronts call the trade tier
 * directly: unless their addresses are listed, every shopper they serve lands in one bucket per
 * storefront. Loopback alone only fits a storefront on the same machine, and a hop count trusts
 * X-Forwarded-For from any peer, shoppers calling /api directly included.
 */
export function trustWarning(config: Pick<Config, "role" | "trustProxy">): string | null {
  if (config.role !== "trade") return null;
  if (typeof config.trustProxy === "number") {
    return `SERVER_ROLE=trade 的 TRUST_PROXY=${config.trustProxy} 是跳数：任何直连交易服务的客户端都能用 X-Forwarded-For 冒充别的地址。请列出各店面进程和 nginx 的地址或网段 (docs/deploy.md)`;
  }
  if (config.trustProxy === "loopback") {
    return "SERVER_ROLE=trade 的 TRUST_PROXY 只有 loopback：其他机器上的店面进程发来的购物者地址不被采信，所有购物者共用该店面地址的登录与短信限额。请列出各店面进程和 nginx 的地址或网段 (docs/deploy.md)";
  }
  return null;
}

/**
 * A storefront takes COOKIE_SECRET and nothing else (review finding L5): SESSION_SECRET keys the
 * trade tier's sessions and, derived, its payment keys, which a storefront never uses. The same
 * COOKIE_SECRET on every storefront: one generated per machine would make one storefront's flash
 * and checkout cookies unreadable at the next.
 */
function storefrontSecrets(c: { SESSION_SECRET?: string; PAY_NOTIFY_SECRET?: string; COOKIE_SECRET?: string }) {
  const refused = (["SESSION_SECRET", "PAY_NOTIFY_SECRET"] as const).filter((name) => c[name] !== undefined);
  if (refused.length) {
    throw new ConfigError(
      `配置无效: SERVER_ROLE=storefront 不接受 ${refused.join("、")}（交易服务的密钥，店面进程用不到，也不应持有）。店面只设置 COOKIE_SECRET`,
    );
  }
  if (!c.COOKIE_SECRET) {
    throw new ConfigError("配置无效: SERVER_ROLE=storefront 须设置 COOKIE_SECRET（至少 32 个字符），且各店面进程取值相同");
  }
}

/**
 * The real provider's settings, read on the trade tier only: its keys from their files, and the
 * shop's origin, where the provider sends its notifications and the shopper back
 * (HK_BASE_URL/api/pay_gateway/…/notify): https in production, as the providers require.
 */
function realPaySettings(c: z.output<typeof EnvSchema>, provider: PayProviderName, hkBaseUrl: string, production: boolean) {
  if (provider !== "alipay" && provider !== "wechat") return { alipay: null, wechatPay: null };
  try {
    if (!hkBaseUrl) throw new PaySettingError("须设置 CN_BASE_URL 或 HK_BASE_URL：支付通道的通知和返回地址由它组成");
    if (production && !hkBaseUrl.startsWith("https://")) throw new PaySettingError(`支付通知地址须为 https（HK_BASE_URL=${hkBaseUrl}）`);
    return provider === "alipay" ? { alipay: alipaySettings(c), wechatPay: null } : { alipay: null, wechatPay: wechatPaySettings(c) };
  } catch (error) {
    if (error instanceof PaySettingError) throw new ConfigError(`配置无效: PAY_PROVIDER=${provider} ${error.message}`);
    throw error;
  }
}

interface TradeKeys {
  sessionSecret: string;
  payNotifySecret: string;
  payLinkSecret: string;
}

function tradeKeys(sessionSecret: string, payNotifySecret: string | undefined): TradeKeys {
  return {
    sessionSecret,
    payNotifySecret: payNotifySecret ?? derivedKey(sessionSecret, "pay-notify"),
    payLinkSecret: derivedKey(sessionSecret, "pay-cashier-link"),
  };
}

/**
 * A key of its own for one purpose, derived from the session secret (HKDF-SHA256), so that a key
 * handed to a payment provider, or leaked from it, says nothing about the others.
 */
export function derivedKey(secret: string, purpose: string): string {
  return Buffer.from(hkdfSync("sha256", secret, "", `tts-shop:${purpose}`, 32)).toString("hex");
}

/** No SESSION_SECRET: one is generated once (by a server, never by a tool) and kept beside the database. */
function keptSecret(dataDir: string, create: boolean): string {
  const file = resolve(dataDir, "session-secret");
  if (existsSync(file)) {
    const secret = readFileSync(file, "utf8").trim();
    if (secret.length < SECRET_MIN) {
      throw new ConfigError(
        `配置无效: ${file} 为空或短于 ${SECRET_MIN} 个字符。删除该文件（将重新生成，已登录的会员需重新登录），或设置 SESSION_SECRET（至少 ${SECRET_MIN} 个字符）`,
      );
    }
    return secret;
  }
  if (!create) throw new ConfigError(`配置无效: 须设置 SESSION_SECRET（与商城相同），或先启动一次商城生成 ${file}`);
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

/**
 * What start-up says is risky but allowed (operator trial L1): the demo in production (its /dev pages show every SMS
 * code and delivered code, its cashier hands out codes without payment), and a public origin over plain HTTP (the login
 * cookie then goes without `Secure`). Names only, never a value.
 */
export function startupWarnings(config: Pick<Config, "production" | "demo" | "cnBaseUrl" | "hkBaseUrl" | "role">): string[] {
  const warnings: string[] = [];
  if (config.production && config.demo) {
    warnings.push("DEMO=1 用于正式环境：演示账号（公开密码）、/dev 页面（显示所有短信验证码和兑换码）和沙箱收银台（不收款即发货）均已开启，切勿对外提供服务");
  }
  if (config.role !== "trade") {
    for (const [name, origin] of [
      ["CN_BASE_URL", config.cnBaseUrl],
      ["HK_BASE_URL", config.hkBaseUrl],
    ] as const) {
      if (config.production && origin.startsWith("http://") && !/^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(origin)) {
        warnings.push(`${name} 是 http:// 地址：登录 Cookie 不带 Secure，购物者的登录凭证以明文传输。请在 nginx 上配置 TLS 并使用 https:// (docs/deploy.md)`);
      }
    }
  }
  return [...new Set(warnings)];
}
