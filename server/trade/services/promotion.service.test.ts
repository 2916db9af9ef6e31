// The coupon steps the order code runs inside its own transaction: lock (WAIT_PAY), release
// (CLOSE), consume (paid). On an in-memory database with just the rows they need.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../../db/client";
import { couponActivities, coupons, members } from "../../../db/schema";
import { DAY_MS } from "../domain/coupon-rules";
import { ApiError } from "../http/api-error";
import { claimCoupon, consumeCoupon, lockCoupon, receiveAuto, releaseCoupon } from "./promotion.service";

const NOW = Date.UTC(2025, 2, 10, 4);
let store: Store;
let alice: number;
let bob: number;

function addCoupon(couponNo: string, memberId: number, over: Partial<typeof coupons.$inferInsert> = {}) {
  store.db
    .insert(coupons)
    .values({ couponNo, activityNo: "A1", memberId, status: "UNUSED", useTimeStart: NOW - DAY_MS, useTimeEnd: NOW + DAY_MS, ...over })
    .run();
}
const row = (couponNo: string) => store.db.select().from(coupons).where(eq(coupons.couponNo, couponNo)).get()!;
const failure = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, message: error.message };
    throw error;
  }
  return null;
};

beforeEach(() => {
  store = openStore(":memory:");
  alice = store.db.insert(members).values({ mobile: "+86-13000000001", memberName: "A" }).returning().get().memberId;
  bob = store.db.insert(members).values({ mobile: "+86-13000000002", memberName: "B" }).returning().get().memberId;
  store.db
    .insert(couponActivities)
    .values({
      activityNo: "A1",
      couponType: "SALE_OFF",
      couponName: "满100减10",
      mainTitle: "满减",
      displayName: "￥10",
      displayUse: "满100元可用",
      amountOff: 1000,
      threshold: 10000,
      validityMode: "DAYS",
      validDays: 7,
      totalStock: 100,
      perMemberLimit: 5,
    })
    .run();
});
afterEach(() => store.close());

describe("lockCoupon", () => {
  it("locks an unused coupon for an order, inside a transaction", () => {
    addCoupon("CP1", alice);
    store.db.transaction(() => lockCoupon(store.db, "CP1", alice, "O1", NOW));
    expect(row("CP1")).toMatchObject({ status: "LOCKED", orderNo: "O1" });
  });

  it("is a no-op when the same order locks it again", () => {
    addCoupon("CP1", alice);
    lockCoupon(store.db, "CP1", alice, "O1");
    expect(failure(() => lockCoupon(store.db, "CP1", alice, "O1"))).toBeNull();
    expect(row("CP1")).toMatchObject({ status: "LOCKED", orderNo: "O1" });
  });

  it.each([
    ["held by another open order", { status: "LOCKED", orderNo: "O0" }, "alice", 409, "优惠券已被其他订单占用"],
    ["used", { status: "USED", orderNo: "O0" }, "alice", 400, "优惠券不可用"],
    ["invalid", { status: "INVALID" }, "alice", 400, "优惠券不可用"],
    ["expired", { useTimeEnd: NOW - 1 }, "alice", 400, "优惠券不可用"],
    ["not begun", { useTimeStart: NOW + 1 }, "alice", 400, "优惠券不可用"],
    ["another member's", {}, "bob", 400, "优惠券不可用"],
  ] as const)("refuses a coupon %s and changes nothing", (_name, over, who, status, message) => {
    addCoupon("CP1", alice, over);
    const before = row("CP1");
    const memberId = who === "alice" ? alice : bob;
    expect(failure(() => store.db.transaction(() => lockCoupon(store.db, "CP1", memberId, "O1", NOW)))).toEqual({ status, message });
    expect(row("CP1")).toEqual(before);
  });

  it("refuses an unknown coupon", () => {
    expect(failure(() => lockCoupon(store.db, "CP404", alice, "O1", NOW))).toEqual({ status: 400, message: "优惠券不可用" });
  });

  it("never lets two orders hold one coupon", () => {
    addCoupon("CP1", alice);
    lockCoupon(store.db, "CP1", alice, "O1", NOW);
    expect(failure(() => lockCoupon(store.db, "CP1", alice, "O2", NOW))?.status).toBe(409);
    expect(row("CP1").orderNo).toBe("O1");
  });

  it("rolls back with the caller's transaction", () => {
    addCoupon("CP1", alice);
    expect(() =>
      store.db.transaction(() => {
        lockCoupon(store.db, "CP1", alice, "O1", NOW);
        throw new Error("order insert failed");
      }),
    ).toThrow("order insert failed");
    expect(row("CP1")).toMatchObject({ status: "UNUSED", orderNo: null });
  });
});

describe("releaseCoupon and consumeCoupon", () => {
  it("release returns the order's locked coupons to UNUSED (the order closed)", () => {
    addCoupon("CP1", alice);
    addCoupon("CP2", alice);
    lockCoupon(store.db, "CP1", alice, "O1", NOW);
    lockCoupon(store.db, "CP2", alice, "O2", NOW);
    expect(store.db.transaction(() => releaseCoupon(store.db, "O1"))).toBe(1);
    expect(row("CP1")).toMatchObject({ status: "UNUSED", orderNo: null });
    expect(row("CP2")).toMatchObject({ status: "LOCKED", orderNo: "O2" });
    expect(releaseCoupon(store.db, "O1")).toBe(0);
    // released, it can be locked by a new order
    lockCoupon(store.db, "CP1", alice, "O3", NOW);
    expect(row("CP1").orderNo).toBe("O3");
  });

  it("consume marks the order's locked coupons USED with the time (the order was paid)", () => {
    addCoupon("CP1", alice);
    lockCoupon(store.db, "CP1", alice, "O1", NOW);
    expect(store.db.transaction(() => consumeCoupon(store.db, "O1", NOW + 5))).toBe(1);
    expect(row("CP1")).toMatchObject({ status: "USED", orderNo: "O1", usedAt: NOW + 5 });
    // a used coupon is neither released nor consumed again
    expect(releaseCoupon(store.db, "O1")).toBe(0);
    expect(consumeCoupon(store.db, "O1", NOW + 9)).toBe(0);
    expect(row("CP1")).toMatchObject({ status: "USED", usedAt: NOW + 5 });
  });

  it("consume after a release changes nothing (paid after close is the order code's to flag)", () => {
    addCoupon("CP1", alice);
    lockCoupon(store.db, "CP1", alice, "O1", NOW);
    releaseCoupon(store.db, "O1");
    expect(consumeCoupon(store.db, "O1", NOW)).toBe(0);
    expect(row("CP1")).toMatchObject({ status: "UNUSED", orderNo: null });
  });
});

describe("claims", () => {
  /** The services' dependencies with the clock stopped at `now`. */
  const at = (now: number) => ({ store, now: () => now });

  it("claims within stock and limit, counting every coupon of the member", () => {
    store.db.update(couponActivities).set({ perMemberLimit: 2, totalStock: 3 }).run();
    claimCoupon(at(NOW), { memberId: alice }, "A1");
    claimCoupon(at(NOW), { memberId: alice }, "A1");
    expect(failure(() => claimCoupon(at(NOW), { memberId: alice }, "A1"))).toEqual({ status: 409, message: "已达领取上限" });
    claimCoupon(at(NOW), { memberId: bob }, "A1");
    expect(failure(() => claimCoupon(at(NOW), { memberId: bob }, "A1"))).toEqual({ status: 409, message: "优惠券已领完" });
    expect(store.db.select().from(couponActivities).get()?.claimedCount).toBe(3);
  });

  it("auto-grants once", () => {
    store.db.update(couponActivities).set({ autoGrant: true }).run();
    expect(receiveAuto(at(NOW), { memberId: alice }).received).toHaveLength(1);
    expect(receiveAuto(at(NOW), { memberId: alice }).received).toEqual([]);
  });
});
