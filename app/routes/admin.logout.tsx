// Ends the operator's session (a form post with the session's CSRF token) and clears its cookie.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { checkCsrf, operatorCookie, requireOperator } from "~/server-only/back-office.server";

export async function action({ context, request }: ActionFunctionArgs) {
  const { services, operator, token } = requireOperator(context, request);
  checkCsrf(await request.formData(), operator);
  services.logout(token, operator);
  return redirect("/admin/login", { headers: { "Set-Cookie": operatorCookie(request, null) } });
}

export const loader = () => redirect("/admin");
