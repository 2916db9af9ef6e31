// A member's pages are theirs alone (orders, codes, coupons): no browser or shared cache may keep
// them (docs/security.md; finding 9 of the 2026-11 security review). One rule covers everything Remix renders for a request
// that carries the login cookie, documents and single-fetch data alike (entry.server.tsx); the
// pages that show codes also declare it themselves (`privatePage`), whatever the request carries.
// Visitors' answers are left alone: the page cache (server/page-cache.ts) stores only those.
import type { HeadersFunction } from "@remix-run/node";
import { readPlainCookie } from "./cookies.server";

export const PRIVATE_NO_STORE = "private, no-store";

/** True when the request carries a login credential (valid or not: either way it is not a visitor's page). */
export function carriesLogin(request: Request): boolean {
  return readPlainCookie(request, "login") !== null;
}

/** Marks the answer to a member's request as not to be stored. */
export function keepMemberAnswerPrivate(request: Request, headers: Headers): void {
  if (carriesLogin(request)) headers.set("Cache-Control", PRIVATE_NO_STORE);
}

/** The `headers` export of a route whose page shows codes or orders. */
export const privatePage: HeadersFunction = () => ({ "Cache-Control": PRIVATE_NO_STORE });
