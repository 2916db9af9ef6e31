// /account: 我的账户 — the member's mobile and the e-mail kept on the account (decision 058), where the
// delivery mail (for an order without an e-mail of its own) and the 到货提醒 mail go, and which
// 确认订单 offers as the default. The e-mail is an optional extension of the contract: a backend
// without it leaves the page with the mobile alone. Works without JavaScript (plain forms).
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { z } from "zod";
import { TradeUnavailable } from "~/api/client.server";
import { getLoginStatus, getMemberContact, setMemberEmail } from "~/api/member.server";
import { ErrorList, Field } from "~/components/forms";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { StatusButton } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { useIsPending } from "~/hooks/use-is-pending";
import type { ShellHandle } from "~/lib/route-handle";
import { requireMember } from "~/server-only/auth.server";
import { privatePage } from "~/server-only/cache-control.server";
import { setFlash } from "~/server-only/flash.server";
import { readForm, UNREADABLE_FORM } from "~/server-only/form.server";
import { expectOk, optional } from "~/server-only/http.server";
import { EMAIL_MAX_LENGTH, filterEmailInput, isValidEmail } from "../../shared/email";

export const handle: ShellHandle = { withHeader: true, withSidebar: false, group: "cn" };
export const meta: MetaFunction = () => [{ title: "我的账户 - TTS游戏商城" }, { name: "robots", content: "noindex" }];
export const headers = privatePage;

export const ACCOUNT_TEXT = {
  INVALID: "邮箱格式有误",
  EMPTY: "请输入邮箱",
  SAVED: "邮箱已保存",
  REMOVED: "邮箱已删除",
  BUSY: "服务繁忙，请稍后重试",
} as const;

const AccountForm = z.discriminatedUnion("intent", [
  // any length reaches the e-mail check, which answers 邮箱格式有误 past EMAIL_MAX_LENGTH; the cap is the body's
  z.object({ intent: z.literal("save-email"), email: z.string().max(2_000).default("") }),
  z.object({ intent: z.literal("remove-email") }),
]);

/** 138****8000: the page names the account without printing the whole number. */
function maskedMobile(mobile: string): string {
  const digits = mobile.replace(/^\+?\d+-/, "");
  return digits.length >= 7 ? `${digits.slice(0, 3)}****${digits.slice(-4)}` : digits;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireMember(request, context);
  const [status, contact] = await Promise.all([getLoginStatus(api), optional(api.log, "member contact", getMemberContact(api))]);
  const member = expectOk(status);
  return { mobile: maskedMobile(member.mobile), contact };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireMember(request, context, "/account");
  const parsed = AccountForm.safeParse((await readForm(request)) ?? {});
  if (!parsed.success) return data({ error: UNREADABLE_FORM, email: "" }, { status: 400 });
  const email = parsed.data.intent === "save-email" ? parsed.data.email.trim() : "";
  // the form answered with its message (200, as 确认订单's e-mail question is): nothing changed
  if (parsed.data.intent === "save-email" && !email) return { error: ACCOUNT_TEXT.EMPTY, email };
  if (email && !isValidEmail(email)) return { error: ACCOUNT_TEXT.INVALID, email };
  const answer = await setMemberEmail(api, email).catch((error: unknown) => {
    if (error instanceof TradeUnavailable) return null;
    throw error;
  });
  if (!answer) return data({ error: ACCOUNT_TEXT.BUSY, email }, { status: 503 });
  if (!answer.ok) return data({ error: answer.errorMsg || ACCOUNT_TEXT.BUSY, email }, { status: answer.status === 404 ? 404 : 400 });
  await setFlash(context, { type: "success", message: email ? ACCOUNT_TEXT.SAVED : ACCOUNT_TEXT.REMOVED });
  return redirect("/account");
}

export default function Account() {
  const { mobile, contact } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-2xl font-bold text-ink">我的账户</h1>
      <section aria-labelledby="mobile-title" className={cardClass("md")}>
        <h2 id="mobile-title" className="font-semibold">
          登录手机号
        </h2>
        <p className="mt-2 text-sm text-ink-muted" data-testid="account-mobile">
          {mobile}
        </p>
      </section>
      {contact ? <EmailCard key={contact.email ?? ""} current={contact.email} maxLength={contact.email_max_length ?? EMAIL_MAX_LENGTH} /> : null}
    </div>
  );
}

function EmailCard({ current, maxLength }: { current: string | null; maxLength: number }) {
  const actionData = useActionData<typeof action>();
  const [email, setEmail] = useState(actionData?.email ?? current ?? "");
  const typedInvalid = email !== "" && !isValidEmail(email);
  const error = typedInvalid ? ACCOUNT_TEXT.INVALID : (actionData?.error ?? null);
  const saving = useIsPending({ formAction: "/account" });
  return (
    <section aria-labelledby="email-title" className={cardClass("md")} data-testid="account-email">
      <h2 id="email-title" className="font-semibold">
        邮箱
      </h2>
      <p className="mt-1 text-xs leading-5 text-ink-muted">用于接收兑换码邮件（下单时未填写邮箱的订单）和到货提醒邮件；确认订单时默认填入此邮箱。</p>
      <p className="mt-3 text-sm" data-testid="account-email-current">
        {current ? (
          <>
            当前邮箱：<span className="font-medium text-ink">{current}</span>
          </>
        ) : (
          <span className="text-ink-muted">未设置邮箱：兑换码和到货提醒不会发送邮件</span>
        )}
      </p>
      <Form method="post" action="/account" className="mt-4 flex flex-wrap items-start gap-3" noValidate>
        <input type="hidden" name="intent" value="save-email" />
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor="account-email" className="mb-1.5 block text-sm">
            {current ? "更换邮箱" : "添加邮箱"}
          </label>
          <Field
            id="account-email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={maxLength}
            placeholder="请输入"
            value={email}
            onValue={(value) => setEmail(filterEmailInput(value))}
            error={error}
            className="h-11 w-full rounded-lg border border-surface-line bg-surface-raised px-3 text-sm focus:border-primary-500 focus:outline-none aria-[invalid]:border-red-500"
          />
          <ErrorList id="account-email" errors={[error]} />
        </div>
        <StatusButton pending={saving} className="mt-7 max-sm:mt-0 max-sm:w-full">
          保存邮箱
        </StatusButton>
      </Form>
      {current ? (
        <Form method="post" action="/account" className="mt-3">
          <input type="hidden" name="intent" value="remove-email" />
          <StatusButton pending={false} variant="outline" size="sm" className="max-sm:min-h-11">
            删除邮箱
          </StatusButton>
        </Form>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
