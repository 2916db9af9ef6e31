// A hot-search, history or suggestion entry chosen without JavaScript: remember it in the
// serach_cache cookie (newest first, de-duplicated), then open the goods (spec/01 §2).
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { withDomain } from "~/lib/links";
import { searchHistoryCookie } from "~/lib/cookies.server";
import { addToHistory, historyFromCookieHeader, parseHistoryEntry } from "~/lib/search-history";
import { shopConfig } from "~/lib/shop-config.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const entry = parseHistoryEntry({ goodsNo: query.get("goods_no"), title: query.get("title") });
  if (!entry) throw new Response("搜索记录无效", { status: 400 });
  const history = addToHistory(historyFromCookieHeader(request.headers.get("cookie")), entry);
  const target = withDomain(`/topic/${encodeURIComponent(entry.goodsNo)}`, shopConfig(request).domains);
  return redirect(target, { headers: { "Set-Cookie": searchHistoryCookie(history, request), "X-Robots-Tag": "noindex" } });
}
