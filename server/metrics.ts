// Prometheus metrics through prom-client, served on a port of their own (METRICS_PORT), never to
// shoppers: request duration by matched route and status, the visitors' page cache, the
// storefront's HTTP cache of the services' answers, SMS and login refusals, database errors by
// cause, orders by status, the fulfilment backlog, SKUs on sale and sold out, unconfirmed refunds,
// flagged orders and the outbox's messages. The shop's figures are read from the database at
// scrape time, so they are exact whatever process created, paid or delivered an order.
import diagnostics from "node:diagnostics_channel";
import { createServer, type Server } from "node:http";
import type { Request, RequestHandler } from "express";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Store } from "../db/client";
import { DOCUMENT_RENDER, JOB_FAILED, JOBS, TRADE_API_ANSWER, UNEXPECTED_ERROR } from "../shared/channels";

/** Where a Remix route's pattern matches a path (`/topic/:goodId` matches `/topic/G1001`). */
export type PageRoutes = (path: string) => string | undefined;

/**
 * The storefront's page routes from the Remix build: each route's full pattern (its parents'
 * paths joined), matched against the path as sent. The splat route (`$.tsx`, the 404 page) is left
 * out: what only it matches is `other`.
 */
export function pageRoutes(routes: Record<string, { path?: string; parentId?: string } | undefined>): PageRoutes {
  const pattern = (id: string | undefined): string => {
    const route = id === undefined ? undefined : routes[id];
    return route ? [pattern(route.parentId), route.path].filter(Boolean).join("/") : "";
  };
  const patterns = [...new Set(Object.keys(routes).map((id) => `/${pattern(id)}`))].filter((p) => !p.includes("*"));
  const matchers = patterns.map((p) => {
    const segments = p.split("/").map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    return { pattern: p, regex: new RegExp(`^${segments.join("/")}/?$`) };
  });
  return (path) => matchers.find((m) => m.regex.test(path))?.pattern;
}

/**
 * The `route` label of a request (review finding M4): the Express route that answered it (the
 * services, the cashier, /dev), else the storefront page route its path matches, else a static
 * prefix; anything else is `other`. Never the path as sent, so series stay as few as the routes.
 */
function routeLabel(path: string, expressRoute: string | undefined, pages: PageRoutes | undefined): string {
  if (expressRoute && expressRoute !== "*") return expressRoute;
  if (/^\/(assets|media)\//.test(path)) return `/${path.split("/")[1]}/*`;
  // single fetch asks a page's data at `<path>.data`, the home page's at `/_root.data`
  const page = path.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  return pages?.(page) ?? "other";
}

/**
 * The Express route a request entered last, with the mount path it had then: Express assigns
 * `req.route` as it enters a route, but restores `req.baseUrl` when an error leaves a router, so
 * reading both once the answer is sent could name `/api/:goodsNo` for `/api/trade_bff/v2/goods/:goodsNo`.
 */
function recordRoute(req: Request): () => string | undefined {
  let matched: string | undefined;
  let route: unknown;
  Object.defineProperty(req, "route", {
    configurable: true,
    enumerable: true,
    get: () => route,
    set(value: { path?: unknown } | undefined) {
      route = value;
      if (typeof value?.path === "string") matched = `${req.baseUrl}${value.path}`;
    },
  });
  return () => matched;
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

/**
 * The cause label of a database error: SQLite's result code sorted into a fixed set (never the
 * code or message as raised, so no error adds a series). Full, read-only and I/O errors are writes
 * the disk refused; busy is a write that waited past busy_timeout for the lock.
 */
const DATABASE_ERROR_CAUSES = ["full", "readonly", "io", "busy", "corrupt", "other"] as const;
export function databaseErrorCause(error: unknown): (typeof DATABASE_ERROR_CAUSES)[number] | null {
  // drizzle may wrap the driver's error: its cause is SQLite's
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code !== "string" || !code.startsWith("SQLITE_")) continue;
    if (code.startsWith("SQLITE_FULL")) return "full";
    if (code.startsWith("SQLITE_READONLY")) return "readonly";
    if (code.startsWith("SQLITE_IOERR") || code.startsWith("SQLITE_CANTOPEN")) return "io";
    if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) return "busy";
    if (code.startsWith("SQLITE_CORRUPT") || code.startsWith("SQLITE_NOTADB")) return "corrupt";
    return "other";
  }
  return null;
}

export interface Metrics {
  registry: Registry;
  /** Times every request (mount first). */
  middleware: RequestHandler;
}

/**
 * What a process that serves requests measures of them (a cluster's primary aggregates them).
 * `pages`: the storefront's page routes, when this process serves pages from a build.
 */
export function requestMetrics(pages?: PageRoutes): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer a request, by matched route, method and status",
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
  const reusedResults = new Counter({
    name: "trade_api_results_reused_total",
    help: "Cached public answers whose parsed, validated result was reused (kept per ETag) instead of parsed again",
    registers: [registry],
  });
  diagnostics.subscribe(TRADE_API_ANSWER, (message) => {
    const { cached, reused } = message as { cached: boolean; reused: boolean };
    tradeApi.inc({ result: cached ? "hit" : "miss" });
    if (reused) reusedResults.inc();
  });
  const documents = new Counter({
    name: "storefront_document_renders_total",
    help: "Documents rendered in one piece (string: no deferred data) or through React's stream (deferred data, <Await>)",
    labelNames: ["render"],
    registers: [registry],
  });
  diagnostics.subscribe(DOCUMENT_RENDER, (message) => documents.inc({ render: (message as { render: string }).render }));
  const refusals = new Counter({
    name: "shop_refusals_total",
    help: "SMS codes and logins refused, by action and status (400 wrong code/password/captcha, 429 limit or lock)",
    labelNames: ["action", "status"],
    registers: [registry],
  });
  const databaseErrors = new Counter({
    name: "shop_database_errors_total",
    help: "Database errors that failed a request (or, in a single process, a background job), by cause: full, readonly, io (writes the disk refused: /readyz turns 503), busy (the write lock not had within busy_timeout), corrupt, other",
    labelNames: ["cause"],
    registers: [registry],
  });
  for (const cause of DATABASE_ERROR_CAUSES) databaseErrors.inc({ cause }, 0);
  diagnostics.subscribe(UNEXPECTED_ERROR, (error) => {
    const cause = databaseErrorCause(error);
    if (cause) databaseErrors.inc({ cause });
  });
  const middleware: RequestHandler = (req, res, next) => {
    const end = duration.startTimer();
    const expressRoute = recordRoute(req);
    res.once("finish", () => {
      // originalUrl: a router mounted on a prefix rewrites req.url while it runs
      const path = req.originalUrl.split("?")[0]!;
      const status = String(res.statusCode);
      end({ route: routeLabel(path, expressRoute(), pages), method: req.method, status });
      const action = res.statusCode >= 400 && res.statusCode < 500 ? REFUSABLE[path] : undefined;
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
    help: "Orders now in each status (a gauge: orders leave a status, so never rate() it; what was paid or delivered in a period is a query on orders, not this)",
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
  const skusOnSale = store.sqlite.prepare(
    `SELECT count(*) AS onSale, coalesce(sum(NOT EXISTS (SELECT 1 FROM cdkeys c WHERE c.sku_no = s.sku_no AND c.status = 'UNUSED')), 0) AS soldOut
       FROM skus s JOIN goods g ON g.goods_no = s.goods_no WHERE g.status = 'ON_SALE' AND s.disabled = 0`,
  );
  const stock = () => skusOnSale.get() as { onSale: number; soldOut: number };
  new Gauge({
    name: "shop_skus_on_sale",
    help: "SKUs a shopper can buy (goods ON_SALE, SKU not disabled)",
    registers: [registry],
    collect() {
      this.set(stock().onSale);
    },
  });
  new Gauge({
    name: "shop_skus_sold_out",
    help: "SKUs on sale without a single unused code: orders for them wait in SENDING (npm run admin -- codes:import)",
    registers: [registry],
    collect() {
      this.set(stock().soldOut);
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
  const messagesByStatus = store.sqlite.prepare("SELECT channel, status, count(*) AS n FROM outbox_messages GROUP BY channel, status");
  new Gauge({
    name: "shop_messages",
    help: "Outbox messages by channel and status: SENT and FAILED only grow (rate() of SENT is what went out); FAILED is for an operator (npm run admin -- messages --status FAILED)",
    labelNames: ["channel", "status"],
    registers: [registry],
    collect() {
      this.reset();
      for (const channel of ["SMS", "MAIL"]) for (const status of ["PENDING", "SENT", "FAILED", "SKIPPED"]) this.set({ channel, status }, 0);
      for (const { channel, status, n } of messagesByStatus.all() as { channel: string; status: string; n: number }[]) this.set({ channel, status }, n);
    },
  });
  const oldestPending = store.sqlite.prepare("SELECT channel, min(created_at) AS at FROM outbox_messages WHERE status = 'PENDING' GROUP BY channel");
  new Gauge({
    name: "shop_messages_oldest_pending_seconds",
    help: "Age of the oldest message waiting to be sent, per channel (0: none waiting); growing means the provider is down or slow",
    labelNames: ["channel"],
    registers: [registry],
    collect() {
      this.reset();
      this.set({ channel: "SMS" }, 0);
      this.set({ channel: "MAIL" }, 0);
      for (const { channel, at } of oldestPending.all() as { channel: string; at: number }[]) this.set({ channel }, Math.max(0, (Date.now() - at) / 1000));
    },
  });
  const jobFailures = new Counter({
    name: "shop_job_failures_total",
    help: 'Failed passes of a background job (each is logged as "background job failed"), by job and cause: a database error\'s (as shop_database_errors_total) or not_database. Counted by the process that runs the jobs: in a cluster its primary',
    labelNames: ["job", "cause"],
    registers: [registry],
  });
  for (const job of JOBS) jobFailures.inc({ job, cause: "not_database" }, 0);
  diagnostics.subscribe(JOB_FAILED, (message) => {
    const { job, error } = message as { job: (typeof JOBS)[number]; error: unknown };
    jobFailures.inc({ job, cause: databaseErrorCause(error) ?? "not_database" });
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
