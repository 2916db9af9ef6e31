import { useRevalidator } from "@remix-run/react";
import { channelsOf, deliveryPromise } from "~/lib/notify-channels";
import { useEffect, type ReactNode } from "react";
import type { OrderDetail } from "~/api/order.server";
import { DELIVERY_STATUSES, ORDER_STATUS_TEXT } from "~/lib/order-status";
import { formatDateTime } from "../../../shared/shop-time";
import { formatYuan } from "../../../shared/money";
import { safeHref } from "~/lib/safe-url";
import { steamActivationUrl } from "../../../shared/steam-activation";
import { CopyButton } from "./copy-button";
import { NoScriptRefresh } from "./no-script-refresh";
import { cardClass } from "~/components/ui/card";
import { buttonClass } from "~/components/ui/button";
import { GoodsSummary } from "~/components/goods/goods-summary";
import { amountLabel, refundLines } from "~/lib/order-money";
import { PayDeadline } from "./pay-deadline";

/** While the code is on its way: every few seconds, or every 10 s while the SKU is restocked; never for a presale. */
function refreshSeconds({ order, goods }: OrderDetail): number | null {
  if (order.status !== "PAY_SUCCESS" && order.status !== "SENDING") return null;
  if (goods[0]?.is_presale && (goods[0].presale_performance_at ?? 0) > Date.now()) return null;
  return order.notice ? 10 : 3;
}

/**
 * Reloads the order while it is being delivered, so the code appears by itself: a revalidation
 * with JavaScript, a meta refresh without (the pay-success and order detail pages).
 */
function DeliveryRefresh({ seconds }: { seconds: number }) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && state === "idle") revalidate();
    }, seconds * 1000);
    return () => clearInterval(timer);
  }, [seconds, revalidate, state]);
  return <NoScriptRefresh seconds={seconds} />;
}

/**
 * The order detail card, the delivery card (once the order is paid: an unpaid or failed order is not
 * being delivered) and the address card (spec/02 §2, §4); `actions` go under the order's status.
 * `payClock`: an unpaid order's seconds left when the page loaded, and when that was.
 */
export function OrderDetailView({
  detail,
  actions,
  payClock,
}: {
  detail: OrderDetail;
  actions?: ReactNode;
  payClock?: { seconds: number; loadedAt: number } | null;
}) {
  const { order } = detail;
  const goods = detail.goods[0];
  const symbol = order.currency_symbol || "￥";
  const refresh = refreshSeconds(detail);
  return (
    <div className="space-y-6">
      {refresh ? <DeliveryRefresh seconds={refresh} /> : null}
      <section aria-labelledby="order-goods-title" className={cardClass("md")}>
        {/* the page's own title is 订单详情: this card is the goods of the order */}
        <h2 id="order-goods-title" className="mb-4 font-semibold">
          商品详情
        </h2>
        {goods ? (
          <div className="flex flex-wrap gap-4">
            <GoodsSummary
              goods={{ cover: goods.covers[0], name: goods.goods_name, tags: goods.goods_tags, skuValues: goods.sku_item }}
              variant="card"
              className="space-y-1.5"
            >
              <p className="text-sm text-ink-muted" data-testid="order-amount">
                {amountLabel(order.status)}{" "}
                <span className="font-semibold text-price">
                  {symbol}
                  {formatYuan(order.pay_price)}
                </span>{" "}
                · 数量 {detail.performance_list.length}
              </p>
              {payClock ? <PayDeadline seconds={payClock.seconds} loadedAt={payClock.loadedAt} /> : null}
            </GoodsSummary>
            <dl className="grid shrink-0 grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-ink-muted">订单状态</dt>
              <dd data-testid="order-status">{ORDER_STATUS_TEXT[order.status] ?? order.status}</dd>
              <dt className="text-ink-muted">支付时间</dt>
              <dd>{formatDateTime(order.pay_at) || "—"}</dd>
              <dt className="text-ink-muted">订单编号</dt>
              <dd className="flex items-center gap-2">
                <span className="inline-block max-w-[180px] truncate align-bottom" title={order.order_no}>
                  {order.order_no}
                </span>
                <CopyButton text={order.order_no} />
              </dd>
            </dl>
          </div>
        ) : null}
        {actions}
      </section>

      {DELIVERY_STATUSES.includes(order.status) ? <DeliveryCard detail={detail} /> : null}

      <section aria-labelledby="order-summary-title" className={cardClass("md")}>
        <h2 id="order-summary-title" className="mb-3 font-semibold">
          订单信息
        </h2>
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          <div className="flex gap-3">
            <dt className="text-ink-muted">订单编号</dt>
            <dd className="break-all">{order.order_no}</dd>
          </div>
          <div className="flex gap-3">
            <dt className="text-ink-muted">下单时间</dt>
            <dd>{formatDateTime(order.created_at)}</dd>
          </div>
          <div className="flex gap-3">
            <dt className="text-ink-muted">商品金额</dt>
            <dd>
              {symbol}
              {formatYuan(order.goods_amount)}
            </dd>
          </div>
          {order.coupon_amount ? (
            <div className="flex gap-3">
              <dt className="text-ink-muted">优惠券</dt>
              <dd>
                -{symbol}
                {formatYuan(order.coupon_amount)}
              </dd>
            </div>
          ) : null}
          <div className="flex gap-3">
            <dt className="text-ink-muted">订单总额</dt>
            <dd className="font-semibold text-price">
              {symbol}
              {formatYuan(order.pay_price)}
            </dd>
          </div>
          <div className="flex gap-3">
            <dt className="text-ink-muted">币种</dt>
            <dd>{order.currency}</dd>
          </div>
        </dl>
      </section>
    </div>
  );
}

function DeliveryCard({ detail }: { detail: OrderDetail }) {
  const { order } = detail;
  const goods = detail.goods[0];
  // codes stay on the page after a refund of a delivered order; after a full refund they are void
  const items = [...detail.performance_list, ...detail.gift_list.map((g) => ({ ...g, notice_text: "", redeem_steps: [], platform: "", code_kind: "" }))].filter(
    (item) => item.value,
  );
  const refunded = order.status === "ALL_REFUND" || order.status === "PART_REFUND";
  const voided = order.status === "ALL_REFUND";
  const refunds = refunded ? refundLines(detail) : null;
  return (
    <section aria-labelledby="delivery-title" className={cardClass("md")} data-testid="delivery-card">
      <h2 id="delivery-title" className="mb-4 font-semibold">
        发货信息
      </h2>
      {refunds ? (
        <div className="mb-3 space-y-1 text-sm" data-testid="refunds">
          <ul className="space-y-1 text-amber-300">
            {refunds.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
          {order.notice ? <p className="text-xs text-ink-muted">{order.notice}</p> : null}
        </div>
      ) : refunded ? (
        <p className="mb-3 text-sm text-amber-300" data-testid="refunds">
          {order.notice || "订单退款"}
        </p>
      ) : null}
      {items.length ? (
        <ul className="space-y-3">
          {items.map((item, i) =>
            voided ? (
              <VoidCode key={i} title={item.title} value={item.value} />
            ) : (
              <li key={i} className="space-y-2 rounded-xl bg-surface-raised p-4">
                <div className="flex flex-wrap items-center gap-3">
                  <span className="text-sm text-ink-muted">{item.title}</span>
                  {/* select-all: one click, double click or tap selects the whole code, dashes and all (the copy without JavaScript) */}
                  <code
                    className="select-all break-all rounded bg-black/40 px-2 py-1 font-mono text-base tracking-wider text-primary-200"
                    data-testid="delivered-code"
                  >
                    {item.value}
                  </code>
                  {item.copy ? <CopyButton text={item.value} /> : null}
                  <ActivationLink href={steamActivationUrl({ platform: item.platform, codeKind: item.code_kind, code: item.value })} />
                </div>
                {item.url.value ? (
                  <p className="text-sm">
                    <span className="text-ink-muted">{item.url.title || "兑换地址"}：</span>
                    <RedemptionAddress value={item.url.value} />
                  </p>
                ) : null}
                {item.redeem_steps.length ? (
                  <div className="text-sm" data-testid="redeem-steps">
                    <h3 className="font-medium">兑换步骤</h3>
                    <ol className="mt-1 list-decimal space-y-0.5 pl-5 leading-6 text-ink-muted">
                      {item.redeem_steps.map((step) => (
                        <li key={step}>{step}</li>
                      ))}
                    </ol>
                  </div>
                ) : null}
                {item.notice_text ? <p className="text-xs leading-5 text-ink-muted">{item.notice_text}</p> : null}
              </li>
            ),
          )}
        </ul>
      ) : refunded ? null : goods?.is_presale && goods.presale_performance_at ? (
        <p className="text-sm">
          游戏解锁后发放<span className="ml-2 text-ink-muted">预计发放时间：{formatDateTime(goods.presale_performance_at)}</span>
        </p>
      ) : (
        <p className="text-sm">
          提货中，请耐心等待
          {order.notice ? <span className="ml-2 text-amber-300">{order.notice}</span> : null}
        </p>
      )}
      {/* only the channels the services say the codes go by (decision 058) */}
      <p className="mt-4 border-t border-surface-line pt-3 text-xs leading-5 text-ink-muted" data-testid="delivery-channels">
        {deliveryPromise(channelsOf(order.notify_by))}
      </p>
    </section>
  );
}

/**
 * A code of a fully refunded order: kept for the record, but no longer the shopper's to redeem —
 * struck through, without 复制, the redemption address or the steps.
 */
function VoidCode({ title, value }: { title: string; value: string }) {
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-xl bg-surface-raised p-4" data-testid="void-code">
      <span className="text-sm text-ink-muted">{title}</span>
      <del className="break-all font-mono text-base tracking-wider text-ink-faint">{value}</del>
      <span className="rounded-full border border-ink-muted px-2 py-0.5 text-xs text-ink-muted">已退款·已失效</span>
    </li>
  );
}

/** 一键激活: Steam's activation page with the key filled in, in a new tab (shared/steam-activation.ts). */
function ActivationLink({ href }: { href: string | null }) {
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClass({ variant: "outline", size: "sm" })}
      aria-label="一键激活（在 Steam 中打开，新窗口）"
    >
      一键激活
    </a>
  );
}

/** The redemption address of a code: a link when it is http(s) or a path of the shop, else only text. */
function RedemptionAddress({ value }: { value: string }) {
  const href = safeHref(value);
  if (!href) return <span className="break-all">{value}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="break-all text-primary-300 underline">
      {value}
    </a>
  );
}
