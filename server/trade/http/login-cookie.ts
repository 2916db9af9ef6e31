// The login_credential cookie as the services set and read it on /api logins (spec/03 §3): the
// storefront sets the same cookie (app/server-only/cookies.server.ts). Both sides go through the `cookie`
// library.
import type { Request, Response } from "express";
import { parse, serialize, type CookieSerializeOptions } from "cookie";

export const LOGIN_COOKIE = "login_credential";

const DAY_SECONDS = 86_400;

/** The credential the request's cookie carries; null when absent, empty or not decodable. */
export function readLoginCookie(req: Request): string | null {
  const decode = (value: string) => {
    try {
      return decodeURIComponent(value);
    } catch {
      return ""; // a malformed cookie counts as absent
    }
  };
  return parse(req.headers.cookie ?? "", { decode })[LOGIN_COOKIE] || null;
}

function options(req: Request, domain?: string): CookieSerializeOptions {
  return { httpOnly: true, sameSite: "lax", secure: req.secure, path: "/", ...(domain ? { domain } : {}) };
}

/** Keeps the credential for as many days as it is valid, on this host or on `domain`. */
export function setLoginCookie(req: Request, res: Response, credential: string, { days, domain }: { days: number; domain?: string }) {
  const maxAge = days * DAY_SECONDS;
  res.append("Set-Cookie", serialize(LOGIN_COOKIE, credential, { ...options(req, domain), maxAge, expires: new Date(Date.now() + maxAge * 1000) }));
}

export function clearLoginCookie(req: Request, res: Response) {
  res.append("Set-Cookie", serialize(LOGIN_COOKIE, "", { ...options(req), expires: new Date(0) }));
}
