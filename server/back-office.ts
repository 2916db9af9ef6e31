// The back office's own listener (issue 39, decision 053): ADMIN_PORT on ADMIN_HOST (127.0.0.1
// unless set), like the metrics port, never the shop's. It serves the Remix routes under /admin
// (the same build as the storefront's, with the back office's services in their load context),
// the built assets and nothing else. Its answers are never cached, its form posts must come from
// its own pages (Sec-Fetch-Site / Origin) on top of each form's CSRF token, and its bodies may carry
// an import file up to the import's limit.
import { join } from "node:path";
import express, { type RequestHandler } from "express";
import type { Logger } from "pino";
import { BACK_OFFICE_PATH, BACK_OFFICE_PATHS, IMAGE_MAX_BYTES } from "../shared/back-office";
import { securityHeaders, withLastErrorHandler } from "./app";
import type { Config } from "./config";
import { accessLog, requestIds } from "./http/access-log";
import { precompressedAssets } from "./http/precompressed-assets";
import { pageMethodsOnly, sendFallbackPage } from "./http/fallback-page";
import { storefrontBody, withReadBody } from "./http/storefront-body";
import { IMPORT_MAX_BYTES } from "./trade/services/import-file";

/** A form's fields besides its file. */
const FORM_SLACK = 64 * 1024;
export const BACK_OFFICE_TOO_LARGE = `文件过大：一次最多上传 ${IMPORT_MAX_BYTES / 1024 / 1024} MB（兑换码请分成几个文件导入，图片最大 ${IMAGE_MAX_BYTES / 1024 / 1024} MB；未写入任何数据）`;
const CROSS_SITE = "请从后台自己的页面提交（跨站请求已拒绝）";

export function backOfficeApp({
  config,
  logger,
  remix,
  clientBuildDir,
}: {
  config: Config;
  logger: Logger;
  remix: RequestHandler;
  clientBuildDir?: string;
}): express.Express {
  const app = express();
  app.disable("x-powered-by");
  // the client address its login limit counts (decision 065) and the protocol its cookies follow:
  // X-Forwarded-For and -Proto only from the peers TRUST_PROXY names, as on the shop's port
  app.set("trust proxy", config.trustProxy);
  app.use(requestIds);
  app.use(accessLog(logger));
  app.use(securityHeaders(config, !clientBuildDir));
  app.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("X-Robots-Tag", "noindex, nofollow");
    next();
  });
  if (clientBuildDir) app.use("/assets", precompressedAssets(join(clientBuildDir, "assets")));
  // the images its pages show: uploads (goods covers, the QR code) and the shop's own
  app.use("/media", express.static(config.mediaDir, { fallthrough: false }));
  if (clientBuildDir) app.use("/images", express.static(join(clientBuildDir, "images"), { fallthrough: false }));
  app.get("/", (_req, res) => res.redirect(302, BACK_OFFICE_PATH));
  // its pages, their data requests, and the route manifest Remix's client asks for when it navigates
  app.all(
    [BACK_OFFICE_PATHS, "/__manifest"],
    pageMethodsOnly,
    sameSiteWrites,
    storefrontBody(IMPORT_MAX_BYTES + FORM_SLACK, { multipart: true, tooLarge: BACK_OFFICE_TOO_LARGE }),
    withReadBody(remix),
  );
  app.use((_req, res) => sendFallbackPage(res, 404));
  return withLastErrorHandler(app, logger);
}

/** A write whose browser says it came from another site, or whose Origin is not this listener's, is refused. */
const sameSiteWrites: RequestHandler = (req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const site = req.headers["sec-fetch-site"];
  const origin = req.headers.origin;
  const foreignOrigin = origin !== undefined && hostOf(origin) !== req.headers.host;
  if ((site !== undefined && site !== "same-origin" && site !== "none") || foreignOrigin) {
    return void res.status(403).type("text/plain; charset=utf-8").send(CROSS_SITE);
  }
  next();
};

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
