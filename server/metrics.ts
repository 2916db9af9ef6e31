// Prometheus metrics through prom-client, served on a port of their own (METRICS_PORT), never to
// shoppers: request duration by route family and status, the visitors' page cache, orders by
// status and the fulfilment backlog. Order figures are read from the database at scrape time, so
// they are exact whatever process created, paid or delivered an order.
import { createServer, type Server } from "node:http";
import type { RequestHandler } from "express";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Store } from "../db/client";

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

export interface Metrics {
  registry: Registry;
  /** Times every request (mount first). */
  middleware: RequestHandler;
}

export function createMetrics(store: Store): Metrics {
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
  const middleware: RequestHandler = (req, res, next) => {
    const end = duration.startTimer();
    res.once("finish", () => {
      // originalUrl: a router mounted on a prefix rewrites req.url while it runs
      end({ route: routeFamily(req.originalUrl), method: req.method, status: String(res.statusCode) });
      const cache = res.getHeader("X-Page-Cache");
      if (cache === "HIT" || cache === "MISS") pageCache.inc({ result: cache.toLowerCase() });
    });
    next();
  };
  return { registry, middleware };
}

/** The metrics listener: GET /metrics, nothing else. */
export function serveMetrics(registry: Registry, port: number, host: string): Server {
  const server = createServer(async (req, res) => {
    if (req.method !== "GET" || req.url !== "/metrics") {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "Content-Type": registry.contentType }).end(await registry.metrics());
  });
  return server.listen(port, host);
}
