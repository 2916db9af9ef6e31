// Coupons and coupon activities (spec/01 §3–§4, spec/03 §5): the member's coupons grouped by
// state, the collection centre, claims (single, automatic, one-click) that respect stock and the
// per-member limit under concurrency, and the lock/release/consume steps order code runs inside
// its own transaction.
import { randomInt } from "node:crypto";
import { and, asc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Db, DbTx } from "../../../db/client";
import { couponActivities, coupons, goods, members } from "../../../db/schema";
import {
  claimRefusal,
  couponView,
  expiryLabel,
  listedInCollection,
  validityAtClaim,
  validityText,
  type ClaimRefusal,
  type CouponGroup,
  type CouponType,
  type OwnedCoupon,
  type StoredCouponStatus,
  type WireCouponStatus,
} from "../domain/coupon-rules";
import type { Caller, ServiceDeps } from "../deps";
import { ApiError, ERROR } from "../http/api-error";
import { preparedFor } from "./prepared";

type ActivityRow = typeof couponActivities.$inferSelect;
type CouponRow = typeof coupons.$inferSelect;

export const PROMOTION_MESSAGES = {
  ACTIVITY_NOT_FOUND: "优惠券活动不存在",
  OUT_OF_STOCK: "优惠券已领完",
  LIMIT_REACHED: "已达领取上限",
  WINDOW_CLOSED: "优惠券已失效",
  NOT_STARTED: "优惠券尚未开始领取",
  COUPON_UNAVAILABLE: "优惠券不可用",
  COUPON_HELD: "优惠券已被其他订单占用",
} as const;

const REFUSAL_ERRORS: Record<ClaimRefusal, string> = {
  OUT_OF_STOCK: PROMOTION_MESSAGES.OUT_OF_STOCK,
  LIMIT_REACHED: PROMOTION_MESSAGES.LIMIT_REACHED,
  WINDOW_CLOSED: PROMOTION_MESSAGES.WINDOW_CLOSED,
  NOT_STARTED: PROMOTION_MESSAGES.NOT_STARTED,
};

// ─── wire shapes ─────────────────────────────────────────────────────────

export interface WireCoupon {
  coupon_no: string;
  coupon_name: string;
  coupon_status: WireCouponStatus;
  coupon_type: CouponType;
  activity_no: string;
  use_time_start: number;
  use_time_end: number;
  /** SALE_OFF only: cents off. */
  discount_amount?: number;
  /** DISCOUNT only: percent off (10 = 9折). */
  discount_percent?: number;
  /** DISCOUNT only, when capped: the most it saves (cents). */
  max_discount?: number;
  /** Minimum goods amount (cents); 0 = none. */
  threshold: number;
  /** Goods numbers it applies to; empty = every goods. */
  goods_scope: string[];
  /** Extension (docs/api.md): the names of those goods, in the same order (what a shopper reads). */
  goods_scope_names?: string[];
  /** 今天到期 / N天后到期 for unused coupons ending within 3 days, else "". */
  expire_label: string;
  attr: { main_title: string; sub_title: string; display_name: string; display_use: string; jump_url: string };
}

export interface WireActivity {
  activity_no: string;
  coupon_type: CouponType;
  extra_info: {
    main_title: string;
    sub_title: string;
    display_name: string;
    display_time: string;
    display_use: string;
    display_get: string;
    jump_url: string;
  };
  claimed_count_by_me: number;
  /** A member who may claim one now. */
  can_receive: boolean;
  /** A member who may not claim (limit reached or out of stock); false for visitors. */
  disabled: boolean;
  /** Extension (docs/api.md): the coupon's minimum goods amount (cents); 0 = none. */
  threshold: number;
  /** Extension (docs/api.md): goods numbers the coupon applies to; empty = every goods. */
  goods_scope: string[];
  /** Extension (docs/api.md): the names of those goods, in the same order (what a shopper reads). */
  goods_scope_names: string[];
}

export function toOwnedCoupon(coupon: CouponRow, activity: ActivityRow): OwnedCoupon {
  return {
    couponNo: coupon.couponNo,
    status: coupon.status as StoredCouponStatus,
    useTimeStart: coupon.useTimeStart,
    useTimeEnd: coupon.useTimeEnd,
    couponType: activity.couponType as CouponType,
    amountOffCents: activity.amountOff,
    discountPercent: activity.discountPercent,
    maxDiscountCents: activity.maxDiscount,
    thresholdCents: activity.threshold,
    goodsScope: activity.goodsScope,
  };
}

export function toWireCoupon(coupon: CouponRow, activity: ActivityRow, now: number): WireCoupon {
  const view = couponView({ status: coupon.status as StoredCouponStatus, useTimeEnd: coupon.useTimeEnd }, now);
  const type = activity.couponType as CouponType;
  return {
    coupon_no: coupon.couponNo,
    coupon_name: activity.couponName,
    coupon_status: view.status,
    coupon_type: type,
    activity_no: activity.activityNo,
    use_time_start: coupon.useTimeStart,
    use_time_end: coupon.useTimeEnd,
    ...(type === "SALE_OFF" && activity.amountOff !== null ? { discount_amount: activity.amountOff } : {}),
    ...(type === "DISCOUNT" && activity.discountPercent !== null ? { discount_percent: activity.discountPercent } : {}),
    ...(type === "DISCOUNT" && activity.maxDiscount !== null ? { max_discount: activity.maxDiscount } : {}),
    threshold: activity.threshold,
    goods_scope: activity.goodsScope,
    expire_label: view.group === "unused" ? expiryLabel(coupon.useTimeEnd, now) : "",
    attr: {
      main_title: activity.mainTitle,
      sub_title: activity.subTitle,
      display_name: activity.displayName,
      display_use: activity.displayUse,
      jump_url: activity.jumpUrl ?? "",
    },
  };
}

// ─── reading ─────────────────────────────────────────────────────────────

/** Every coupon of a member with its activity. */
export function memberCouponRows(db: Db, memberId: number): { coupon: CouponRow; activity: ActivityRow }[] {
  return reads(db).memberCoupons.all({ memberId });
}

export interface MyCoupons {
  unused_coupons: WireCoupon[];
  used_coupons: WireCoupon[];
  expired_coupons: WireCoupon[];
  page: number;
  size: number;
  totals: { unused_coupons: number; used_coupons: number; expired_coupons: number };
}

/**
 * The member's coupons in three groups, each paged by `page`/`size`: unused (soonest to end
 * first), used (latest first, LOCKED ones included as USED), expired (latest end first, INVALID
 * included).
 */
export function myCoupons(deps: ServiceDeps, member: Caller, paging: { page: number; size: number }): MyCoupons {
  const [db, memberId, now] = [deps.store.db, member.memberId, deps.now()];
  const groups: Record<CouponGroup, { row: CouponRow; wire: WireCoupon }[]> = { unused: [], used: [], expired: [] };
  for (const { coupon, activity } of memberCouponRows(db, memberId)) {
    const view = couponView({ status: coupon.status as StoredCouponStatus, useTimeEnd: coupon.useTimeEnd }, now);
    groups[view.group].push({ row: coupon, wire: toWireCoupon(coupon, activity, now) });
  }
  const byNo = (a: CouponRow, b: CouponRow) => (a.couponNo < b.couponNo ? -1 : a.couponNo > b.couponNo ? 1 : 0);
  groups.unused.sort((a, b) => a.row.useTimeEnd - b.row.useTimeEnd || byNo(a.row, b.row));
  groups.used.sort((a, b) => (b.row.usedAt ?? b.row.createdAt) - (a.row.usedAt ?? a.row.createdAt) || byNo(a.row, b.row));
  groups.expired.sort((a, b) => b.row.useTimeEnd - a.row.useTimeEnd || byNo(a.row, b.row));
  const from = (paging.page - 1) * paging.size;
  const pages = [groups.unused, groups.used, groups.expired].map((list) => list.slice(from, from + paging.size).map((x) => x.wire));
  const names = goodsNames(db, pages.flat());
  const pageOf = (group: number) => pages[group]!.map((wire) => ({ ...wire, goods_scope_names: scopeNames(names, wire.goods_scope) }));
  return {
    unused_coupons: pageOf(0),
    used_coupons: pageOf(1),
    expired_coupons: pageOf(2),
    page: paging.page,
    size: paging.size,
    totals: {
      unused_coupons: groups.unused.length,
      used_coupons: groups.used.length,
      expired_coupons: groups.expired.length,
    },
  };
}

function claimedCountsOf(db: Db, memberId: number): Map<string, number> {
  return new Map(
    reads(db)
      .claimedCounts.all({ memberId })
      .map((r) => [r.activityNo, r.n]),
  );
}

/** Every activity in the collection's order; inside a transaction of db's connection, part of it. */
function allActivities(db: Db): ActivityRow[] {
  return reads(db).activities.all();
}

/** The reads of a member's coupon pages (the goods page asks for two of them per view), prepared once. */
const reads = preparedFor((db) => ({
  memberCoupons: db
    .select({ coupon: coupons, activity: couponActivities })
    .from(coupons)
    .innerJoin(couponActivities, eq(couponActivities.activityNo, coupons.activityNo))
    .where(eq(coupons.memberId, sql.placeholder("memberId")))
    .prepare(),
  claimedCounts: db
    .select({ activityNo: coupons.activityNo, n: sql<number>`count(*)` })
    .from(coupons)
    .where(eq(coupons.memberId, sql.placeholder("memberId")))
    .groupBy(coupons.activityNo)
    .prepare(),
  activities: db.select().from(couponActivities).orderBy(asc(couponActivities.sort), asc(couponActivities.activityNo)).prepare(),
  goodsNames: db
    .select({ goodsNo: goods.goodsNo, goodsName: goods.goodsName })
    .from(goods)
    .where(inArray(goods.goodsNo, sql`(select value from json_each(${sql.placeholder("goodsNos")}))`))
    .prepare(),
}));

/** The names of every goods some of these coupons are limited to, read in one statement. */
function goodsNames(db: Db, scoped: readonly { goods_scope: readonly string[] }[]): Map<string, string> {
  const wanted = [...new Set(scoped.flatMap((c) => c.goods_scope))];
  if (!wanted.length) return new Map();
  return new Map(
    reads(db)
      .goodsNames.all({ goodsNos: JSON.stringify(wanted) })
      .map((g) => [g.goodsNo, g.goodsName]),
  );
}

/** A coupon's goods in words, in its scope's order (a goods no longer in the catalogue is left out). */
function scopeNames(names: Map<string, string>, scope: readonly string[]): string[] {
  return scope.flatMap((goodsNo) => names.get(goodsNo) ?? []);
}

/**
 * The collection centre: activities whose claim window is open and which have stock left or are
 * already held by the member, with the member's claim state (a visitor: can_receive false, not
 * disabled, so the card invites a login).
 */
export function availableActivities(
  deps: ServiceDeps,
  member: Caller | null,
  paging: { page: number; size: number },
): { list: WireActivity[]; page: number; size: number; total: number } {
  const [db, memberId, now] = [deps.store.db, member?.memberId ?? null, deps.now()];
  const mine = memberId === null ? new Map<string, number>() : claimedCountsOf(db, memberId);
  const listed = allActivities(db).filter((a) => listedInCollection(a, mine.get(a.activityNo) ?? 0, now));
  const from = (paging.page - 1) * paging.size;
  const shown = listed.slice(from, from + paging.size);
  const names = goodsNames(
    db,
    shown.map((a) => ({ goods_scope: a.goodsScope })),
  );
  const list = shown.map((a): WireActivity => {
    const claimed = mine.get(a.activityNo) ?? 0;
    const canReceive = memberId !== null && claimRefusal(a, claimed, now) === null;
    return {
      activity_no: a.activityNo,
      coupon_type: a.couponType as CouponType,
      extra_info: {
        main_title: a.mainTitle,
        sub_title: a.subTitle,
        display_name: a.displayName,
        display_time: validityText(a),
        display_use: a.displayUse,
        display_get: a.displayGet,
        jump_url: a.jumpUrl ?? "",
      },
      claimed_count_by_me: claimed,
      can_receive: canReceive,
      disabled: memberId !== null && !canReceive,
      threshold: a.threshold,
      goods_scope: a.goodsScope,
      goods_scope_names: scopeNames(names, a.goodsScope),
    };
  });
  return { list, page: paging.page, size: paging.size, total: listed.length };
}

// ─── claiming ────────────────────────────────────────────────────────────

/** `CP` + 10 random digits, unique among coupons. */
function newCouponNo(tx: DbTx): string {
  for (let attempt = 0; attempt < 20; attempt++) {
    const couponNo = `CP${String(randomInt(0, 10_000_000_000)).padStart(10, "0")}`;
    const taken = tx.select({ n: coupons.couponNo }).from(coupons).where(eq(coupons.couponNo, couponNo)).get();
    if (!taken) return couponNo;
  }
  throw new Error("could not draw a free coupon number");
}

/**
 * One claim inside the caller's transaction: checks the window and the member's limit, takes one
 * from stock with a conditional UPDATE (claimed_count < total_stock), and inserts the coupon.
 * Returns the refusal instead of throwing so batch claims can skip.
 */
function claimIn(tx: DbTx, activity: ActivityRow, memberId: number, now: number): { couponNo: string } | { refusal: ClaimRefusal } {
  const claimedByMe =
    tx
      .select({ n: sql<number>`count(*)` })
      .from(coupons)
      .where(and(eq(coupons.activityNo, activity.activityNo), eq(coupons.memberId, memberId)))
      .get()?.n ?? 0;
  const refusal = claimRefusal(activity, claimedByMe, now);
  if (refusal) return { refusal };
  const taken = tx
    .update(couponActivities)
    .set({ claimedCount: sql`${couponActivities.claimedCount} + 1` })
    .where(and(eq(couponActivities.activityNo, activity.activityNo), lt(couponActivities.claimedCount, couponActivities.totalStock)))
    .run();
  if (taken.changes !== 1) return { refusal: "OUT_OF_STOCK" };
  const couponNo = newCouponNo(tx);
  tx.insert(coupons)
    .values({ couponNo, activityNo: activity.activityNo, memberId, status: "UNUSED", ...validityAtClaim(activity, now), createdAt: now })
    .run();
  return { couponNo };
}

/** Claims one coupon of an activity for a member: 404 unknown, 409 closed / at limit / out of stock. */
export function claimCoupon(deps: ServiceDeps, member: Caller, activityNo: string): { coupon_no: string } {
  const [db, memberId, now] = [deps.store.db, member.memberId, deps.now()];
  return db.transaction(
    (tx) => {
      const activity = tx.select().from(couponActivities).where(eq(couponActivities.activityNo, activityNo)).get();
      if (!activity) throw new ApiError(ERROR.NOT_FOUND, PROMOTION_MESSAGES.ACTIVITY_NOT_FOUND);
      const result = claimIn(tx, activity, memberId, now);
      if ("refusal" in result) throw new ApiError(ERROR.CONFLICT, REFUSAL_ERRORS[result.refusal]);
      return { coupon_no: result.couponNo };
    },
    { behavior: "immediate" },
  );
}

/**
 * Grants every auto-grant activity once per member (members.auto_coupons_granted_at marks it);
 * a second call grants nothing. Activities closed, out of stock or at the limit are skipped.
 */
export function receiveAuto(deps: ServiceDeps, member: Caller): { received: string[] } {
  const [db, memberId, now] = [deps.store.db, member.memberId, deps.now()];
  return db.transaction(
    (tx) => {
      const marked = tx
        .update(members)
        .set({ autoCouponsGrantedAt: now })
        .where(and(eq(members.memberId, memberId), isNull(members.autoCouponsGrantedAt)))
        .run();
      if (marked.changes !== 1) return { received: [] };
      const received: string[] = [];
      for (const activity of allActivities(db).filter((a) => a.autoGrant)) {
        const result = claimIn(tx, activity, memberId, now);
        if ("couponNo" in result) received.push(result.couponNo);
      }
      return { received };
    },
    { behavior: "immediate" },
  );
}

/** Claims one of every activity the member can claim now, skipping the rest. */
export function receiveOneClick(deps: ServiceDeps, member: Caller): { received: string[] } {
  const [db, memberId, now] = [deps.store.db, member.memberId, deps.now()];
  return db.transaction(
    (tx) => {
      const received: string[] = [];
      for (const activity of allActivities(db)) {
        const result = claimIn(tx, activity, memberId, now);
        if ("couponNo" in result) received.push(result.couponNo);
      }
      return { received };
    },
    { behavior: "immediate" },
  );
}

// ─── order steps (run inside the order code's transaction) ──────────────

const p = sql.placeholder;
const orderSteps = preparedFor((db) => ({
  lock: db
    .update(coupons)
    .set({ status: "LOCKED", orderNo: sql`${p("orderNo")}` })
    .where(
      and(
        eq(coupons.couponNo, p("couponNo")),
        eq(coupons.memberId, p("memberId")),
        eq(coupons.status, "UNUSED"),
        // without a time (tests), the use window is not checked
        sql`(${p("now")} is null or (${coupons.useTimeStart} <= ${p("now")} and ${coupons.useTimeEnd} >= ${p("now")}))`,
      ),
    )
    .prepare(),
  release: db
    .update(coupons)
    .set({ status: "UNUSED", orderNo: null })
    .where(and(eq(coupons.orderNo, p("orderNo")), eq(coupons.status, "LOCKED")))
    .prepare(),
  consume: db
    .update(coupons)
    .set({ status: "USED", usedAt: sql`${p("now")}` })
    .where(and(eq(coupons.orderNo, p("orderNo")), eq(coupons.status, "LOCKED")))
    .prepare(),
}));

/**
 * Locks an UNUSED coupon of the member for an order (status LOCKED, order_no set), atomically:
 * a coupon is never held by two open orders. Locking again for the same order is a no-op. Usability
 * for the order's units (scope, threshold, window) is the pricing service's job before this.
 * Throws 400 优惠券不可用 (unknown, another member's, used, invalid, expired) or 409 when another
 * order holds it. Runs inside a transaction the caller opened on `db`.
 */
export function lockCoupon(db: Db, couponNo: string, memberId: number, orderNo: string, now?: number): void {
  const locked = orderSteps(db).lock.run({ couponNo, memberId, orderNo, now: now ?? null });
  if (locked.changes === 1) return;
  const row = db
    .select()
    .from(coupons)
    .where(and(eq(coupons.couponNo, couponNo), eq(coupons.memberId, memberId)))
    .get();
  if (row?.status === "LOCKED" && row.orderNo === orderNo) return;
  if (row?.status === "LOCKED") throw new ApiError(ERROR.CONFLICT, PROMOTION_MESSAGES.COUPON_HELD);
  throw new ApiError(ERROR.BAD_INPUT, PROMOTION_MESSAGES.COUPON_UNAVAILABLE);
}

/** Returns the coupons an order holds to UNUSED (the order closed). Returns how many. */
export function releaseCoupon(db: Db, orderNo: string): number {
  return orderSteps(db).release.run({ orderNo }).changes;
}

/** Consumes the coupons an order holds (the order was paid): USED, used_at = now. Returns how many. */
export function consumeCoupon(db: Db, orderNo: string, now: number): number {
  return orderSteps(db).consume.run({ orderNo, now }).changes;
}

/** Coupons of a member by number, with their activities (for pricing a chosen coupon). */
export function memberCouponsByNo(db: DbTx, memberId: number, couponNos: string[]) {
  if (couponNos.length === 0) return [];
  return db
    .select({ coupon: coupons, activity: couponActivities })
    .from(coupons)
    .innerJoin(couponActivities, eq(couponActivities.activityNo, coupons.activityNo))
    .where(and(eq(coupons.memberId, memberId), inArray(coupons.couponNo, couponNos)))
    .all();
}
