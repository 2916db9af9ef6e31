// One session object per request (Hydrogen's createAppLoadContext): server/serve.ts builds the load
// context of every request through `createAppLoadContext`, once. The session reads the request's
// cookies once, through the registry (cookies.server.ts), answers loaders and actions with typed
// getters, and collects what they set; the server adds the collected Set-Cookie headers to the
// answer in one place, just before its headers go out, whether it is a document, a data request or
// a redirect. It also hands out the request's trade API client, and keeps what its answers say
// about the shopper: a saas-token issued to a new visitor, and a login the services no longer
// accept (401), which is forgotten here, the one place, whichever call found out.
import type { AppLoadContext } from "@remix-run/node";
import { parse } from "cookie";
import type { Logger } from "pino";
import { tradeClient, type ApiResult, type Caller, type TradeApi, type UrlParams } from "~/api/client.server";
import {
  COOKIE_NAMES,
  plainCookie,
  readCookie,
  readPlainCookie,
  secureCookies,
  urlParamsOf,
  VISITOR_URL_PARAMS,
  writeCookie,
  type PlainCookie,
  type RemixCookie,
} from "./cookies.server";
import type { StorefrontEnv } from "./env.server";
import { historyCookie, historyFromCookieHeader, type HistoryEntry } from "~/lib/search-history";

/** What the server knows of a request besides the Request itself. */
export interface RequestBasics {
  /** The CSP nonce of this response's scripts. */
  cspNonce: string;
  /** The shopper's address as Express sees it. */
  clientIp: string;
  /** The id of the request in the access log: the services' lines of its calls carry it too. */
  requestId?: string;
  /** The request's logger: the access log's child, its lines carrying the request id (server/http/access-log.ts). */
  log: Logger;
  /** The storefront's settings, parsed once by the server from its environment (server/serve.ts). */
  env: StorefrontEnv;
  /** Marks the response being rendered `no-store`: what it shows must not be repeated by a cache (a page rendered without the services). */
  keepOutOfCaches(): void;
}

/** The load context of one request: built once, before any loader or action runs. */
export async function createAppLoadContext(request: Request, basics: RequestBasics): Promise<AppLoadContext> {
  return { ...basics, session: await RequestSession.open(request, basics) };
}

export class RequestSession {
  /** The Set-Cookie headers to send, by cookie name: a later write wins, as it would in the browser. */
  private readonly written = new Map<string, string>();
  private tokenKept = false;
  private client: TradeApi | undefined;

  private constructor(
    private readonly request: Request,
    private readonly basics: RequestBasics,
    private readonly cookies: Record<string, string | undefined>,
    private readonly caller: Caller,
    /** True when the address brought new channel parameters that should be remembered. */
    readonly urlParamsChanged: boolean,
  ) {}

  static async open(request: Request, basics: RequestBasics): Promise<RequestSession> {
    const header = request.headers.get("cookie");
    const cookies = parse(header ?? "");
    const saasToken = await readCookie("saasToken", header, basics.env);
    const { urlParams, fromAddress } = urlParamsOf(request, await readCookie("urlParams", header, basics.env));
    const caller: Caller = {
      urlParams,
      credential: readPlainCookie(cookies, "login"),
      saasToken: typeof saasToken === "string" ? saasToken : null,
      userAgent: request.headers.get("user-agent") ?? "",
      clientIp: basics.clientIp,
      requestId: basics.requestId,
    };
    return new RequestSession(request, basics, cookies, caller, fromAddress);
  }

  /** The login credential this request carries. */
  get credential(): string | null {
    return this.caller.credential;
  }

  /** The shopper's channel parameters and store line (the address's when it has them). */
  get urlParams(): UrlParams {
    return this.caller.urlParams;
  }

  /** A plain cookie's value in this request; null when absent or empty. */
  get(cookie: PlainCookie): string | null {
    return readPlainCookie(this.cookies, cookie);
  }

  /** Sets a plain cookie, or clears it with null. */
  set(cookie: PlainCookie, value: string | null): void {
    this.queue(plainCookie(cookie, value, this.request, this.basics.env));
  }

  /** A Remix cookie's value in this request: null when absent, badly signed or not JSON. */
  read(cookie: RemixCookie): Promise<unknown> {
    return readCookie(cookie, this.request.headers.get("cookie"), this.basics.env);
  }

  /** Sets a Remix cookie to `value` as JSON, or clears it with null. */
  async write(cookie: RemixCookie, value: unknown): Promise<void> {
    this.queue(await writeCookie(cookie, value, this.request, this.basics.env));
  }

  /** The search history this request carries (the browser writes the same cookie). */
  searchHistory(): HistoryEntry[] {
    return historyFromCookieHeader(this.request.headers.get("cookie"));
  }

  setSearchHistory(history: HistoryEntry[]): void {
    this.queue(historyCookie(history, { secure: secureCookies(this.request, this.basics.env) }));
  }

  /** The trade API client of this request: its loaders share it, and the token it is issued. */
  get api(): TradeApi {
    return (this.client ??= this.bound(
      tradeClient(this.caller, { unavailable: this.basics.keepOutOfCaches, log: this.basics.log, baseUrl: this.basics.env.tradeApiUrl }),
    ));
  }

  /**
   * A client for the same shopper whose answers change no cookie: for calls that may finish after
   * the answer went out (page views).
   */
  apiWithoutCookies(): TradeApi {
    return tradeClient(this.caller, { unavailable: () => {}, log: this.basics.log, baseUrl: this.basics.env.tradeApiUrl });
  }

  /** A client for a visitor without cookies: for answers the same for everyone (the sitemap). */
  visitorApi(): TradeApi {
    const visitor: Caller = {
      urlParams: VISITOR_URL_PARAMS,
      credential: null,
      saasToken: null,
      userAgent: "",
      clientIp: this.caller.clientIp,
      requestId: this.caller.requestId,
    };
    return tradeClient(visitor, { unavailable: this.basics.keepOutOfCaches, log: this.basics.log, baseUrl: this.basics.env.tradeApiUrl });
  }

  /** The Set-Cookie headers of what this request's loaders and actions set. */
  setCookieHeaders(): string[] {
    return [...this.written.values()];
  }

  private queue(setCookie: string) {
    this.written.set(setCookie.slice(0, setCookie.indexOf("=")), setCookie);
  }

  private bound(client: TradeApi): TradeApi {
    const heard = async <R extends ApiResult<unknown>>(answer: Promise<R>): Promise<R> => {
      const result = await answer;
      // the first token issued to a new visitor is theirs; the client sends it from then on
      if (result.issuedToken && !this.tokenKept) {
        this.tokenKept = true;
        await this.write("saasToken", result.issuedToken);
      }
      // spec/01 §4: a 401 resets the session and removes the stored credential, whatever page asked;
      // a credential this request already replaced (a new login) stays
      if (!result.ok && result.errorCode === 401 && this.caller.credential && !this.written.has(COOKIE_NAMES.login)) this.set("login", null);
      return result;
    };
    return {
      ...client,
      get: (path, schema, query, headers) => heard(client.get(path, schema, query, headers)),
      post: (path, schema, body, headers) => heard(client.post(path, schema, body, headers)),
    };
  }
}
