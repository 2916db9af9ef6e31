// The audit log (issue 39): every change and account event, newest first, 50 a page.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { cardClass } from "~/components/ui/card";
import { formatDateTime } from "../../shared/shop-time";
import { requireOperator } from "~/server-only/back-office.server";

export function loader({ context, request }: LoaderFunctionArgs) {
  const before = Number(new URL(request.url).searchParams.get("before"));
  const lines = requireOperator(context, request).services.audit(Number.isSafeInteger(before) && before > 0 ? before : undefined);
  return { lines, older: lines.length === 50 ? lines.at(-1)!.id : null };
}

export default function AuditLog() {
  const { lines, older } = useLoaderData<typeof loader>();
  return (
    <section className={cardClass("md")} aria-labelledby="audit">
      <h1 id="audit" className="mb-3 text-xl font-semibold">
        操作记录
      </h1>
      {lines.length ? (
        <ol className="flex flex-col divide-y divide-surface-line text-sm">
          {lines.map((l) => (
            <li key={l.id} className="flex flex-wrap gap-x-4 gap-y-1 py-2">
              <span className="text-ink-muted">{formatDateTime(l.createdAt)}</span>
              <span>{l.actor}</span>
              <span className="font-semibold">{l.action}</span>
              {l.subject ? <span>{l.subject}</span> : null}
              {l.before !== null || l.after !== null ? (
                <span className="basis-full text-ink-soft">
                  {l.before ?? "—"} → {l.after ?? "—"}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-ink-muted">还没有记录</p>
      )}
      {older ? (
        <Link to={`?before=${older}`} className="mt-3 inline-block text-sm text-primary-400">
          更早的记录
        </Link>
      ) : null}
    </section>
  );
}
