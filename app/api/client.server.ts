// The storefront's one way to reach the trade services: HTTP to TRADE_API_URL with the documented
// headers (Saas-App-Id, Saas-Product-Line, Useragent, Login-Credential, saas-token), every answer
// parsed with zod. Nothing here knows how the services are built.
import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { readShopCookies, saasTokenCookie, STORE_LINES, type UrlParams } from "~/lib/cookies.server";

export type ApiResult<T> =
  | { ok: true; result: T }
  | { ok: false; status: number; errorCode: number; errorMsg: string };

const FailureSchema = z.object({
  success: z.literal(false),
  result: z.object({ error_code: z.number(), error_msg: z.string() }),
});

export interface TradeApi {
  get<S extends z.ZodType>(path: string, schema: S, query?: Record<string, string | number | undefined>, headers?: Record<string, string>): Promise<ApiResult<z.output<S>>>;
  post<S extends z.ZodType>(path: string, schema: S, body?: unknown, headers?: Record<string, string>): Promise<ApiResult<z.output<S>>>;
  /** The login credential this request carries, if any. */
  credential: string | null;
  /** The shopper's channel parameters and store line, and whether the address just set them. */
  urlParams: UrlParams;
  urlParamsChanged: boolean;
}

export function tradeApiUrl(): string {
  return process.env.TRADE_API_URL || `http://127.0.0.1:${process.env.PORT || 3000}`;
}

/** A client bound to one shopper's request: their store line, channel, credential and token. */
export async function tradeApi(request: Request, context: AppLoadContext): Promise<TradeApi> {
  const cookies = await readShopCookies(request);
  const line = STORE_LINES[cookies.urlParams.storeId];
  let saasToken = cookies.saasToken;
  const headers: Record<string, string> = {
    "Saas-App-Id": line.appId,
    "Saas-Product-Line": line.productLine,
    Useragent: JSON.stringify({
      ...describeBrowser(request.headers.get("user-agent") ?? ""),
      channel_id: cookies.urlParams.channelId,
      agent_line: line.agentLine,
      version: "1.0.0",
    }),
    Accept: "application/json",
    // the services' per-address limits need the shopper's address, not the storefront's
    "X-Forwarded-For": context.clientIp,
  };
  if (cookies.credential) headers["Login-Credential"] = cookies.credential;

  async function call<S extends z.ZodType>(method: string, path: string, schema: S, body?: unknown, extra?: Record<string, string>): Promise<ApiResult<z.output<S>>> {
    const response = await fetch(tradeApiUrl() + path, {
      method,
      headers: {
        ...headers,
        ...(saasToken ? { "saas-token": saasToken } : {}),
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...extra,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const issued = response.headers.get("set-saas-token");
    if (issued && issued !== saasToken) {
      saasToken = issued;
      context.appendSetCookie(await saasTokenCookie.serialize(issued));
    }
    const json: unknown = await response.json().catch(() => null);
    if (response.ok) {
      const envelope = z.object({ success: z.literal(true), result: z.unknown() }).safeParse(json);
      const parsed = envelope.success ? schema.safeParse(envelope.data.result) : null;
      if (parsed?.success) return { ok: true, result: parsed.data as z.output<S> };
      throw new Error(`trade API ${method} ${path}: unexpected answer: ${parsed?.error.message ?? "no envelope"}`);
    }
    const failure = FailureSchema.safeParse(json);
    if (failure.success) {
      return { ok: false, status: response.status, errorCode: failure.data.result.error_code, errorMsg: failure.data.result.error_msg };
    }
    throw new Error(`trade API ${method} ${path}: HTTP ${response.status} without an envelope`);
  }

  return {
    credential: cookies.credential,
    urlParams: cookies.urlParams,
    urlParamsChanged: cookies.urlParamsChanged,
    get: (path, schema, query, extra) => {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(key, String(value));
      const qs = search.toString();
      return call("GET", qs ? `${path}?${qs}` : path, schema, undefined, extra);
    },
    post: (path, schema, body, extra) => call("POST", path, schema, body ?? {}, extra),
  };
}

function describeBrowser(ua: string) {
  const browser = /Edg\//.test(ua) ? "Edge" : /Firefox\//.test(ua) ? "Firefox" : /Chrom(e|ium)\//.test(ua) ? "Chrome" : /Safari\//.test(ua) ? "Safari" : "Other";
  const platform = /Android/.test(ua) ? "Android" : /iPhone|iPad/.test(ua) ? "iOS" : /Windows/.test(ua) ? "Windows" : /Mac OS X/.test(ua) ? "macOS" : /Linux/.test(ua) ? "Linux" : "Other";
  return { browser, platform };
}
