// 清除历史 without JavaScript: forget the search history and go back to the page it was cleared on.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeReturnTo } from "~/server-only/auth.server";
import { readForm, UNREADABLE_FORM } from "~/server-only/form.server";

export async function loader() {
  return redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  if (!form) return new Response(UNREADABLE_FORM, { status: 400 });
  // clearing takes no input: a missing or foreign redirectTo only goes home
  const back = safeReturnTo(typeof form.redirectTo === "string" ? form.redirectTo : "");
  context.session.setSearchHistory([]);
  return redirect(back);
}
