// The server side of logging in (spec/01 §4, spec/03 §3, §8): the login modal's state from the
// address, the return address after login, the login cookie sync with the configured hosts, and
// the once-after-login coupon pop-up. Cross-site form posts never get here: the Express rule
// server/http/same-origin.ts refuses them for every storefront write.
import type { AppLoadContext } from "@remix-run/node";
import type { TradeApi } from "~/api/client.server";
import { hasPasswordReset, loadCaptcha, syncLoginCookie, type Member } from "~/api/member.server";
import { getMyCoupons, PAGE_SIZE, receiveAuto, type Coupon } from "~/api/promotion.server";
import { safeReturnTo } from "~/server-only/auth.server";
import type { StorefrontEnv } from "~/server-only/env.server";
import { optional } from "~/server-only/http.server";
import { dueToday, recordRest, recordToday } from "~/server-only/once-a-day.server";
import { loginTabOf, resetMember, type LoginModalState } from "./login-fields";
import { withoutLoginParams } from "./login-href";

/** Where to go after login: the modal's redirectTo, else the page under it; never /login itself. */
export function returnToOf(url: URL, redirectTo?: string | null): string {
  const target = safeReturnTo(redirectTo, safeReturnTo(withoutLoginParams(url)));
  const parsed = new URL(target, "http://shop.local");
  if (parsed.pathname === "/login") return "/";
  // what is left after dropping the modal's parameters is checked again: only a path of the shop
  return safeReturnTo(withoutLoginParams(parsed));
}

/**
 * The login modal of this address (`?login=captcha|pwd|reset`), or null when it is closed. A
 * member sees only 设置密码 (`reset`), and only when the services have the password extension.
 */
export async function loginModalState(request: Request, api: TradeApi, member: Member | null): Promise<LoginModalState | null> {
  const url = new URL(request.url);
  const param = url.searchParams.get("login");
  // /login shows the form as its page, with its own challenge
  if (param === null || url.pathname === "/login" || (member && param !== "reset")) return null;
  const [challenge, passwordReset] = await Promise.all([optional(api.log, "captcha challenge", loadCaptcha(api, "text")), hasPasswordReset(api)]);
  const tab = loginTabOf(param);
  if (member && !passwordReset) return null;
  return {
    // without the extension, 忘记密码 is not offered: an old link opens the password tab
    tab: tab === "reset" && !passwordReset ? "pwd" : tab,
    passwordReset,
    member: member ? resetMember(member) : null,
    redirectTo: returnToOf(url, url.searchParams.get("redirectTo")),
    closeHref: withoutLoginParams(url),
    challenge,
  };
}

/**
 * The status of an expected failure: 400/429 for a page the browser posted (no JavaScript), 200
 * for a fetcher's request, whose body says `ok: false` — a 4xx there would only make the browser
 * log a console error for every wrong code or password.
 */
export function failureStatus(request: Request, status: number): number {
  return request.headers.get("sec-fetch-dest") === "empty" ? 200 : status;
}

/**
 * The login cookie sync (spec/01 §7 [5]): once per configured host (CN_BASE_URL, HK_BASE_URL).
 * Skipped when neither is set (one origin: the storefront's own HttpOnly cookie is enough).
 * Failures are only logged: the login itself has succeeded.
 */
export async function syncLoginCookies(api: TradeApi, credential: string, { cnBaseUrl, hkBaseUrl }: StorefrontEnv) {
  const hosts = new Set(
    [cnBaseUrl, hkBaseUrl]
      .filter((u): u is string => Boolean(u))
      .map((u) => {
        try {
          return new URL(u).hostname;
        } catch {
          return null;
        }
      })
      .filter((h): h is string => Boolean(h)),
  );
  for (const host of hosts) {
    const result = await syncLoginCookie(api, host, credential).catch((error: unknown) => ({ ok: false as const, errorMsg: String(error) }));
    if (!result.ok) api.log.warn({ host, errorMsg: result.errorMsg }, "login cookie sync failed");
  }
}

// ─── the coupon pop-up, once after login ─────────────────────────────────

export interface CouponPopupData {
  /** Tells one showing from the next, so a closed pop-up stays closed. */
  id: string;
  coupons: Coupon[];
  /** The server's clock when it decided, so corner marks read the same in the browser. */
  now: number;
}

export const POPUP_COUPONS = 3;

/** One grant per request, shared by the loaders that run in parallel (keyed by the request's session). */
const grants = new WeakMap<object, Promise<string[]>>();

/**
 * spec/01 §4 runs receive_auto on layout mount; a server-rendered shop mounts its layout once per
 * visit: on a member's first page of a browser session (and of each day, for browsers that keep
 * their session for weeks), and on the page after a login, which clears the cookie (decision 017).
 * Every loader that shows the member's coupons awaits this before reading them, and the root
 * loader's pop-up awaits the same promise: the grant answers first by construction, whichever
 * loader runs first (shopper trial 11b #1: 确认订单 read its usable coupons while the root loader's
 * receive_auto was still on its way). Answers the coupons received and not yet shown in a pop-up;
 * they wait in the cookie until a page that is not checkout shows them. Failures are only logged.
 */
export function grantAutoCoupons(context: AppLoadContext, api: TradeApi, now = Date.now()): Promise<string[]> {
  let grant = grants.get(context.session);
  if (!grant) {
    grant = grantOnce(context, api, now);
    grants.set(context.session, grant);
  }
  return grant;
}

async function grantOnce(context: AppLoadContext, api: TradeApi, now: number): Promise<string[]> {
  const received = recordRest(context, "couponPopup").split(",").filter(Boolean);
  if (!dueToday(context, "couponPopup", now)) return received;
  try {
    const auto = await receiveAuto(api);
    if (auto.ok) received.push(...auto.result.received);
    else api.log.warn({ errorMsg: auto.errorMsg }, "receive_auto failed");
  } catch (error) {
    api.log.warn({ err: error }, "receive_auto failed");
  }
  recordToday(context, "couponPopup", received.join(","), now);
  return received;
}

/**
 * The pop-up shows what this visit's grant received (grantAutoCoupons) that is still unused (at most
 * 3), and nothing when it received nothing (decision 027); never over a checkout page, where the
 * received coupons wait for the next page that is not one. Failures are only logged.
 */
export async function takeCouponPopup(context: AppLoadContext, api: TradeApi, onCheckout: boolean, now = Date.now()): Promise<CouponPopupData | null> {
  const received = await grantAutoCoupons(context, api, now);
  if (onCheckout || received.length === 0) return null;
  recordToday(context, "couponPopup", "", now);
  try {
    const mine = await getMyCoupons(api, { page: 1, size: PAGE_SIZE });
    if (!mine.ok) {
      api.log.warn({ errorMsg: mine.errorMsg }, "my_coupon for the pop-up failed");
      return null;
    }
    const coupons = mine.result.unused_coupons.filter((coupon) => received.includes(coupon.coupon_no)).slice(0, POPUP_COUPONS);
    return coupons.length ? { id: String(now), coupons, now } : null;
  } catch (error) {
    api.log.warn({ err: error }, "coupon pop-up failed");
    return null;
  }
}
