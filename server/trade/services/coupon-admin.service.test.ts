// Coupon activities in the back office (issue 39, decision 064): a new activity stored in cents with
// its window on the shop's clock, listed with its state and counts, claimable in the coupon centre;
// bad input (a zero or negative amount, a threshold below it, an end before the start, an unknown
// goods, a limit that is not a positive integer, the same form posted twice) refused in Chinese with
// nothing changed and no audit line; edits that would change claimed coupons' terms refused; a stop
// that hides the activity and keeps (or, when asked, voids) the coupons already claimed.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../../db/client";
import { auditLog, couponActivities, coupons, members } from "../../../db/schema";
import type { ActivityFields, SignedInOperator } from "../../../shared/back-office";
import { ApiError } from "../http/api-error";
import { COUPON_DESK_MESSAGES, couponDesk } from "./coupon-admin.service";
import { goodsBackOffice } from "./goods-admin.service";
import { evaluateCoupon } from "../domain/coupon-rules";
import { availableActivities, claimCoupon, memberCouponRows, myCoupons, toOwnedCoupon } from "./promotion.service";

/** 2026-11-28 10:00 in Shanghai. */
const NOW = Date.UTC(2026, 10, 28, 2, 0, 0);
const OPERATOR: SignedInOperator = { operatorId: 1, name: "ops", csrfToken: "t" };
const NO = "ACT20261128000001";
const FIELDS: ActivityFields = {
  name: "满100减10",
  amount: "10",
  threshold: "100",
  startAt: "2026-11-28T09:00",
  endAt: "2026-12-28T23:59",
  totalStock: "100",
  perMemberLimit: "2",
  goodsScope: "",
};

let store: Store;
let clock: number;
let desk: ReturnType<typeof couponDesk>;
let shopper: { memberId: number };

beforeEach(() => {
  store = openStore(":memory:");
  clock = NOW;
  const deps = { store, now: () => clock };
  desk = couponDesk(deps);
  shopper = { memberId: store.db.insert(members).values({ mobile: "+86-13000000001", memberName: "A" }).returning().get().memberId };
  const goods = goodsBackOffice(deps, { mediaDir: "/nonexistent" });
  for (const [goodsNo, skuNo] of [
    ["G1", "S1"],
    ["G2", "S2"],
  ])
    expect(
      goods.createGoods(OPERATOR, {
        goodsNo: goodsNo!,
        name: goodsNo!,
        platform: "STEAM",
        codeKind: "GAME_KEY",
        skuNo: skuNo!,
        skuName: "标准版",
        price: "200",
      }).ok,
    ).toBe(true);
  store.db.delete(auditLog).run();
});
afterEach(() => store.close());

const activity = (no = NO) => store.db.select().from(couponActivities).where(eq(couponActivities.activityNo, no)).get();
const audit = () => store.db.select().from(auditLog).all();
const centre = () => availableActivities({ store, now: () => clock }, shopper, { page: 1, size: 50 }).list.map((a) => a.activity_no);
const claim = (no = NO) => claimCoupon({ store, now: () => clock }, shopper, no).coupon_no;
const refusalOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error.message;
    throw error;
  }
  return null;
};

describe("a new activity", () => {
  it("is stored in cents with its window on the shop's clock, audited, listed and claimable", () => {
    expect(desk.createActivity(OPERATOR, NO, { ...FIELDS, goodsScope: "G1, G2 G1" })).toEqual({ ok: true, message: "已新建优惠券活动「满100减10」" });
    expect(activity()).toMatchObject({
      couponType: "SALE_OFF",
      amountOff: 1000,
      threshold: 10000,
      validityMode: "FIXED",
      claimStartAt: Date.UTC(2026, 10, 28, 1, 0),
      validFrom: Date.UTC(2026, 10, 28, 1, 0),
      claimEndAt: Date.UTC(2026, 11, 28, 15, 59),
      validTo: Date.UTC(2026, 11, 28, 15, 59),
      totalStock: 100,
      perMemberLimit: 2,
      goodsScope: ["G1", "G2"],
      displayName: "￥10",
      displayUse: "满100元可用",
      stoppedAt: null,
    });
    expect(audit()).toMatchObject([
      {
        actor: "ops",
        action: "新建优惠券活动",
        subject: NO,
        before: null,
        after: "名称 满100减10；面额 ￥10.00；门槛 ￥100.00；时间 2026-11-28 09:00:00 至 2026-12-28 23:59:00；总量 100；每人 2 张；适用 G1、G2",
      },
    ]);
    expect(centre()).toEqual([NO]);
    const couponNo = claim();
    expect(store.db.select().from(coupons).where(eq(coupons.couponNo, couponNo)).get()).toMatchObject({
      status: "UNUSED",
      useTimeEnd: Date.UTC(2026, 11, 28, 15, 59),
    });
    store.db.update(coupons).set({ status: "USED" }).where(eq(coupons.couponNo, couponNo)).run();
    claim();
    expect(desk.listActivities()).toMatchObject([{ activityNo: NO, state: "进行中", claimed: 2, used: 1, totalStock: 100, terms: "￥10.00" }]);
    expect(desk.activityForEdit(NO)).toMatchObject({ amountOff: 1000, unusedClaimed: 1 });
  });

  it.each([
    [{ amount: "0" }, "面额须为大于 0 的金额（元，最多两位小数，如 38.00）（未做任何修改）"],
    [{ amount: "-5" }, "面额须为大于 0 的金额（元，最多两位小数，如 38.00）（未做任何修改）"],
    [{ amount: "1.234" }, "面额须为大于 0 的金额（元，最多两位小数，如 38.00）（未做任何修改）"],
    [{ threshold: "9.99" }, "使用门槛不能低于面额（满 X 元减 Y 元，X 不能小于 Y）（未做任何修改）"],
    [{ endAt: "2026-11-28T08:00" }, "结束时间须晚于开始时间（未做任何修改）"],
    [{ endAt: "2026-11-28T09:00" }, "结束时间须晚于开始时间（未做任何修改）"],
    [{ startAt: "2026-02-30T09:00" }, "请填写有效的开始时间（北京时间，如 2026-12-01 10:00）（未做任何修改）"],
    [{ endAt: "明天" }, "请填写有效的结束时间（北京时间，如 2026-12-01 10:00）（未做任何修改）"],
    [{ goodsScope: "G1, G404" }, "商品不存在：G404（未做任何修改）"],
    [{ totalStock: "0" }, "发放总量须为正整数（未做任何修改）"],
    [{ totalStock: "-3" }, "发放总量须为正整数（未做任何修改）"],
    [{ perMemberLimit: "1.5" }, "每人限领张数须为正整数（未做任何修改）"],
    [{ perMemberLimit: "两" }, "每人限领张数须为正整数（未做任何修改）"],
    [{ perMemberLimit: "101" }, "每人限领张数最多 100（未做任何修改）"],
    [{ totalStock: "1" }, "每人限领张数不能多于发放总量（未做任何修改）"],
    [{ name: "  " }, "活动名称不能为空（未做任何修改）"],
  ])("refuses %o in Chinese, nothing written", (over, message) => {
    expect(desk.createActivity(OPERATOR, NO, { ...FIELDS, ...over })).toEqual({ ok: false, message });
    expect(activity()).toBeUndefined();
    expect(audit()).toEqual([]);
  });

  it("is created once when its form is posted twice", () => {
    expect(desk.createActivity(OPERATOR, NO, FIELDS).ok).toBe(true);
    expect(desk.createActivity(OPERATOR, NO, { ...FIELDS, name: "又一次" })).toEqual({ ok: false, message: COUPON_DESK_MESSAGES.POSTED_TWICE });
    expect(store.db.select().from(couponActivities).all()).toHaveLength(1);
    expect(activity()!.couponName).toBe("满100减10");
    expect(audit()).toHaveLength(1);
  });

  it("refuses a number the page did not draw", () => {
    expect(desk.createActivity(OPERATOR, "ACT001", FIELDS)).toEqual({ ok: false, message: COUPON_DESK_MESSAGES.BAD_FORM });
    expect(desk.newActivityNo()).toMatch(/^ACT20261128\d{6}$/);
  });

  it("shows 未开始 before its start and 已结束 after its end, and the coupon centre only between", () => {
    desk.createActivity(OPERATOR, NO, { ...FIELDS, startAt: "2026-11-29T00:00" });
    expect(desk.listActivities()[0]!.state).toBe("未开始");
    expect(centre()).toEqual([]);
    clock = Date.UTC(2026, 11, 28, 16, 0);
    expect(desk.listActivities()[0]!.state).toBe("已结束");
    expect(centre()).toEqual([]);
  });
});

describe("a percentage activity whose coupons last N days from the claim (decision 066)", () => {
  const EIGHT_FIVE: ActivityFields = {
    ...FIELDS,
    name: "8.5折券",
    couponType: "DISCOUNT",
    amount: "",
    discount: "8.5",
    maxDiscount: "20",
    threshold: "",
    validityMode: "DAYS",
    validDays: "7",
    goodsScope: "G1",
  };
  /** What the member's coupon of the activity takes off these prices (cents) of G1, as checkout prices it. */
  const savingOn = (...prices: number[]) => {
    const [row] = memberCouponRows(store.db, shopper.memberId).filter((r) => r.activity.activityNo === NO);
    const evaluation = evaluateCoupon(
      toOwnedCoupon(row!.coupon, row!.activity),
      prices.map((priceCents) => ({ goodsNo: "G1", priceCents })),
      clock,
    );
    return evaluation.savingCents;
  };

  it("is stored as a DISCOUNT with its cap and DAYS, audited, listed readably, and a claim lasts N days", () => {
    expect(desk.createActivity(OPERATOR, NO, EIGHT_FIVE)).toEqual({ ok: true, message: "已新建优惠券活动「8.5折券」" });
    expect(activity()).toMatchObject({
      couponType: "DISCOUNT",
      discountPercent: 15,
      maxDiscount: 2000,
      amountOff: null,
      threshold: 0,
      validityMode: "DAYS",
      validDays: 7,
      validFrom: null,
      validTo: null,
      claimStartAt: Date.UTC(2026, 10, 28, 1, 0),
      claimEndAt: Date.UTC(2026, 11, 28, 15, 59),
      displayName: "8.5折",
      displayUse: "无门槛",
      subTitle: "限指定商品可用，最高减20元",
    });
    expect(audit()).toMatchObject([
      {
        action: "新建优惠券活动",
        before: null,
        after:
          "名称 8.5折券；折扣 8.5折（最多减 ￥20.00）；门槛 无；时间 2026-11-28 09:00:00 至 2026-12-28 23:59:00；券有效期 领取后7天内有效；总量 100；每人 2 张；适用 G1",
      },
    ]);
    expect(desk.listActivities()).toMatchObject([{ terms: "8.5折（最多减 ￥20.00）", threshold: 0, validity: "领取后7天内有效", state: "进行中" }]);
    expect(desk.activityForEdit(NO)).toMatchObject({ amountOff: null, discountPercent: 15, maxDiscount: 2000, validityMode: "DAYS", validDays: 7 });

    clock = NOW + 3 * 60 * 60 * 1000;
    const couponNo = claim();
    expect(store.db.select().from(coupons).where(eq(coupons.couponNo, couponNo)).get()).toMatchObject({
      useTimeStart: clock,
      useTimeEnd: clock + 7 * 24 * 60 * 60 * 1000,
    });
    expect(savingOn(10000)).toBe(1500); // 15 % of ￥100
    expect(savingOn(9999)).toBe(1499); // rounded down to the cent
    expect(savingOn(20000, 5000)).toBe(2000); // 15 % of ￥250 is ￥37.50: the cap
  });

  it("turns a 满减 activity nobody claimed into a 8.5折 one with before → after, then locks it once claimed", () => {
    expect(desk.createActivity(OPERATOR, NO, FIELDS).ok).toBe(true);
    expect(desk.updateActivity(OPERATOR, NO, EIGHT_FIVE)).toEqual({ ok: true, message: "已保存优惠券活动「8.5折券」" });
    expect(activity()).toMatchObject({
      couponType: "DISCOUNT",
      amountOff: null,
      discountPercent: 15,
      maxDiscount: 2000,
      validityMode: "DAYS",
      validDays: 7,
      validTo: null,
    });
    expect(audit().at(-1)).toMatchObject({
      action: "修改优惠券活动",
      before: expect.stringContaining("面额 ￥10.00；门槛 ￥100.00；时间"),
      after: expect.stringContaining("折扣 8.5折（最多减 ￥20.00）；门槛 无；时间 2026-11-28 09:00:00 至 2026-12-28 23:59:00；券有效期 领取后7天内有效"),
    });
    claim();
    for (const over of [{ discount: "8" }, { maxDiscount: "30" }, { threshold: "50" }, { couponType: "SALE_OFF", amount: "10", threshold: "100" }]) {
      const before = activity();
      expect(desk.updateActivity(OPERATOR, NO, { ...EIGHT_FIVE, ...over })).toEqual({
        ok: false,
        message: "已有 1 张被领取，优惠类型、面额或折扣、门槛和适用商品不能再改（未做任何修改）",
      });
      expect(activity()).toEqual(before);
    }
    // how long later claims last may change: the claimed coupon keeps its end
    expect(desk.updateActivity(OPERATOR, NO, { ...EIGHT_FIVE, validDays: "30" }).ok).toBe(true);
    expect(activity()!.validDays).toBe(30);
    expect(audit()).toHaveLength(3);
  });

  it.each([
    [{ discount: "10" }, "折扣须为 0.1 到 9.9 折，最多一位小数（如 8.5 折填 8.5）（未做任何修改）"],
    [{ maxDiscount: "" }, "最多减须为大于 0 的金额（元，最多两位小数，如 38.00）（未做任何修改）"],
    [{ validDays: "0" }, "有效天数须为正整数（未做任何修改）"],
    [{ couponType: "FREE" }, "请选择优惠类型（满减券或折扣券）（未做任何修改）"],
  ])("refuses %o in Chinese, nothing written", (over, message) => {
    expect(desk.createActivity(OPERATOR, NO, { ...EIGHT_FIVE, ...over })).toEqual({ ok: false, message });
    expect(activity()).toBeUndefined();
    expect(audit()).toEqual([]);
  });
});

describe("editing an activity", () => {
  beforeEach(() => expect(desk.createActivity(OPERATOR, NO, FIELDS).ok).toBe(true));

  it("saves every field before anyone claims, with before → after", () => {
    const done = desk.updateActivity(OPERATOR, NO, {
      ...FIELDS,
      name: "满200减25",
      amount: "25",
      threshold: "200",
      totalStock: "50",
      perMemberLimit: "1",
      goodsScope: "G2",
    });
    expect(done).toEqual({ ok: true, message: "已保存优惠券活动「满200减25」" });
    expect(activity()).toMatchObject({ amountOff: 2500, threshold: 20000, totalStock: 50, perMemberLimit: 1, goodsScope: ["G2"], displayUse: "满200元可用" });
    expect(audit().at(-1)).toMatchObject({
      action: "修改优惠券活动",
      before: expect.stringContaining("面额 ￥10.00；门槛 ￥100.00"),
      after: expect.stringContaining("面额 ￥25.00；门槛 ￥200.00"),
    });
  });

  it("keeps claimed coupons' terms: amount, threshold and goods locked, stock not below the claims", () => {
    claim();
    claim();
    for (const [over, message] of [
      [{ amount: "20", threshold: "100" }, "已有 2 张被领取，优惠类型、面额或折扣、门槛和适用商品不能再改（未做任何修改）"],
      [{ goodsScope: "G1" }, "已有 2 张被领取，优惠类型、面额或折扣、门槛和适用商品不能再改（未做任何修改）"],
      [{ totalStock: "1", perMemberLimit: "1" }, "发放总量不能少于已领取的 2 张（未做任何修改）"],
      [{ amount: "0" }, "面额须为大于 0 的金额（元，最多两位小数，如 38.00）（未做任何修改）"],
    ] as const) {
      const before = activity();
      expect(desk.updateActivity(OPERATOR, NO, { ...FIELDS, ...over })).toEqual({ ok: false, message });
      expect(activity()).toEqual(before);
    }
    expect(audit()).toHaveLength(1);
    expect(desk.updateActivity(OPERATOR, NO, { ...FIELDS, name: "延长", endAt: "2027-01-31T23:59", totalStock: "2" }).ok).toBe(true);
    expect(activity()).toMatchObject({ couponName: "延长", totalStock: 2, claimEndAt: Date.UTC(2027, 0, 31, 15, 59) });
  });

  it("refuses an unknown activity", () => {
    expect(desk.updateActivity(OPERATOR, "ACT404", FIELDS)).toEqual({ ok: false, message: COUPON_DESK_MESSAGES.NOT_FOUND });
  });
});

describe("stopping an activity", () => {
  beforeEach(() => expect(desk.createActivity(OPERATOR, NO, FIELDS).ok).toBe(true));

  it("hides it from the coupon centre and refuses claims; claimed coupons stay valid", () => {
    const couponNo = claim();
    expect(desk.stopActivity(OPERATOR, NO, { voidUnused: false })).toEqual({
      ok: true,
      message: "已停用优惠券活动「满100减10」，领券中心不再显示；已领取的券仍可使用",
    });
    expect(activity()!.stoppedAt).toBe(NOW);
    expect(centre()).toEqual([]);
    expect(refusalOf(() => claim())).toBe("优惠券已失效");
    expect(myCoupons({ store, now: () => clock }, shopper, { page: 1, size: 20 }).unused_coupons.map((c) => c.coupon_no)).toEqual([couponNo]);
    expect(desk.listActivities()[0]).toMatchObject({ state: "已停用", claimed: 1 });
    expect(audit().at(-1)).toMatchObject({ action: "停用优惠券活动", subject: NO, before: "进行中；已领取 1 张", after: "已停用；已领取的券仍可使用" });
    // stopped for good: no second stop, no edit
    expect(desk.stopActivity(OPERATOR, NO, { voidUnused: true })).toEqual({ ok: false, message: COUPON_DESK_MESSAGES.ALREADY_STOPPED });
    expect(desk.updateActivity(OPERATOR, NO, FIELDS)).toEqual({ ok: false, message: COUPON_DESK_MESSAGES.STOPPED });
    expect(store.db.select().from(coupons).get()!.status).toBe("UNUSED");
  });

  it("voids the claimed coupons not used yet when the operator asks, leaving used and held ones alone", () => {
    const [unused, used, held] = [claim(), claim(), (desk.updateActivity(OPERATOR, NO, { ...FIELDS, perMemberLimit: "3" }), claim())];
    store.db.update(coupons).set({ status: "USED" }).where(eq(coupons.couponNo, used)).run();
    store.db.update(coupons).set({ status: "LOCKED", orderNo: "O1" }).where(eq(coupons.couponNo, held)).run();
    expect(desk.stopActivity(OPERATOR, NO, { voidUnused: true }).message).toBe("已停用优惠券活动「满100减10」，领券中心不再显示；已作废未使用的 1 张");
    const status = (couponNo: string) => store.db.select().from(coupons).where(eq(coupons.couponNo, couponNo)).get()!.status;
    expect([status(unused), status(used), status(held)]).toEqual(["INVALID", "USED", "LOCKED"]);
    expect(myCoupons({ store, now: () => clock }, shopper, { page: 1, size: 20 }).expired_coupons.map((c) => c.coupon_status)).toEqual(["INVALID"]);
  });

  it("leaves an unknown activity alone", () => {
    expect(desk.stopActivity(OPERATOR, "ACT404", { voidUnused: false })).toEqual({ ok: false, message: COUPON_DESK_MESSAGES.NOT_FOUND });
  });
});
