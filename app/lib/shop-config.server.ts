// What the storefront reads from the environment (validated by the server at start-up).

export function shopConfig(request: Request) {
  const host = new URL(request.url).hostname;
  const marker = process.env.ICP_HIDDEN_HOST_MARKER ?? "";
  return {
    domains: { cn: process.env.CN_BASE_URL ?? "", hk: process.env.HK_BASE_URL ?? "" },
    /** The ICP filing link is hidden on hosts that carry the marker (spec/01 §2 "Footer"). */
    showIcp: !marker || !host.includes(marker),
    csChatScriptUrl: process.env.CS_CHAT_SCRIPT_URL || "/cs-chat.js",
  };
}
/**
 * The origin of the shop's absolute addresses (structured data, robots, sitemap): CN_BASE_URL when
 * set; otherwise the request's own, which the page cache keys on too (server/http/request-origin.ts).
 */
export function siteOrigin(request: Request): string {
  const configured = process.env.CN_BASE_URL;
  return configured ? new URL(configured).origin : new URL(request.url).origin;
}

export type ShopConfig = ReturnType<typeof shopConfig>;
