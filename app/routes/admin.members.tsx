// Members (issue 39, decision 060): look a member up by mobile or e-mail, see its orders, and lock
// it (no login, no session, so no order) or unlock it. A lock or unlock is a CSRF-checked form and
// an audit line.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { checkCsrf, requireOperator } from "~/server-only/back-office.server";
import type { ChangeOutcome } from "../../shared/back-office";
import { formatDateTime } from "../../shared/shop-time";
import { CsrfField } from "./admin";
import { fieldClass } from "./admin.orders._index";

export function loader({ context, request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams.get("q")?.trim() ?? "";
  return { query, members: requireOperator(context, request).services.findMembers(query) };
}

const LockSchema = z.object({ memberId: z.coerce.number().int().positive(), intent: z.enum(["lock", "unlock"]) });

export async function action({ context, request }: ActionFunctionArgs): Promise<ChangeOutcome> {
  const { services, operator } = requireOperator(context, request);
  const form = await request.formData();
  checkCsrf(form, operator);
  const parsed = LockSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return { ok: false, message: "表单无效，请刷新页面后重试（未做任何修改）" };
  return services.lockMember(operator, { memberId: parsed.data.memberId, locked: parsed.data.intent === "lock" });
}

export default function Members() {
  const { query, members } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-xl font-semibold">会员</h1>
      <Form method="get" role="search" className={cardClass("md", "flex flex-wrap items-end gap-3")}>
        <label className="flex min-w-0 flex-1 basis-64 flex-col gap-1 text-sm">
          手机号或邮箱
          <input name="q" type="search" defaultValue={query} className={fieldClass} placeholder="例如 13800138000 / a@example.com" />
        </label>
        <button type="submit" className={buttonClass({ size: "field" })}>
          查找
        </button>
      </Form>
      {answer ? <Alert tone={answer.ok ? "success" : "error"}>{answer.message}</Alert> : null}
      <section className={cardClass("md")} aria-labelledby="found">
        <h2 id="found" className="mb-3 font-semibold">
          {query ? `「${query}」：${members.length} 位会员` : "最新注册的会员"}
        </h2>
        {members.length ? (
          <ul className="flex flex-col divide-y divide-surface-line text-sm">
            {members.map((m) => (
              <li key={m.memberId} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-2">
                <span className="font-mono">{m.mobile}</span>
                <span>{m.memberName}</span>
                {m.email ? <span className="break-all">{m.email}</span> : null}
                <span className="text-ink-muted">注册于 {formatDateTime(m.createdAt)}</span>
                <Link
                  to={`/admin/orders?${new URLSearchParams({ q: m.mobile })}`}
                  className="text-primary-400 max-sm:inline-flex max-sm:min-h-11 max-sm:items-center"
                >
                  订单 {m.orders} 笔
                </Link>
                {m.disabled ? <span className="rounded-full bg-danger-500/20 px-2 py-0.5 text-xs text-danger-200">已锁定</span> : null}
                <Form method="post" className="ml-auto">
                  <CsrfField />
                  <input type="hidden" name="memberId" value={m.memberId} />
                  <button
                    type="submit"
                    name="intent"
                    value={m.disabled ? "unlock" : "lock"}
                    aria-label={`${m.disabled ? "解锁" : "锁定"} ${m.mobile}`}
                    className={buttonClass({ variant: "outline", size: "sm" })}
                  >
                    {m.disabled ? "解锁" : "锁定"}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-ink-muted">没有找到会员：请核对手机号或邮箱</p>
        )}
      </section>
    </div>
  );
}
