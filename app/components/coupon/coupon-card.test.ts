import { describe, expect, it } from "vitest";
import type { Coupon } from "~/api/promotion.server";
import { activityView, couponView, expiryMark } from "./coupon-card";

// 2026-11-22 10:00 in Shanghai
const now = Date.UTC(2026, 10, 22, 2, 0, 0);
const endOfDay = (daysAhead: number) => Date.UTC(2026, 10, 22 + daysAhead, 15, 59, 59);

describe("the corner mark (spec/01 §4)", () => {
  it.each([
    [endOfDay(0), "今天到期"],
    [endOfDay(1), "1天后到期"],
    [endOfDay(3), "3天后到期"],
    [endOfDay(4), ""],
    [now - 1, ""],
  ])("ending %s → %j", (end, mark) => {
    expect(expiryMark(end, now)).toBe(mark);
  });
});

const coupon = (over: Partial<Coupon>): Coupon => ({
  coupon_no: "CP1",
  coupon_name: "满30减3",
  coupon_status: "UNUSED",
  use_time_start: Date.UTC(2026, 10, 19, 16, 0, 0),
  use_time_end: endOfDay(2),
  expire_label: "",
  attr: { main_title: "小额满减券", sub_title: "充值可用", display_name: "￥3", display_use: "满30元可用", jump_url: "/topic/G1001" },
  ...over,
});

describe("a coupon on a card", () => {
  it("shows the threshold, the validity in YYYY.MM.DD and the mark of an unused one", () => {
    const view = couponView(coupon({}), now);
    expect(view).toMatchObject({
      title: "小额满减券",
      content: "￥3",
      useCondition: "满30元可用",
      status: "active",
      cornerMark: "2天后到期",
      jumpUrl: "/topic/G1001",
    });
    expect(view.useDate).toBe("可用时间：2026.11.20-2026.11.24");
  });

  it("prefers the server's label, and gives used and expired coupons no mark", () => {
    expect(couponView(coupon({ expire_label: "今天到期" }), now).cornerMark).toBe("今天到期");
    expect(couponView(coupon({ coupon_status: "USED" }), now)).toMatchObject({ status: "used", cornerMark: "" });
    expect(couponView(coupon({ coupon_status: "INVALID" }), now)).toMatchObject({ status: "expired", cornerMark: "" });
  });

  it.each(["javascript:alert(1)", "//evil.example", "/\\evil.example", "data:text/html,x"])("leads nowhere for the jump URL %j", (jump_url) => {
    expect(couponView(coupon({ attr: { ...coupon({}).attr, jump_url } }), now).jumpUrl).toBe("");
  });

  it("shows a claimable activity with its get condition", () => {
    const view = activityView({
      activity_no: "ACT003",
      extra_info: {
        main_title: "全场 9 折",
        sub_title: "最高可减 30 元",
        display_name: "9折",
        display_time: "领取后15天内有效",
        display_use: "无门槛",
        display_get: "每人限领1张",
        jump_url: "",
      },
      claimed_count_by_me: 1,
      can_receive: false,
      disabled: true,
    });
    expect(view).toMatchObject({ title: "全场 9 折", useDate: "可用时间：领取后15天内有效", getCondition: "每人限领1张", cornerMark: "已领取" });
  });
});
