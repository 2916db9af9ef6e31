// The storefront's one way to reach the trade services: HTTP to TRADE_API_URL with the documented
// headers (Saas-App-Id, Saas-Product-Line, Useragent, Login-Credential, saas-token), every answer
// parsed with zod. Nothing here knows how the services are built.
import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { env } from "~/lib/env.server";
import { readShopCookies, STORE_LINES, writeCookie, type UrlParams } from "~/lib/cookies.server";

export type ApiResult<T> = { ok: true; result: T } | { ok: false; status: number; errorCode: number; errorMsg: string };

const FailureSchema = z.object({
  success: z.literal(false),
  result: z.object({ error_code: z.number(), error_msg: z.string() }),
});

export interface TradeApi {
  get<S extends z.ZodType>(
    path: string,
    schema: S,
    query?: Record<string, string | number | undefined>,
    headers?: Record<string, string>,
  ): Promise<ApiResult<z.output<S>>>;
  post<S extends z.ZodType>(path: string, schema: S, body?: unknown, headers?: Record<string, string>): Promise<ApiResult<z.output<S>>>;
  /** The login credential this request carries, if any. */
  credential: string | null;
  /** The shopper's channel parameters and store line, and whether the address just set them. */
  urlParams: UrlParams;
  urlParamsChanged: boolean;
}

export function tradeApiUrl(): string {
  return env().tradeApiUrl;
}

interface Answer {
  ok: boolean;
  status: number;
  json: unknown;
}

/**
 * What the API clients of one incoming request share (see tradeApi), keyed by its load context:
 * Remix hands every loader a copy of the Request, but the same context.
 */
const perRequest = new WeakMap<object, { saasToken: string | null; issued: boolean; reads: Map<string, Promise<Answer>> }>();

/** Side-effect-free reads that the loaders of one GET request may share. */
const SHARED_READS = ["/api/common_bll/v1/member/login_status", "/api/trade_bff/v1/shopping/layout", "/api/trade_bff/v1/shopping/dialog/show"];

/** A client bound to one shopper's request: their store line, channel, credential and token. */
export async function tradeApi(request: Request, context: AppLoadContext): Promise<TradeApi> {
  const cookies = await readShopCookies(request);
  const line = STORE_LINES[cookies.urlParams.storeId];
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
    // the services answer over loopback by default: compressing there and inflating here only
    // costs CPU (docs/benchmarks.md); a remote TRADE_API_URL may still compress
    ...(isLoopback(tradeApiUrl()) ? { "Accept-Encoding": "identity" } : {}),
    // the services' per-address limits need the shopper's address, not the storefront's
    "X-Forwarded-For": context.clientIp,
  };
  if (cookies.credential) headers["Login-Credential"] = cookies.credential;

  // one shopper's request: the loaders of a page share the saas-token the services issue, and the
  // same read asked twice (root and route both ask login_status) goes over the wire once
  let state = perRequest.get(context);
  if (!state) perRequest.set(context, (state = { saasToken: cookies.saasToken, issued: false, reads: new Map() }));
  const shared = state;
  // only between loaders (an action's request is a POST; the loaders after it get a GET copy)
  const shareReads = request.method === "GET" || request.method === "HEAD";

  async function send(method: string, path: string, body?: unknown, extra?: Record<string, string>): Promise<Answer> {
    const response = await fetch(tradeApiUrl() + path, {
      method,
      headers: {
        ...headers,
        ...(shared.saasToken ? { "saas-token": shared.saasToken } : {}),
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...extra,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const issued = response.headers.get("set-saas-token");
    // parallel first calls of a new visitor are each issued a token: the first one is kept
    if (issued && !shared.issued) {
      shared.issued = true;
      shared.saasToken = issued;
      context.appendSetCookie(await writeCookie("saasToken", issued, request));
    }
    return { ok: response.ok, status: response.status, json: await response.json().catch(() => null) };
  }

  async function call<S extends z.ZodType>(
    method: string,
    path: string,
    schema: S,
    body?: unknown,
    extra?: Record<string, string>,
  ): Promise<ApiResult<z.output<S>>> {
    let answer: Answer;
    if (method === "GET" && shareReads && SHARED_READS.some((prefix) => path.startsWith(prefix))) {
      const key = `${path}\n${JSON.stringify(extra ?? {})}`;
      let pending = shared.reads.get(key);
      if (!pending) {
        pending = send(method, path, body, extra);
        shared.reads.set(key, pending);
        pending.catch(() => shared.reads.delete(key));
      }
      answer = await pending;
    } else {
      answer = await send(method, path, body, extra);
    }
    const { json } = answer;
    if (answer.ok) {
      const envelope = z.object({ success: z.literal(true), result: z.unknown() }).safeParse(json);
      const parsed = envelope.success ? schema.safeParse(envelope.data.result) : null;
      if (parsed?.success) return { ok: true, result: parsed.data as z.output<S> };
      throw new Error(`trade API ${method} ${path}: unexpected answer: ${parsed?.error.message ?? "no envelope"}`);
    }
    const failure = FailureSchema.safeParse(json);
    if (failure.success) {
      return { ok: false, status: answer.status, errorCode: failure.data.result.error_code, errorMsg: failure.data.result.error_msg };
    }
    throw new Error(`trade API ${method} ${path}: HTTP ${answer.status} without an envelope`);
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

function isLoopback(url: string): boolean {
  return /^https?:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?(\/|$)/.test(url);
}

function describeBrowser(ua: string) {
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : "Other";
  const platform = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad/.test(ua)
      ? "iOS"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X/.test(ua)
          ? "macOS"
          : /Linux/.test(ua)
            ? "Linux"
            : "Other";
  return { browser, platform };
}
