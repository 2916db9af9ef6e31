// What the header's search box needs in the server HTML: the shopper's history (serach_cache
// cookie) and the hot searches, so the dropdown works without JavaScript.
import type { TradeApi } from "~/api/client.server";
import { hotSearches, type HotSearch } from "~/api/search.server";
import { historyFromCookieHeader, type HistoryEntry } from "./search-history";

export interface SearchBoxData {
  history: HistoryEntry[];
  hot: HotSearch[];
}

export async function searchBoxData(request: Request, api: TradeApi): Promise<SearchBoxData> {
  return { history: historyFromCookieHeader(request.headers.get("cookie")), hot: await hotSearches(api) };
}
