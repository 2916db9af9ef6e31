// Which storefront answers a shared cache (nginx, a CDN, a corporate proxy) may keep, decided once
// for every answer, resource routes included (review 2026-11b, M2 and the pay-status item):
// - anything answered to a request carrying the login cookie is the member's alone;
// - an answer that sets a per-visitor cookie (the saas-token, a flash, the channel) is that
//   visitor's: it is never shareable, or a cache would hand the cookie to the next visitor.
// Only the cookies the page cache may repeat (a function of its key and the day) leave it shareable.
// The decision runs when the headers are about to be written (on-headers, which compression uses too).
import type { RequestHandler, Response } from "express";
import { parse as parseCookieHeader } from "cookie";
import onHeaders from "on-headers";
import { cacheDirectives, keptFromSharedCaches } from "../../shared/cache-control";

export const PRIVATE_NO_STORE = "private, no-store";

export function privateAnswers({ memberCookie, repeatableCookies }: { memberCookie: string; repeatableCookies: string[] }): RequestHandler {
  return (req, res, next) => {
    const member = Boolean(parseCookieHeader(req.headers.cookie ?? "")[memberCookie]);
    onHeaders(res, () => keepPrivate(res, { member, repeatableCookies }));
    next();
  };
}

/** The one rule: marks `res` `private, no-store` when it is a member's or sets a visitor's own cookie. */
export function keepPrivate(res: Response, { member, repeatableCookies }: { member: boolean; repeatableCookies: string[] }): void {
  const cacheControl = [res.getHeader("cache-control") ?? []].flat().join(", ");
  if (member || (setsVisitorCookie(res, repeatableCookies) && !keptFromSharedCaches(cacheDirectives(cacheControl)))) {
    res.setHeader("Cache-Control", PRIVATE_NO_STORE);
  }
}

function setsVisitorCookie(res: Response, repeatable: string[]): boolean {
  return [res.getHeader("set-cookie") ?? []]
    .flat()
    .map(String)
    .some((cookie) => !repeatable.includes(cookie.slice(0, cookie.indexOf("=")).trim()));
}
