// What the shell of every page needs from the storefront's settings (app/server-only/env.server.ts).
import type { StorefrontEnv } from "./env.server";

export function shopConfig(request: Request, { cnBaseUrl, hkBaseUrl, icpHiddenHostMarker: marker, csChatScriptUrl }: StorefrontEnv) {
  const host = new URL(request.url).hostname;
  return {
    domains: { cn: cnBaseUrl, hk: hkBaseUrl },
    /** The ICP filing link is hidden on hosts that carry the marker (spec/01 §2 "Footer"). */
    showIcp: !marker || !host.includes(marker),
    csChatScriptUrl,
  };
}

export type ShopConfig = ReturnType<typeof shopConfig>;
