// The search box's suggestions (spec/01 §2): goods/search with preview=1 (5 goods), trimmed to
// what the dropdown shows. Called by the box's debounced fetch; JSON, never an error page: when the
// services cannot answer, a 503 that says `failed` (加载失败 in the box, not 暂无相关商品) and that the
// browser does not keep.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { TradeUnavailable } from "~/api/client.server";
import { EMPTY_SEARCH_PAGE, searchGoods } from "~/api/search.server";

const QuerySchema = z.object({ keyword: z.string().trim().min(1).max(32) });

export interface SearchSuggestion {
  goodsNo: string;
  name: string;
  cover: string;
  tag: string;
  saleCents: number;
  originCents: number;
}

export interface SearchSuggestAnswer {
  keyword: string;
  list: SearchSuggestion[];
  failed?: true;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const parsed = QuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return Response.json({ keyword: "", list: [] }, { status: 400 });
  const api = context.session.api;
  const answer = await searchGoods(api, { keyword: parsed.data.keyword, page: 1, orderType: "asc", preview: 1 }).catch((error: unknown) => {
    if (error instanceof TradeUnavailable) return null;
    throw error;
  });
  if (!answer || (!answer.ok && answer.status >= 500)) {
    // no-store: the client marked this answer (keepOutOfCaches)
    return Response.json({ keyword: parsed.data.keyword, list: [], failed: true } satisfies SearchSuggestAnswer, { status: 503 });
  }
  // a keyword the services refuse (4xx) has no suggestions
  const result = answer.ok ? answer.result.goods_list : EMPTY_SEARCH_PAGE;
  const list: SearchSuggestion[] = result.list.map((goods) => ({
    goodsNo: goods.goods_no,
    name: goods.goods_name,
    cover: goods.covers[0] ?? "",
    tag: goods.goods_tags[0] ?? "",
    saleCents: goods.sale_off_price_cny,
    originCents: goods.price_turn_cny,
  }));
  return Response.json({ keyword: parsed.data.keyword, list } satisfies SearchSuggestAnswer, { headers: { "Cache-Control": "private, max-age=60" } });
}
