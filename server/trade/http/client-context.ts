// The documented request headers (spec/01 §7, spec/03 §2): store line, channel and agent from
// Saas-App-Id / Saas-Product-Line / Useragent, the saas-token, and the login credential.
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import { z } from "zod";
import { limitAddress } from "../domain/client-address";
import { ApiError, ERROR } from "./api-error";
import { parse } from "./envelope";
import { readLoginCookie } from "./login-cookie";

export const STORE_LINES = {
  official: { appId: "TTSGAME_WEB", productLine: "TTSGAME", agentLine: "TTSGAME-PC" },
  audit: { appId: "TUNSHU_WEB", productLine: "TUNSHU", agentLine: "TUNSHU-PC" },
} as const;
export type StoreLine = keyof typeof STORE_LINES;

export interface ClientContext {
  storeLine: StoreLine;
  channelId: string;
  agent: Useragent;
  /** The raw login credential from the Login-Credential header or the login cookie. */
  credential: string | null;
  /** The client's address as the per-address limits count it (an IPv6 address as its /64). */
  clientIp: string;
}

const UseragentSchema = z.object({
  browser: z.string().max(64).default(""),
  platform: z.string().max(64).default(""),
  channel_id: z
    .string()
    .max(32)
    .regex(/^[\w-]*$/)
    .default("1"),
  agent_line: z.string().max(32).default(""),
  version: z.string().max(32).default("1.0.0"),
});
export type Useragent = z.infer<typeof UseragentSchema>;
/** What a request without a Useragent header gets (most API clients send none). */
const DEFAULT_AGENT: Readonly<Useragent> = Object.freeze(UseragentSchema.parse({}));

const lineByAppId = new Map<string, StoreLine>(Object.entries(STORE_LINES).map(([line, ids]) => [ids.appId, line as StoreLine]));

export function clientContext(secret: string): RequestHandler {
  return (req, res, next) => {
    const appId = req.get("Saas-App-Id");
    const storeLine = appId ? lineByAppId.get(appId) : "official";
    if (!storeLine) throw new ApiError(ERROR.BAD_INPUT, "请求头 Saas-App-Id 取值无效");
    const productLine = req.get("Saas-Product-Line");
    if (productLine && productLine !== STORE_LINES[storeLine].productLine) {
      throw new ApiError(ERROR.BAD_INPUT, "请求头 Saas-Product-Line 与 Saas-App-Id 不符");
    }
    const header = req.get("Useragent");
    const agent = header ? parse(UseragentSchema, parseJsonHeader(header), "请求头 Useragent") : DEFAULT_AGENT;
    const token = req.get("saas-token");
    if (!token || !validSaasToken(token, secret)) res.set("set-saas-token", issueSaasToken(secret));

    res.locals.client = {
      storeLine,
      channelId: agent.channel_id || "1",
      agent,
      credential: req.get("Login-Credential") || readLoginCookie(req),
      clientIp: limitAddress(req.ip ?? "unknown"),
    } satisfies ClientContext;
    next();
  };
}

export function clientOf(res: { locals: Record<string, unknown> }): ClientContext {
  return res.locals.client as ClientContext;
}

function parseJsonHeader(value: string | undefined): unknown {
  if (!value) return {};
  try {
    return JSON.parse(value);
  } catch {
    throw new ApiError(ERROR.BAD_INPUT, "请求头 Useragent 格式错误");
  }
}

function sign(value: string, secret: string) {
  return createHmac("sha256", secret).update(`saas-token:${value}`).digest("base64url").slice(0, 22);
}

export function issueSaasToken(secret: string): string {
  // 122 random bits from randomUUID, which draws from a buffered pool (randomBytes asks the OS each call)
  const id = Buffer.from(randomUUID().replaceAll("-", ""), "hex").toString("base64url");
  return `${id}.${sign(id, secret)}`;
}

export function validSaasToken(token: string, secret: string): boolean {
  const [id, mac] = token.split(".");
  if (!id || !mac || token.length > 80) return false;
  const expected = Buffer.from(sign(id, secret));
  const actual = Buffer.from(mac);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
