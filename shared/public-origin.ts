// CN_BASE_URL / HK_BASE_URL: the shop's public origins, read by both the Express host
// (server/config.ts) and the storefront (app/server-only/env.server.ts). Every absolute address the shop
// writes (robots.txt, the sitemap, JSON-LD, links to the other domain group) starts with one, never
// with the Host or X-Forwarded-Host of a request (review 2026-11b, M2).
import { z } from "zod";

/** An absolute http(s) origin without path, query, fragment or credentials, answered as the origin; empty: unset. */
export const PublicOriginSchema = z
  .string()
  .refine((value) => value === "" || isOrigin(value), "须为 http(s) 源地址（协议、主机和可选端口），不能带路径、查询或片段，如 https://shop.example")
  .transform((value) => (value === "" ? "" : new URL(value).origin));

function isOrigin(value: string): boolean {
  if (!URL.canParse(value) || /[?#]/.test(value)) return false;
  const url = new URL(value);
  return /^https?:$/.test(url.protocol) && url.pathname === "/" && !url.username && !url.password;
}

/** The domain groups as configured: HK_BASE_URL unset means the same origin as CN_BASE_URL. */
export function domainGroups(cn: string, hk: string): { cn: string; hk: string } {
  return { cn, hk: hk || cn };
}
