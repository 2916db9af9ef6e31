// The auth guard of loaders and actions (spec/01 §4): without a valid login the shopper is sent
// to the login modal, and comes back to where they were going once logged in.
import { redirect, type AppLoadContext } from "@remix-run/node";
import { tradeApi, type TradeApi } from "~/api/client.server";
import { authCheck } from "~/api/member.server";
import { plainCookie } from "./cookies.server";
import { setFlash } from "./flash.server";
import { loginHref } from "~/login/login-href";
import { sameSitePath } from "./safe-url";

/** Only same-site paths are followed after login (checked after normalising, see safe-url.ts). */
export function safeReturnTo(value: string | null | undefined, fallback = "/"): string {
  return sameSitePath(value, fallback);
}

const LOGIN_EXPIRED = "登录已失效，请重新登录";

/**
 * The logged-in member's id with an API client bound to them, or a redirect to the login modal,
 * shown over `loginPage` (the page the shopper came from; home by default). The check is the
 * services' auth_check (spec/01 §4, spec/03 §4): a login that is no longer valid (401) clears the
 * cookie and says the services' message on the modal's page, as a toast with JavaScript and a
 * flash message without.
 */
export async function requireMember(request: Request, context: AppLoadContext, loginPage = "/"): Promise<{ api: TradeApi; memberId: number }> {
  const api = await tradeApi(request, context);
  const url = new URL(request.url);
  const toLogin = loginHref(loginPage, { redirectTo: url.pathname + url.search });
  if (!api.credential) throw redirect(toLogin);
  const check = await authCheck(api);
  if (!check.ok) {
    if (check.errorCode === 401) {
      context.appendSetCookie(plainCookie("login", null, request));
      await setFlash(request, context, { type: "error", message: check.errorMsg || LOGIN_EXPIRED });
      throw redirect(toLogin);
    }
    throw new Response(check.errorMsg, { status: check.status });
  }
  return { api, memberId: check.result.member_id };
}
