// The storefront's settings, validated once (Epic Stack's env.server.ts). Nothing in app/ reads
// process.env: the Express host parses its environment through `parseEnv` once, with TRADE_API_URL
// once it knows its own services' address and COOKIE_SECRET derived at boot (boot.ts, decision 015),
// and hands the result to every request in the load context (`context.env`, as Hydrogen passes
// `env`). An invalid value stops the start, or the request, with a message naming it.
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { domainGroups, PublicOriginSchema } from "../../shared/public-origin";

const baseUrl = z.union([z.literal(""), z.url({ protocol: /^https?$/ })]);

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  TRADE_API_URL: baseUrl.default(""),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  CN_BASE_URL: PublicOriginSchema.default(""),
  HK_BASE_URL: PublicOriginSchema.default(""),
  ICP_HIDDEN_HOST_MARKER: z.string().default(""),
  CS_CHAT_SCRIPT_URL: z.string().default(""),
  /** Signs the cookies whose content matters (flash, settle). */
  COOKIE_SECRET: z.string().min(32, "至少 32 个字符").optional(),
});

export type StorefrontEnv = ReturnType<typeof parseEnv>;

export function parseEnv(source: Record<string, string | undefined>) {
  const present = Object.fromEntries(Object.entries(source).filter(([key, value]) => key in EnvSchema.shape && value !== undefined && value !== ""));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`商城配置无效 (invalid storefront environment):\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === "production";
  const domains = domainGroups(e.CN_BASE_URL, e.HK_BASE_URL);
  if (production && !e.COOKIE_SECRET) {
    throw new Error("商城配置无效: COOKIE_SECRET 未设置（正式环境由 boot.ts 从 SESSION_SECRET 派生）");
  }
  return {
    nodeEnv: e.NODE_ENV,
    production,
    /** Where the trade services answer; by default this same process. */
    tradeApiUrl: e.TRADE_API_URL || `http://127.0.0.1:${e.PORT}`,
    cnBaseUrl: domains.cn,
    hkBaseUrl: domains.hk,
    /**
     * Where the shop's absolute addresses point: CN_BASE_URL, which server/config.ts requires in
     * production; in the demo and outside production, this process's own port on localhost.
     */
    siteOrigin: domains.cn || `http://localhost:${e.PORT}`,
    icpHiddenHostMarker: e.ICP_HIDDEN_HOST_MARKER,
    csChatScriptUrl: e.CS_CHAT_SCRIPT_URL || "/cs-chat.js",
    /** Outside production a process may run without one (unit tests): a key of its own then. */
    cookieSecret: e.COOKIE_SECRET ?? randomBytes(32).toString("hex"),
  };
}
