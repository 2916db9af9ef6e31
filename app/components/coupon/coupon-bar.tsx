import { useLocation } from "@remix-run/react";
import type { Activity } from "~/api/promotion.server";
import { ClaimButton } from "./claim-button";
import { couponButton } from "./coupon-card";
import { activitySummary, scopeText, conditionText } from "./coupon-terms";

/**
 * The goods page's coupon bar (spec/02 §2): claimable coupons in a dropdown that opens on hover
 * or keyboard focus (pure CSS, so it works without JS); each 领取 posts a claim (server-only/coupon-claim.server.ts).
 * Each coupon says its threshold and scope (coupon-terms.ts); the page passes only those that can apply to its goods.
 */
export function CouponBar({ activities }: { activities: Activity[] }) {
  const location = useLocation();
  // claims post to the goods page itself, which answers back to this very address
  const action = location.pathname + location.search;
  if (activities.length === 0) return null;
  return (
    <div className="group relative min-w-0" data-testid="coupon-bar">
      <button
        type="button"
        aria-haspopup="true"
        className="flex w-full items-center gap-2 rounded-lg bg-primary-500/10 px-3 py-2 max-sm:min-h-11 text-left text-sm text-primary-200 ring-1 ring-primary-500/30"
      >
        <span className="rounded bg-primary-600 px-1.5 text-xs text-white">券</span>
        <span className="w-0 flex-1 truncate">{activities.map(activitySummary).slice(0, 3).join(" · ")}</span>
        <span className="shrink-0 whitespace-nowrap text-xs" aria-hidden="true">
          领券 ▾
        </span>
      </button>
      <ul className="invisible absolute inset-x-0 top-full z-20 mt-1 max-h-80 space-y-2 overflow-y-auto rounded-xl bg-surface-raised p-3 opacity-0 shadow-2xl ring-1 ring-surface-line transition group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100">
        {activities.map((activity) => (
          <li key={activity.activity_no} className="flex items-center gap-3 rounded-lg bg-surface-container p-3">
            <span className="w-16 shrink-0 text-center text-lg font-bold text-primary-400">{activity.extra_info.display_name}</span>
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm">{activity.extra_info.main_title}</span>
              <span className="block truncate text-xs text-ink-muted" data-testid="coupon-terms">
                {[conditionText(activity.threshold, activity.extra_info.display_use), scopeText(activity.goods_scope)].filter(Boolean).join(" · ")}
              </span>
            </span>
            <ClaimButton activity={activity} action={action} idleLabel="领取" className={couponButton} />
          </li>
        ))}
      </ul>
    </div>
  );
}
