// /robots.txt: what crawlers may visit, and where the sitemap is (an absolute address, which a
// static file could not know), from configuration only.
import { siteOrigin } from "~/server-only/shop-config.server";

const DISALLOWED = ["/api/", "/dev/", "/mock-pay/", "/settle/", "/order/", "/search-history/", "/resources/"];

export async function loader() {
  const base = siteOrigin();
  const body = ["User-agent: *", ...DISALLOWED.map((path) => `Disallow: ${path}`), "", `Sitemap: ${base}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
