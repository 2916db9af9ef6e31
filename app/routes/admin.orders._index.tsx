// Orders (issue 39, decision 060): search by order number (or its start), mobile or e-mail; newest
// first, 20 a page. A plain GET form, so the search and its pages are addresses that work without JavaScript.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { ORDER_STATUS_TEXT } from "~/lib/order-status";
import { requireOperator } from "~/server-only/back-office.server";
import { yuanText } from "../../shared/money";
import { formatDateTime } from "../../shared/shop-time";

export function loader({ context, request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  return requireOperator(context, request).services.searchOrders(params.get("q") ?? "", Number(params.get("page") ?? 1));
}

export const fieldClass = "h-11 w-full rounded-lg bg-surface-sunken px-4 ring-1 ring-surface-line focus:ring-primary-500";

export default function Orders() {
  const { query, page, pages, total, orders } = useLoaderData<typeof loader>();
  const pageLink = (n: number) => `?${new URLSearchParams({ ...(query ? { q: query } : {}), page: String(n) })}`;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-xl font-semibold">订单</h1>
      <Form method="get" role="search" className={cardClass("md", "flex flex-wrap items-end gap-3")}>
        <label className="flex min-w-0 flex-1 basis-64 flex-col gap-1 text-sm">
          订单号、手机号或邮箱
          <input name="q" type="search" defaultValue={query} className={fieldClass} placeholder="例如 TT20261128… / 13800138000 / a@example.com" />
        </label>
        <button type="submit" className={buttonClass({ size: "field" })}>
          搜索
        </button>
      </Form>
      <section className={cardClass("md")} aria-labelledby="found">
        <h2 id="found" className="mb-3 font-semibold">
          {query ? `「${query}」的订单：${total} 笔` : `全部订单：${total} 笔`}
        </h2>
        {orders.length ? (
          <ul className="flex flex-col divide-y divide-surface-line text-sm">
            {orders.map((o) => (
              <li key={o.orderNo} className="flex flex-wrap items-baseline gap-x-4 gap-y-1 py-2">
                <Link
                  to={`/admin/orders/${encodeURIComponent(o.orderNo)}`}
                  className="font-mono text-primary-400 max-sm:inline-flex max-sm:min-h-11 max-sm:items-center"
                >
                  {o.orderNo}
                </Link>
                <span>{ORDER_STATUS_TEXT[o.status] ?? o.status}</span>
                {o.flagged ? <span className="rounded-full bg-warning-500/20 px-2 py-0.5 text-xs text-warning-200">待处理</span> : null}
                <span className="font-semibold">{yuanText(o.payPrice)}</span>
                <span className="text-ink-muted">{formatDateTime(o.createdAt)}</span>
                <span className="basis-full text-ink-soft">
                  {o.goods} · {o.mobile}
                  {o.email ? ` · ${o.email}` : ""}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-ink-muted">没有找到订单：请核对订单号、手机号或邮箱</p>
        )}
        {pages > 1 ? (
          <nav aria-label="分页" className="mt-3 flex items-center gap-4 text-sm">
            {page > 1 ? (
              <Link to={pageLink(page - 1)} className="text-primary-400 max-sm:inline-flex max-sm:min-h-11 max-sm:items-center">
                上一页
              </Link>
            ) : null}
            <span className="text-ink-muted">
              第 {page} / {pages} 页
            </span>
            {page < pages ? (
              <Link to={pageLink(page + 1)} className="text-primary-400 max-sm:inline-flex max-sm:min-h-11 max-sm:items-center">
                下一页
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </div>
  );
}
