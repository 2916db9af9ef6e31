// A coupon activity's state as the back office marks it (decision 064), and its offer in words
// (decision 066): 满减券 ￥10.00，满 ￥100.00 or 折扣券 8.5折（最多减 ￥50.00），无门槛.
import type { ActivityRow, ActivityState } from "../../../shared/back-office";
import { yuanText } from "../../../shared/money";

const LOOK: Record<ActivityState, string> = {
  进行中: "bg-success-500/20 text-success-200",
  未开始: "bg-warning-500/20 text-warning-200",
  已结束: "bg-surface-raised text-ink-muted",
  已停用: "bg-danger-500/20 text-danger-200",
};

export function ActivityStateMark({ state }: { state: ActivityState }) {
  return <span className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs ${LOOK[state]}`}>{state}</span>;
}

export const offerText = (a: Pick<ActivityRow, "couponType" | "terms" | "threshold">) =>
  `${a.couponType === "DISCOUNT" ? "折扣券" : "满减券"} ${a.terms}${a.threshold ? `，满 ${yuanText(a.threshold)} 可用` : "，无门槛"}`;
