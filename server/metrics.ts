// Prometheus metrics through prom-client, served on a port of their own (METRICS_PORT), never to
// shoppers: request duration by route family and status, the visitors' page cache, the
// storefront's HTTP cache of the services' answers, SMS and login refusals, orders by status, the
// fulfilment backlog, unconfirmed refunds and flagged orders. Order figures are read from the database at scrape time, so
// they are exact whatever process created, paid or delivered an order.
import diagnostics from "node:diagnostics_channel";
import { createServer, type Server } from "node:http";
import type { RequestHandler } from "express";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Store } from "../db/client";
import { TRADE_API_ANSWER } from "../shared/channels";

/**
 * The route family of a path, so labels stay few: a segment other than lower-case letters, `_` and
 * `-` (or an API version, v1) is a parameter (`/topic/:id`, `/search-result/:id`).
 */
export function routeFamily(path: string): string {
  if (/^\/(assets|media)\//.test(path)) return `/${path.split("/")[1]}/*`;
  const segments = path
    .split("?")[0]!
    .split("/")
    .filter(Boolean)
    .slice(0, 6)
    .map((segment) => (/^([a-z_-]{1,32}|v\d{1,2})$/.test(segment) ? segment : ":id"));
  return `/${segments.join("/")}`;
}

/**
 * The member endpoints whose 4xx answers are refusals (400: a wrong code, password or captcha;
 * 429: a limit, a wait or a lock), by what the shopper tried.
 */
const REFUSABLE: Record<string, string> = {
  "/api/common_bll/v1/member/sms_captcha": "sms_code",
  "/api/common_bll/v1/member/action/captcha_login": "sms_login",
  "/api/common_bll/v1/member/action/pwd_login": "password_login",
  "/api/common_bll/v1/geetest4/action/valid": "captcha",
};

export interface Metrics {
  registry: Registry;
  /** Times every request (mount first). */
  middleware: RequestHandler;
}

/** What a process that serves requests measures of them (a cluster's primary aggregates them). */
export function requestMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer a request, by route family, method and status",
    labelNames: ["route", "method", "status"],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const pageCache = new Counter({
    name: "page_cache_requests_total",
    help: "Visitor pages answered from the page cache (hit) or rendered (miss)",
    labelNames: ["result"],
    registers: [registry],
  });
  const tradeApi = new Counter({
    name: "trade_api_answers_total",
    help: "Answers of the trade services to the storefront, from its HTTP cache (hit) or over the wire (miss)",
    labelNames: ["result"],
    registers: [registry],
  });
  diagnostics.subscribe(TRADE_API_ANSWER, (message) => tradeApi.inc({ result: (message as { cached: boolean }).cached ? "hit" : "miss" }));
  const refusals = new Counter({
    name: "shop_refusals_total",
    help: "SMS codes and logins refused, by action and status (400 wrong code/password/captcha, 429 limit or lock)",
    labelNames: ["action", "status"],
    registers: [registry],
  });
  const middleware: RequestHandler = (req, res, next) => {
    const end = duration.startTimer();
    res.once("finish", () => {
      // originalUrl: a router mounted on a prefix rewrites req.url while it runs
      const status = String(res.statusCode);
      end({ route: routeFamily(req.originalUrl), method: req.method, status });
      const action = res.statusCode >= 400 && res.statusCode < 500 ? REFUSABLE[req.originalUrl.split("?")[0]!] : undefined;
      if (action) refusals.inc({ action, status });
      const cache = res.getHeader("X-Page-Cache");
      if (cache === "HIT" || cache === "MISS") pageCache.inc({ result: cache.toLowerCase() });
    });
    next();
  };
  return { registry, middleware };
}

/**
 * Orders by status and the fulfilment backlog, read from the database at scrape time: exact
 * whatever process created, paid or delivered an order. Measured by one process only (the one
 * that holds the store: a cluster's primary, or the only process).
 */
export function storeMetrics(store: Store, registry = new Registry()): Registry {
  const ordersByStatus = store.sqlite.prepare("SELECT status, count(*) AS n FROM orders GROUP BY status");
  new Gauge({
    name: "shop_orders",
    help: "Orders by status (rate() of PAY_SUCCESS…SEND_SUCCESS counts what was paid and delivered)",
    labelNames: ["status"],
    registers: [registry],
    collect() {
      this.reset();
      for (const { status, n } of ordersByStatus.all() as { status: string; n: number }[]) this.set({ status }, n);
    },
  });
  const backlog = store.sqlite.prepare("SELECT count(*) FROM orders WHERE status IN ('PAY_SUCCESS', 'SENDING')").pluck();
  new Gauge({
    name: "shop_fulfilment_backlog",
    help: "Paid orders still waiting for their codes (PAY_SUCCESS or SENDING)",
    registers: [registry],
    collect() {
      this.set(backlog.get() as number);
    },
  });
  const refundsByStatus = store.sqlite.prepare("SELECT status, count(*) AS n FROM refunds WHERE status <> 'SUCCEEDED' GROUP BY status");
  new Gauge({
    name: "shop_refunds",
    help: "Refunds not confirmed by the pay provider: PENDING (being tried) and FAILED (given up: refund by hand)",
    labelNames: ["status"],
    registers: [registry],
    collect() {
      this.reset();
      this.set({ status: "PENDING" }, 0);
      this.set({ status: "FAILED" }, 0);
      for (const { status, n } of refundsByStatus.all() as { status: string; n: number }[]) this.set({ status }, n);
    },
  });
  const flagged = store.sqlite.prepare("SELECT count(*) FROM orders WHERE flag IS NOT NULL").pluck();
  new Gauge({
    name: "shop_orders_flagged",
    help: "Orders flagged for an operator (orders.flag: a refund to make by hand, a payment on a closed order…)",
    registers: [registry],
    collect() {
      this.set(flagged.get() as number);
    },
  });
  return registry;
}

/** The metrics listener: GET /metrics, nothing else. */
export function serveMetrics(text: () => Promise<string>, contentType: string, { port, host }: { port: number; host: string }): Server {
  const server = createServer(async (req, res) => {
    if (req.method !== "GET" || req.url !== "/metrics") {
      res.writeHead(404).end();
      return;
    }
    try {
      const body = await text();
      res.writeHead(200, { "Content-Type": contentType }).end(body);
    } catch {
      // a cluster worker that did not answer in time (prom-client's 5 s)
      res.writeHead(503).end();
    }
  });
  return server.listen(port, host);
}
