// The access log and request ids (decision 012, review finding 17). Every answer gets an
// X-Request-Id; pino-http writes a line for each request the app answers, and the visitors' page
// cache, which answers before it (server/app.ts), writes its hits' lines itself: the same fields
// without a child logger, listeners and timer per request (docs/benchmarks.md, issue 24).
import { randomUUID } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import { withoutSecrets } from "./log-url";

/** What an X-Request-Id from a client must look like to be kept (and echoed). */
const REQUEST_ID = /^[\w.-]{1,64}$/;
/** Assets and media are noise in the log. */
const UNLOGGED = /^\/(assets|media)\//;

/** A proxy's id is kept when it is plainly an id; anything else is not echoed but replaced (decision 012, finding 17). */
export const requestIds: RequestHandler = (req, res, next) => {
  const given = req.headers["x-request-id"];
  req.id = typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
  res.setHeader("x-request-id", req.id);
  next();
};

/** What a line says of the request: its id (the X-Request-Id answered, and sent on to /api), the client's address. */
const logged = (req: Request) => ({ id: req.id, method: req.method, url: withoutSecrets(req.url), remoteAddress: req.ip });

/**
 * The line of every request the app answers (mount after `requestIds`). `internal` tells the storefront's own calls to
 * the services in this process (server/serve.ts): debug lines, so that a page is one line at the info level, with the
 * same id as its calls' lines at debug; a call that fails is still an error line.
 */
export function accessLog(logger: Logger, internal: (req: Request) => boolean = () => false): RequestHandler {
  return pinoHttp({
    logger,
    autoLogging: { ignore: (req) => UNLOGGED.test(req.url ?? "") },
    customLogLevel: (req, _res, error) => (error ? "error" : internal(req as Request) ? "debug" : "info"),
    serializers: {
      // pino-http hands the serializer its own summary of the request, the Express request as `raw`
      req: (summary: { raw: Request }) => logged(summary.raw),
      res: (res: Response) => ({ statusCode: res.statusCode }),
    },
  });
}

/** The line of an answer the page cache sent: pino-http's fields, with `pageCache: "hit"` instead of a response time. */
export function pageCacheHitLog(logger: Logger): (req: Request, res: Response) => void {
  return (req, res) => {
    if (logger.isLevelEnabled("info")) logger.info({ req: logged(req), res: { statusCode: res.statusCode }, pageCache: "hit" }, "request completed");
  };
}
