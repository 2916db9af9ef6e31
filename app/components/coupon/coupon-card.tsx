// A coupon as a ticket (spec/01 §3 "Coupon card view"): corner mark, content (the amount or the
// discount), use condition, title, description, use date, get condition and an action. Used and
// expired coupons look disabled and carry a 已使用 / 已过期 stamp.
import type { ReactNode } from "react";
import type { Activity, Coupon } from "~/api/promotion.server";
import { formatDotDate, shopDayNumber } from "../../../shared/shop-time";
import { safeHref } from "~/lib/safe-url";
import { buttonClass } from "~/components/ui/button";
import { scopeGoodsText } from "./coupon-terms";

export interface CouponCardView {
  key: string;
  /** 今天到期 / N天后到期, or "" */
  cornerMark: string;
  title: string;
  /** display_use: "满50元可用" */
  useCondition: string;
  /** display_name: "￥10", "9折" */
  content: string;
  /** "可用时间：2026.11.22-2026.11.29", or the activity's display_time */
  useDate: string;
  description: string;
  /** The goods a limited coupon covers, by name ("" for a coupon of every goods). */
  scope: string;
  getCondition: string;
  jumpUrl: string;
  status: "active" | "used" | "expired";
}

/** Days before the end within which an unused coupon carries a corner mark (spec/01 §9). */
export const EXPIRY_WARNING_DAYS = 3;

/** 今天到期 at 0 days left, N天后到期 for 1–3 days (by the shop's calendar), otherwise "". */
export function expiryMark(useTimeEnd: number, now: number): string {
  if (useTimeEnd < now) return "";
  const days = shopDayNumber(useTimeEnd) - shopDayNumber(now);
  if (days === 0) return "今天到期";
  if (days >= 1 && days <= EXPIRY_WARNING_DAYS) return `${days}天后到期`;
  return "";
}

/** A member's coupon; only an unused one is active and carries a corner mark (spec/01 §4). */
export function couponView(coupon: Coupon, now: number): CouponCardView {
  const status = coupon.coupon_status === "UNUSED" ? "active" : coupon.coupon_status === "USED" ? "used" : "expired";
  return {
    key: coupon.coupon_no,
    cornerMark: status === "active" ? coupon.expire_label || expiryMark(coupon.use_time_end, now) : "",
    title: coupon.attr.main_title || coupon.coupon_name,
    useCondition: coupon.attr.display_use,
    content: coupon.attr.display_name,
    useDate: `可用时间：${formatDotDate(coupon.use_time_start)}-${formatDotDate(coupon.use_time_end)}`,
    description: coupon.attr.sub_title,
    scope: scopeGoodsText(coupon.goods_scope, coupon.goods_scope_names),
    getCondition: "",
    jumpUrl: safeHref(coupon.attr.jump_url) ?? "",
    status,
  };
}

/** A claimable coupon of the collection centre. */
export function activityView(activity: Activity): CouponCardView {
  const info = activity.extra_info;
  return {
    key: activity.activity_no,
    cornerMark: activity.claimed_count_by_me > 0 ? "已领取" : "",
    title: info.main_title,
    useCondition: info.display_use,
    content: info.display_name,
    useDate: info.display_time ? `可用时间：${info.display_time}` : "",
    description: info.sub_title,
    scope: scopeGoodsText(activity.goods_scope, activity.goods_scope_names),
    getCondition: info.display_get,
    jumpUrl: safeHref(info.jump_url) ?? "",
    status: "active",
  };
}

const STAMP: Record<CouponCardView["status"], string> = { active: "", used: "已使用", expired: "已过期" };

export function CouponCard({ view, action, compact = false }: { view: CouponCardView; action?: ReactNode; compact?: boolean }) {
  const inactive = view.status !== "active";
  if (compact) return <CompactCouponCard view={view} action={action} />;
  return (
    // aria-disabled kept as it was (coupons.spec.ts checks it), though ARIA gives an article no
    // disabled state; the 已使用/已过期 stamp says it in text. Dropping it is a separate decision.
    // eslint-disable-next-line jsx-a11y/role-supports-aria-props
    <article
      data-testid="coupon-card"
      aria-label={view.title}
      aria-disabled={inactive || undefined}
      className={`relative flex h-full flex-col overflow-hidden rounded-xl bg-surface-container ring-1 ring-surface-line transition ${
        inactive ? "opacity-60 grayscale" : "hover:ring-primary-500/50"
      }`}
    >
      {view.cornerMark ? (
        <span className="absolute left-0 top-0 z-10 rounded-br-lg bg-primary-600 px-2 py-0.5 text-[11px] font-medium text-white">{view.cornerMark}</span>
      ) : null}
      <div
        className={`flex items-center gap-4 bg-gradient-to-br from-coupon-from via-coupon-to to-surface-container px-4 ${compact ? "pb-3 pt-5" : "pb-4 pt-6"}`}
      >
        <div className="flex min-w-[5rem] justify-center">
          <CouponAmount content={view.content} inactive={inactive} />
        </div>
        <div className="min-w-0 flex-1">
          {/* full cards sit right under a page's h1 (my coupons, the coupon centre); compact ones under the pop-up's h2 */}
          <h2 className="truncate text-[15px] font-semibold text-ink">{view.title}</h2>
          {view.description ? <p className="mt-1 line-clamp-2 text-xs leading-5 text-ink-muted">{view.description}</p> : null}
        </div>
      </div>
      <div className="relative h-0 border-t border-dashed border-white/15" aria-hidden="true">
        <span className="absolute -left-2 -top-2 h-4 w-4 rounded-full bg-surface-page" />
        <span className="absolute -right-2 -top-2 h-4 w-4 rounded-full bg-surface-page" />
      </div>
      <div className={`flex flex-1 flex-col gap-2 px-4 ${compact ? "pb-3 pt-2.5" : "pb-4 pt-3"}`}>
        <div className="space-y-1 text-xs text-ink-muted">
          {view.useCondition ? <p className="truncate">使用门槛：{view.useCondition}</p> : null}
          {view.useDate ? <p className="truncate">{view.useDate}</p> : null}
          {view.scope ? <p data-testid="coupon-scope">适用商品：{view.scope}</p> : null}
        </div>
        {view.getCondition || action ? (
          <div className="mt-auto flex items-center justify-between gap-3">
            <span className="truncate text-xs text-ink-faint">{view.getCondition}</span>
            {action ? <div className="shrink-0">{action}</div> : null}
          </div>
        ) : null}
      </div>
      {inactive ? (
        <span
          className="pointer-events-none absolute right-3 top-3 rotate-12 rounded-full border-2 border-ink-muted px-2 py-0.5 text-xs font-bold text-ink-muted"
          aria-hidden="true"
        >
          {STAMP[view.status]}
        </span>
      ) : null}
    </article>
  );
}

/** One row for the pop-up: amount and threshold | title and dates | action (under the text on phones). */
function CompactCouponCard({ view, action }: { view: CouponCardView; action?: ReactNode }) {
  return (
    <article
      data-testid="coupon-card"
      aria-label={view.title}
      className="relative grid grid-cols-[5.5rem_1fr] overflow-hidden rounded-xl bg-surface-container ring-1 ring-surface-line sm:grid-cols-[6.5rem_1fr_auto]"
    >
      {view.cornerMark ? (
        <span className="absolute left-0 top-0 z-10 rounded-br-lg bg-primary-600 px-2 py-0.5 text-[11px] font-medium text-white">{view.cornerMark}</span>
      ) : null}
      <div className="row-span-2 flex flex-col items-center justify-center border-r border-dashed border-white/15 bg-gradient-to-br from-coupon-from to-coupon-to px-2 pb-3 pt-5 sm:row-span-1">
        <CouponAmount content={view.content} inactive={false} />
        {view.useCondition ? <span className="mt-1 whitespace-nowrap text-[11px] text-ink-muted">{view.useCondition}</span> : null}
      </div>
      <div className="min-w-0 px-3 pt-3 sm:pb-3 sm:pr-0">
        <h3 className="truncate text-sm font-semibold text-ink">{view.title}</h3>
        <p className="mt-1 text-[11px] leading-4 text-ink-muted">使用门槛：{view.useCondition}</p>
        <p className="text-[11px] leading-4 text-ink-muted">{view.useDate}</p>
        {view.scope ? (
          <p className="text-[11px] leading-4 text-ink-muted" data-testid="coupon-scope">
            适用商品：{view.scope}
          </p>
        ) : null}
      </div>
      {action ? <div className="flex items-center px-3 pb-3 pt-2 sm:px-3 sm:py-0">{action}</div> : null}
    </article>
  );
}

/** "￥10" with a small currency sign, "9折" with a small 折. */
function CouponAmount({ content, inactive }: { content: string; inactive: boolean }) {
  const colour = inactive ? "text-ink-muted" : "text-primary-400";
  const currency = content.startsWith("￥");
  const discount = content.endsWith("折");
  const value = content.replace(/^￥/, "").replace(/折$/, "");
  return (
    <span className={`whitespace-nowrap font-bold leading-none ${colour}`}>
      {currency ? <span className="mr-0.5 text-base">￥</span> : null}
      <span className="text-3xl tabular-nums">{value}</span>
      {discount ? <span className="ml-0.5 text-base">折</span> : null}
    </span>
  );
}

/** A coupon's own button (立即领取, 立即使用): small, and grey rather than faded once it cannot be used. */
export const couponButton = buttonClass({ size: "xs", className: "disabled:bg-surface-raised disabled:text-ink-faint disabled:opacity-100" });
