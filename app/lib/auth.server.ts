// The auth guard of loaders and actions (spec/01 §4): without a valid login the shopper is sent
// to the login modal, and comes back to where they were going once logged in.
import { redirect, type AppLoadContext } from "@remix-run/node";
import { tradeApi, type TradeApi } from "~/api/client.server";
import { getLoginStatus, type Member } from "~/api/member.server";
import { plainCookie } from "./cookies.server";
import { loginHref } from "./login-href";
import { sameSitePath } from "./safe-url";

/** Only same-site paths are followed after login (checked after normalising, see safe-url.ts). */
export function safeReturnTo(value: string | null | undefined, fallback = "/"): string {
  return sameSitePath(value, fallback);
}

/**
 * The logged-in member with an API client bound to them, or a redirect to the login modal, shown
 * over `loginPage` (the page the shopper came from; home by default).
 */
export async function requireMember(request: Request, context: AppLoadContext, loginPage = "/"): Promise<{ api: TradeApi; member: Member }> {
  const api = await tradeApi(request, context);
  const url = new URL(request.url);
  const returnTo = url.pathname + url.search;
  if (!api.credential) throw redirect(loginHref(loginPage, { redirectTo: returnTo }));
  const status = await getLoginStatus(api);
  if (!status.ok) {
    if (status.errorCode === 401) {
      throw redirect(loginHref(loginPage, { redirectTo: returnTo }), { headers: { "Set-Cookie": plainCookie("login", null, request) } });
    }
    throw new Response(status.errorMsg, { status: status.status });
  }
  return { api, member: status.result };
}
