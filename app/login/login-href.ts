// Addresses that open the login modal over a page (spec/01 §2 "Login modal": `?login=captcha|pwd`).
// Kept apart from the modal so the header, the coupon centre and the server's redirects link to it
// without loading it.
import { useLocation } from "@remix-run/react";
import { sameSitePath } from "~/lib/safe-url";
import type { LoginTab } from "./login-fields";

/** Query parameters that belong to the login modal, not to the page under it. */
const LOGIN_PARAMS = ["login", "redirectTo"];

/** The address without the login modal's parameters: where closing the modal goes. */
export function withoutLoginParams(url: URL): string {
  const search = new URLSearchParams(url.search);
  for (const name of LOGIN_PARAMS) search.delete(name);
  const qs = search.toString();
  return url.pathname + (qs ? `?${qs}` : "");
}

/**
 * Where a shopper asking for `url` was going: the page itself, or — when the login modal is open
 * over it — the modal's own redirectTo (else the page without the modal's parameters), so a guard
 * never wraps one login address in another (parity audit F7 / 26.8).
 */
export function destinationOf(url: URL): string {
  if (!LOGIN_PARAMS.some((name) => url.searchParams.has(name))) return url.pathname + url.search;
  return sameSitePath(url.searchParams.get("redirectTo"), withoutLoginParams(url));
}

/**
 * The one way to address the login modal: `page` (its own query kept) with `?login=tab` on top,
 * and `redirectTo` when the shopper should land somewhere other than `page` after logging in
 * (only a path of the shop is kept, see safe-url.ts).
 */
export function loginHref(page: string, { tab = "captcha", redirectTo }: { tab?: LoginTab; redirectTo?: string } = {}): string {
  const url = new URL(page, "http://shop.local");
  url.searchParams.delete("redirectTo");
  url.searchParams.set("login", tab);
  if (redirectTo !== undefined) url.searchParams.set("redirectTo", sameSitePath(redirectTo));
  return url.pathname + url.search;
}

/** The header's 登录 link: this page (its query kept) with the modal on top. */
export function useLoginHref(tab: LoginTab = "captcha"): string {
  const location = useLocation();
  return loginHref(location.pathname + location.search, { tab });
}
