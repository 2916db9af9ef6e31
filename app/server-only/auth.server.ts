// The auth guard of loaders and actions (spec/01 §4): without a valid login the shopper is sent
// to the login modal, and comes back to where they were going once logged in.
import { redirect, type AppLoadContext } from "@remix-run/node";
import type { TradeApi } from "~/api/client.server";
import { authCheck } from "~/api/member.server";
import { setFlash } from "./flash.server";
import { destinationOf, loginHref } from "~/login/login-href";
import { sameSitePath } from "~/lib/safe-url";

/** Only same-site paths are followed after login (checked after normalising, see safe-url.ts). */
export function safeReturnTo(value: string | null | undefined, fallback = "/"): string {
  return sameSitePath(value, fallback);
}

const LOGIN_EXPIRED = "登录已失效，请重新登录";

/**
 * The one answer to a login the services no longer accept (401), wherever a member-only step finds
 * out: the request session has already forgotten the login (app/server-only/session.server.ts); the
 * services' message is said on the login modal's page, as a toast with JavaScript and a flash
 * message without. Pages that visitors may see only go on as a visitor.
 */
export async function toLoginAgain(context: AppLoadContext, toLogin: string, message: string): Promise<Response> {
  await setFlash(context, { type: "error", message: message || LOGIN_EXPIRED });
  return redirect(toLogin);
}

/**
 * The logged-in member's id with an API client bound to them, or a redirect to the login modal,
 * shown over `loginPage` (the page the shopper came from; home by default). The check is the
 * services' auth_check (spec/01 §4, spec/03 §4); a login that is no longer valid goes through
 * `toLoginAgain`.
 */
export async function requireMember(request: Request, context: AppLoadContext, loginPage = "/"): Promise<{ api: TradeApi; memberId: number }> {
  const api = context.session.api;
  const url = new URL(request.url);
  const toLogin = loginHref(loginPage, { redirectTo: destinationOf(url) });
  if (!api.credential) throw redirect(toLogin);
  const check = await authCheck(api);
  if (!check.ok) {
    if (check.errorCode === 401) throw await toLoginAgain(context, toLogin, check.errorMsg);
    throw new Response(check.errorMsg, { status: check.status });
  }
  return { api, memberId: check.result.member_id };
}
