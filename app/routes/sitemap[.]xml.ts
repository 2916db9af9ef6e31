// /sitemap.xml: the home page, every goods on sale (through goods/search, 100 a page), the
// recommendation page and the policy pages, with absolute addresses in their domain groups
// (configuration only: the load context's env).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { EMPTY_SEARCH_PAGE, searchGoods } from "~/api/search.server";
import { optional } from "~/server-only/http.server";
import { PROTOCOLS } from "~/content/protocols";
import { withDomain } from "~/lib/links";

const PAGE = 100;
const MAX_PAGES = 50;

export async function loader({ context }: LoaderFunctionArgs) {
  // the same for every visitor and crawler: none of their cookies, and no saas-token issued to them
  const api = context.session.visitorApi();
  const { siteOrigin, hkBaseUrl } = context.env;
  const groups = { cn: siteOrigin, hk: hkBaseUrl || siteOrigin };

  const goodsNos: string[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const result =
      (await optional(api.log, "sitemap goods", searchGoods(api, { keyword: "", page, size: PAGE, orderType: "asc" })))?.goods_list ?? EMPTY_SEARCH_PAGE;
    goodsNos.push(...result.list.map((g) => g.goods_no));
    if (result.list.length < PAGE || goodsNos.length >= result.total) break;
  }

  const urls = [
    { loc: withDomain("/", groups), priority: "1.0", changefreq: "daily" },
    ...goodsNos.map((no) => ({ loc: withDomain(`/topic/${encodeURIComponent(no)}`, groups), priority: "0.8", changefreq: "daily" })),
    { loc: withDomain(`/recommend/PRODUCT_DETAIL/${encodeURIComponent("热销游戏")}`, groups), priority: "0.6", changefreq: "daily" },
    ...PROTOCOLS.map((doc) => ({ loc: withDomain(`/protocols/${doc.name}`, groups), priority: "0.3", changefreq: "monthly" })),
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((u) => `  <url><loc>${escapeXml(u.loc)}</loc><changefreq>${u.changefreq}</changefreq><priority>${u.priority}</priority></url>`),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}
