import { describe, expect, it } from "vitest";
import { formatDotDate } from "../../../shared/shop-time";
import {
  claimRefusal,
  claimWindow,
  compareEvaluations,
  couponSaving,
  couponView,
  DAY_MS,
  eligibleAmount,
  evaluateCoupon,
  expiryLabel,
  listedInCollection,
  optimalCoupon,
  payableAfter,
  validityAtClaim,
  validityText,
  type ClaimableActivity,
  type CouponEvaluation,
  type CouponTerms,
  type OwnedCoupon,
  type PricedUnit,
} from "./coupon-rules";

// 2025-03-10 12:00 in Asia/Shanghai (04:00 UTC)
const NOW = Date.UTC(2025, 2, 10, 4, 0, 0);
const HOUR = 3_600_000;

const saleOff = (amountOff: number, threshold = 0, scope: string[] = []): CouponTerms => ({
  couponType: "SALE_OFF",
  amountOffCents: amountOff,
  discountPercent: null,
  maxDiscountCents: null,
  thresholdCents: threshold,
  goodsScope: scope,
});
const discount = (percent: number, cap: number | null, threshold = 0, scope: string[] = []): CouponTerms => ({
  couponType: "DISCOUNT",
  amountOffCents: null,
  discountPercent: percent,
  maxDiscountCents: cap,
  thresholdCents: threshold,
  goodsScope: scope,
});
const coupon = (couponNo: string, terms: CouponTerms, over: Partial<OwnedCoupon> = {}): OwnedCoupon => ({
  couponNo,
  status: "UNUSED",
  useTimeStart: NOW - DAY_MS,
  useTimeEnd: NOW + 10 * DAY_MS,
  ...terms,
  ...over,
});
const units = (...list: [string, number][]): PricedUnit[] => list.map(([goodsNo, priceCents]) => ({ goodsNo, priceCents }));

describe("couponSaving", () => {
  it.each([
    ["SALE_OFF below the threshold saves nothing", saleOff(1000, 10000), 9999, 0],
    ["SALE_OFF at the threshold saves amount_off", saleOff(1000, 10000), 10000, 1000],
    ["SALE_OFF above the threshold saves amount_off", saleOff(1000, 10000), 25000, 1000],
    ["SALE_OFF without threshold applies to any amount", saleOff(300), 500, 300],
    ["SALE_OFF never saves more than the amount (payable ≥ 0)", saleOff(1000), 600, 600],
    ["SALE_OFF on a zero amount saves nothing", saleOff(1000), 0, 0],
    ["DISCOUNT takes the percentage", discount(10, null), 12345, 1234],
    ["DISCOUNT rounds down to whole cents", discount(15, null), 999, 149],
    ["DISCOUNT is capped by max_discount", discount(10, 3000), 50000, 3000],
    ["DISCOUNT just under the cap is not capped", discount(10, 3000), 29999, 2999],
    ["DISCOUNT below its threshold saves nothing", discount(15, 5000, 15000), 14999, 0],
    ["DISCOUNT at its threshold applies", discount(15, 5000, 15000), 15000, 2250],
    ["DISCOUNT on 1 cent rounds to nothing", discount(10, null), 1, 0],
    ["DISCOUNT with a zero cap saves nothing", discount(10, 0), 10000, 0],
  ])("%s", (_name, terms, amount, expected) => {
    const saving = couponSaving(terms, amount);
    expect(saving).toBe(expected);
    expect(Number.isInteger(saving)).toBe(true);
    expect(payableAfter(amount, saving)).toBeGreaterThanOrEqual(0);
  });
});

describe("eligibleAmount (goods scope)", () => {
  it.each([
    ["an empty scope is every goods", [], units(["G1", 100], ["G2", 200]), 300],
    ["a scope counts only its goods", ["G2"], units(["G1", 100], ["G2", 200]), 200],
    ["a scope matching nothing counts nothing", ["G9"], units(["G1", 100]), 0],
  ])("%s", (_name, scope, list, expected) => {
    expect(eligibleAmount(scope, list)).toBe(expected);
  });
});

describe("evaluateCoupon (usability)", () => {
  const cart = units(["G1", 20000]);
  it.each<[string, OwnedCoupon, PricedUnit[], CouponEvaluation["usable"], string | number]>([
    ["an UNUSED coupon in its window saves", coupon("C1", saleOff(1000, 10000)), cart, true, 1000],
    ["a LOCKED coupon is not usable", coupon("C1", saleOff(1000), { status: "LOCKED" }), cart, false, "NOT_UNUSED"],
    ["a USED coupon is not usable", coupon("C1", saleOff(1000), { status: "USED" }), cart, false, "NOT_UNUSED"],
    ["an INVALID coupon is not usable", coupon("C1", saleOff(1000), { status: "INVALID" }), cart, false, "INVALID"],
    ["before use_time_start it is not usable", coupon("C1", saleOff(1000), { useTimeStart: NOW + 1 }), cart, false, "NOT_STARTED"],
    ["at use_time_start it is usable", coupon("C1", saleOff(1000), { useTimeStart: NOW }), cart, true, 1000],
    ["at use_time_end it is still usable", coupon("C1", saleOff(1000), { useTimeEnd: NOW }), cart, true, 1000],
    ["after use_time_end it is expired", coupon("C1", saleOff(1000), { useTimeEnd: NOW - 1 }), cart, false, "EXPIRED"],
    ["out of its goods scope it is not usable", coupon("C1", saleOff(1000, 0, ["G2"])), cart, false, "OUT_OF_SCOPE"],
    ["in its goods scope it is usable", coupon("C1", saleOff(1000, 0, ["G1"])), cart, true, 1000],
    ["below the threshold it is not usable", coupon("C1", saleOff(1000, 30000)), cart, false, "BELOW_THRESHOLD"],
    ["the threshold counts only goods in scope", coupon("C1", saleOff(1000, 15000, ["G1"])), units(["G1", 10000], ["G2", 10000]), false, "BELOW_THRESHOLD"],
    ["a coupon that would save nothing is not usable", coupon("C1", discount(10, null)), units(["G1", 5]), false, "NO_SAVING"],
    ["a discount applies to the in-scope units only", coupon("C1", discount(10, null, 0, ["G2"])), units(["G1", 10000], ["G2", 5000]), true, 500],
  ])("%s", (_name, c, list, usable, detail) => {
    const result = evaluateCoupon(c, list, NOW);
    expect(result.usable).toBe(usable);
    if (result.usable) expect(result.savingCents).toBe(detail);
    else expect(result.reason).toBe(detail);
  });
});

describe("optimalCoupon", () => {
  const cart = units(["G1", 20000]);
  it.each<[string, OwnedCoupon[], string | null]>([
    ["no coupons, no optimal", [], null],
    ["only unusable coupons, no optimal", [coupon("C1", saleOff(1000, 90000))], null],
    ["the largest saving wins", [coupon("C1", saleOff(1000)), coupon("C2", discount(10, null)), coupon("C3", saleOff(1500))], "C2"],
    ["a capped discount loses to a larger amount off", [coupon("C1", discount(50, 800)), coupon("C2", saleOff(900))], "C2"],
    [
      "ties go to the earliest expiry",
      [coupon("C1", saleOff(1000), { useTimeEnd: NOW + 5 * DAY_MS }), coupon("C2", saleOff(1000), { useTimeEnd: NOW + 2 * DAY_MS })],
      "C2",
    ],
    ["then to the smaller coupon_no", [coupon("C2", saleOff(1000)), coupon("C1", saleOff(1000))], "C1"],
    ["a larger but unusable coupon is ignored", [coupon("C1", saleOff(5000), { status: "LOCKED" }), coupon("C2", saleOff(100))], "C2"],
  ])("%s", (_name, list, expected) => {
    const best = optimalCoupon(list.map((c) => evaluateCoupon(c, cart, NOW)));
    expect(best?.couponNo ?? null).toBe(expected);
  });

  it("sorts usable coupons first, best first", () => {
    const list = [coupon("C1", saleOff(100, 90000)), coupon("C2", saleOff(100)), coupon("C3", saleOff(300))];
    const sorted = list.map((c) => evaluateCoupon(c, cart, NOW)).sort(compareEvaluations);
    expect(sorted.map((e) => e.couponNo)).toEqual(["C3", "C2", "C1"]);
  });
});

describe("couponView (my coupons grouping)", () => {
  it.each<[string, Partial<OwnedCoupon>, string, string]>([
    ["UNUSED in its window", {}, "unused", "UNUSED"],
    ["UNUSED not yet begun", { useTimeStart: NOW + DAY_MS }, "unused", "UNUSED"],
    ["UNUSED past its end is EXPIRED", { useTimeEnd: NOW - 1 }, "expired", "EXPIRED"],
    ["UNUSED at its end is still unused", { useTimeEnd: NOW }, "unused", "UNUSED"],
    ["LOCKED is temporarily used", { status: "LOCKED" }, "used", "USED"],
    ["LOCKED past its end is still shown as used", { status: "LOCKED", useTimeEnd: NOW - 1 }, "used", "USED"],
    ["USED stays used after its end", { status: "USED", useTimeEnd: NOW - 1 }, "used", "USED"],
    ["INVALID goes with the expired", { status: "INVALID" }, "expired", "INVALID"],
  ])("%s", (_name, over, group, status) => {
    expect(couponView(coupon("C1", saleOff(100), over), NOW)).toEqual({ group, status });
  });
});

describe("expiryLabel (Asia/Shanghai calendar days)", () => {
  // NOW is 12:00 on 2025-03-10 in Shanghai; midnight there is 16:00 UTC of the day before.
  const endOfToday = Date.UTC(2025, 2, 10, 15, 59, 59, 999);
  it.each([
    ["ends later today", NOW + HOUR, "今天到期"],
    ["ends at the last millisecond of today", endOfToday, "今天到期"],
    ["ends just after midnight", endOfToday + 1, "1天后到期"],
    ["ends tomorrow", NOW + DAY_MS, "1天后到期"],
    ["ends in 2 days", NOW + 2 * DAY_MS, "2天后到期"],
    ["ends in 3 days", NOW + 3 * DAY_MS, "3天后到期"],
    ["ends in 4 days", NOW + 4 * DAY_MS, ""],
    ["ends in 30 days", NOW + 30 * DAY_MS, ""],
    ["has already ended", NOW - 1, ""],
  ])("%s → %j", (_name, end, label) => {
    expect(expiryLabel(end, NOW)).toBe(label);
  });

  it("formats dates as YYYY.MM.DD in Shanghai", () => {
    expect(formatDotDate(NOW)).toBe("2025.03.10");
    expect(formatDotDate(endOfToday + 1)).toBe("2025.03.11");
  });
});

describe("validityAtClaim", () => {
  it.each([
    [
      "FIXED uses the activity window",
      { validityMode: "FIXED", validFrom: NOW - DAY_MS, validTo: NOW + 9 * DAY_MS, validDays: null },
      NOW - DAY_MS,
      NOW + 9 * DAY_MS,
    ],
    ["FIXED ignores valid_days", { validityMode: "FIXED", validFrom: NOW + DAY_MS, validTo: NOW + 2 * DAY_MS, validDays: 99 }, NOW + DAY_MS, NOW + 2 * DAY_MS],
    ["DAYS runs from the claim", { validityMode: "DAYS", validFrom: null, validTo: null, validDays: 7 }, NOW, NOW + 7 * DAY_MS],
    ["DAYS ignores a fixed window", { validityMode: "DAYS", validFrom: 1, validTo: 2, validDays: 1 }, NOW, NOW + DAY_MS],
  ])("%s", (_name, activity, start, end) => {
    expect(validityAtClaim(activity, NOW)).toEqual({ useTimeStart: start, useTimeEnd: end });
  });

  it.each([
    [{ validityMode: "FIXED", validFrom: NOW, validTo: NOW + 2 * DAY_MS, validDays: null }, "2025.03.10-2025.03.12"],
    [{ validityMode: "DAYS", validFrom: null, validTo: null, validDays: 15 }, "领取后15天内有效"],
  ])("describes the validity of %j", (activity, text) => {
    expect(validityText(activity)).toBe(text);
  });
});

describe("claimability", () => {
  const activity = (over: Partial<ClaimableActivity> = {}): ClaimableActivity => ({
    validityMode: "DAYS",
    validFrom: null,
    validTo: null,
    validDays: 7,
    totalStock: 10,
    claimedCount: 3,
    perMemberLimit: 1,
    claimStartAt: null,
    claimEndAt: null,
    ...over,
  });
  it.each<[string, Partial<ClaimableActivity>, number, string | null]>([
    ["an open activity with stock can be claimed", {}, 0, null],
    ["inside an explicit window", { claimStartAt: NOW - 1, claimEndAt: NOW + 1 }, 0, null],
    ["at the window's edges", { claimStartAt: NOW, claimEndAt: NOW }, 0, null],
    ["before the window opens", { claimStartAt: NOW + 1 }, 0, "NOT_STARTED"],
    ["after the window closes", { claimEndAt: NOW - 1 }, 0, "WINDOW_CLOSED"],
    ["a FIXED activity whose coupons already ended", { validityMode: "FIXED", validFrom: NOW - 2 * DAY_MS, validTo: NOW - 1 }, 0, "WINDOW_CLOSED"],
    ["at the member's limit", { perMemberLimit: 2 }, 2, "LIMIT_REACHED"],
    ["below the member's limit", { perMemberLimit: 2 }, 1, null],
    ["out of stock", { claimedCount: 10 }, 0, "OUT_OF_STOCK"],
    ["one left", { claimedCount: 9 }, 0, null],
    ["the limit is reported before stock", { claimedCount: 10 }, 1, "LIMIT_REACHED"],
    ["the window is reported before everything", { claimedCount: 10, claimEndAt: NOW - 1 }, 1, "WINDOW_CLOSED"],
  ])("%s", (_name, over, mine, refusal) => {
    expect(claimRefusal(activity(over), mine, NOW)).toBe(refusal);
  });

  it.each<[string, Partial<ClaimableActivity>, number, boolean]>([
    ["open with stock is listed", {}, 0, true],
    ["out of stock and not held is hidden", { claimedCount: 10 }, 0, false],
    ["out of stock but held is listed", { claimedCount: 10 }, 1, true],
    ["closed is hidden even when held", { claimEndAt: NOW - 1 }, 1, false],
    ["not yet open is hidden", { claimStartAt: NOW + 1 }, 0, false],
  ])("collection centre: %s", (_name, over, mine, listed) => {
    expect(listedInCollection(activity(over), mine, NOW)).toBe(listed);
    expect(claimWindow(activity(over), NOW) === "OPEN" || !listed).toBe(true);
  });
});
