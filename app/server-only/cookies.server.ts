// Every cookie of the storefront, with its name and options, in one place (spec/03 §3, §8,
// decision 015). All are SameSite=Lax, HttpOnly unless the browser's scripts must read them, and
// Secure by one rule (`secureCookies`). Two kinds:
// - plain cookies carry a short text as it is (the login credential, which the services set and
//   read too; flags and records whose content the shop does not trust anyway);
// - Remix cookies carry JSON (url_params, saas-token), and are signed with COOKIE_SECRET where the
//   content matters (flash, settle): a changed value reads as no cookie at all.
// The search history's format lives in search-history.ts, because the browser writes it too.
// Only the request session (session.server.ts) reads and writes them: loaders and actions ask it.
// The names are part of the contract with server/app.ts (the page cache keys on them) and with
// shoppers' browsers: never rename one.
import { createCookie, type Cookie } from "@remix-run/node";
import { serialize } from "cookie";
import { z } from "zod";
import type { StorefrontEnv } from "./env.server";
import { DIALOG_DATE_KEY, DIALOG_USER_ID_KEY } from "~/lib/popup-advert";
import { SEARCH_HISTORY_COOKIE } from "~/lib/search-history";

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;
const YEAR = 365 * DAY;

/** Plain cookies: the value is the text itself. */
const PLAIN = {
  /** The login credential, HttpOnly (the services set the same cookie on /api logins). */
  login: { name: "login_credential", maxAge: 30 * DAY },
  /**
   * A session cookie (gone when the browser closes): the shop day (YYYY-MM-DD) on which this
   * browser session's member pages last ran the coupon pop-up's layout mount, a once-a-day trigger
   * (app/login/login.server.ts, decision 017). A login clears it, so the page after a login mounts again.
   */
  couponPopup: { name: "coupon_popup", maxAge: undefined },
  /** The claim a visitor clicked before logging in (decision 013). */
  pendingClaim: { name: "pending_claim", maxAge: 10 * MINUTE },
  /** The popup advert's per-day records (spec/01 §4, spec/03 §8). */
  dialogDates: { name: DIALOG_DATE_KEY, maxAge: 2 * DAY },
  /** The popup advert's per-member records. */
  dialogUsers: { name: DIALOG_USER_ID_KEY, maxAge: YEAR },
} as const;
export type PlainCookie = keyof typeof PLAIN;

/** The name of every cookie the storefront sets, the browser-written search history included. */
export const COOKIE_NAMES = {
  ...(Object.fromEntries(Object.entries(PLAIN).map(([key, { name }]) => [key, name])) as { [K in PlainCookie]: (typeof PLAIN)[K]["name"] }),
  urlParams: "url_params",
  saasToken: "saas-token",
  flash: "flash",
  settle: "settle",
  searchHistory: SEARCH_HISTORY_COOKIE,
} as const;

export const LOGIN_COOKIE = COOKIE_NAMES.login;

/**
 * Whether the cookies of an answer to this request are marked Secure (decision 012, review finding 6): when the
 * request came over https — its URL's protocol is Express's `req.protocol`, which believes
 * X-Forwarded-Proto only from a TRUST_PROXY peer — or when the shop is a production shop whose
 * configured address is https.
 */
export function secureCookies(request: Request, { production, cnBaseUrl }: StorefrontEnv): boolean {
  return (production && /^https:/.test(cnBaseUrl)) || new URL(request.url).protocol === "https:";
}

/** The Set-Cookie header of a plain cookie: `value`, or null to clear it. */
export function plainCookie(cookie: PlainCookie, value: string | null, request: Request, env: StorefrontEnv): string {
  const { name, maxAge } = PLAIN[cookie];
  return serialize(name, value ?? "", { path: "/", httpOnly: true, sameSite: "lax", secure: secureCookies(request, env), maxAge: value === null ? 0 : maxAge });
}

/** A plain cookie's value among a request's parsed cookies; null when absent or empty. */
export function readPlainCookie(cookies: Record<string, string | undefined>, cookie: PlainCookie): string | null {
  return cookies[PLAIN[cookie].name] || null;
}

// ─── Remix cookies (JSON; flash and settle signed) ───────────────────────

const REMIX = {
  /** The channel parameters and store line (not secret: the address may set them). */
  urlParams: { path: "/", httpOnly: false, maxAge: YEAR, signed: false },
  /** The trade services' visitor token. */
  saasToken: { path: "/", httpOnly: true, maxAge: YEAR, signed: false },
  /** One-time message after a redirect (app/server-only/flash.server.ts). */
  flash: { path: "/", httpOnly: true, maxAge: MINUTE, signed: true },
  /** What the shopper confirmed on pay-confirm, for the pay page (app/server-only/settle.server.ts). */
  settle: { path: "/settle", httpOnly: true, maxAge: DAY, signed: true },
} as const;
export type RemixCookie = keyof typeof REMIX;

/** The Remix cookies made for a storefront environment (its COOKIE_SECRET signs them): made once, on first use. */
const remixCookies = new WeakMap<StorefrontEnv, Map<RemixCookie, Cookie>>();

function remixCookie(cookie: RemixCookie, env: StorefrontEnv): Cookie {
  let made = remixCookies.get(env);
  if (!made) remixCookies.set(env, (made = new Map()));
  let one = made.get(cookie);
  if (!one) {
    const { signed, ...options } = REMIX[cookie];
    one = createCookie(COOKIE_NAMES[cookie], { ...options, sameSite: "lax", ...(signed ? { secrets: [env.cookieSecret] } : {}) });
    made.set(cookie, one);
  }
  return one;
}

/** The Set-Cookie header of a Remix cookie: `value` as JSON (signed where the cookie is), or null to clear it. */
export function writeCookie(cookie: RemixCookie, value: unknown, request: Request, env: StorefrontEnv): Promise<string> {
  const secure = secureCookies(request, env);
  return remixCookie(cookie, env).serialize(value ?? "", value === null ? { secure, maxAge: 0 } : { secure });
}

/** A Remix cookie's value in a Cookie header: null when absent, badly signed or not JSON. */
export async function readCookie(cookie: RemixCookie, cookieHeader: string | null, env: StorefrontEnv): Promise<unknown> {
  return (
    (await remixCookie(cookie, env)
      .parse(cookieHeader)
      .catch(() => null)) ?? null
  );
}

// ─── what every request carries ──────────────────────────────────────────

const UrlParamsSchema = z
  .object({
    channelId: z
      .string()
      .max(32)
      .regex(/^[\w-]+$/)
      .catch("1"),
    channelName: z.string().max(64).catch(""),
    storeId: z.enum(["official", "audit"]).catch("official"),
  })
  .catch({ channelId: "1", channelName: "", storeId: "official" });
export type UrlParams = z.infer<typeof UrlParamsSchema>;
/** A visitor's channel parameters and store line when neither the address nor a cookie sets them. */
export const VISITOR_URL_PARAMS: UrlParams = UrlParamsSchema.parse({});

/**
 * The channel parameters and store line of a request: from the address when it has them (spec/01
 * §2 page init), else from the url_params cookie's value.
 */
export function urlParamsOf(request: Request, stored: unknown): { urlParams: UrlParams; fromAddress: boolean } {
  const kept = UrlParamsSchema.parse(stored ?? {});
  const query = new URL(request.url).searchParams;
  const fromAddress = query.has("channelId") || query.has("channelName");
  const urlParams = fromAddress
    ? UrlParamsSchema.parse({
        channelId: query.get("channelId") ?? kept.channelId,
        channelName: query.get("channelName") ?? kept.channelName,
        storeId: "official",
      })
    : kept;
  return { urlParams, fromAddress };
}
