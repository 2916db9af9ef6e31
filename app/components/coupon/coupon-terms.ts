// What a coupon asks of a cart, in words: its threshold, its scope, whether it applies to a goods,
// and why the services refused it for this cart. The rules themselves live in the services
// (server/trade/domain/coupon-rules.ts); these read the fields they send, including this shop's
// extension (threshold and goods_scope on activities, unusable_reason and eligible_amount on
// available_coupon, docs/api.md). Without the extension a coupon reads as before.
import type { UsableCoupon } from "~/api/cart.server";
import type { Activity } from "~/api/promotion.server";
import { formatDotDate } from "../../../shared/shop-time";

/** Yuan without trailing zeros: 15000 → "150", 4950 → "49.5". */
function shortYuan(cents: number): string {
  return String(cents / 100);
}

/** 满150元可用 / 无门槛 from the threshold when known, else the activity's own display_use. */
export function conditionText(threshold: number | undefined, displayUse: string): string {
  if (threshold === undefined) return displayUse;
  return threshold > 0 ? `满${shortYuan(threshold)}元可用` : "无门槛";
}

/** 全场通用 / 指定商品可用, or "" when the backend does not say. */
export function scopeText(scope: readonly string[] | undefined): string {
  if (scope === undefined) return "";
  return scope.length === 0 ? "全场通用" : "指定商品可用";
}

/**
 * Which goods a limited coupon covers, by name (issue 37: 限指定游戏使用 never said which): from the
 * optional goods_scope_names; without names only that it is limited; "" for a coupon of every goods
 * or a backend that does not say.
 */
export function scopeGoodsText(scope: readonly string[] | undefined, names: readonly string[] | undefined): string {
  if (!scope?.length) return "";
  return names?.length ? names.join("、") : "指定商品";
}

/** Whether an activity's coupons can apply to a goods (an unknown scope: assume they can). */
export function appliesToGoods(activity: Activity, goodsNo: string): boolean {
  const scope = activity.goods_scope;
  return scope === undefined || scope.length === 0 || scope.includes(goodsNo);
}

/** The coupon bar's one-line summary of an activity: "￥10 满100元可用". */
export function activitySummary(activity: Activity): string {
  const name = activity.extra_info.display_name || activity.extra_info.main_title;
  const condition = conditionText(activity.threshold, activity.extra_info.display_use);
  return condition ? `${name} ${condition}` : name;
}

const FALLBACK = "不满足使用条件";

/** Why the services refused a coupon for this cart (spec/02 §4 says only 不满足使用条件). */
export function unusableText(coupon: UsableCoupon): string {
  switch (coupon.unusable_reason) {
    case "BELOW_THRESHOLD":
      if (coupon.threshold === undefined) return FALLBACK;
      return coupon.eligible_amount === undefined
        ? `满${shortYuan(coupon.threshold)}可用`
        : `满${shortYuan(coupon.threshold)}可用，当前￥${shortYuan(coupon.eligible_amount)}`;
    case "OUT_OF_SCOPE":
      return "仅限指定商品，本商品不可用";
    case "NOT_STARTED":
      return `${formatDotDate(coupon.use_time_start)}起可用`;
    case "EXPIRED":
      return "已过期";
    case "INVALID":
      return "已失效";
    case "NOT_UNUSED":
      return "已被其他订单占用";
    case "NO_SAVING":
      return "本单无可减金额";
    default:
      return FALLBACK;
  }
}
