// Boot: configuration, the store (created and seeded when missing), the Express app with Remix,
// and a graceful shutdown that finishes in-flight requests and closes the database.
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import type { RequestHandler } from "express";
import { openStore } from "../db/client";
import { generateImages } from "../seed/images";
import { seedCatalogue, seedDatabase } from "../seed/seed";
import { createApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { createLogger } from "./logger";
import { createMetrics, serveMetrics } from "./metrics";
import { startJobs } from "./trade/jobs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const dev = process.argv.includes("--dev");

let config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
// NODE_ENV unset means production (decision 011): Express's error pages, React and the
// storefront's environment (app/lib/env.server.ts) read process.env.NODE_ENV themselves
process.env.NODE_ENV = config.nodeEnv;
// the storefront's environment: the key that signs its flash and settle cookies (decision 015)
process.env.COOKIE_SECRET = config.cookieSecret;
const logger = createLogger(config.logLevel);

const fresh = config.dbFile === ":memory:" || !existsSync(config.dbFile);
const store = openStore(config.dbFile);
if (fresh) {
  // demo accounts (published password demo123456), their orders and the seed's codes only in the demo
  const summary = config.demo ? seedDatabase(store, { mediaDir: config.mediaDir }) : seedCatalogue(store, { mediaDir: config.mediaDir });
  logger.info(
    { dbFile: config.dbFile, goods: summary.counts.goods, demo: config.demo },
    config.demo ? "database created and seeded with the demo" : "database created with the catalogue only (no accounts, orders or codes)",
  );
}
if (config.payProvider === "none") {
  logger.warn("no payment provider (PAY_PROVIDER=none): order creation answers 503 支付通道未开通 until one is configured");
}
if (!existsSync(config.mediaDir)) generateImages(config.mediaDir);
const jobs = startJobs({ config, store, logger, now: Date.now });

let remix: RequestHandler | undefined;
let recordPageView: ((request: Request, context: ReturnType<typeof loadContext>, path: string) => void) | undefined;
let vite: RequestHandler | undefined;
let closeVite = async () => {};
if (dev) {
  const { createServer } = await import("vite");
  const viteServer = await createServer({ root, server: { middlewareMode: true } });
  vite = viteServer.middlewares as unknown as RequestHandler;
  closeVite = () => viteServer.close();
  remix = createRequestHandler({
    build: () => viteServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>,
    mode: "development",
    getLoadContext: loadContext,
  });
} else {
  const buildFile = join(root, "build/server/index.js");
  if (existsSync(buildFile)) {
    const build = (await import(buildFile)) as ServerBuild;
    remix = createRequestHandler({ build, mode: "production", getLoadContext: loadContext });
    recordPageView = (build.entry.module as { recordPageView?: typeof recordPageView }).recordPageView;
  } else if (process.env.NODE_ENV === "test") {
    // process-level API tests (crash safety) run before `npm test` builds the storefront
    logger.warn("build/server/index.js missing: serving the trade services without the storefront (NODE_ENV=test)");
  } else {
    console.error("找不到构建产物 build/server/index.js：请先运行 npm run build");
    process.exit(1);
  }
}

function loadContext(req: { ip?: string }, res: { locals: Record<string, unknown>; append(k: string, v: string): unknown }) {
  return {
    cspNonce: res.locals.cspNonce as string,
    clientIp: req.ip ?? "127.0.0.1",
    appendSetCookie: (cookie: string) => void res.append("Set-Cookie", cookie),
  };
}

const metrics = config.metrics ? createMetrics(store) : null;
const metricsServer = metrics && config.metrics ? serveMetrics(metrics.registry, config.metrics.port, config.metrics.host) : null;
let stopping = false;

const app = createApp({
  config,
  store,
  logger,
  metrics: metrics?.middleware,
  stopping: () => stopping,
  remix,
  vite,
  clientBuildDir: dev ? undefined : join(root, "build/client"),
  onPageCacheHit: (req, res, path) => {
    const request = new Request(`http://${req.headers.host ?? "localhost"}${req.originalUrl}`, {
      headers: { cookie: req.headers.cookie ?? "", "user-agent": req.headers["user-agent"] ?? "" },
    });
    recordPageView?.(request, loadContext(req, res), path);
  },
});

const server = app.listen(config.port, config.host, () => {
  const { port } = server.address() as AddressInfo;
  // the storefront reaches the trade services over HTTP; by default, this same process
  process.env.TRADE_API_URL = config.tradeApiUrl || `http://127.0.0.1:${port}`;
  logger.info({ port, tradeApiUrl: process.env.TRADE_API_URL, dev }, `商城已启动：http://localhost:${port}`);
});
server.keepAliveTimeout = 5_000;
// a client gets 10 s for its headers and 30 s for its whole request (bodies are at most 64 kB):
// slow senders cannot hold connections open for Node's defaults of 60 s and 5 min
server.headersTimeout = 10_000;
server.requestTimeout = 30_000;

async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down: finishing in-flight requests");
  const force = setTimeout(() => {
    logger.error("in-flight requests did not finish in 10 s; closing anyway");
    server.closeAllConnections();
  }, 10_000);
  force.unref();
  // a keep-alive connection whose request finishes during shutdown would otherwise stay open
  // until keepAliveTimeout: close connections as soon as they fall idle
  const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
  await new Promise<void>((done) => {
    server.close(() => done());
    server.closeIdleConnections();
  });
  clearInterval(closeIdle);
  metricsServer?.close();
  jobs.stop();
  await closeVite();
  store.close();
  logger.info("stopped");
  logger.flush();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
