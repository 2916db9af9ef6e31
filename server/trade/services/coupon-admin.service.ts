// Coupon activities as the back office runs them (issue 39, decision 064): the list with each
// activity's state and claimed/used counts; a new amount-off (SALE_OFF) or percentage (DISCOUNT)
// activity whose coupons last its window or N days from the claim (decision 066); edits; a stop that
// closes claims at once and, if the operator chooses, voids the claimed coupons not used yet. The
// shop's rules (claim window, stock, per-member limit, goods scope) are promotion.service's and
// coupon-rules' as before: an activity made here is a row those read like the seed's. Every change
// runs in one `BEGIN IMMEDIATE` with its audit line (before → after); a refusal changes nothing.
import { randomInt } from "node:crypto";
import { and, asc, eq, inArray, min, sql } from "drizzle-orm";
import type { DbTx } from "../../../db/client";
import { couponActivities, coupons, goods } from "../../../db/schema";
import type { ActivityEdit, ActivityFields, ActivityRow, ActivityState, ChangeOutcome, SignedInOperator } from "../../../shared/back-office";
import { foldOf, yuanText } from "../../../shared/money";
import { compactShopDay, formatDateTime } from "../../../shared/shop-time";
import { claimWindow, validityText } from "../domain/coupon-rules";
import type { ServiceDeps } from "../deps";
import { recordAudit } from "./audit-log.service";
import { type CheckedActivity, checkActivityFields } from "./activity-fields";

type Activity = typeof couponActivities.$inferSelect;

export const COUPON_DESK_MESSAGES = {
  NOT_FOUND: "优惠券活动不存在",
  POSTED_TWICE: "这个活动已经创建过了（表单重复提交），未重复创建",
  STOPPED: "活动已停用，不能再修改（未做任何修改）",
  ALREADY_STOPPED: "活动已经停用过了（未做任何修改）",
  BAD_FORM: "表单无效，请刷新页面后重试（未做任何修改）",
} as const;

/** New activities' numbers: ACT, the shop's day and six random digits (the seed's are ACT001…). */
const ACTIVITY_NO = /^ACT\d{14}$/;

type Checked = CheckedActivity;

type Refusal = { ok: false; message: string };
const refuse = (message: string): Refusal => ({ ok: false, message });
const refused = (message: string): Refusal => refuse(`${message}（未做任何修改）`);

/** "10", "9.9": yuan as a coupon card writes it. */
const plainYuan = (cents: number) => String(cents / 100);

function stateOf(activity: Activity, now: number): ActivityState {
  if (activity.stoppedAt !== null) return "已停用";
  const window = claimWindow(activity, now);
  return window === "NOT_STARTED" ? "未开始" : window === "CLOSED" ? "已结束" : "进行中";
}

function termsOf(a: Pick<Activity, "couponType" | "amountOff" | "discountPercent" | "maxDiscount">): string {
  if (a.couponType === "SALE_OFF") return yuanText(a.amountOff ?? 0);
  const fold = `${foldOf(a.discountPercent ?? 0)}折`;
  return a.maxDiscount === null ? fold : `${fold}（最多减 ${yuanText(a.maxDiscount)}）`;
}

/** Used and not-yet-used coupons per activity, read in one statement. */
function couponCounts(db: DbTx, activityNos: string[]): Map<string, { used: number; unused: number }> {
  if (!activityNos.length) return new Map();
  const rows = db
    .select({
      activityNo: coupons.activityNo,
      used: sql<number>`coalesce(sum(${coupons.status} = 'USED'), 0)`,
      unused: sql<number>`coalesce(sum(${coupons.status} = 'UNUSED'), 0)`,
    })
    .from(coupons)
    .where(inArray(coupons.activityNo, activityNos))
    .groupBy(coupons.activityNo)
    .all();
  return new Map(rows.map(({ activityNo, ...n }) => [activityNo, n]));
}

function rowOf(a: Activity, counts: { used: number } | undefined, now: number): ActivityRow {
  return {
    activityNo: a.activityNo,
    name: a.couponName,
    couponType: a.couponType,
    terms: termsOf(a),
    threshold: a.threshold,
    claimStartAt: a.claimStartAt,
    claimEndAt: a.claimEndAt,
    validityMode: a.validityMode,
    validity: validityText(a),
    totalStock: a.totalStock,
    claimed: a.claimedCount,
    used: counts?.used ?? 0,
    perMemberLimit: a.perMemberLimit,
    goodsScope: a.goodsScope,
    state: stateOf(a, now),
    stoppedAt: a.stoppedAt,
  };
}

/** The goods numbers of a scope the catalogue does not have. */
function unknownGoods(db: DbTx, scope: string[]): string[] {
  if (!scope.length) return [];
  const known = new Set(
    db
      .select({ goodsNo: goods.goodsNo })
      .from(goods)
      .where(inArray(goods.goodsNo, scope))
      .all()
      .map((g) => g.goodsNo),
  );
  return scope.filter((g) => !known.has(g));
}

/** The columns an activity's fields set: its terms, its window (claims and, for FIXED, use), its limits, its card's words. */
function columnsOf(f: Checked) {
  const scope = f.goodsScope.length ? "限指定商品可用" : "全场通用";
  return {
    couponName: f.name,
    mainTitle: f.name,
    subTitle: f.couponType === "DISCOUNT" ? `${scope}，最高减${plainYuan(f.maxDiscount)}元` : scope,
    displayName: f.couponType === "DISCOUNT" ? `${foldOf(f.discountPercent)}折` : `￥${plainYuan(f.amountOff)}`,
    displayUse: f.threshold ? `满${plainYuan(f.threshold)}元可用` : "无门槛",
    displayGet: `每人限领${f.perMemberLimit}张`,
    couponType: f.couponType,
    amountOff: f.amountOff,
    discountPercent: f.discountPercent,
    maxDiscount: f.maxDiscount,
    threshold: f.threshold,
    // FIXED: the coupons are used within the activity's window; DAYS: for validDays from their claim
    validityMode: f.validityMode,
    validFrom: f.validityMode === "FIXED" ? f.startAt : null,
    validTo: f.validityMode === "FIXED" ? f.endAt : null,
    validDays: f.validDays,
    claimStartAt: f.startAt,
    claimEndAt: f.endAt,
    totalStock: f.totalStock,
    perMemberLimit: f.perMemberLimit,
    goodsScope: f.goodsScope,
  };
}

const scopeText = (scope: string[]) => (scope.length ? scope.join("、") : "全部商品");
/** What a claimed coupon takes off and where, in one string: equal when an edit leaves it alone. */
const termsKey = (a: Parameters<typeof termsOf>[0] & Pick<Activity, "threshold" | "goodsScope">) => `${termsOf(a)}|${a.threshold}|${scopeText(a.goodsScope)}`;
const activityText = (a: Activity) =>
  [
    `名称 ${a.couponName}`,
    `${a.couponType === "DISCOUNT" ? "折扣" : "面额"} ${termsOf(a)}`,
    `门槛 ${a.threshold ? yuanText(a.threshold) : "无"}`,
    `时间 ${formatDateTime(a.claimStartAt) || "不限"} 至 ${formatDateTime(a.claimEndAt) || "不限"}`,
    // a FIXED coupon is used within the window above; a DAYS one from its claim
    ...(a.validityMode === "DAYS" ? [`券有效期 ${validityText(a)}`] : []),
    `总量 ${a.totalStock}`,
    `每人 ${a.perMemberLimit} 张`,
    `适用 ${scopeText(a.goodsScope)}`,
  ].join("；");

export function couponDesk(deps: ServiceDeps) {
  const { db } = deps.store;
  const find = (tx: DbTx, activityNo: string) => tx.select().from(couponActivities).where(eq(couponActivities.activityNo, activityNo)).get();

  function change(
    operator: SignedInOperator,
    write: (tx: DbTx) => Refusal | { action: string; subject: string; before: string | null; after: string; message: string },
  ): ChangeOutcome {
    return db.transaction(
      (tx) => {
        const done = write(tx);
        if ("ok" in done) return done;
        const { message, ...line } = done;
        recordAudit(tx, { operatorId: operator.operatorId, actor: operator.name, ...line }, deps.now());
        return { ok: true as const, message };
      },
      { behavior: "immediate" },
    );
  }

  /** The form's fields checked, and its goods known; or the first problem. */
  function check(tx: DbTx, fields: ActivityFields): Checked | Refusal {
    const checked = checkActivityFields(fields);
    if (!checked.ok) return refused(checked.message);
    const unknown = unknownGoods(tx, checked.activity.goodsScope);
    if (unknown.length) return refused(`商品不存在：${unknown.join("、")}`);
    return checked.activity;
  }

  return {
    listActivities(): ActivityRow[] {
      const now = deps.now();
      const all = db.select().from(couponActivities).orderBy(asc(couponActivities.sort), asc(couponActivities.activityNo)).all();
      const counts = couponCounts(
        db,
        all.map((a) => a.activityNo),
      );
      return all.map((a) => rowOf(a, counts.get(a.activityNo), now));
    },

    activityForEdit(activityNo: string): ActivityEdit | null {
      const a = find(db, activityNo);
      if (!a) return null;
      const counts = couponCounts(db, [activityNo]).get(activityNo);
      return {
        ...rowOf(a, counts, deps.now()),
        amountOff: a.couponType === "SALE_OFF" ? a.amountOff : null,
        discountPercent: a.couponType === "DISCOUNT" ? a.discountPercent : null,
        maxDiscount: a.couponType === "DISCOUNT" ? a.maxDiscount : null,
        validDays: a.validityMode === "DAYS" ? a.validDays : null,
        unusedClaimed: counts?.unused ?? 0,
      };
    },

    newActivityNo: () => `ACT${compactShopDay(deps.now())}${String(randomInt(0, 1_000_000)).padStart(6, "0")}`,

    createActivity(operator: SignedInOperator, activityNo: string, fields: ActivityFields): ChangeOutcome {
      if (!ACTIVITY_NO.test(activityNo)) return refuse(COUPON_DESK_MESSAGES.BAD_FORM);
      return change(operator, (tx) => {
        // the number came with the form: a second post of the same form finds its activity
        if (find(tx, activityNo)) return refuse(COUPON_DESK_MESSAGES.POSTED_TWICE);
        const f = check(tx, fields);
        if ("ok" in f) return f;
        // the newest first in the coupon centre
        const first =
          tx
            .select({ sort: min(couponActivities.sort) })
            .from(couponActivities)
            .get()?.sort ?? 0;
        tx.insert(couponActivities)
          .values({ activityNo, jumpUrl: "", sort: first - 1, ...columnsOf(f) })
          .run();
        return {
          action: "新建优惠券活动",
          subject: activityNo,
          before: null,
          after: activityText(find(tx, activityNo)!),
          message: `已新建优惠券活动「${f.name}」`,
        };
      });
    },

    updateActivity(operator: SignedInOperator, activityNo: string, fields: ActivityFields): ChangeOutcome {
      return change(operator, (tx) => {
        const a = find(tx, activityNo);
        if (!a) return refuse(COUPON_DESK_MESSAGES.NOT_FOUND);
        if (a.stoppedAt !== null) return refuse(COUPON_DESK_MESSAGES.STOPPED);
        const f = check(tx, fields);
        if ("ok" in f) return f;
        const columns = columnsOf(f);
        const sameTerms = termsKey(columns) === termsKey(a);
        // claimed coupons read their terms from the activity: what a shopper holds must not change under them
        if (a.claimedCount > 0 && !sameTerms) return refused(`已有 ${a.claimedCount} 张被领取，优惠类型、面额或折扣、门槛和适用商品不能再改`);
        if (f.totalStock < a.claimedCount) return refused(`发放总量不能少于已领取的 ${a.claimedCount} 张`);
        // the card's words of an activity the seed or SQL wrote stay while its terms do
        const kept = sameTerms ? { displayName: a.displayName, displayUse: a.displayUse, subTitle: a.subTitle } : {};
        tx.update(couponActivities)
          .set({ ...columns, ...kept })
          .where(eq(couponActivities.activityNo, activityNo))
          .run();
        return {
          action: "修改优惠券活动",
          subject: activityNo,
          before: activityText(a),
          after: activityText(find(tx, activityNo)!),
          message: `已保存优惠券活动「${f.name}」`,
        };
      });
    },

    stopActivity(operator: SignedInOperator, activityNo: string, { voidUnused }: { voidUnused: boolean }): ChangeOutcome {
      const now = deps.now();
      return change(operator, (tx) => {
        const a = find(tx, activityNo);
        if (!a) return refuse(COUPON_DESK_MESSAGES.NOT_FOUND);
        if (a.stoppedAt !== null) return refuse(COUPON_DESK_MESSAGES.ALREADY_STOPPED);
        tx.update(couponActivities).set({ stoppedAt: now }).where(eq(couponActivities.activityNo, activityNo)).run();
        // a coupon an unpaid order holds (LOCKED) stays with that order (decision 064)
        const voided = voidUnused
          ? tx
              .update(coupons)
              .set({ status: "INVALID" })
              .where(and(eq(coupons.activityNo, activityNo), eq(coupons.status, "UNUSED")))
              .run().changes
          : 0;
        const what = voidUnused ? `已作废未使用的 ${voided} 张` : "已领取的券仍可使用";
        return {
          action: "停用优惠券活动",
          subject: activityNo,
          before: `${stateOf(a, now)}；已领取 ${a.claimedCount} 张`,
          after: `已停用；${what}`,
          message: `已停用优惠券活动「${a.couponName}」，领券中心不再显示；${what}`,
        };
      });
    },
  };
}
