// The trade services of this same process, reached without a socket (SERVER_ROLE=all, no
// TRADE_API_URL): an undici Dispatcher that hands each request the storefront's client makes —
// method, path, headers, body — to the services' handlers through light-my-request, and gives
// the answer back as undici reads one off the wire. The client composes its cache and its
// deduplication in front of it as in front of its HTTP agent (app/api/client.server.ts), and the
// request meets every middleware an HTTP call meets, from a loopback address. Decision 928.
import { validateHeaderName, validateHeaderValue, type IncomingHttpHeaders } from "node:http";
import express, { type RequestHandler } from "express";
import inject from "light-my-request";
import { Dispatcher } from "undici";

type Headers = Record<string, string | string[]>;

/**
 * The request's headers as an object, checked as node's HTTP client checks what it writes: what the
 * client could not send over HTTP (a CR or LF in a value, say) it cannot send in process either.
 */
function requestHeaders(given: Dispatcher.DispatchOptions["headers"]): Headers {
  const pairs: [string, string][] = [];
  if (Array.isArray(given)) {
    for (let i = 0; i + 1 < given.length; i += 2) pairs.push([String(given[i]), String(given[i + 1])]);
  } else if (given) {
    for (const [name, value] of Object.entries(given as Record<string, string | string[] | undefined>)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) pairs.push([name, String(one)]);
    }
  }
  const headers: Headers = {};
  for (const [name, value] of pairs) {
    validateHeaderName(name);
    validateHeaderValue(name, value);
    const key = name.toLowerCase();
    const before = headers[key];
    headers[key] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return headers;
}

/** What undici hands a handler: header values as strings, a repeated header as a list. */
function answerHeaders(headers: Record<string, unknown>): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return out;
}

/**
 * An Express app of its own for light-my-request: an injector re-parents the request and response
 * prototypes of the app it hands requests to, and Express shares those between all its apps, so
 * this one gets copies that the process's HTTP traffic never meets.
 */
function injectableApp(handlers: RequestHandler[], trustProxy: unknown): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxy);
  for (const own of [app.request, app.response]) {
    const shared = Object.getPrototypeOf(own) as object;
    Object.setPrototypeOf(own, Object.create(Object.getPrototypeOf(shared) as object, Object.getOwnPropertyDescriptors(shared)));
  }
  app.use(handlers);
  return app;
}

export class InProcessTrade extends Dispatcher {
  private readonly app: express.Express;

  /** `handlers`: what an HTTP request to the services meets, in order; `trustProxy`: Express's setting of the process. */
  constructor(handlers: RequestHandler[], trustProxy: unknown) {
    super();
    this.app = injectableApp(handlers, trustProxy);
  }

  /** This dispatcher behind an interceptor that does nothing: undici then hands it a handler of its current API. */
  private readonly current = this.compose((dispatch) => dispatch);

  dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    // a caller of the older handler API (undici's request() without an interceptor)
    if (!handler.onRequestStart) return this.current.dispatch(options, handler);
    let aborted: Error | null = null;
    const controller: Dispatcher.DispatchController = {
      get aborted() {
        return aborted !== null;
      },
      paused: false,
      get reason() {
        return aborted;
      },
      abort(reason) {
        if (aborted) return;
        aborted = reason;
        handler.onResponseError?.(controller, reason);
      },
      // the answer is whole before it is handed over: there is nothing to pause
      pause() {},
      resume() {},
    };
    handler.onRequestStart?.(controller, {});
    void this.answer(options)
      .then(({ statusCode, statusMessage, headers, body }) => {
        if (aborted) return;
        handler.onResponseStart?.(controller, statusCode, headers, statusMessage);
        if (aborted) return;
        if (body.length > 0) handler.onResponseData?.(controller, body);
        if (!aborted) handler.onResponseEnd?.(controller, {});
      })
      .catch((error: Error) => {
        if (!aborted) handler.onResponseError?.(controller, error);
      });
    return true;
  }

  private async answer(options: Dispatcher.DispatchOptions) {
    const origin = new URL(String(options.origin));
    const body = options.body;
    if (body !== null && body !== undefined && typeof body !== "string" && !Buffer.isBuffer(body)) {
      throw new TypeError("in-process trade call: only a string or Buffer body");
    }
    const response = await inject(this.app, {
      method: options.method as "GET",
      url: new URL(options.path, origin).href,
      headers: { host: origin.host, ...requestHeaders(options.headers) },
      payload: body ?? undefined,
      remoteAddress: "127.0.0.1",
      // the options are this file's own: no schema check on every call
      validate: false,
    });
    return {
      statusCode: response.statusCode,
      statusMessage: response.statusMessage,
      headers: answerHeaders(response.headers),
      body: response.rawPayload,
    };
  }

  async close(): Promise<void> {}

  async destroy(): Promise<void> {}
}
