// The Express process: trade services under /api, demo pages under /dev, media and built assets,
// then the Remix storefront. Body parsers live only under /api (Remix reads its own bodies).
import { randomBytes } from "node:crypto";
import diagnostics from "node:diagnostics_channel";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { constants as zlib } from "node:zlib";
import compression from "compression";
import express, { type RequestHandler } from "express";
import helmet from "helmet";
import type { Logger } from "pino";
import type { Store } from "../db/client";
import { UNEXPECTED_ERROR } from "../shared/channels";
import type { Config } from "./config";
import { demoPathAbsent, devRouter } from "./dev/router";
import { databaseAnswers, healthRouter, tradeServicesAnswer } from "./http/health";
import { accessLog, pageCacheHitLog, requestIds } from "./http/access-log";
import { withoutSecrets } from "./http/log-url";
import { ANSWER_BROTLI_QUALITY, ANSWER_GZIP_LEVEL } from "./http/content-coding";
import { forwardedHostFromTrustedProxies, refuseBadHost } from "./http/request-origin";
import { CROSS_SITE_MESSAGE, sameOriginWrites } from "./http/same-origin";
import { storefrontBody, withReadBody } from "./http/storefront-body";
import { mockPayRouter } from "./mock-pay/router";
import { cashierRouter } from "./cashier/router";
import { privateAnswers } from "./http/private-answers";
import { pageCache } from "./page-cache";
import { precompressedAssets } from "./http/precompressed-assets";
import { pageMethodsOnly, sendFallbackPage } from "./http/fallback-page";
import { LOGIN_COOKIE } from "./trade/http/login-cookie";
import { TRADE_API_PREFIX, tradeRouter } from "./trade/router";
import { BACK_OFFICE_PATHS } from "../shared/back-office";

export interface AppOptions {
  config: Config;
  /** The database of the trade services (not opened by a storefront-only process). */
  store?: Store;
  logger: Logger;
  now?: () => number;
  /** The Remix request handler (absent in API tests). */
  remix?: RequestHandler;
  /** Vite's dev middleware (development only). */
  vite?: RequestHandler;
  /** Where the client build lives (production). */
  clientBuildDir?: string;
  /** Records the page view of a document the page cache served (Remix did not render it), per stored render. */
  onPageCacheHit?: (req: express.Request, res: express.Response, path: string, stored: object) => void;
  /** Times every request for Prometheus (server/metrics.ts), when metrics are on. */
  metrics?: RequestHandler;
  /** True once shutdown began: /readyz answers 503 so a load balancer stops sending requests. */
  stopping?: () => boolean;
  /** This process's own loopback address for calls to its services (server/serve.ts), when it has one. */
  internalApiUrl?: () => string | undefined;
}

/**
 * The visitors' page cache (server/page-cache.ts): the public catalogue pages, keyed by address
 * and cookies. The cookie names are the storefront's (app/server-only/cookies.server.ts,
 * app/lib/popup-advert.ts); `login` opens the login modal with its own captcha challenge.
 */
const VISITOR_PAGES = {
  paths: [/^\/$/, /^\/topic\/[^/]+$/, /^\/search-result(\/[^/]+)?$/, /^\/recommend\/[^/]+\/[^/]+$/, /^\/protocols\/[^/]+$/, /^\/coupon-collection$/],
  bypassCookies: [LOGIN_COOKIE],
  ignoredCookies: ["saas-token"],
  repeatableCookies: ["DIALOG_DATE_KEY"],
  bypassParams: ["login"],
};

/**
 * The compression of what Remix streams (its data requests, resource routes) at the levels of
 * decision 033: gzip at its fastest, brotli (what browsers take) at quality 2 instead of the
 * middleware's 4. Documents are compressed whole in one call (server/remix-handler.ts), the
 * visitors' page cache keeps its own compressed copies (server/page-cache.ts).
 */
const STREAM_COMPRESSION = {
  level: ANSWER_GZIP_LEVEL,
  brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: ANSWER_BROTLI_QUALITY } },
} satisfies compression.CompressionOptions;
export function createApp({
  config,
  store,
  logger,
  now = Date.now,
  remix,
  vite,
  clientBuildDir,
  onPageCacheHit,
  metrics,
  stopping = () => false,
  internalApiUrl = () => undefined,
}: AppOptions) {
  const servesTrade = config.role !== "storefront";
  const servesPages = config.role !== "trade";
  if (servesTrade && !store) throw new Error(`SERVER_ROLE=${config.role} serves the trade services: it needs the store`);
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  // probes come every few seconds: answered before the access log and the metrics
  app.use(healthRouter(store ? [databaseAnswers(store)] : [tradeServicesAnswer(config.tradeApiUrl)], stopping));
  if (metrics) app.use(metrics);
  app.use(forwardedHostFromTrustedProxies);
  app.use(refuseBadHost);
  // the back office has a listener of its own (server/back-office.ts): its paths do not exist here
  app.use(BACK_OFFICE_PATHS, (_req, res) => sendFallbackPage(res, 404));

  app.use(requestIds);
  // a visitor's page from the cache is answered before the access log's middleware, with a line of its own
  const visitorPages = pageCache({
    ...VISITOR_PAGES,
    ttlMs: servesPages && remix && !vite ? config.pageCacheTtlMs : 0,
    onHit: onPageCacheHit,
    onAnswered: pageCacheHitLog(logger),
  });
  if (servesPages) app.use(visitorPages.serve);
  // the storefront's calls over this process's own loopback listener (server/serve.ts)
  let internalPort: number | undefined;
  const internal = (req: express.Request) => {
    const url = internalPort === undefined ? internalApiUrl() : undefined;
    if (url) internalPort = Number(new URL(url).port);
    return internalPort !== undefined && req.socket.localPort === internalPort;
  };
  app.use(accessLog(logger, internal));
  // the services answer JSON (gzipped by their envelope): no page policy or stream compression to
  // pay for on every call the storefront makes (docs/benchmarks.md: ~0.4 ms per order)
  if (store) app.use(TRADE_API_PREFIX, apiHeaders(config), tradeRouter({ config, store, logger, now }));
  app.use(securityHeaders(config, Boolean(vite)));
  app.use(compression(STREAM_COMPRESSION));

  if (store) {
    app.use("/mock-pay", config.payProvider === "sandbox" ? mockPayRouter(config, store, internalApiUrl) : demoPathAbsent);
    if (config.payProvider === "alipay" || config.payProvider === "wechat") app.use("/cashier", cashierRouter({ config, store, logger, now }));
    app.use("/dev", config.devPages ? devRouter(store) : demoPathAbsent);
    app.use("/media", express.static(config.mediaDir, { maxAge: "1d", fallthrough: false }));
  }
  if (!servesPages) return withLastErrorHandler(app, logger);
  if (vite) {
    app.use(vite);
  } else if (clientBuildDir) {
    app.use("/assets", precompressedAssets(join(clientBuildDir, "assets")));
    app.use(publicFiles(clientBuildDir));
  }
  if (remix) {
    const answers = privateAnswers({ memberCookie: LOGIN_COOKIE, repeatableCookies: VISITOR_PAGES.repeatableCookies });
    app.all("*", pageMethodsOnly, answers, sameOriginForms(config), storefrontBody(), withReadBody(remix));
  }
  return withLastErrorHandler(app, logger);
}

/**
 * What no router answered with its own error page: a missing file under /media (express.static's 404), an address
 * Express cannot decode (400) or a fault.
 * Express's own handler would print a raw stack to stderr, the one line of the log that is not JSON (operator trial M1).
 */
export function withLastErrorHandler(app: express.Express, logger: Logger): express.Express {
  const handler: express.ErrorRequestHandler = (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const status = typeof error?.status === "number" && error.status >= 400 && error.status < 600 ? error.status : 500;
    if (status >= 500) {
      logger.error({ err: error, reqId: req.id, url: withoutSecrets(req.originalUrl) }, "unexpected error");
      diagnostics.channel(UNEXPECTED_ERROR).publish(error);
    }
    sendFallbackPage(res, status);
  };
  return app.use(handler);
}

/**
 * The public folder's files (favicon, images, the chat stub) at the root, looked up only for their
 * own paths: before, every page request cost a file-system stat on its way to Remix.
 */
function publicFiles(dir: string): RequestHandler {
  const names = new Set(readdirSync(dir).filter((name) => name !== "assets"));
  const serve = express.static(dir, { maxAge: "1h" });
  return (req, res, next) => (names.has(req.path.split("/")[1] ?? "") ? serve(req, res, next) : next());
}

/**
 * Form posts to the storefront must come from the shop's own pages (spec/03 §3: SameSite
 * cookies plus an Origin/Referer check, the same rule as /api's: server/http/same-origin.ts).
 */
function sameOriginForms(config: Config): RequestHandler {
  return sameOriginWrites([config.cnBaseUrl, config.hkBaseUrl], (res) => {
    res.status(403).type("text/plain; charset=utf-8").send(CROSS_SITE_MESSAGE);
  });
}

/** The services' answers are data, never a document: a policy that allows nothing to run or frame them. */
function apiHeaders(config: Config): RequestHandler {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { "default-src": ["'none'"], "frame-ancestors": ["'none'"] } },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.production,
  });
}

/** helmet with a nonce-based CSP that the Remix scripts carry; relaxed only for Vite's dev HMR. */
export function securityHeaders(config: Config, dev: boolean): RequestHandler {
  const chatOrigin = /^https?:\/\//.test(config.csChatScriptUrl) ? new URL(config.csChatScriptUrl).origin : null;
  const withNonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  };
  const headers = helmet({
    contentSecurityPolicy: dev
      ? false
      : {
          useDefaults: true,
          directives: {
            "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`, ...(chatOrigin ? [chatOrigin] : [])],
            "style-src": ["'self'", "'unsafe-inline'"],
            // the payment group's origin serves WeChat Pay's QR image (/cashier/<order>/qr.png)
            "img-src": ["'self'", "data:", "blob:", ...(config.hkBaseUrl ? [config.hkBaseUrl] : [])],
            "connect-src": ["'self'"],
            "form-action": ["'self'", ...[config.cnBaseUrl, config.hkBaseUrl].filter(Boolean)],
            "frame-ancestors": ["'none'"],
            "upgrade-insecure-requests": null,
          },
        },
    crossOriginEmbedderPolicy: false,
    // helmet's default no-referrer makes browsers send "Origin: null" on form posts, which the
    // same-origin check must then refuse
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: config.production,
  });
  return (req, res, next) => withNonce(req, res, () => headers(req, res, next));
}
