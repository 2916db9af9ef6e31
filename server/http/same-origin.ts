// Which writes come from the shop's own pages (spec/03 §3): one rule for the storefront's form
// posts and for the services under /api (decision 012, review finding 2). The shop's own hosts are the host of
// the request (as sent, and as the trusted proxy forwarded it) and those of CN_BASE_URL and
// HK_BASE_URL.
import type { Request, RequestHandler, Response } from "express";
import { requestOrigin } from "./request-origin";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The hosts of the configured domain groups. */
export function configuredHosts(baseUrls: string[]): Set<string> {
  return new Set(baseUrls.filter(Boolean).map((url) => new URL(url).host));
}

/**
 * A state-changing request from another site: its Origin (without one, its Referer) names a host
 * that is not the shop's, or is "null" (a sandboxed or privacy-stripped page); with neither,
 * `Sec-Fetch-Site: cross-site` says so. A request with none of these headers (server-to-server
 * calls such as the storefront's own client, curl, old browsers) is not refused here: SameSite=Lax
 * keeps the login cookie off cross-site posts in those browsers, and /api takes JSON only.
 */
export function isCrossSiteWrite(req: Request, shopHosts: Set<string>): boolean {
  if (SAFE_METHODS.has(req.method)) return false;
  const source = req.get("Origin") ?? req.get("Referer");
  if (source === undefined) return req.get("Sec-Fetch-Site") === "cross-site";
  const host = hostOf(source);
  if (!host) return true;
  return !(shopHosts.has(host) || host === req.get("host") || host === hostOf(requestOrigin(req)));
}

/** Refuses cross-site writes with the answer `refuse` gives (the storefront's text, the API's envelope). */
export function sameOriginWrites(baseUrls: string[], refuse: (res: Response) => void): RequestHandler {
  const hosts = configuredHosts(baseUrls);
  return (req, res, next) => (isCrossSiteWrite(req, hosts) ? refuse(res) : next());
}

export const CROSS_SITE_MESSAGE = "请求来源无效";

function hostOf(value: string): string | null {
  try {
    return new URL(value).host || null;
  } catch {
    return null;
  }
}
