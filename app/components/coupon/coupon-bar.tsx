import { useLocation } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { Activity } from "~/api/promotion.server";
import { useHydrated } from "~/hooks/use-hydrated";
import { ClaimButton } from "./claim-button";
import { couponButton } from "./coupon-card";
import { activitySummary, scopeText, conditionText } from "./coupon-terms";

/**
 * The goods page's coupon bar (spec/02 §2): claimable coupons in a panel under the 领券 ▾ toggle; each
 * 领取 posts a claim (server-only/coupon-claim.server.ts). The panel opens in the flow of the card,
 * pushing the price and the buy button down instead of lying over them (trial 11b #7). With
 * JavaScript the toggle opens and closes it (aria-expanded) and Escape closes it; without, it is
 * open while the toggle or a 领取 in it has focus (CSS), and closes when focus moves on.
 * Each coupon says its threshold and scope (coupon-terms.ts); the page passes only those that can apply to its goods.
 */
export function CouponBar({ activities }: { activities: Activity[] }) {
  const location = useLocation();
  // claims post to the goods page itself, which answers back to this very address
  const action = location.pathname + location.search;
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  // another page (another SKU, the login modal come and gone) starts closed; a claim answers this same address
  useEffect(() => setOpen(false), [action]);
  if (activities.length === 0) return null;
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== "Escape" || !open) return;
    event.stopPropagation();
    setOpen(false);
    toggle.current?.focus();
  }
  // without JavaScript the panel follows the focus (group-focus-within); with it, the toggle's state
  const shown = hydrated ? (open ? "block" : "hidden") : "hidden group-focus-within:block";
  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- Escape anywhere in the bar (the toggle or a 领取) closes its panel
    <div className="group min-w-0" data-testid="coupon-bar" onKeyDown={onKeyDown}>
      <button
        ref={toggle}
        type="button"
        aria-expanded={hydrated ? open : undefined}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center gap-2 rounded-lg bg-primary-500/10 px-3 py-2 max-sm:min-h-11 text-left text-sm text-primary-200 ring-1 ring-primary-500/30"
      >
        <span className="rounded bg-primary-600 px-1.5 text-xs text-white">券</span>
        <span className="w-0 flex-1 truncate">{activities.map(activitySummary).slice(0, 3).join(" · ")}</span>
        <span className="shrink-0 whitespace-nowrap text-xs">
          领券<span aria-hidden="true"> {hydrated && open ? "▴" : "▾"}</span>
        </span>
      </button>
      <ul
        id={panelId}
        aria-label="可领取的优惠券"
        className={`${shown} mt-2 max-h-72 space-y-2 overflow-y-auto rounded-xl bg-surface-raised p-3 ring-1 ring-surface-line`}
      >
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
