// A hot-search, history or suggestion entry chosen without JavaScript: remember it in the
// serach_cache cookie (newest first, de-duplicated), then open the goods (spec/01 §2). Only a click
// on the shop's own page is recorded, and always under the shop's own words for the goods (its
// hot-search title, else its name), never a title from the address: a link from another site must
// not plant words in the shopper's search box (review L4).
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import type { TradeApi } from "~/api/client.server";
import { getGoodsDetail } from "~/api/goods.server";
import { getLayout } from "~/api/layout.server";
import { hotSearchesOf } from "~/api/search.server";
import { optional } from "~/server-only/http.server";
import { withDomain } from "~/lib/links";
import { addToHistory, parseHistoryEntry } from "~/lib/search-history";
import { shopConfig } from "~/server-only/shop-config.server";
import { CodeSchema } from "~/server-only/schemas.server";
import { clickedOnThisShop } from "~/server-only/own-page.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const goodsNo = CodeSchema.safeParse(new URL(request.url).searchParams.get("goods_no"));
  if (!goodsNo.success) throw new Response("搜索记录无效", { status: 400 });
  const target = withDomain(`/topic/${encodeURIComponent(goodsNo.data)}`, shopConfig(request, context.env).domains);
  const headers = new Headers({ "X-Robots-Tag": "noindex" });
  if (clickedOnThisShop(request)) {
    const entry = parseHistoryEntry({ goodsNo: goodsNo.data, title: await shownTitle(context.session.api, goodsNo.data) });
    if (entry) context.session.setSearchHistory(addToHistory(context.session.searchHistory(), entry));
  }
  return redirect(target, { headers });
}

/** What the shop calls the goods where it is chosen: its hot-search title, else its name (null when unknown). */
async function shownTitle(api: TradeApi, goodsNo: string): Promise<string | null> {
  const hot = await optional(api.log, "hot searches", getLayout(api, "HOT_SEARCH"));
  const shown = hotSearchesOf(hot?.list ?? []).find((entry) => entry.goodsNo === goodsNo);
  if (shown) return shown.title;
  return (await optional(api.log, "search history goods", getGoodsDetail(api, goodsNo)))?.goods_detail.goods_name ?? null;
}
