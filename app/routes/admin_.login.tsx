// The operator's login (issue 39): name, password and the 6-digit code of the authenticator app.
// A plain form (works without JavaScript) with a token of its own in a cookie (double submit), as
// there is no session yet; five failures lock the account, ten from one address over all names
// refuse that address for a while (server/trade/services/operator.service.ts, decision 065).
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Alert } from "~/components/ui/alert";
import { StatusButton } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import {
  backOfficeOf,
  cookieOf,
  CSRF_MESSAGE,
  LOGIN_FORM_COOKIE,
  loginFormCookie,
  newFormToken,
  OPERATOR_COOKIE,
  operatorCookie,
  sameToken,
} from "~/server-only/back-office.server";
import { useIsPending } from "~/hooks/use-is-pending";
import { notAfterPosts } from "~/lib/revalidation";
import { CSRF_FIELD, OPERATOR_PASSWORD_MAX } from "../../shared/back-office";

export const meta: MetaFunction = () => [{ title: "后台登录 · TTS游戏商城" }, { name: "robots", content: "noindex, nofollow" }];

const LoginSchema = z.object({
  name: z.string().trim().min(1, "请输入操作员名称").max(64),
  password: z.string().min(1, "请输入密码").max(OPERATOR_PASSWORD_MAX),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "请输入身份验证器 App 上的 6 位动态验证码"),
});

export function loader({ context, request }: LoaderFunctionArgs) {
  const services = backOfficeOf(context);
  if (services.signedIn(cookieOf(request, OPERATOR_COOKIE))) throw redirect("/admin");
  const token = newFormToken();
  return Response.json({ token }, { headers: { "Set-Cookie": loginFormCookie(request, token) } });
}

/**
 * A refused login answers the form again with the page's token unchanged. Loading the loader again after the post set a
 * new token cookie while the form kept the old token until React drew the new one: a login sent in between (a second
 * click, the next try) was refused with 403, 页面已过期.
 */
export const shouldRevalidate = notAfterPosts;

export async function action({ context, request }: ActionFunctionArgs) {
  const services = backOfficeOf(context);
  const form = await request.formData();
  if (!sameToken(form.get(CSRF_FIELD), cookieOf(request, LOGIN_FORM_COOKIE))) {
    return Response.json({ error: CSRF_MESSAGE }, { status: 403 });
  }
  const parsed = LoginSchema.safeParse(Object.fromEntries(["name", "password", "code"].map((k) => [k, String(form.get(k) ?? "")])));
  // a refused login keeps the operator's name (never the password or the code)
  const name = String(form.get("name") ?? "").slice(0, 64);
  if (!parsed.success) return { error: parsed.error.issues[0]!.message, name };
  const result = services.login({ ...parsed.data, clientIp: context.clientIp });
  // a refused login is the form answered again (200), as the shop's own forms are; an address over
  // its limit gets it with 429 (decision 065)
  if (!result.ok) return Response.json({ error: result.message, name }, { status: result.limited ? 429 : 200 });
  return redirect("/admin", { headers: { "Set-Cookie": operatorCookie(request, result.token) } });
}

const fieldClass = "h-11 w-full rounded-lg bg-surface-sunken px-4 ring-1 ring-surface-line focus:ring-primary-500";

export default function OperatorLogin() {
  const { token } = useLoaderData<{ token: string }>();
  const failed = useActionData<{ error: string; name?: string }>();
  const pending = useIsPending();
  return (
    <main className="mx-auto w-full max-w-md px-4 py-16">
      <h1 className="mb-6 text-center text-2xl font-semibold">TTS游戏商城 · 后台登录</h1>
      <Form method="post" className={cardClass("lg", "flex flex-col gap-4")}>
        <input type="hidden" name={CSRF_FIELD} value={token} />
        {failed ? <Alert tone="error">{failed.error}</Alert> : null}
        <label className="flex flex-col gap-1 text-sm">
          操作员名称
          <input name="name" autoComplete="username" required defaultValue={failed?.name} className={fieldClass} />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          密码
          <input name="password" type="password" autoComplete="current-password" required className={fieldClass} />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          动态验证码
          <input
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            required
            placeholder="6 位数字"
            className={fieldClass}
          />
        </label>
        <StatusButton pending={pending} size="field" block>
          登录
        </StatusButton>
        <p className="text-xs text-ink-muted">
          连续输错 5 次，账号锁定 15 分钟；同一地址 15 分钟内输错 10 次，暂停登录。操作员由 npm run admin -- operator:create 创建。
        </p>
      </Form>
    </main>
  );
}
