// The coupon activity form checked (decision 066): a 满减 or a 折扣 activity, valid in its window or N
// days from the claim; money to cents, 折 to percent off, each bad field answered in Chinese.
import { describe, expect, it } from "vitest";
import type { ActivityFields } from "../../../shared/back-office";
import { foldOf } from "../../../shared/money";
import { checkActivityFields } from "./activity-fields";

const COMMON = {
  name: "测试",
  amount: "",
  threshold: "",
  startAt: "2026-11-28T09:00",
  endAt: "2026-12-28T23:59",
  totalStock: "100",
  perMemberLimit: "1",
  goodsScope: "",
};
const SALE_OFF: ActivityFields = { ...COMMON, couponType: "SALE_OFF", amount: "10", threshold: "100", validityMode: "FIXED" };
const DISCOUNT: ActivityFields = { ...COMMON, couponType: "DISCOUNT", discount: "8.5", maxDiscount: "50", threshold: "150", validityMode: "FIXED" };

const activityOf = (fields: ActivityFields) => {
  const checked = checkActivityFields(fields);
  if (!checked.ok) throw new Error(checked.message);
  return checked.activity;
};
const messageOf = (fields: ActivityFields) => {
  const checked = checkActivityFields(fields);
  return checked.ok ? null : checked.message;
};

describe("the kind of coupon", () => {
  it("reads a 满减 activity in cents, with no percentage", () => {
    expect(activityOf(SALE_OFF)).toMatchObject({ couponType: "SALE_OFF", amountOff: 1000, threshold: 10000, discountPercent: null, maxDiscount: null });
  });

  it("reads a form without a kind (posted before 折扣 existed) as 满减 valid in its window", () => {
    const { couponType: _t, validityMode: _v, ...old } = SALE_OFF;
    expect(activityOf(old)).toMatchObject({ couponType: "SALE_OFF", amountOff: 1000, validityMode: "FIXED", validDays: null });
  });

  it.each([
    ["8.5", 15],
    ["8.5折", 15],
    ["9", 10],
    [" 9.5 ", 5],
    ["0.1", 99],
    ["9.9", 1],
  ])("reads %s 折 as %i percent off, with its cap in cents", (discount, percent) => {
    expect(activityOf({ ...DISCOUNT, discount })).toMatchObject({
      couponType: "DISCOUNT",
      discountPercent: percent,
      maxDiscount: 5000,
      threshold: 15000,
      amountOff: null,
    });
    expect(foldOf(percent)).toBe(discount.trim().replace("折", ""));
  });

  it.each(["", "0", "0.05", "10", "85", "8.55", "八五", "-8", "8,5"])("refuses %j as a 折", (discount) => {
    expect(messageOf({ ...DISCOUNT, discount })).toBe("折扣须为 0.1 到 9.9 折，最多一位小数（如 8.5 折填 8.5）");
  });

  it("lets a 折扣 coupon have no threshold (empty or 0), never a bad one", () => {
    expect(activityOf({ ...DISCOUNT, threshold: "" }).threshold).toBe(0);
    expect(activityOf({ ...DISCOUNT, threshold: "0.00" }).threshold).toBe(0);
    for (const threshold of ["-1", "1.234", "一百"])
      expect(messageOf({ ...DISCOUNT, threshold })).toBe("使用门槛须为金额（元，最多两位小数，如 100；0 或留空为无门槛）");
  });

  it("asks a 折扣 coupon for the most it takes off (spec/03 §5: a percentage with a cap)", () => {
    for (const maxDiscount of ["", "0", "-5", "1.234"])
      expect(messageOf({ ...DISCOUNT, maxDiscount })).toBe("最多减须为大于 0 的金额（元，最多两位小数，如 38.00）");
  });

  it("ignores the other kind's fields", () => {
    expect(activityOf({ ...DISCOUNT, amount: "垃圾" }).couponType).toBe("DISCOUNT");
    expect(activityOf({ ...SALE_OFF, discount: "垃圾", maxDiscount: "-1" }).couponType).toBe("SALE_OFF");
  });

  it("refuses a kind it does not know", () => {
    expect(messageOf({ ...SALE_OFF, couponType: "FREE" })).toBe("请选择优惠类型（满减券或折扣券）");
  });
});

describe("how long a claimed coupon lasts", () => {
  it("is the activity's window (FIXED) or N days from the claim (DAYS)", () => {
    expect(activityOf(SALE_OFF)).toMatchObject({ validityMode: "FIXED", validDays: null });
    expect(activityOf({ ...DISCOUNT, validityMode: "DAYS", validDays: "7" })).toMatchObject({ validityMode: "DAYS", validDays: 7 });
  });

  it.each([
    ["", "有效天数须为正整数"],
    ["0", "有效天数须为正整数"],
    ["1.5", "有效天数须为正整数"],
    ["七", "有效天数须为正整数"],
    ["366", "有效天数最多 365"],
  ])("refuses %j days", (validDays, message) => {
    expect(messageOf({ ...SALE_OFF, validityMode: "DAYS", validDays })).toBe(message);
  });

  it("refuses a mode it does not know", () => {
    expect(messageOf({ ...SALE_OFF, validityMode: "FOREVER" })).toBe("请选择券的有效期（活动时间内或领取后 N 天）");
  });
});
