// The back office's overview (issue 39): today's orders and revenue (the shop's day, Asia/Shanghai),
// the orders waiting for codes, and the SKUs on sale that are sold out or low (every SKU's count is on
// the codes page: a shop of 361 SKUs made this page 30,000 px tall on a phone).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { cardClass } from "~/components/ui/card";
import { yuanText } from "../../shared/money";
import { formatDateTime, shopDay } from "../../shared/shop-time";
import { LOW_STOCK } from "../../shared/back-office";
import { requireOperator } from "~/server-only/back-office.server";

export function loader({ context, request }: LoaderFunctionArgs) {
  return requireOperator(context, request).services.dashboard();
}

export function StockMark({ unused, disabled }: { unused: number; disabled: boolean }) {
  if (disabled) return <span className="whitespace-nowrap rounded-full bg-surface-raised px-2 py-0.5 text-xs text-ink-muted">已下架</span>;
  if (unused === 0) return <span className="whitespace-nowrap rounded-full bg-danger-500/20 px-2 py-0.5 text-xs text-danger-200">已售罄</span>;
  if (unused <= LOW_STOCK) return <span className="whitespace-nowrap rounded-full bg-warning-500/20 px-2 py-0.5 text-xs text-warning-200">库存低</span>;
  return null;
}

export default function Dashboard() {
  const data = useLoaderData<typeof loader>();
  const figures = [
    { label: "今日下单", value: `${data.ordersCreated} 笔` },
    { label: "今日支付", value: `${data.ordersPaid} 笔` },
    { label: "今日收入", value: yuanText(data.revenueCents) },
    { label: "今日退款", value: yuanText(data.refundedCents) },
    { label: "等待兑换码", value: `${data.waiting.length} 笔` },
  ];
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-xl font-semibold">概览 · {shopDay(data.dayStart)}（北京时间）</h1>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        {figures.map((f) => (
          <div key={f.label} className={cardClass("md")}>
            <dt className="text-sm text-ink-muted">{f.label}</dt>
            <dd className="mt-1 text-2xl font-semibold">{f.value}</dd>
          </div>
        ))}
      </dl>
      <section className={cardClass("md")} aria-labelledby="waiting">
        <h2 id="waiting" className="mb-3 font-semibold">
          等待兑换码的订单
        </h2>
        {data.waiting.length ? (
          <ul className="flex flex-col gap-1 text-sm">
            {data.waiting.map((o) => (
              <li key={o.orderNo} className="flex flex-wrap gap-x-4">
                <span className="font-mono">{o.orderNo}</span>
                <span className="text-ink-muted">支付于 {formatDateTime(o.payAt)}</span>
                <span>{yuanText(o.payPrice)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-ink-muted">没有等待兑换码的订单</p>
        )}
      </section>
      <section className={cardClass("md")} aria-labelledby="restock">
        <h2 id="restock" className="mb-3 font-semibold">
          需要补货的 SKU（未售出兑换码不多于 {LOW_STOCK} 个）
        </h2>
        {data.restock.length || !data.skuCount ? <StockTable stock={data.restock} /> : <p className="text-sm text-ink-muted">在售 SKU 的库存都充足</p>}
        {data.skuCount ? (
          <p className="mt-3 text-sm text-ink-muted">
            共 {data.skuCount} 个 SKU，
            <Link to="/admin/codes" className="text-primary-400">
              查看每个 SKU 的兑换码数量
            </Link>
          </p>
        ) : null}
      </section>
    </div>
  );
}

export function StockTable({
  stock,
}: {
  stock: { skuNo: string; goodsName: string; skuName: string; disabled: boolean; unused: number; delivered: number }[];
}) {
  if (!stock.length) return <p className="text-sm text-ink-muted">还没有商品：用 npm run admin -- goods:import 导入</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-ink-muted">
          <tr>
            <th className="py-2 pr-4 font-normal">SKU</th>
            <th className="py-2 pr-4 font-normal">商品 · 规格</th>
            <th className="whitespace-nowrap py-2 pr-4 text-right font-normal">未售出</th>
            <th className="whitespace-nowrap py-2 pr-4 text-right font-normal">已发出</th>
            <th className="whitespace-nowrap py-2 font-normal">状态</th>
          </tr>
        </thead>
        <tbody>
          {stock.map((s) => (
            <tr key={s.skuNo} className="border-t border-surface-line">
              <td className="whitespace-nowrap py-2 pr-4 font-mono">{s.skuNo}</td>
              <td className="py-2 pr-4">
                {s.goodsName} · {s.skuName}
              </td>
              <td className="py-2 pr-4 text-right">{s.unused}</td>
              <td className="py-2 pr-4 text-right">{s.delivered}</td>
              <td className="py-2">
                <StockMark unused={s.unused} disabled={s.disabled} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
