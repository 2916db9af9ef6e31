// goods/search (spec/01 §7, spec/03 §4): the results page, the dropdown's suggestions and the
// sitemap; and the hot searches of the header dropdown (shopping/layout?page_type=HOT_SEARCH).
import { z } from "zod";
import type { TradeApi } from "./client.server";
import { GoodsInfoSchema, type GoodsInfo, type LayoutBlock } from "./layout.server";

export const SEARCH_PAGE_SIZE = 10;
export const HOT_SEARCH_SHOWN = 5;

const SearchResultSchema = z.object({
  goods_list: z.object({
    list: z.array(GoodsInfoSchema).default([]),
    page: z.number().int(),
    total: z.number().int(),
    // the keyword's matches per platform: this shop's services send it, another backend may not
    platforms: z.array(z.object({ platform: z.string(), total: z.number().int() })).optional(),
    // the keyword matched nothing as typed and these are its near misses (this shop's extension)
    approximate: z.boolean().optional(),
  }),
});

export interface SearchQuery {
  keyword: string;
  /** Only this platform's goods (STEAM, NINTENDO, …). */
  platform?: string;
  page?: number;
  orderType?: "asc" | "desc";
  orderBy?: "origin_price" | "sale_price";
  /** Suggestions (1) show 5, the results page (0) 10. */
  preview?: 0 | 1;
  size?: number;
}

export interface SearchPage {
  list: GoodsInfo[];
  page: number;
  total: number;
  platforms?: { platform: string; total: number }[];
}

/** One page of results. The results page treats a failure as one (a 502/503 page, decision 016 amendment); the sitemap reads it as an empty page. */
export function searchGoods(api: TradeApi, q: SearchQuery) {
  return api.get("/api/trade_bff/v1/goods/search", SearchResultSchema, {
    keyword: q.keyword,
    platform: q.platform,
    order_by: q.orderBy ?? "origin_price",
    page: q.page ?? 1,
    order_type: q.orderType ?? "asc",
    preview: q.preview ?? 0,
    size: q.size,
  });
}

export const EMPTY_SEARCH_PAGE: SearchPage = { list: [], page: 1, total: 0 };

export interface HotSearch {
  goodsNo: string;
  title: string;
}

const hotItems = (layout: LayoutBlock[]) => layout.filter((block) => block.style_type === "HOT_SEARCH").flatMap((block) => block.content);

/** The first five hot searches of a HOT_SEARCH layout; TEXT.value overrides the goods name. */
export function hotSearchesOf(layout: LayoutBlock[]): HotSearch[] {
  return hotItems(layout)
    .flatMap((item) => {
      const goods = item.assembly.GOODS?.goods_info;
      const goodsNo = goods?.goods_no ?? item.assembly.GOODS?.value;
      const title = item.assembly.TEXT?.value || goods?.goods_name;
      return goodsNo && title ? [{ goodsNo, title }] : [];
    })
    .slice(0, HOT_SEARCH_SHOWN);
}

/** The goods of the first five hot searches (what sells), for cards. */
export function hotGoodsOf(layout: LayoutBlock[]): GoodsInfo[] {
  return hotItems(layout)
    .flatMap((item) => item.assembly.GOODS?.goods_info ?? [])
    .slice(0, HOT_SEARCH_SHOWN);
}
