// What the shell of every page needs from the storefront's environment (app/server-only/env.server.ts).
import { env } from "./env.server";

export function shopConfig(request: Request) {
  const host = new URL(request.url).hostname;
  const { cnBaseUrl, hkBaseUrl, icpHiddenHostMarker: marker, csChatScriptUrl } = env();
  return {
    domains: { cn: cnBaseUrl, hk: hkBaseUrl },
    /** The ICP filing link is hidden on hosts that carry the marker (spec/01 §2 "Footer"). */
    showIcp: !marker || !host.includes(marker),
    csChatScriptUrl,
  };
}
/** The origin of the shop's absolute addresses (structured data, robots, sitemap): configuration only (env.server.ts). */
export function siteOrigin(): string {
  return env().siteOrigin;
}

export type ShopConfig = ReturnType<typeof shopConfig>;
