// The search form's target without JavaScript: /search-result?keyword=… → /search-result/{keyword}.
// A search sent from the shop's own page is remembered in the search history first (issue 26).
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { addToHistory, searchKeyword, searchResultPath } from "~/lib/search-history";
import { clickedOnThisShop } from "~/server-only/own-page.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const keyword = searchKeyword(new URL(request.url).searchParams.get("keyword") ?? "");
  if (!keyword) return redirect("/");
  if (clickedOnThisShop(request)) context.session.setSearchHistory(addToHistory(context.session.searchHistory(), { keyword }));
  return redirect(searchResultPath(keyword));
}
