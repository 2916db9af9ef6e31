// HTTP caching on the contract (RFC 9111): the catalogue's public reads (layouts, popup adverts,
// goods details, search) say how long anyone may reuse them, with a validator for revalidation;
// every other answer is `no-store` (member data, writes). The storefront's client honours these
// headers through undici's cache (app/api/client.server.ts), and so would any cache in front of a
// real backend that sends the same headers. Decision 019.
import { createHash } from "node:crypto";
import type { RequestHandler, Response } from "express";

export const NO_STORE = "no-store";

/**
 * A public read, reusable for `ttlMs` and served stale for a while longer while one request
 * revalidates it. `private="set-saas-token"`: the token a tokenless request is issued (spec/03 §2)
 * is that client's alone, so a shared cache stores the answer without it. A TTL of 0 (development
 * and tests) still allows storing but requires revalidation before every reuse.
 */
export function publicCacheControl(ttlMs: number): string {
  const seconds = Math.ceil(ttlMs / 1000);
  const freshness = seconds > 0 ? `max-age=${seconds}, stale-while-revalidate=${seconds * 5}` : "no-cache";
  return `public, ${freshness}, private="set-saas-token"`;
}

/** Marks the answers of the routes it is mounted on as public reads. */
export function publicRead(ttlMs: number): RequestHandler {
  const header = publicCacheControl(ttlMs);
  return (_req, res, next) => {
    res.set("Cache-Control", header);
    next();
  };
}

/**
 * For a successful public read: sets a validator for `body` and answers whether the client's copy
 * is current (then the caller answers 304 without a body). Weak: the same JSON is sent gzipped or
 * not (RFC 9110 §8.8.3).
 */
export function notModified(res: Response, status: number, body: Buffer): boolean {
  if (status !== 200 || !String(res.getHeader("Cache-Control") ?? "").startsWith("public")) return false;
  res.setHeader("ETag", `W/"${createHash("sha1").update(body).digest("base64url")}"`);
  return res.req.fresh;
}
