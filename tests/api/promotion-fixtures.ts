// Rows the promotion and cart tests create for themselves: members with credentials, coupon
// activities, goods with SKUs; and a snapshot of the promotion tables.
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { couponActivities, coupons, goods, members, skus } from "../../db/schema";
import { issueCredential } from "../../server/trade/services/session.service";
import type { Harness } from "./harness";

export const DEMO_MOBILE_1 = "+86-13800138000";
export const DEMO_MOBILE_2 = "+86-13900139000";

let serial = 0;
/** A unique suffix per call (per test file process). */
export const unique = () => `${process.pid % 1000}${++serial}`.padStart(6, "0");

export function memberIdOf(db: Db, mobile: string): number {
  const row = db.select({ id: members.memberId }).from(members).where(eq(members.mobile, mobile)).get();
  if (!row) throw new Error(`no member ${mobile}`);
  return row.id;
}

export function createMember(db: Db): number {
  const mobile = `+86-177${unique().padStart(8, "0").slice(-8)}`;
  const row = db
    .insert(members)
    .values({ mobile, memberName: `测试${mobile.slice(-4)}`, autoCouponsGrantedAt: null })
    .returning({ id: members.memberId })
    .get();
  return row.id;
}

/** Headers carrying a credential issued straight to the member (no login; the login flow itself is member-helpers.ts loginAs). */
export function credentialHeaders(h: Harness, memberId: number): Record<string, string> {
  return { "Login-Credential": issueCredential(h.store.db, memberId, h.clock.now).token };
}

type ActivityInsert = typeof couponActivities.$inferInsert;

export function createActivity(db: Db, over: Partial<ActivityInsert> = {}): string {
  const activityNo = over.activityNo ?? `TACT${unique()}`;
  db.insert(couponActivities)
    .values({
      activityNo,
      couponType: "SALE_OFF",
      couponName: "测试满减券",
      mainTitle: "测试券",
      subTitle: "仅测试",
      displayName: "￥10",
      displayUse: "满50元可用",
      displayGet: "每人限领1张",
      jumpUrl: "",
      amountOff: 1000,
      threshold: 5000,
      validityMode: "DAYS",
      validDays: 7,
      totalStock: 1000,
      claimedCount: 0,
      perMemberLimit: 1,
      goodsScope: [],
      sort: 1000,
      ...over,
    })
    .run();
  return activityNo;
}

/** A goods on sale with SKUs at the given prices (cents); returns its number and SKU numbers. */
export function createGoods(db: Db, prices: number[], over: Partial<typeof goods.$inferInsert> = {}) {
  const goodsNo = over.goodsNo ?? `TG${unique()}`;
  db.insert(goods)
    .values({
      goodsNo,
      goodsName: "测试游戏",
      platform: "STEAM",
      ...over,
    })
    .run();
  const skuNos = prices.map((price, i) => {
    const skuNo = `${goodsNo}-S${i + 1}`;
    db.insert(skus)
      .values({ skuNo, goodsNo, skuName: `规格${i + 1}`, priceTurnCny: price, originPriceCny: price + 1000 })
      .run();
    return skuNo;
  });
  return { goodsNo, skuNos };
}

export const unit = (goodsNo: string, skuNo: string) => ({ goods_no: goodsNo, sku_no: skuNo, sku_num: 1 });

/** Every row of coupons and coupon_activities, to show that a request changed nothing. */
export function promotionSnapshot(db: Db) {
  return {
    coupons: db.select().from(coupons).orderBy(asc(coupons.couponNo)).all(),
    activities: db.select().from(couponActivities).orderBy(asc(couponActivities.activityNo)).all(),
    members: db.select({ id: members.memberId, auto: members.autoCouponsGrantedAt }).from(members).orderBy(asc(members.memberId)).all(),
  };
}

export function couponRow(db: Db, couponNo: string) {
  return db.select().from(coupons).where(eq(coupons.couponNo, couponNo)).get();
}

export function activityRow(db: Db, activityNo: string) {
  return db.select().from(couponActivities).where(eq(couponActivities.activityNo, activityNo)).get();
}
