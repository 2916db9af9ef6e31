// Coupon rules (spec/03 §5, spec/01 §4): savings of SALE_OFF and DISCOUNT coupons, usability
// for a cart, the optimal coupon, the "my coupons" grouping, the expiry label, validity at claim
// time and claimability of an activity. Pure: no I/O, the clock is passed in, money in cents.

import { DAY_MS, formatDotDate, shopDayNumber } from "../../../shared/shop-time";

export { DAY_MS };
/** Days before the end within which an unused coupon carries an expiry label (spec/01 §9). */
export const EXPIRY_WARNING_DAYS = 3;

export const COUPON_TYPES = ["SALE_OFF", "DISCOUNT"] as const;
export type CouponType = (typeof COUPON_TYPES)[number];
/** Stored statuses; EXPIRED is never stored, it is computed from use_time_end. */
export type StoredCouponStatus = "UNUSED" | "LOCKED" | "USED" | "INVALID";
/** Statuses on the wire (spec/01 §3). */
export type WireCouponStatus = "UNUSED" | "USED" | "EXPIRED" | "INVALID";

/** What a coupon takes off, copied from its activity. */
export interface CouponTerms {
  couponType: CouponType;
  /** SALE_OFF: cents off. */
  amountOffCents: number | null;
  /** DISCOUNT: percent off, 1–99 (a "9折" coupon is 10). */
  discountPercent: number | null;
  /** DISCOUNT: the most it saves (cents); null = no cap. */
  maxDiscountCents: number | null;
  /** Minimum eligible goods amount (cents); 0 = none. */
  thresholdCents: number;
  /** Goods numbers the coupon applies to; empty = every goods. */
  goodsScope: readonly string[];
}

/** A member's coupon as the rules see it. */
export interface OwnedCoupon extends CouponTerms {
  couponNo: string;
  status: StoredCouponStatus;
  useTimeStart: number;
  useTimeEnd: number;
}

/** One unit of a cart, priced on the server. */
export interface PricedUnit {
  goodsNo: string;
  priceCents: number;
}

// ─── savings ─────────────────────────────────────────────────────────────

/**
 * What the coupon takes off an eligible amount (cents), 0 when the threshold is not met.
 * SALE_OFF: amount_off, never more than the amount itself (so the payable is never below 0).
 * DISCOUNT: discount_percent of the amount, rounded down to whole cents, capped by max_discount.
 */
export function couponSaving(terms: CouponTerms, eligibleCents: number): number {
  if (eligibleCents <= 0 || eligibleCents < terms.thresholdCents) return 0;
  let saving = 0;
  if (terms.couponType === "SALE_OFF") {
    saving = Math.max(0, terms.amountOffCents ?? 0);
  } else {
    const percent = Math.min(100, Math.max(0, terms.discountPercent ?? 0));
    saving = Math.floor((eligibleCents * percent) / 100);
    if (terms.maxDiscountCents !== null) saving = Math.min(saving, Math.max(0, terms.maxDiscountCents));
  }
  return Math.min(saving, eligibleCents);
}

/** Whether a goods number is inside a coupon's scope (an empty scope is every goods). */
export function inScope(scope: readonly string[], goodsNo: string): boolean {
  return scope.length === 0 || scope.includes(goodsNo);
}

/** The part of the cart a coupon applies to: the units whose goods are in its scope. */
export function eligibleAmount(scope: readonly string[], units: readonly PricedUnit[]): number {
  return units.reduce((sum, u) => (inScope(scope, u.goodsNo) ? sum + u.priceCents : sum), 0);
}

export function goodsAmount(units: readonly PricedUnit[]): number {
  return units.reduce((sum, u) => sum + u.priceCents, 0);
}

// ─── usability and the optimal coupon ────────────────────────────────────

export type UnusableReason = "NOT_UNUSED" | "INVALID" | "NOT_STARTED" | "EXPIRED" | "OUT_OF_SCOPE" | "BELOW_THRESHOLD" | "NO_SAVING";

export type CouponEvaluation =
  | { couponNo: string; usable: true; savingCents: number; useTimeEnd: number }
  | { couponNo: string; usable: false; reason: UnusableReason; savingCents: 0; useTimeEnd: number };

/**
 * Whether a coupon can be used for these units now, and what it saves. A coupon is usable when
 * its stored status is UNUSED, use_time_start ≤ now ≤ use_time_end, at least one unit is in its
 * goods scope, the in-scope amount reaches its threshold, and it saves at least one cent.
 */
export function evaluateCoupon(coupon: OwnedCoupon, units: readonly PricedUnit[], now: number): CouponEvaluation {
  const refuse = (reason: UnusableReason): CouponEvaluation => ({
    couponNo: coupon.couponNo,
    usable: false,
    reason,
    savingCents: 0,
    useTimeEnd: coupon.useTimeEnd,
  });
  if (coupon.status === "INVALID") return refuse("INVALID");
  if (coupon.status !== "UNUSED") return refuse("NOT_UNUSED");
  if (now > coupon.useTimeEnd) return refuse("EXPIRED");
  if (now < coupon.useTimeStart) return refuse("NOT_STARTED");
  if (!units.some((u) => inScope(coupon.goodsScope, u.goodsNo))) return refuse("OUT_OF_SCOPE");
  const eligible = eligibleAmount(coupon.goodsScope, units);
  if (eligible < coupon.thresholdCents) return refuse("BELOW_THRESHOLD");
  const saving = couponSaving(coupon, eligible);
  if (saving <= 0) return refuse("NO_SAVING");
  return { couponNo: coupon.couponNo, usable: true, savingCents: saving, useTimeEnd: coupon.useTimeEnd };
}

/**
 * Orders evaluations best first: usable before unusable; among usable, the largest saving, then
 * the earliest expiry, then coupon_no; unusable ones by expiry, then coupon_no.
 */
export function compareEvaluations(a: CouponEvaluation, b: CouponEvaluation): number {
  if (a.usable !== b.usable) return a.usable ? -1 : 1;
  if (a.savingCents !== b.savingCents) return b.savingCents - a.savingCents;
  if (a.useTimeEnd !== b.useTimeEnd) return a.useTimeEnd - b.useTimeEnd;
  return a.couponNo < b.couponNo ? -1 : a.couponNo > b.couponNo ? 1 : 0;
}

/** The usable coupon with the largest saving (ties: earliest expiry, then coupon_no), or null. */
export function optimalCoupon(evaluations: readonly CouponEvaluation[]): CouponEvaluation | null {
  const best = [...evaluations].sort(compareEvaluations)[0];
  return best?.usable ? best : null;
}

/** Payable after a saving: never below 0. */
export function payableAfter(goodsAmountCents: number, savingCents: number): number {
  return Math.max(0, goodsAmountCents - savingCents);
}

// ─── my coupons: grouping and labels ─────────────────────────────────────

export type CouponGroup = "unused" | "used" | "expired";

/**
 * Where a coupon is listed and the status it shows (spec/01 §4): USED stays used; LOCKED (held by
 * an unpaid order) is "temporarily used" and shows as USED; INVALID is listed with the expired;
 * anything else past use_time_end is EXPIRED whatever the row says; the rest is UNUSED (including
 * a coupon whose use window has not begun yet).
 */
export function couponView(coupon: Pick<OwnedCoupon, "status" | "useTimeEnd">, now: number): { group: CouponGroup; status: WireCouponStatus } {
  if (coupon.status === "USED" || coupon.status === "LOCKED") return { group: "used", status: "USED" };
  if (coupon.status === "INVALID") return { group: "expired", status: "INVALID" };
  if (now > coupon.useTimeEnd) return { group: "expired", status: "EXPIRED" };
  return { group: "unused", status: "UNUSED" };
}

/** Whole calendar days (Asia/Shanghai) from now until the coupon's last day; negative when past. */
export function daysLeft(useTimeEnd: number, now: number): number {
  return shopDayNumber(useTimeEnd) - shopDayNumber(now);
}

/**
 * The corner mark of an unused coupon (spec/01 §4): 今天到期 when it ends today, N天后到期 when it
 * ends in 1–3 calendar days, otherwise empty (also when it has already ended).
 */
export function expiryLabel(useTimeEnd: number, now: number): string {
  if (useTimeEnd < now) return "";
  const days = daysLeft(useTimeEnd, now);
  if (days === 0) return "今天到期";
  if (days >= 1 && days <= EXPIRY_WARNING_DAYS) return `${days}天后到期`;
  return "";
}

// ─── activities: validity at claim and claimability ──────────────────────

export interface ActivityValidity {
  validityMode: "FIXED" | "DAYS" | string;
  validFrom: number | null;
  validTo: number | null;
  validDays: number | null;
}

/**
 * The use window of a coupon claimed at `claimAt`: FIXED → valid_from..valid_to (a missing
 * valid_from means from the claim); DAYS → claim time .. claim time + valid_days × 24 h.
 */
export function validityAtClaim(activity: ActivityValidity, claimAt: number): { useTimeStart: number; useTimeEnd: number } {
  if (activity.validityMode === "FIXED") {
    return { useTimeStart: activity.validFrom ?? claimAt, useTimeEnd: activity.validTo ?? claimAt };
  }
  return { useTimeStart: claimAt, useTimeEnd: claimAt + Math.max(0, activity.validDays ?? 0) * DAY_MS };
}

/** The validity text of an activity card: a date range, or how long a claimed coupon lasts. */
export function validityText(activity: ActivityValidity): string {
  if (activity.validityMode === "FIXED" && activity.validFrom !== null && activity.validTo !== null) {
    return `${formatDotDate(activity.validFrom)}-${formatDotDate(activity.validTo)}`;
  }
  return `领取后${activity.validDays ?? 0}天内有效`;
}

export interface ClaimableActivity extends ActivityValidity {
  totalStock: number;
  claimedCount: number;
  perMemberLimit: number;
  claimStartAt: number | null;
  claimEndAt: number | null;
  /** Set when an operator stopped the activity (decision 064): its window is closed from then on. */
  stoppedAt?: number | null;
}

export type ClaimRefusal = "NOT_STARTED" | "WINDOW_CLOSED" | "LIMIT_REACHED" | "OUT_OF_STOCK";

/**
 * Whether the claim window is open now: not stopped by an operator, claim_start_at ≤ now ≤ claim_end_at
 * (either may be open), and for a FIXED activity the coupons it would hand out have not already ended.
 */
export function claimWindow(activity: ClaimableActivity, now: number): "OPEN" | "NOT_STARTED" | "CLOSED" {
  if (activity.stoppedAt != null) return "CLOSED";
  if (activity.claimStartAt !== null && now < activity.claimStartAt) return "NOT_STARTED";
  if (activity.claimEndAt !== null && now > activity.claimEndAt) return "CLOSED";
  if (activity.validityMode === "FIXED" && activity.validTo !== null && now > activity.validTo) return "CLOSED";
  return "OPEN";
}

/**
 * Whether a member who already holds `claimedByMe` coupons of the activity may claim one more now.
 * Checked in this order: window, the member's limit, stock (so a member at their limit learns
 * that rather than "out of stock").
 */
export function claimRefusal(activity: ClaimableActivity, claimedByMe: number, now: number): ClaimRefusal | null {
  const window = claimWindow(activity, now);
  if (window === "NOT_STARTED") return "NOT_STARTED";
  if (window === "CLOSED") return "WINDOW_CLOSED";
  if (claimedByMe >= activity.perMemberLimit) return "LIMIT_REACHED";
  if (activity.claimedCount >= activity.totalStock) return "OUT_OF_STOCK";
  return null;
}

/**
 * Whether the collection centre lists an activity: its window is open and it has stock left, or
 * the member already holds one of it (shown, disabled, so they see what they have).
 */
export function listedInCollection(activity: ClaimableActivity, claimedByMe: number, now: number): boolean {
  if (claimWindow(activity, now) !== "OPEN") return false;
  return activity.claimedCount < activity.totalStock || claimedByMe > 0;
}
