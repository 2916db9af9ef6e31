import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, type FormEvent } from "react";
import type { Activity } from "~/api/promotion.server";

/** spec/01 §9: clicks on a claim button within 300 ms count once. */
const CLAIM_DEBOUNCE_MS = 300;

/** 已领取 when the member has this coupon, 已抢光 when nobody can get it any more. */
function claimLabel(activity: Activity, idle: string): string {
  if (!activity.disabled) return idle;
  return activity.claimed_count_by_me > 0 ? "已领取" : "已抢光";
}

/**
 * One coupon's claim form, posted to `action` (the page's own route, which answers with
 * server-only/coupon-claim.server.ts). With JavaScript a click waits 300 ms (more clicks restart the wait)
 * and a claim already on its way is not sent again.
 */
export function ClaimButton({ activity, action, idleLabel, className }: { activity: Activity; action: string; idleLabel: string; className: string }) {
  const fetcher = useFetcher();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const busy = fetcher.state !== "idle";
  const label = claimLabel(activity, idleLabel);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => fetcher.submit(new FormData(form), { method: "post", action, preventScrollReset: true }), CLAIM_DEBOUNCE_MS);
  }

  return (
    <fetcher.Form method="post" action={action} onSubmit={onSubmit} preventScrollReset>
      <input type="hidden" name="intent" value="claim" />
      <input type="hidden" name="activity_no" value={activity.activity_no} />
      <button type="submit" disabled={activity.disabled} aria-label={`${label}：${activity.extra_info.main_title}`} className={className}>
        {busy ? "领取中…" : label}
      </button>
    </fetcher.Form>
  );
}
