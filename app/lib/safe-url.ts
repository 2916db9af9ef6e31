// Addresses that come from outside (a query parameter, admin data) reduced to what the shop may
// follow: a path of its own, or an http(s) link. Shared by the return address after login and the
// links of layouts, coupons and orders.

/** A base no request ever has: only what stays on it is a path of the shop. */
const BASE = "http://shop.invalid";
const MAX_LENGTH = 500;

/**
 * `value` as a path of this shop (pathname, search and hash, normalised the way a browser resolves
 * it), or `fallback`. The check runs on the normalised result, so dot segments (`/.//host`),
 * backslashes (`/\host`), tabs and newlines cannot turn it into `//host` later.
 */
export function sameSitePath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length > MAX_LENGTH || !value.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = url.pathname + url.search + url.hash;
  return /^\/[/\\]/.test(path) ? fallback : path;
}

/**
 * A link from data the shop does not write itself (layouts, adverts, coupons, redemption URLs):
 * an absolute http(s) URL or a same-site path, as given; anything else (`javascript:`, `data:`,
 * `//host`, `/\host`) is null and must be rendered without a link.
 */
export function safeHref(value: string | null | undefined): string | null {
  if (!value) return null;
  if (value.startsWith("/")) return sameSitePath(value, "") ? value : null;
  if (!/^https?:\/\//i.test(value)) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? value : null;
  } catch {
    return null;
  }
}
