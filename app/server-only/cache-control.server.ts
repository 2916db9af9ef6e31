// A member's pages are theirs alone (orders, codes, coupons): no browser or shared cache may keep
// them (docs/security.md; finding 9 of the 2026-11 security review). The Express host marks every
// answer to a request that carries the login cookie `private, no-store` — documents, single-fetch
// data and resource routes alike (server/http/private-answers.ts); the pages that show codes also
// declare it themselves (`privatePage`), whatever the request carries.
import type { HeadersFunction } from "@remix-run/node";

export const PRIVATE_NO_STORE = "private, no-store";

/** The `headers` export of a route whose page shows codes or orders. */
export const privatePage: HeadersFunction = () => ({ "Cache-Control": PRIVATE_NO_STORE });
