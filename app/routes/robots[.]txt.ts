// /robots.txt: what crawlers may visit, and where the sitemap is (an absolute address, which a
// static file could not know), from configuration only.
import type { LoaderFunctionArgs } from "@remix-run/node";

const DISALLOWED = ["/api/", "/dev/", "/mock-pay/", "/settle/", "/order/", "/search-history/", "/resources/"];

export async function loader({ context }: LoaderFunctionArgs) {
  const base = context.env.siteOrigin;
  const body = ["User-agent: *", ...DISALLOWED.map((path) => `Disallow: ${path}`), "", `Sitemap: ${base}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
