// 清除历史 without JavaScript: forget the search history and go back to the page it was cleared on.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeReturnTo } from "~/lib/auth.server";
import { historyCookie } from "~/lib/search-history";

export async function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const back = safeReturnTo(String(form.get("redirectTo") ?? ""));
  return redirect(back, { headers: { "Set-Cookie": historyCookie([]) } });
}
