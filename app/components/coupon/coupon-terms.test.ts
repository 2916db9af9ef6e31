import { describe, expect, it } from "vitest";
import type { UsableCoupon } from "~/api/cart.server";
import type { Activity } from "~/api/promotion.server";
import { activitySummary, appliesToGoods, conditionText, scopeText, unusableText } from "./coupon-terms";

const activity = (over: Partial<Activity>): Activity => ({
  activity_no: "ACT005",
  extra_info: {
    main_title: "Steam 大作专享",
    sub_title: "",
    display_name: "8.5折",
    display_time: "",
    display_use: "满150元可用",
    display_get: "",
    jump_url: "",
  },
  claimed_count_by_me: 0,
  can_receive: true,
  disabled: false,
  ...over,
});

const coupon = (over: Partial<UsableCoupon>): UsableCoupon => ({
  coupon_no: "CP1",
  coupon_name: "Steam 大作专享",
  coupon_type: "DISCOUNT",
  use_time_start: Date.UTC(2026, 11, 1, 2),
  use_time_end: Date.UTC(2026, 11, 31),
  usable: false,
  saving_amount: 0,
  attr: { main_title: "", sub_title: "", display_name: "", display_use: "" },
  ...over,
});

describe("coupon terms", () => {
  it("a scope the backend names decides; without it every goods may use the coupon", () => {
    expect(appliesToGoods(activity({ goods_scope: ["G1001"] }), "G1005")).toBe(false);
    expect(appliesToGoods(activity({ goods_scope: ["G1001"] }), "G1001")).toBe(true);
    expect(appliesToGoods(activity({ goods_scope: [] }), "G1005")).toBe(true);
    expect(appliesToGoods(activity({}), "G1005")).toBe(true);
  });

  it("threshold and scope in words, falling back to display_use", () => {
    expect(conditionText(15000, "x")).toBe("满150元可用");
    expect(conditionText(4950, "x")).toBe("满49.5元可用");
    expect(conditionText(0, "x")).toBe("无门槛");
    expect(conditionText(undefined, "满150元可用")).toBe("满150元可用");
    expect(scopeText([])).toBe("全场通用");
    expect(scopeText(["G1001"])).toBe("指定商品可用");
    expect(scopeText(undefined)).toBe("");
    expect(activitySummary(activity({ threshold: 15000 }))).toBe("8.5折 满150元可用");
  });

  it("says why a coupon cannot be used, 不满足使用条件 when the services do not", () => {
    expect(unusableText(coupon({ unusable_reason: "BELOW_THRESHOLD", threshold: 15000, eligible_amount: 9800 }))).toBe("满150可用，当前￥98");
    expect(unusableText(coupon({ unusable_reason: "BELOW_THRESHOLD", threshold: 15000 }))).toBe("满150可用");
    expect(unusableText(coupon({ unusable_reason: "OUT_OF_SCOPE" }))).toBe("仅限指定商品，本商品不可用");
    expect(unusableText(coupon({ unusable_reason: "NOT_STARTED" }))).toBe("2026.12.01起可用");
    expect(unusableText(coupon({ unusable_reason: "SOMETHING_NEW" }))).toBe("不满足使用条件");
    expect(unusableText(coupon({}))).toBe("不满足使用条件");
  });
});
