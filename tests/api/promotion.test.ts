import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { coupons, members, skus } from "../../db/schema";
import { DAY_MS } from "../../server/trade/domain/coupon-rules";
import { startHarness, type Harness } from "./harness";
import {
  activityRow,
  couponRow,
  createActivity,
  createGoods,
  createMember,
  DEMO_MOBILE_1,
  DEMO_MOBILE_2,
  credentialHeaders,
  memberIdOf,
  promotionSnapshot,
  unit,
} from "./promotion-fixtures";

const BASE = "/api/trade_bff/v1/promotion";
const CN = /[\u4e00-\u9fa5]/;
/** One seeded unit of G1001 as a pricing call's body, with the fields a bad-input case replaces. */
const unitsBody = (over: Record<string, unknown> = {}) => ({ units: [{ goods_no: "G1001", sku_no: "G1001-S01", sku_num: 1, ...over }] });

let h: Harness;
let startNow: number;
let member1: number;
let member2: number;
let as1: Record<string, string>;
let as2: Record<string, string>;

beforeAll(async () => {
  h = await startHarness();
  startNow = h.clock.now;
  member1 = memberIdOf(h.store.db, DEMO_MOBILE_1);
  member2 = memberIdOf(h.store.db, DEMO_MOBILE_2);
  as1 = credentialHeaders(h, member1);
  as2 = credentialHeaders(h, member2);
});
afterAll(() => h.close());
afterEach(() => {
  h.clock.now = startNow;
});

const post = (path: string, json: unknown, headers: Record<string, string> = {}) => h.api(BASE + path, { method: "POST", json, headers });
const get = (path: string, headers: Record<string, string> = {}) => h.api(BASE + path, { headers });

function expectFailure(res: { status: number; body: any }, status: number, message?: string | RegExp) {
  expect(res.status).toBe(status);
  expect(res.body.success).toBe(false);
  expect(res.body.result.error_code).toBe(status);
  expect(res.body.result.error_msg).toMatch(CN);
  if (typeof message === "string") expect(res.body.result.error_msg).toBe(message);
  else if (message) expect(res.body.result.error_msg).toMatch(message);
}

const couponShape = {
  coupon_no: expect.any(String),
  coupon_name: expect.any(String),
  coupon_status: expect.stringMatching(/^(UNUSED|USED|EXPIRED|INVALID)$/),
  coupon_type: expect.stringMatching(/^(SALE_OFF|DISCOUNT)$/),
  use_time_start: expect.any(Number),
  use_time_end: expect.any(Number),
  threshold: expect.any(Number),
  attr: {
    main_title: expect.any(String),
    sub_title: expect.any(String),
    display_name: expect.any(String),
    display_use: expect.any(String),
    jump_url: expect.any(String),
  },
};

describe("login is required where a member is involved", () => {
  it.each([
    ["GET", "/my_coupon", undefined],
    ["POST", "/receive", { activity_no: "ACT002" }],
    ["POST", "/receive_auto", undefined],
    ["POST", "/receive_one_click", undefined],
    ["POST", "/available_coupon", { units: [unit("G1001", "G1001-S01")] }],
  ])("%s %s answers 401 with error_code 401 without a credential, and with a bogus one", async (method, path, json) => {
    const before = promotionSnapshot(h.store.db);
    for (const headers of [{}, { "Login-Credential": "not-a-real-credential" }] as Record<string, string>[]) {
      const res = await h.api(BASE + path, { method, json, headers });
      expectFailure(res, 401, "登录已失效，请重新登录");
    }
    expect(promotionSnapshot(h.store.db)).toEqual(before);
  });

  it("refuses an expired credential", async () => {
    const headers = credentialHeaders(h, member1);
    h.clock.now = startNow + 31 * DAY_MS;
    expectFailure(await get("/my_coupon", headers), 401);
  });
});

describe("GET /promotion/my_coupon", () => {
  it("groups the demo member's coupons: unused, used (LOCKED shows as USED), expired (INVALID and past-end)", async () => {
    const res = await get("/my_coupon", as1);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const { unused_coupons, used_coupons, expired_coupons } = res.body.result;
    for (const c of [...unused_coupons, ...used_coupons, ...expired_coupons]) expect(c).toMatchObject(couponShape);

    const rows = h.store.db.select().from(coupons).where(eq(coupons.memberId, member1)).all();
    const statusOf = (no: string) => rows.find((r) => r.couponNo === no)!.status;
    expect(unused_coupons.length).toBeGreaterThan(0);
    for (const c of unused_coupons) {
      expect(c.coupon_status).toBe("UNUSED");
      expect(statusOf(c.coupon_no)).toBe("UNUSED");
      expect(c.use_time_end).toBeGreaterThanOrEqual(h.clock.now);
    }
    // LOCKED (held by the WAIT_PAY order) is "temporarily used"
    const locked = rows.filter((r) => r.status === "LOCKED");
    expect(locked.length).toBeGreaterThan(0);
    for (const l of locked) expect(used_coupons.find((c: any) => c.coupon_no === l.couponNo)?.coupon_status).toBe("USED");
    for (const c of used_coupons) expect(c.coupon_status).toBe("USED");
    // INVALID stays INVALID among the expired; an UNUSED row past its end is EXPIRED
    const invalid = rows.filter((r) => r.status === "INVALID");
    expect(invalid.length).toBeGreaterThan(0);
    for (const i of invalid) expect(expired_coupons.find((c: any) => c.coupon_no === i.couponNo)?.coupon_status).toBe("INVALID");
    const pastEnd = rows.filter((r) => r.status === "UNUSED" && r.useTimeEnd < h.clock.now);
    expect(pastEnd.length).toBeGreaterThan(0);
    for (const p of pastEnd) expect(expired_coupons.find((c: any) => c.coupon_no === p.couponNo)?.coupon_status).toBe("EXPIRED");
    expect(unused_coupons.length + used_coupons.length + expired_coupons.length).toBe(rows.length);
  });

  it("shows amounts in cents and the expiry labels of coupons ending soon", async () => {
    const { body } = await get("/my_coupon", as1);
    const unused = body.result.unused_coupons;
    for (const c of unused) {
      if (c.coupon_type === "SALE_OFF") expect(Number.isInteger(c.discount_amount)).toBe(true);
      else expect(Number.isInteger(c.discount_percent)).toBe(true);
    }
    const labels = unused.map((c: any) => c.expire_label);
    expect(labels).toContain("今天到期");
    expect(labels.some((l: string) => /^[123]天后到期$/.test(l))).toBe(true);
    // soonest to end first
    const ends = unused.map((c: any) => c.use_time_end);
    expect(ends).toEqual([...ends].sort((a, b) => a - b));
  });

  it("pages each group with page and size", async () => {
    const all = (await get("/my_coupon?size=100", as1)).body.result;
    const first = (await get("/my_coupon?page=1&size=1", as1)).body.result;
    const second = (await get("/my_coupon?page=2&size=1", as1)).body.result;
    expect(first.size).toBe(1);
    expect(first.totals.unused_coupons).toBe(all.unused_coupons.length);
    for (const group of ["unused_coupons", "used_coupons", "expired_coupons"]) {
      expect(first[group]).toEqual(all[group].slice(0, 1));
      expect(second[group]).toEqual(all[group].slice(1, 2));
    }
  });

  it("moves a coupon to the expired group when its end passes, whatever the row says", async () => {
    const memberId = createMember(h.store.db);
    const headers = credentialHeaders(h, memberId);
    const activityNo = createActivity(h.store.db, { validityMode: "DAYS", validDays: 2 });
    const { body } = await post("/receive", { activity_no: activityNo }, headers);
    const couponNo = body.result.coupon_no;

    let groups = (await get("/my_coupon", headers)).body.result;
    expect(groups.unused_coupons.map((c: any) => c.coupon_no)).toEqual([couponNo]);
    expect(groups.unused_coupons[0].expire_label).toBe("2天后到期");

    h.clock.now = startNow + 2 * DAY_MS + 1;
    groups = (await get("/my_coupon", headers)).body.result;
    expect(groups.unused_coupons).toEqual([]);
    expect(groups.expired_coupons).toMatchObject([{ coupon_no: couponNo, coupon_status: "EXPIRED", expire_label: "" }]);
    expect(couponRow(h.store.db, couponNo)?.status).toBe("UNUSED");
  });

  it("shows a member only their own coupons", async () => {
    const mine = (await get("/my_coupon?size=100", as2)).body.result;
    const listed = [...mine.unused_coupons, ...mine.used_coupons, ...mine.expired_coupons].map((c: any) => c.coupon_no).sort();
    const owned = h.store.db
      .select()
      .from(coupons)
      .where(eq(coupons.memberId, member2))
      .all()
      .map((c) => c.couponNo)
      .sort();
    expect(listed).toEqual(owned);
    const ofMember1 = h.store.db
      .select()
      .from(coupons)
      .where(eq(coupons.memberId, member1))
      .all()
      .map((c) => c.couponNo);
    expect(listed.filter((no: string) => ofMember1.includes(no))).toEqual([]);
  });
});

describe("GET /promotion/available", () => {
  const shape = {
    activity_no: expect.any(String),
    coupon_type: expect.stringMatching(/^(SALE_OFF|DISCOUNT)$/),
    extra_info: {
      main_title: expect.any(String),
      sub_title: expect.any(String),
      display_name: expect.any(String),
      display_time: expect.any(String),
      display_use: expect.any(String),
      display_get: expect.any(String),
      jump_url: expect.any(String),
    },
    claimed_count_by_me: expect.any(Number),
    can_receive: expect.any(Boolean),
    disabled: expect.any(Boolean),
  };

  it("lists claimable activities to a visitor, none claimable or disabled", async () => {
    const res = await get("/available");
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ page: 1, size: 20, total: expect.any(Number) });
    const list = res.body.result.list;
    expect(list.length).toBeGreaterThan(3);
    for (const a of list) {
      expect(a).toMatchObject(shape);
      expect(a).toMatchObject({ can_receive: false, disabled: false, claimed_count_by_me: 0 });
    }
    const nos = list.map((a: any) => a.activity_no);
    expect(nos).toContain("ACT002");
    expect(nos).not.toContain("ACT009"); // its claim window closed
  });

  it("hides closed, not yet open and sold-out activities, and keeps sold-out ones a member holds", async () => {
    const closed = createActivity(h.store.db, { claimEndAt: h.clock.now - 1 });
    const future = createActivity(h.store.db, { claimStartAt: h.clock.now + DAY_MS });
    const soldOut = createActivity(h.store.db, { totalStock: 1 });
    const memberId = createMember(h.store.db);
    const headers = credentialHeaders(h, memberId);
    expect((await post("/receive", { activity_no: soldOut }, headers)).status).toBe(200);

    const visitor = (await get("/available?size=100")).body.result.list.map((a: any) => a.activity_no);
    for (const no of [closed, future, soldOut]) expect(visitor).not.toContain(no);
    const holder = (await get("/available?size=100", headers)).body.result.list;
    expect(holder.find((a: any) => a.activity_no === soldOut)).toMatchObject({ claimed_count_by_me: 1, can_receive: false, disabled: true });
  });

  it("shows a member their claim state", async () => {
    const { body } = await get("/available?size=100", as1);
    const byNo = new Map(body.result.list.map((a: any) => [a.activity_no, a]));
    // member 1 holds 2 of ACT002 (limit 2) and 1 of ACT003 (limit 1)
    expect(byNo.get("ACT002")).toMatchObject({ claimed_count_by_me: 2, can_receive: false, disabled: true });
    expect(byNo.get("ACT003")).toMatchObject({ claimed_count_by_me: 1, can_receive: false, disabled: true });
    const fresh = createActivity(h.store.db);
    const again = (await get("/available?size=100", as1)).body.result.list.find((a: any) => a.activity_no === fresh);
    expect(again).toMatchObject({ claimed_count_by_me: 0, can_receive: true, disabled: false });
  });

  it("names the goods a limited coupon covers (goods_scope_names, an extension), in its scope's order, here and in my_coupon", async () => {
    const scoped = createActivity(h.store.db, { goodsScope: ["G1002", "G1001", "G9999"] });
    const everyGoods = createActivity(h.store.db);
    const names = (goodsNos: string[]) =>
      goodsNos.map((no) => h.store.sqlite.prepare("select goods_name from goods where goods_no = ?").pluck().get(no) as string);
    const listed = (await get("/available?size=100")).body.result.list;
    // a goods no longer in the catalogue (G9999) has no name to show
    expect(listed.find((a: any) => a.activity_no === scoped)).toMatchObject({
      goods_scope: ["G1002", "G1001", "G9999"],
      goods_scope_names: names(["G1002", "G1001"]),
    });
    expect(listed.find((a: any) => a.activity_no === everyGoods)).toMatchObject({ goods_scope: [], goods_scope_names: [] });

    const memberId = createMember(h.store.db);
    const headers = credentialHeaders(h, memberId);
    expect((await post("/receive", { activity_no: scoped }, headers)).status).toBe(200);
    const [mine] = (await get("/my_coupon", headers)).body.result.unused_coupons;
    expect(mine).toMatchObject({ goods_scope: ["G1002", "G1001", "G9999"], goods_scope_names: names(["G1002", "G1001"]) });
  });

  it("pages with page and size", async () => {
    const all = (await get("/available?size=100")).body.result;
    const page2 = (await get("/available?page=2&size=2")).body.result;
    expect(page2).toMatchObject({ page: 2, size: 2, total: all.total });
    expect(page2.list).toEqual(all.list.slice(2, 4));
  });
});

describe("POST /promotion/receive", () => {
  it("claims a DAYS coupon valid from the claim for valid_days", async () => {
    const memberId = createMember(h.store.db);
    const activityNo = createActivity(h.store.db, { validityMode: "DAYS", validDays: 5 });
    const res = await post("/receive", { activity_no: activityNo }, credentialHeaders(h, memberId));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, result: { coupon_no: expect.stringMatching(/^CP\d{10}$/) } });
    const row = couponRow(h.store.db, res.body.result.coupon_no)!;
    expect(row).toMatchObject({ memberId, activityNo, status: "UNUSED", useTimeStart: h.clock.now, useTimeEnd: h.clock.now + 5 * DAY_MS });
    expect(activityRow(h.store.db, activityNo)?.claimedCount).toBe(1);
  });

  it("claims a FIXED coupon valid for the activity's window", async () => {
    const validFrom = h.clock.now - DAY_MS;
    const validTo = h.clock.now + 10 * DAY_MS;
    const activityNo = createActivity(h.store.db, { validityMode: "FIXED", validFrom, validTo, validDays: null });
    const res = await post("/receive", { activity_no: activityNo }, credentialHeaders(h, createMember(h.store.db)));
    expect(couponRow(h.store.db, res.body.result.coupon_no)).toMatchObject({ useTimeStart: validFrom, useTimeEnd: validTo });
  });

  it("claims a seeded activity and shows it among the member's unused coupons", async () => {
    const headers = credentialHeaders(h, createMember(h.store.db));
    const res = await post("/receive", { activity_no: "ACT002" }, headers);
    expect(res.status).toBe(200);
    const mine = (await get("/my_coupon", headers)).body.result;
    expect(mine.unused_coupons.map((c: any) => c.coupon_no)).toContain(res.body.result.coupon_no);
  });

  it("answers 404 for an unknown activity", async () => {
    const before = promotionSnapshot(h.store.db);
    expectFailure(await post("/receive", { activity_no: "NOPE999" }, as1), 404, "优惠券活动不存在");
    expect(promotionSnapshot(h.store.db)).toEqual(before);
  });

  it("answers 409 优惠券已领完 when out of stock", async () => {
    const activityNo = createActivity(h.store.db, { totalStock: 1 });
    expect((await post("/receive", { activity_no: activityNo }, credentialHeaders(h, createMember(h.store.db)))).status).toBe(200);
    const late = credentialHeaders(h, createMember(h.store.db));
    const before = promotionSnapshot(h.store.db);
    expectFailure(await post("/receive", { activity_no: activityNo }, late), 409, "优惠券已领完");
    expect(promotionSnapshot(h.store.db)).toEqual(before);
  });

  it("answers 409 已达领取上限 at the per-member limit", async () => {
    const activityNo = createActivity(h.store.db, { perMemberLimit: 2 });
    const headers = credentialHeaders(h, createMember(h.store.db));
    expect((await post("/receive", { activity_no: activityNo }, headers)).status).toBe(200);
    expect((await post("/receive", { activity_no: activityNo }, headers)).status).toBe(200);
    const before = promotionSnapshot(h.store.db);
    expectFailure(await post("/receive", { activity_no: activityNo }, headers), 409, "已达领取上限");
    expect(promotionSnapshot(h.store.db)).toEqual(before);
    // the seeded member 2 already holds the last-but-one ACT004 coupon (limit 1)
    expectFailure(await post("/receive", { activity_no: "ACT004" }, as2), 409, "已达领取上限");
  });

  it("answers 409 优惠券已失效 when the claim window has closed", async () => {
    expectFailure(await post("/receive", { activity_no: "ACT009" }, credentialHeaders(h, createMember(h.store.db))), 409, "优惠券已失效");
    const activityNo = createActivity(h.store.db, { claimEndAt: h.clock.now + DAY_MS });
    const headers = credentialHeaders(h, createMember(h.store.db));
    h.clock.now = startNow + DAY_MS + 1;
    const before = promotionSnapshot(h.store.db);
    expectFailure(await post("/receive", { activity_no: activityNo }, headers), 409, "优惠券已失效");
    expect(promotionSnapshot(h.store.db)).toEqual(before);
  });

  it("answers 409 before the claim window opens", async () => {
    const activityNo = createActivity(h.store.db, { claimStartAt: h.clock.now + DAY_MS });
    expectFailure(await post("/receive", { activity_no: activityNo }, credentialHeaders(h, createMember(h.store.db))), 409, "优惠券尚未开始领取");
  });
});

describe("claims under concurrency", () => {
  it("50 simultaneous claims by 50 members of an activity with stock 10 yield exactly 10 coupons", async () => {
    const activityNo = createActivity(h.store.db, { totalStock: 10, perMemberLimit: 1 });
    const logins = Array.from({ length: 50 }, () => credentialHeaders(h, createMember(h.store.db)));
    const results = await Promise.all(logins.map((headers) => post("/receive", { activity_no: activityNo }, headers)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(40);
    for (const r of refused) expectFailure(r, 409, "优惠券已领完");
    const rows = h.store.db.select().from(coupons).where(eq(coupons.activityNo, activityNo)).all();
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((r) => r.memberId)).size).toBe(10);
    expect(activityRow(h.store.db, activityNo)?.claimedCount).toBe(10);
  });

  it("20 simultaneous claims by one member of an activity with limit 1 yield exactly one", async () => {
    const activityNo = createActivity(h.store.db, { totalStock: 100, perMemberLimit: 1 });
    const headers = credentialHeaders(h, createMember(h.store.db));
    const results = await Promise.all(Array.from({ length: 20 }, () => post("/receive", { activity_no: activityNo }, headers)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expectFailure(r, 409, "已达领取上限");
    expect(h.store.db.select().from(coupons).where(eq(coupons.activityNo, activityNo)).all()).toHaveLength(1);
    expect(activityRow(h.store.db, activityNo)?.claimedCount).toBe(1);
  });

  it("simultaneous one-click claims by one member never pass the limit", async () => {
    const activityNo = createActivity(h.store.db, { totalStock: 100, perMemberLimit: 2 });
    const headers = credentialHeaders(h, createMember(h.store.db));
    const results = await Promise.all(Array.from({ length: 10 }, () => post("/receive_one_click", undefined, headers)));
    for (const r of results) expect(r.status).toBe(200);
    expect(h.store.db.select().from(coupons).where(eq(coupons.activityNo, activityNo)).all()).toHaveLength(2);
  });
});

describe("POST /promotion/receive_auto", () => {
  it("grants every auto-grant activity once; a second call grants nothing", async () => {
    const autoNo = createActivity(h.store.db, { autoGrant: true, perMemberLimit: 1 });
    const memberId = createMember(h.store.db);
    const headers = credentialHeaders(h, memberId);
    const first = await post("/receive_auto", undefined, headers);
    expect(first.status).toBe(200);
    expect(first.body.result.received).toHaveLength(2); // the seeded ACT001 and this one
    const granted = first.body.result.received.map((no: string) => couponRow(h.store.db, no)!.activityNo).sort();
    expect(granted).toEqual(["ACT001", autoNo].sort());
    expect(h.store.db.select().from(members).where(eq(members.memberId, memberId)).get()?.autoCouponsGrantedAt).toBe(h.clock.now);

    const before = promotionSnapshot(h.store.db);
    const second = await post("/receive_auto", undefined, headers);
    expect(second.body).toEqual({ success: true, result: { received: [] } });
    expect(promotionSnapshot(h.store.db)).toEqual(before);
  });

  it("grants the seeded member who never had them, and nothing to the one who had", async () => {
    const already = await post("/receive_auto", {}, as1);
    expect(already.body.result.received).toEqual([]);
    const simultaneous = await Promise.all([post("/receive_auto", {}, as2), post("/receive_auto", {}, as2)]);
    const received = simultaneous.flatMap((r) => r.body.result.received);
    expect(received.length).toBeGreaterThanOrEqual(1);
    expect(received.map((no: string) => couponRow(h.store.db, no)?.activityNo)).toContain("ACT001");
    expect(simultaneous.filter((r) => r.body.result.received.length > 0)).toHaveLength(1);
  });
});

describe("POST /promotion/receive_one_click", () => {
  it("claims one of every activity the member can claim, skipping the rest without failing", async () => {
    const soldOut = createActivity(h.store.db, { totalStock: 0 });
    const memberId = createMember(h.store.db);
    const headers = credentialHeaders(h, memberId);
    const claimable = (await get("/available?size=100", headers)).body.result.list
      .filter((a: any) => a.can_receive)
      .map((a: any) => a.activity_no)
      .sort();
    expect(claimable.length).toBeGreaterThan(3);

    const res = await post("/receive_one_click", undefined, headers);
    expect(res.status).toBe(200);
    const activities = res.body.result.received.map((no: string) => couponRow(h.store.db, no)!.activityNo).sort();
    expect(activities).toEqual(claimable);
    expect(activities).not.toContain(soldOut);
    expect(activities).not.toContain("ACT009");

    // limit-1 activities are now disabled; calling until nothing is left never fails
    const after = (await get("/available?size=100", headers)).body.result.list;
    for (const a of after)
      if (activities.includes(a.activity_no) && activityRow(h.store.db, a.activity_no)!.perMemberLimit === 1) expect(a.disabled).toBe(true);
    for (let i = 0; i < 5; i++) expect((await post("/receive_one_click", undefined, headers)).status).toBe(200);
    expect((await post("/receive_one_click", undefined, headers)).body.result.received).toEqual([]);
  });
});

describe("POST /promotion/available_coupon and /promotion/after_price", () => {
  async function memberWithCoupons() {
    const db = h.store.db;
    const { goodsNo, skuNos } = createGoods(db, [20000, 3000]);
    const other = createGoods(db, [20000]);
    const memberId = createMember(db);
    const headers = credentialHeaders(h, memberId);
    const saleOff = createActivity(db, { amountOff: 1000, threshold: 5000 });
    const discount = createActivity(db, { couponType: "DISCOUNT", amountOff: null, discountPercent: 10, maxDiscount: 1500, threshold: 0 });
    const scoped = createActivity(db, { amountOff: 5000, threshold: 0, goodsScope: [other.goodsNo] });
    const claim = async (activity_no: string) => (await post("/receive", { activity_no }, headers)).body.result.coupon_no as string;
    return { goodsNo, skuNos, other, headers, saleOff: await claim(saleOff), discount: await claim(discount), scoped: await claim(scoped) };
  }

  it("answers the usable coupons and the optimal one (the largest saving), optimal first", async () => {
    const m = await memberWithCoupons();
    const res = await post("/available_coupon", { units: [unit(m.goodsNo, m.skuNos[0])] }, m.headers);
    expect(res.status).toBe(200);
    const { can_use_coupons, optimal_coupon, coupons: list } = res.body.result;
    // 20000: 10% capped at 1500 beats 1000 off; the scoped coupon is for other goods
    expect(optimal_coupon).toBe(m.discount);
    expect([...can_use_coupons].sort()).toEqual([m.discount, m.saleOff].sort());
    expect(list.map((c: any) => c.coupon_no)).toEqual([m.discount, m.saleOff, m.scoped]);
    expect(list.map((c: any) => c.usable)).toEqual([true, true, false]);
    for (const c of list) expect(c).toMatchObject(couponShape);

    const other = await post("/available_coupon", { units: [unit(m.other.goodsNo, m.other.skuNos[0])] }, m.headers);
    expect(other.body.result.optimal_coupon).toBe(m.scoped);

    const cheap = await post("/available_coupon", { units: [unit(m.goodsNo, m.skuNos[1])] }, m.headers);
    expect(cheap.body.result).toMatchObject({ can_use_coupons: [m.discount], optimal_coupon: m.discount });
  });

  it("answers the after-coupon price with the optimal coupon, and the plain price to a visitor", async () => {
    const m = await memberWithCoupons();
    const units = [unit(m.goodsNo, m.skuNos[0])];
    expect((await post("/after_price", { units }, m.headers)).body).toEqual({ success: true, result: { after_price: 18500 } });
    expect((await post("/after_price", { units })).body).toEqual({ success: true, result: { after_price: 20000 } });
    const both = [unit(m.goodsNo, m.skuNos[0]), unit(m.other.goodsNo, m.other.skuNos[0])];
    expect((await post("/after_price", { units: both }, m.headers)).body.result.after_price).toBe(40000 - 5000);
  });

  it("never offers locked, used, invalid or expired coupons", async () => {
    const m = await memberWithCoupons();
    const units = [unit(m.goodsNo, m.skuNos[0])];
    h.store.db.update(coupons).set({ status: "LOCKED", orderNo: "O-TEST" }).where(eq(coupons.couponNo, m.discount)).run();
    let res = await post("/available_coupon", { units }, m.headers);
    expect(res.body.result.optimal_coupon).toBe(m.saleOff);
    expect(res.body.result.coupons.map((c: any) => c.coupon_no)).not.toContain(m.discount);
    h.clock.now = startNow + 8 * DAY_MS;
    res = await post("/available_coupon", { units }, m.headers);
    expect(res.body.result).toEqual({ can_use_coupons: [], optimal_coupon: null, coupons: [] });
    expect((await post("/after_price", { units }, m.headers)).body.result.after_price).toBe(20000);
  });

  it("does not show one member's coupons to another", async () => {
    const m = await memberWithCoupons();
    const res = await post("/available_coupon", { units: [unit(m.goodsNo, m.skuNos[0])] }, as2);
    const nos = res.body.result.coupons.map((c: any) => c.coupon_no);
    for (const no of [m.saleOff, m.discount, m.scoped]) expect(nos).not.toContain(no);
  });

  it.each(["/available_coupon", "/after_price"])("%s answers 404 for an unknown SKU and refuses bad SKUs", async (path) => {
    const { goodsNo, skuNos } = createGoods(h.store.db, [1000]);
    const other = createGoods(h.store.db, [1000]);
    expectFailure(await post(path, { units: [unit(goodsNo, "NOPE-S1")] }, as1), 404, "商品规格不存在");
    expectFailure(await post(path, { units: [unit(other.goodsNo, skuNos[0])] }, as1), 400, /units\.0\.sku_no/);
    const disabled = createGoods(h.store.db, [1000]);
    h.store.db.update(skus).set({ disabled: true }).where(eq(skus.skuNo, disabled.skuNos[0])).run();
    expectFailure(await post(path, { units: [unit(disabled.goodsNo, disabled.skuNos[0])] }, as1), 409, "商品规格已停售");
  });
});

describe("POST /promotion/after_prices (an extension): after_price of several carts in one call", () => {
  async function memberWithCoupons() {
    const db = h.store.db;
    const big = createGoods(db, [20000, 3000]);
    const other = createGoods(db, [20000]);
    const memberId = createMember(db);
    const headers = credentialHeaders(h, memberId);
    const activities = [
      createActivity(db, { amountOff: 1000, threshold: 5000 }),
      createActivity(db, { couponType: "DISCOUNT", amountOff: null, discountPercent: 10, maxDiscount: 1500, threshold: 0 }),
      createActivity(db, { amountOff: 5000, threshold: 0, goodsScope: [other.goodsNo] }),
    ];
    for (const activity_no of activities) expect((await post("/receive", { activity_no }, headers)).status).toBe(200);
    const carts = [
      [unit(big.goodsNo, big.skuNos[0])],
      [unit(big.goodsNo, big.skuNos[1])],
      [unit(other.goodsNo, other.skuNos[0])],
      [unit(big.goodsNo, big.skuNos[0]), unit(other.goodsNo, other.skuNos[0])],
    ];
    return { headers, carts };
  }

  /** What after_price answers for each cart, one call per cart. */
  const oneByOne = async (carts: unknown[][], headers?: Record<string, string>) =>
    Promise.all(carts.map(async (units) => (await post("/after_price", { units }, headers)).body.result));

  it("answers a member each cart's after_price in the carts' order, the figures N after_price calls answer", async () => {
    const m = await memberWithCoupons();
    const res = await post("/after_prices", { carts: m.carts.map((units) => ({ units })) }, m.headers);
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ list: await oneByOne(m.carts, m.headers) });
    // 20000 less 10 % capped at 1500; 3000 less 10 %; 20000 less the scoped 5000; both less the best one
    expect(res.body.result.list.map((p: { after_price: number }) => p.after_price)).toEqual([18500, 2700, 15000, 35000]);
  });

  it("answers a visitor the plain goods amounts: no member's coupon leaks", async () => {
    const m = await memberWithCoupons();
    const res = await post("/after_prices", { carts: m.carts.map((units) => ({ units })) });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ list: [{ after_price: 20000 }, { after_price: 3000 }, { after_price: 20000 }, { after_price: 40000 }] });
    expect(res.body.result.list).toEqual(await oneByOne(m.carts));
  });

  it("refuses the whole call with after_price's answer when a cart cannot be priced", async () => {
    const m = await memberWithCoupons();
    const before = promotionSnapshot(h.store.db);
    expectFailure(
      await post("/after_prices", { carts: [...m.carts, [unit("G1001", "NOPE-S1")]].map((units) => ({ units })) }, m.headers),
      404,
      "商品规格不存在",
    );
    expect(promotionSnapshot(h.store.db)).toEqual(before);
  });

  it("answers the first cart's refusal when several carts cannot be priced, as after_price would for that cart", async () => {
    const m = await memberWithCoupons();
    const [fine, wrongGoods] = [m.carts[0]!, [unit("G1001", m.carts[0]![0]!.sku_no)]];
    const carts = [fine, wrongGoods, [unit("G1001", "NOPE-S1")]];
    const res = await post("/after_prices", { carts: carts.map((units) => ({ units })) }, m.headers);
    expectFailure(res, 400, "参数 units.0.sku_no 不属于商品 units.0.goods_no");
    expect(res.body).toEqual((await post("/after_price", { units: wrongGoods }, m.headers)).body);
  });

  const badCases: [string, unknown, string][] = [
    ["no body", undefined, "carts"],
    ["carts not a list", { carts: "G1001" }, "carts"],
    ["an empty list of carts", { carts: [] }, "参数 carts 不能为空"],
    ["11 carts", { carts: Array.from({ length: 11 }, () => unitsBody()) }, "参数 carts 过长，最多 10 项"],
    ["a cart without units", { carts: [unitsBody(), {}] }, "缺少参数 carts.1.units"],
    ["a cart with no units", { carts: [{ units: [] }] }, "参数 carts.0.units 不能为空"],
    ["a cart of 11 units", { carts: [{ units: Array.from({ length: 11 }, (_, i) => unit("G1001", `S${i}`)) }] }, "carts.0.units"],
    [
      "a cart with the same SKU twice",
      { carts: [unitsBody(), { units: [unit("G1001", "G1001-S01"), unit("G1001", "G1001-S01")] }] },
      "参数 carts.1.units.1.sku_no 重复",
    ],
    ["a bad SKU code", { carts: [unitsBody({ sku_no: "G1001-S01' OR '1'='1" })] }, "carts.0.units.0.sku_no"],
    ["a bad goods code", { carts: [unitsBody({ goods_no: "<img src=x onerror=alert(1)>" })] }, "carts.0.units.0.goods_no"],
    ["sku_num 2", { carts: [unitsBody({ sku_num: 2 })] }, "carts.0.units.0.sku_num"],
    ["sku_num a string", { carts: [unitsBody({ sku_num: "1" })] }, "carts.0.units.0.sku_num"],
  ];

  it.each(badCases)("refuses %s with a Chinese 400 naming the field, and changes nothing", async (_name, json, message) => {
    const before = promotionSnapshot(h.store.db);
    const res = await post("/after_prices", json, as1);
    expectFailure(res, 400);
    expect(res.body.result.error_msg).toContain(message);
    expect(promotionSnapshot(h.store.db)).toEqual(before);
  });

  it("refuses a huge body by the body limit", async () => {
    const before = promotionSnapshot(h.store.db);
    const carts = Array.from({ length: 10 }, () => ({ units: [unit("G1001", "G1001-S01")], pad: "x".repeat(7_000) }));
    expectFailure(await post("/after_prices", { carts }, as1), 400, "请求体过大");
    expect(promotionSnapshot(h.store.db)).toEqual(before);
  });
});

describe("bad input answers 400 with a Chinese message naming the field, and changes nothing", () => {
  const long = "A".repeat(33);
  const queryCases: [string, string][] = [
    ["?page=0", "page"],
    ["?page=-1", "page"],
    ["?page=abc", "page"],
    ["?page=99999999999", "page"],
    ["?size=0", "size"],
    ["?size=101", "size"],
    ["?size=1.5", "size"],
    ["?size=%3Cscript%3E", "size"],
    ["?page=1%27%20OR%201%3D1", "page"],
    ["?page=%E4%B8%80", "page"],
  ];
  const unitCases: [string, unknown, string][] = [
    ["no body", undefined, "units"],
    ["units missing", {}, "units"],
    ["units not a list", { units: "G1001" }, "units"],
    ["units empty", { units: [] }, "units"],
    ["11 units", { units: Array.from({ length: 11 }, (_, i) => ({ goods_no: "G1001", sku_no: `S${i}`, sku_num: 1 })) }, "units"],
    ["a unit not an object", { units: [42] }, "units.0"],
    ["sku_no missing", { units: [{ goods_no: "G1001", sku_num: 1 }] }, "units.0.sku_no"],
    ["goods_no missing", { units: [{ sku_no: "G1001-S01", sku_num: 1 }] }, "units.0.goods_no"],
    ["sku_num missing", { units: [{ goods_no: "G1001", sku_no: "G1001-S01" }] }, "units.0.sku_num"],
    ["sku_num 2", unitsBody({ sku_num: 2 }), "units.0.sku_num"],
    ["sku_num 0", unitsBody({ sku_num: 0 }), "units.0.sku_num"],
    ["sku_num negative", unitsBody({ sku_num: -1 }), "units.0.sku_num"],
    ["sku_num huge", unitsBody({ sku_num: 1e308 }), "units.0.sku_num"],
    ["sku_num a string", unitsBody({ sku_num: "1" }), "units.0.sku_num"],
    ["sku_num an unknown enum", unitsBody({ sku_num: "ONE" }), "units.0.sku_num"],
    ["sku_no a number", unitsBody({ sku_no: 1001 }), "units.0.sku_no"],
    ["sku_no too long", unitsBody({ sku_no: long }), "units.0.sku_no"],
    ["sku_no empty", unitsBody({ sku_no: "" }), "units.0.sku_no"],
    ["sku_no HTML", unitsBody({ sku_no: "<img src=x onerror=alert(1)>" }), "units.0.sku_no"],
    ["sku_no SQL", unitsBody({ sku_no: "G1001-S01' OR '1'='1" }), "units.0.sku_no"],
    ["goods_no unicode", unitsBody({ goods_no: "游戏🎮" }), "units.0.goods_no"],
    ["goods_no SQL", unitsBody({ goods_no: "G1001; DROP TABLE coupons;--" }), "units.0.goods_no"],
    ["attr not an object", unitsBody({ attr: "x" }), "units.0.attr"],
    ["attr field too long", unitsBody({ attr: { origin_performance_no: "x".repeat(65) } }), "units.0.attr.origin_performance_no"],
    ["the same SKU twice", { units: [unit("G1001", "G1001-S01"), unit("G1001", "G1001-S01")] }, "units.1.sku_no"],
  ];
  const receiveCases: [string, unknown, string][] = [
    ["no body", undefined, "activity_no"],
    ["activity_no missing", {}, "activity_no"],
    ["activity_no null", { activity_no: null }, "activity_no"],
    ["activity_no a number", { activity_no: 2 }, "activity_no"],
    ["activity_no a list", { activity_no: ["ACT002"] }, "activity_no"],
    ["activity_no an object", { activity_no: { $ne: "" } }, "activity_no"],
    ["activity_no empty", { activity_no: "" }, "activity_no"],
    ["activity_no blank", { activity_no: "   " }, "activity_no"],
    ["activity_no too long", { activity_no: long }, "activity_no"],
    ["activity_no HTML", { activity_no: "<script>alert(1)</script>" }, "activity_no"],
    ["activity_no SQL", { activity_no: "ACT002' OR 1=1 --" }, "activity_no"],
    ["activity_no unicode", { activity_no: "优惠券活动" }, "activity_no"],
    ["a body that is a list", [{ activity_no: "ACT002" }], "请求体"],
  ];

  let before: ReturnType<typeof promotionSnapshot>;
  const check = async (res: { status: number; body: any }, field: string) => {
    expectFailure(res, 400);
    expect(res.body.result.error_msg).toContain(field);
    expect(promotionSnapshot(h.store.db)).toEqual(before);
  };

  it.each(queryCases)("GET /my_coupon%s", async (query, field) => {
    before = promotionSnapshot(h.store.db);
    await check(await get(`/my_coupon${query}`, as1), field);
  });

  it.each(queryCases)("GET /available%s", async (query, field) => {
    before = promotionSnapshot(h.store.db);
    await check(await get(`/available${query}`, as1), field);
  });

  it.each(receiveCases)("POST /receive: %s", async (_name, json, field) => {
    before = promotionSnapshot(h.store.db);
    await check(await post("/receive", json, as2), field);
  });

  it.each(unitCases)("POST /available_coupon: %s", async (_name, json, field) => {
    before = promotionSnapshot(h.store.db);
    await check(await post("/available_coupon", json, as1), field);
  });

  it.each(unitCases)("POST /after_price: %s", async (_name, json, field) => {
    before = promotionSnapshot(h.store.db);
    await check(await post("/after_price", json, as1), field);
  });

  it.each(["/receive", "/receive_auto", "/receive_one_click", "/available_coupon", "/after_price"])(
    "POST %s with malformed or oversized JSON",
    async (path) => {
      before = promotionSnapshot(h.store.db);
      const malformed = await h.api(BASE + path, { method: "POST", headers: { ...as2, "Content-Type": "application/json" }, body: '{"activity_no": ' });
      await check(malformed, "请求体");
      const huge = await h.api(BASE + path, { method: "POST", headers: as2, json: { activity_no: "ACT002", pad: "x".repeat(70_000) } });
      await check(huge, "请求体");
    },
  );

  it("ignores unknown body fields of receive_auto and receive_one_click (they take none)", async () => {
    const headers = credentialHeaders(h, member1);
    expect((await post("/receive_auto", { anything: "<b>x</b>" }, headers)).status).toBe(200);
  });
});
