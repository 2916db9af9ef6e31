// The shopper's cookies: channel parameters and store line (url_params), the trade services'
// saas-token, and the HttpOnly login credential (spec/03 §3, §8).
import { createCookie } from "@remix-run/node";
import { parse, serialize } from "cookie";
import { z } from "zod";

export const STORE_LINES = {
  official: { appId: "TTSGAME_WEB", productLine: "TTSGAME", agentLine: "TTSGAME-PC" },
  audit: { appId: "TUNSHU_WEB", productLine: "TUNSHU", agentLine: "TUNSHU-PC" },
} as const;

const UrlParamsSchema = z.object({
  channelId: z.string().max(32).regex(/^[\w-]+$/).catch("1"),
  channelName: z.string().max(64).catch(""),
  storeId: z.enum(["official", "audit"]).catch("official"),
}).catch({ channelId: "1", channelName: "", storeId: "official" });
export type UrlParams = z.infer<typeof UrlParamsSchema>;

const YEAR = 60 * 60 * 24 * 365;
/** A production shop whose configured address is https serves only https. */
const httpsShop = process.env.NODE_ENV === "production" && /^https:/.test(process.env.CN_BASE_URL ?? "");

/**
 * Whether the cookies of an answer to this request are marked Secure (review finding 6): when the
 * request came over https — its URL's protocol is Express's `req.protocol`, which believes
 * X-Forwarded-Proto only from a TRUST_PROXY peer — or when the shop is configured as https.
 */
export function secureCookies(request: Request): boolean {
  return httpsShop || new URL(request.url).protocol === "https:";
}

// serialized with `{ secure: secureCookies(request) }`
export const urlParamsCookie = createCookie("url_params", { path: "/", sameSite: "lax", maxAge: YEAR, secure: httpsShop });
export const saasTokenCookie = createCookie("saas-token", { path: "/", sameSite: "lax", httpOnly: true, maxAge: YEAR, secure: httpsShop });
export const LOGIN_COOKIE = "login_credential";

const CREDENTIAL_MAX_AGE = 60 * 60 * 24 * 30;

/**
 * The storefront's copy of the login credential: HttpOnly, never visible to scripts; Secure as the
 * request says (a clearing cookie may leave the request out).
 */
export function loginCookie(credential: string | null, request?: Request): string {
  return serialize(LOGIN_COOKIE, credential ?? "", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: request ? secureCookies(request) : httpsShop,
    maxAge: credential ? CREDENTIAL_MAX_AGE : 0,
  });
}

/**
 * What this request carries: the channel parameters and store line (from the address when it has
 * them — spec/01 §2 page init — else the url_params cookie), the saas-token, and the credential.
 */
export async function readShopCookies(request: Request) {
  const header = request.headers.get("cookie");
  const saasToken: unknown = await saasTokenCookie.parse(header);
  const stored = UrlParamsSchema.parse((await urlParamsCookie.parse(header)) ?? {});
  const query = new URL(request.url).searchParams;
  const fromAddress = query.has("channelId") || query.has("channelName");
  const urlParams = fromAddress
    ? UrlParamsSchema.parse({
        channelId: query.get("channelId") ?? stored.channelId,
        channelName: query.get("channelName") ?? stored.channelName,
        storeId: "official",
      })
    : stored;
  return {
    urlParams,
    /** True when the address brought new channel parameters that should be remembered. */
    urlParamsChanged: fromAddress,
    saasToken: typeof saasToken === "string" ? saasToken : null,
    credential: parse(header ?? "")[LOGIN_COOKIE] || null,
  };
}
