// A process that serves requests: the only one (WEB_CONCURRENCY=1) or a node:cluster worker.
// It builds the Express app for its role (server/app.ts) with the Remix storefront when it serves
// pages, listens, and shuts down gracefully: /readyz turns 503, in-flight requests finish (10 s at
// most), idle keep-alive connections close, then the jobs stop and the database closes.
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import onHeaders from "on-headers";
import type { Logger } from "pino";
import { AggregatorRegistry } from "prom-client";
import { openStore } from "../db/client";
import { createApp } from "./app";
import type { Config } from "./config";
import { remixHandler } from "./remix-handler";
import { pageRoutes, requestMetrics, serveMetrics, storeMetrics, type PageRoutes } from "./metrics";
import { prepareStore, type Seeder } from "./store";
import { releaseAndExit, stopOnSignals } from "./stopping";
import type { WorkerMessage } from "./cluster";
import { startJobs } from "./trade/jobs";
import { backOfficeApp } from "./back-office";
import { backOffice } from "./trade/services/back-office";

// one level above this file, and above the production bundle it is part of (build/boot.js)
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** What the storefront's server entry exports besides the render (app/entry.server.tsx). */
interface StorefrontEntry {
  createAppLoadContext(request: Request, basics: Omit<AppLoadContext, "session">): Promise<AppLoadContext>;
  recordPageView(context: AppLoadContext, path: string): void;
  parseEnv(source: Record<string, string | undefined>): AppLoadContext["env"];
}

export async function serve(config: Config, logger: Logger, { dev, seeder }: { dev: boolean; seeder: Seeder }) {
  const worker = cluster.isWorker;
  const servesTrade = config.role !== "storefront";
  // a worker opens the database its primary prepared; the only process prepares it itself
  const store = !servesTrade ? undefined : worker ? openStore(config.dbFile) : prepareStore(config, logger, seeder);
  // background jobs run once: in the primary of a cluster, here when this is the only process
  const jobs = store && !worker ? startJobs({ config, store, logger, now: Date.now }) : null;

  let remix: RequestHandler | undefined;
  /** The same routes for the back office's listener, with its services in the load context. */
  let adminRemix: RequestHandler | undefined;
  let entry: StorefrontEntry | undefined;
  let vite: RequestHandler | undefined;
  // the page routes a metrics label may name (server/metrics.ts); in development every page is `other`
  let pages: PageRoutes | undefined;
  let closeVite = async () => {};
  if (config.role === "trade") {
    // the services only
  } else if (dev) {
    const { createServer } = await import("vite");
    const viteServer = await createServer({ root, server: { middlewareMode: true } });
    vite = viteServer.middlewares as unknown as RequestHandler;
    closeVite = () => viteServer.close();
    const build = () => viteServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
    remix = remixHandler({
      build,
      mode: "development",
      getLoadContext: async (req, res) => loadContext((await build()).entry.module as unknown as StorefrontEntry, req, res),
    });
    adminRemix = remixHandler({
      build,
      mode: "development",
      getLoadContext: async (req, res) => backOfficeContext((await build()).entry.module as unknown as StorefrontEntry, req, res),
    });
  } else {
    const buildFile = join(root, "build/server/index.js");
    if (existsSync(buildFile)) {
      const build = (await import(buildFile)) as ServerBuild;
      const built = (entry = build.entry.module as unknown as StorefrontEntry);
      remix = remixHandler({ build, mode: "production", getLoadContext: (req, res) => loadContext(built, req, res) });
      adminRemix = remixHandler({ build, mode: "production", getLoadContext: (req, res) => backOfficeContext(built, req, res) });
      pages = pageRoutes(build.routes);
    } else if (process.env.NODE_ENV === "test") {
      // process-level API tests (crash safety) run before `npm test` builds the storefront
      logger.warn("build/server/index.js missing: serving the trade services without the storefront (NODE_ENV=test)");
    } else {
      console.error("找不到构建产物 build/server/index.js：请先运行 npm run build");
      process.exit(1);
    }
  }

  /** The storefront's view of the request: its address as Express resolved it, and the headers the session reads. */
  function requestOf(req: ExpressRequest): Request {
    return new Request(`${req.protocol}://${req.headers.host ?? "localhost"}${req.originalUrl}`, {
      headers: { cookie: req.headers.cookie ?? "", "user-agent": req.headers["user-agent"] ?? "" },
    });
  }

  /**
   * The storefront's settings, parsed once per storefront module from this process's environment (a development
   * server's module changes on an edit), with the services' address: TRADE_API_URL, or this process's own loopback
   * listener. They reach the routes in the load context, never through process.env.
   */
  const storefrontEnvs = new WeakMap<StorefrontEntry, AppLoadContext["env"]>();
  function storefrontEnv(storefront: StorefrontEntry): AppLoadContext["env"] {
    let env = storefrontEnvs.get(storefront);
    if (!env) storefrontEnvs.set(storefront, (env = storefront.parseEnv({ ...process.env, TRADE_API_URL: tradeApiUrl() })));
    return env;
  }

  function contextOf(storefront: StorefrontEntry, req: ExpressRequest, res: ExpressResponse): Promise<AppLoadContext> {
    return storefront.createAppLoadContext(requestOf(req), {
      env: storefrontEnv(storefront),
      cspNonce: res.locals.cspNonce as string,
      clientIp: req.ip ?? "127.0.0.1",
      requestId: String(req.id),
      // a page-cache hit is answered before pino-http (server/app.ts): the process's logger then
      log: req.log ?? logger,
      // replaces the page cache's no-cache of a miss, which then is not stored (server/page-cache.ts)
      keepOutOfCaches: () => void (res.headersSent || res.setHeader("Cache-Control", "no-store")),
    });
  }

  async function loadContext(storefront: StorefrontEntry, req: ExpressRequest, res: ExpressResponse) {
    const context = await contextOf(storefront, req, res);
    // the one place the cookies a request's loaders and actions set reach its answer: just before
    // its headers go out, whatever sends them (a document, a data request, a redirect, an error).
    // A cookie set while the page already streams (a deferred part) comes too late for this
    // answer; the shopper's next page sets it.
    onHeaders(res, () => {
      for (const cookie of context.session.setCookieHeaders()) res.append("Set-Cookie", cookie);
    });
    return context;
  }

  /**
   * The back office's load context: its services (server/trade/services/back-office.ts) beside the
   * basics. Only this listener's context has them; the routes under /admin answer 404 without.
   */
  const services = store ? backOffice({ store, now: Date.now }, { mediaDir: config.mediaDir }) : undefined;
  async function backOfficeContext(storefront: StorefrontEntry, req: ExpressRequest, res: ExpressResponse): Promise<AppLoadContext> {
    return { ...(await contextOf(storefront, req, res)), backOffice: services };
  }

  // metrics: served here when this is the only process; a cluster's primary collects a worker's
  const metrics = config.metrics ? requestMetrics(pages) : null;
  if (metrics && worker) {
    // constructing one installs the worker's answer to the primary's requests (prom-client 15)
    new AggregatorRegistry();
    AggregatorRegistry.setRegistries([metrics.registry]);
  }
  if (metrics && store && !worker) storeMetrics(store, metrics.registry);
  const metricsServer =
    metrics && config.metrics && !worker ? serveMetrics(() => metrics.registry.metrics(), metrics.registry.contentType, config.metrics) : null;
  let stopping = false;
  /** This process's loopback listener for the storefront's service calls, once it listens. */
  let internalApiUrl = "";
  /** Where the storefront's calls reach the services: TRADE_API_URL, or this process's own loopback listener. */
  const tradeApiUrl = () => config.tradeApiUrl || internalApiUrl;
  /** The load context of a page-cache hit, by the stored render it was served from. */
  const hitContexts = new WeakMap<object, Promise<AppLoadContext>>();

  const app = createApp({
    config,
    store,
    logger,
    metrics: metrics?.middleware,
    stopping: () => stopping,
    internalApiUrl: () => internalApiUrl || undefined,
    remix,
    vite,
    clientBuildDir: dev ? undefined : join(root, "build/client"),
    onPageCacheHit: (req, res, path, stored) => {
      if (!entry) return;
      // what a page view records (store line, channel, member, path) is a function of the stored
      // answer's key (its address and kept cookies), so the first hit's context serves every hit of
      // that render: its trade client batches the views as recordPageView's batches already do
      let context = hitContexts.get(stored);
      if (!context) hitContexts.set(stored, (context = contextOf(entry, req, res)));
      const storefront = entry;
      context.then((hit) => storefront.recordPageView(hit, path)).catch(() => {});
    },
  });

  // SERVER_ROLE=all without TRADE_API_URL: the storefront's calls to the services go to a listener of this process's own
  // on loopback (exclusive: a cluster worker's own port), which closes only after the shop's port has drained, so a
  // page or a cashier payment in flight at SIGTERM still reaches /api (operator trial M2)
  const internal = servesTrade && remix && !config.tradeApiUrl ? await listenOnLoopback(app) : null;
  if (internal) internalApiUrl = `http://127.0.0.1:${(internal.address() as AddressInfo).port}`;
  // a storefront whose settings are invalid does not start (it would answer every page with the error)
  if (entry) storefrontEnv(entry);
  const server = app.listen(config.port, config.host, () => {
    const { port } = server.address() as AddressInfo;
    if (worker) process.send?.({ shop: "listening" } satisfies WorkerMessage);
    logger.info(
      { port, role: config.role, tradeApiUrl: remix ? tradeApiUrl() : undefined, dev, worker: worker ? cluster.worker?.id : undefined },
      `商城已启动：http://localhost:${port}`,
    );
  });
  server.once("error", (error: NodeJS.ErrnoException) => {
    const cause = `${error.code ?? error.message}: ${config.host}:${config.port}`;
    logger.fatal({ cause }, "cannot listen");
    logger.flush();
    const exit = () => process.exit(1);
    // a worker's primary learns the cause before the worker is gone (server/cluster.ts)
    if (worker && process.send) process.send({ shop: "cannot-start", cause } satisfies WorkerMessage, undefined, undefined, exit);
    else setImmediate(exit);
  });
  // the back office: a listener of its own (ADMIN_PORT, loopback by default), never the shop's port
  const admin =
    config.admin && adminRemix
      ? backOfficeApp({ config, logger, remix: adminRemix, clientBuildDir: dev ? undefined : join(root, "build/client") }).listen(
          config.admin.port,
          config.admin.host,
        )
      : null;
  admin?.once("error", (error: NodeJS.ErrnoException) => {
    logger.fatal({ cause: `${error.code ?? error.message}: ${config.admin!.host}:${config.admin!.port}` }, "cannot listen (ADMIN_PORT)");
    logger.flush();
    setImmediate(() => process.exit(1));
  });
  admin?.once("listening", () => {
    if (!worker) logger.info({ host: config.admin!.host, port: config.admin!.port }, "后台已启动（仅限操作员，经 SSH 隧道访问）");
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
      internal?.closeAllConnections();
    }, 10_000);
    force.unref();
    // a keep-alive connection whose request finishes during shutdown would otherwise stay open
    // until keepAliveTimeout: close connections as soon as they fall idle
    const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
    const drain = (listener: Server) =>
      new Promise<void>((done) => {
        listener.close(() => done());
        listener.closeIdleConnections();
      });
    await drain(server);
    if (admin) await drain(admin);
    // the pages have answered: nothing calls the loopback listener any more
    if (internal) await drain(internal);
    clearInterval(closeIdle);
    await closeVite();
    releaseAndExit(logger, { metricsServer, jobs, store });
  }
  stopOnSignals(shutdown);
}

/** A second listener of `app` on a free loopback port of this process alone (not shared with cluster siblings). */
function listenOnLoopback(app: ReturnType<typeof createApp>): Promise<Server> {
  return new Promise((resolve, reject) => {
    const listener: Server = app.listen({ port: 0, host: "127.0.0.1", exclusive: true }, () => resolve(listener));
    listener.once("error", reject);
  });
}
