// The search box's suggestions (spec/01 §2): goods/search with preview=1 (5 goods), trimmed to
// what the dropdown shows. Loaded by the box's debounced fetcher; JSON, never an error page: when the
// services cannot answer, a 503 that says `failed` (加载失败 in the box, not 暂无相关商品) and that the
// browser does not keep.
import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { TradeUnavailable } from "~/api/client.server";
import { EMPTY_SEARCH_PAGE, searchGoods } from "~/api/search.server";
import type { SearchSuggestAnswer, SearchSuggestion } from "~/lib/search-suggest";

const QuerySchema = z.object({ keyword: z.string().trim().min(1).max(32) });

// a fetcher asks for `.data`, whose answer carries only what `headers` passes on: the loader's
// caching goes with it (the failed answer has none: the client marked it no-store)
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const kept = new Headers();
  const cacheControl = loaderHeaders.get("Cache-Control");
  if (cacheControl) kept.set("Cache-Control", cacheControl);
  return kept;
};

// suggestions answer what was typed; nothing a form posts elsewhere changes them
export const shouldRevalidate = () => false;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const parsed = QuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return Response.json({ keyword: "", list: [] }, { status: 400 });
  const api = context.session.api;
  // ordered as the results page orders them, by the price shown (spec/01 §7's default, origin_price,
  // listed them by the crossed-out price: trial 11b)
  const answer = await searchGoods(api, { keyword: parsed.data.keyword, page: 1, orderBy: "sale_price", orderType: "asc", preview: 1 }).catch(
    (error: unknown) => {
      if (error instanceof TradeUnavailable) return null;
      throw error;
    },
  );
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
