// The storefront's one way to reach the trade services: HTTP to TRADE_API_URL with the documented
// headers (Saas-App-Id, Saas-Product-Line, Useragent, Login-Credential, saas-token), every answer
// parsed with zod. Nothing here knows how the services are built, nor about cookies: the request
// session (app/server-only/session.server.ts) hands a client what the shopper carries, and keeps the token
// an answer issues.
import diagnostics from "node:diagnostics_channel";
import type { Logger } from "pino";
import { Agent, cacheStores, type Dispatcher, interceptors, request as undiciRequest } from "undici";
import { z } from "zod";
import { TRADE_API_ANSWER } from "../../shared/channels";
import { keepResult, keptResult, sharedVersion, type SharedVersion } from "./parsed-answers.server";

/**
 * A call's outcome; `issuedToken` is the saas-token the services issued with it to a new visitor,
 * for the caller to keep.
 */
export type ApiResult<T> = ({ ok: true; result: T } | { ok: false; status: number; errorCode: number; errorMsg: string }) & { issuedToken?: string };

const SuccessSchema = z.object({ success: z.literal(true), result: z.unknown() });

// The contract's failure carries error_code and error_msg (spec/03 §2); a backend may word it as
// `msg` only (spec/01 §7: "result.error_msg or result.msg"), so the code defaults to the HTTP status
// and the message to msg, then to nothing for the caller's own default.
const FailureSchema = z.object({
  success: z.literal(false),
  result: z.object({ error_code: z.number().optional(), error_msg: z.string().optional(), msg: z.string().optional() }),
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
  /** The shopper's channel parameters and store line. */
  urlParams: UrlParams;
  /** The request's logger (the access log's line has the same id): what went wrong with a call is said here. */
  log: Logger;
}

export const STORE_LINES = {
  official: { appId: "TTSGAME_WEB", productLine: "TTSGAME", agentLine: "TTSGAME-PC" },
  audit: { appId: "TUNSHU_WEB", productLine: "TUNSHU", agentLine: "TUNSHU-PC" },
} as const;

export interface UrlParams {
  channelId: string;
  channelName: string;
  storeId: keyof typeof STORE_LINES;
}

/** Who the calls are made for: what the shopper's browser carries, and where they are. */
export interface Caller {
  urlParams: UrlParams;
  credential: string | null;
  saasToken: string | null;
  userAgent: string;
  clientIp: string;
  /** The page request's id (server/http/access-log.ts), sent on as X-Request-Id. */
  requestId?: string;
}

/** How long the shopper is asked to wait when the services cannot be reached (seconds). */
export const RETRY_AFTER_SECONDS = 30;

/**
 * The one error for "the services could not answer": unreachable, timed out, or a 5xx without the
 * contract's envelope (a proxy's error page, a process gone mid-answer). It is a 503 `Response`, so
 * anything that does not catch it ends as the route's error boundary with 服务繁忙 and a 503 that
 * says when to come back; `optional()` and actions that answer a form tell it apart with `instanceof`.
 */
export class TradeUnavailable extends Response {
  constructor(readonly reason: string) {
    super("服务繁忙，请稍后再试", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": String(RETRY_AFTER_SECONDS) },
    });
  }
}

interface Answer {
  ok: boolean;
  status: number;
  json: unknown;
  issuedToken?: string;
  /** A public answer the HTTP cache served (parsed-answers.server.ts): its result kept, or to keep. */
  shared?: SharedVersion & { bytes: number; kept?: { result: unknown } };
}

/**
 * How the storefront reaches the services: keep-alive connections through undici, with its RFC 9111
 * cache in front (shared: it honours `public`, `max-age`, `stale-while-revalidate`, validators and
 * `private="…"`, and never stores `private` or `no-store` answers) and identical reads in flight
 * at the same moment (the root's and a route's login_status) sent once. The services mark which
 * reads are public (server/trade/http/cache-control.ts); a real backend that sends the same headers
 * gets the same treatment. Decision 019.
 */
let dispatcher: Dispatcher | undefined;
function tradeDispatcher(): Dispatcher {
  // the last interceptor is the outermost: the cache answers first, then a miss is collapsed with
  // identical ones in flight
  // a services process that hangs is answered as unreachable after 15 s, not undici's 5 minutes
  return (dispatcher ??= new Agent({ connections: 64, headersTimeout: 15_000, bodyTimeout: 15_000 }).compose(
    interceptors.deduplicate(),
    interceptors.cache({ store: new cacheStores.MemoryCacheStore({ maxCount: 2_000, maxSize: 64 * 1024 * 1024 }) }),
  ));
}

/** Each answer of the services, told to the metrics: from the cache or not. */
const tradeAnswers = diagnostics.channel(TRADE_API_ANSWER);

/**
 * A client for one caller. It sends the caller's saas-token, or the first one the services issue
 * (parallel first calls of a new visitor are each issued one), and returns an issued token in the
 * result; `unavailable` hears when the services could not answer.
 */
export function tradeClient(
  caller: Caller,
  { unavailable: onUnavailable, log, baseUrl }: { unavailable(): void; log: Logger; /** TRADE_API_URL, or this process's own services */ baseUrl: string },
): TradeApi {
  const line = STORE_LINES[caller.urlParams.storeId];
  const headers: Record<string, string> = {
    "Saas-App-Id": line.appId,
    "Saas-Product-Line": line.productLine,
    Useragent: JSON.stringify({
      ...describeBrowser(caller.userAgent),
      channel_id: caller.urlParams.channelId,
      agent_line: line.agentLine,
      version: "1.0.0",
    }),
    Accept: "application/json",
    // the services answer over loopback or a data-centre network: compressing there and
    // inflating here would only cost CPU (docs/benchmarks.md)
    "Accept-Encoding": "identity",
    // the services' per-address limits need the shopper's address, not the storefront's
    "X-Forwarded-For": caller.clientIp,
  };
  if (caller.credential) headers["Login-Credential"] = caller.credential;
  if (caller.requestId) headers["X-Request-Id"] = caller.requestId;
  let saasToken = caller.saasToken;

  async function send(method: string, path: string, schema: z.ZodType, body?: unknown, extra?: Record<string, string>): Promise<Answer> {
    let response: Dispatcher.ResponseData;
    try {
      response = await undiciRequest(baseUrl + path, {
        method: method as Dispatcher.HttpMethod,
        dispatcher: tradeDispatcher(),
        headers: {
          ...headers,
          ...(saasToken ? { "saas-token": saasToken } : {}),
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
          ...extra,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      // undici throws only when there is no answer: refused, reset, timed out
      throw unavailable(log, onUnavailable, method, path, (error as { code?: string }).code ?? String(error));
    }
    const issued = response.headers["set-saas-token"];
    const issuedToken = typeof issued === "string" ? issued : undefined;
    if (issuedToken && !saasToken) saasToken = issuedToken;
    const status = response.statusCode;
    const ok = status >= 200 && status < 300;
    const version = ok ? sharedVersion(method, path, response.headers) : undefined;
    const kept = version && keptResult(version, schema);
    if (tradeAnswers.hasSubscribers) tradeAnswers.publish({ cached: response.headers.age !== undefined, reused: kept !== undefined });
    if (!version) return { ok, status, json: await response.body.json().catch(() => null), issuedToken };
    if (kept) {
      await response.body.dump();
      return { ok, status, json: undefined, issuedToken, shared: { ...version, bytes: 0, kept } };
    }
    const text = await response.body.text();
    return { ok, status, json: parseJson(text), issuedToken, shared: { ...version, bytes: text.length } };
  }

  async function call<S extends z.ZodType>(
    method: string,
    path: string,
    schema: S,
    body?: unknown,
    extra?: Record<string, string>,
  ): Promise<ApiResult<z.output<S>>> {
    const answer = await send(method, path, schema, body, extra);
    const { json, issuedToken, shared } = answer;
    if (shared?.kept) return { ok: true, result: shared.kept.result as z.output<S>, issuedToken };
    if (answer.ok) {
      const envelope = SuccessSchema.safeParse(json);
      const parsed = envelope.success ? schema.safeParse(envelope.data.result) : null;
      if (parsed?.success) {
        const result = parsed.data as z.output<S>;
        return { ok: true, result: shared ? keepResult(shared, schema, shared.bytes, result) : result, issuedToken };
      }
      throw new Error(`trade API ${method} ${path}: unexpected answer: ${parsed?.error.message ?? "no envelope"}`);
    }
    const failure = FailureSchema.safeParse(json);
    if (failure.success) {
      const { error_code, error_msg, msg } = failure.data.result;
      return { ok: false, status: answer.status, errorCode: error_code ?? answer.status, errorMsg: error_msg || msg || "", issuedToken };
    }
    // 501 Not Implemented is an answer (the call is not offered: extensions.server.ts), not an outage
    if (answer.status >= 500 && answer.status !== 501) throw unavailable(log, onUnavailable, method, path, `HTTP ${answer.status} without an envelope`);
    throw new NoEnvelope(answer.status, `trade API ${method} ${path}: HTTP ${answer.status} without an envelope`);
  }

  return {
    credential: caller.credential,
    urlParams: caller.urlParams,
    log,
    get: (path, schema, query, extra) => {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(key, String(value));
      const qs = search.toString();
      return call("GET", qs ? `${path}?${qs}` : path, schema, undefined, extra);
    },
    post: (path, schema, body, extra) => call("POST", path, schema, body ?? {}, extra),
  };
}

/** A failure without the contract's envelope: a broken answer, or another backend's own page for a call it lacks. */
export class NoEnvelope extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null; // not JSON: refused as any other answer without the envelope
  }
}

function unavailable(log: Logger, onUnavailable: () => void, method: string, path: string, reason: string): TradeUnavailable {
  const error = new TradeUnavailable(`trade API ${method} ${path.split("?")[0]}: ${reason}`);
  log.warn({ reason: error.reason }, "trade api unavailable");
  onUnavailable();
  return error;
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
