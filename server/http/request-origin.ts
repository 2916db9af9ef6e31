// The origin a request is for, exactly as the Remix adapter builds `request.url` from it
// (@remix-run/express createRemixRequest): the protocol and host name through `trust proxy`, and
// the port of X-Forwarded-Host or else of Host. Whatever keys on "the page at this address" (the
// page cache) must use this, or one host's page can be served for another (decision 012, review finding 7).
import type { Request, RequestHandler } from "express";
import { sendFallbackPage } from "./fallback-page";

export function requestOrigin(req: Request): string {
  const port = portOf(req.get("X-Forwarded-Host")) ?? portOf(req.get("host"));
  return `${req.protocol}://${req.hostname}${port === undefined ? "" : `:${port}`}`;
}

/** The adapter's reading of a port: the text after the first colon, as an integer. */
function portOf(host: string | undefined): number | undefined {
  const port = Number.parseInt(host?.split(":")[1] ?? "", 10);
  return Number.isSafeInteger(port) ? port : undefined;
}

/**
 * X-Forwarded-Host counts only from a trusted proxy. Express already ignores it from other peers
 * for `req.hostname`, but the Remix adapter takes its port from any peer: drop it at the edge.
 */
export const forwardedHostFromTrustedProxies: RequestHandler = (req, _res, next) => {
  if (req.headers["x-forwarded-host"] !== undefined) {
    const trusted = req.app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean;
    if (!trusted(req.socket.remoteAddress, 0)) delete req.headers["x-forwarded-host"];
  }
  next();
};

/** A host name or bracketed IPv6 address, then at most a port of digits. */
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[^\s:/?#[\]@\\]+)(?::(\d{1,5}))?$/;

/** True for a Host (or X-Forwarded-Host) the adapter and the session can build a URL from. */
export function validHost(host: string): boolean {
  const match = HOST.exec(host);
  if (!match) return false;
  const port = match[1] === undefined ? 1 : Number(match[1]);
  return port >= 1 && port <= 65_535 && URL.canParse(`http://${host}/`);
}

/**
 * A Host or trusted X-Forwarded-Host whose port is not a port (`:99999`, `:abc`) is a 400 before
 * anything builds a URL from it (review 2026-11c L2): the adapter's and the session's `new URL`
 * would throw, a 500 on every page. Runs after forwardedHostFromTrustedProxies.
 */
export const refuseBadHost: RequestHandler = (req, res, next) => {
  const hosts = [req.headers.host, req.headers["x-forwarded-host"]].filter((h): h is string => typeof h === "string");
  if (hosts.every(validHost)) return next();
  sendFallbackPage(res, 400);
};
