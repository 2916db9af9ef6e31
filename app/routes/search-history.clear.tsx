// 清除历史 without JavaScript: forget the search history and go back to the page it was cleared on.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeReturnTo } from "~/lib/auth.server";
import { BAD_FORM_MESSAGE, readForm } from "~/lib/form.server";
import { searchHistoryCookie } from "~/lib/cookies.server";

export async function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  if (!form) return new Response(BAD_FORM_MESSAGE, { status: 400 });
  // clearing takes no input: a missing or foreign redirectTo only goes home
  const back = safeReturnTo(typeof form.redirectTo === "string" ? form.redirectTo : "");
  return redirect(back, { headers: { "Set-Cookie": searchHistoryCookie([], request) } });
}
