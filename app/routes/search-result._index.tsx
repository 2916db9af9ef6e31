// The search form's target without JavaScript: /search-result?keyword=… → /search-result/{keyword}.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

export async function loader({ request }: LoaderFunctionArgs) {
  const keyword = (new URL(request.url).searchParams.get("keyword") ?? "").trim().slice(0, 32);
  return redirect(keyword ? `/search-result/${encodeURIComponent(keyword)}` : "/");
}
