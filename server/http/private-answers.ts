// Which storefront answers a shared cache (nginx, a CDN, a corporate proxy) may keep, decided once
// for every answer, resource routes included (review 2026-11b, M2 and the pay-status item):
// - anything answered to a request carrying the login cookie is the member's alone;
// - an answer that sets a per-visitor cookie (the saas-token, a flash, the channel) is that
//   visitor's: it is never shareable, or a cache would hand the cookie to the next visitor.
// Only the cookies the page cache may repeat (a function of its key and the day) leave it shareable.
import type { RequestHandler, Response } from "express";
import { parse as parseCookieHeader } from "cookie";

export const PRIVATE_NO_STORE = "private, no-store";
const KEPT_FROM_SHARED_CACHES = /\b(private|no-store)\b/;

export function privateAnswers({ memberCookie, repeatableCookies }: { memberCookie: string; repeatableCookies: string[] }): RequestHandler {
  return (req, res, next) => {
    const member = Boolean(parseCookieHeader(req.headers.cookie ?? "")[memberCookie]);
    beforeHeaders(res, () => {
      const cacheControl = [res.getHeader("cache-control") ?? []].flat().join(", ");
      if (member || (setsVisitorCookie(res, repeatableCookies) && !KEPT_FROM_SHARED_CACHES.test(cacheControl))) {
        res.setHeader("Cache-Control", PRIVATE_NO_STORE);
      }
    });
    next();
  };
}

function setsVisitorCookie(res: Response, repeatable: string[]): boolean {
  return [res.getHeader("set-cookie") ?? []]
    .flat()
    .map(String)
    .some((cookie) => !repeatable.includes(cookie.slice(0, cookie.indexOf("=")).trim()));
}

/** Runs `adjust` just before the status line and headers are written, however the answer is sent. */
function beforeHeaders(res: Response, adjust: () => void): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    res.writeHead = writeHead;
    adjust();
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as typeof res.writeHead;
}
