// What the header's search box needs in the server HTML: the shopper's history (serach_cache
// cookie) and the hot searches, so the dropdown works without JavaScript.
import type { AppLoadContext } from "@remix-run/node";
import type { TradeApi } from "~/api/client.server";
import { getLayout } from "~/api/layout.server";
import { hotSearchesOf, type HotSearch } from "~/api/search.server";
import { optional } from "./http.server";
import type { HistoryEntry } from "~/lib/search-history";

export interface SearchBoxData {
  history: HistoryEntry[];
  hot: HotSearch[];
}

export async function searchBoxData(context: AppLoadContext, api: TradeApi): Promise<SearchBoxData> {
  const layout = await optional(api.log, "hot searches", getLayout(api, "HOT_SEARCH"));
  return { history: context.session.searchHistory(), hot: hotSearchesOf(layout?.list ?? []) };
}
