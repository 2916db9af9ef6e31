import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { coupons, goods, skus } from "../../db/schema";
import { DAY_MS } from "../../server/trade/domain/coupon-rules";
import { startHarness, type Harness } from "./harness";
import {
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

const PATH = "/api/trade_bff/v1/order/cart/output";
const CN = /[\u4e00-\u9fa5]/;

let h: Harness;
let startNow: number;
let member1: number;
let as1: Record<string, string>;
let as2: Record<string, string>;

beforeAll(async () => {
  h = await startHarness();
  startNow = h.clock.now;
  member1 = memberIdOf(h.store.db, DEMO_MOBILE_1);
  as1 = credentialHeaders(h, member1);
  as2 = credentialHeaders(h, memberIdOf(h.store.db, DEMO_MOBILE_2));
});
afterAll(() => h.close());
afterEach(() => {
  h.clock.now = startNow;
});

const output = (json: unknown, headers: Record<string, string> = {}) => h.api(PATH, { method: "POST", json, headers });
const line = (title: string, price: number) => ({ title, currency: "CNY", currency_symbol: "￥", price });

function expectFailure(res: { status: number; body: any }, status: number, message?: string | RegExp) {
  expect(res.status).toBe(status);
  expect(res.body.success).toBe(false);
  expect(res.body.result.error_code).toBe(status);
  expect(res.body.result.error_msg).toMatch(CN);
  if (typeof message === "string") expect(res.body.result.error_msg).toBe(message);
  else if (message) expect(res.body.result.error_msg).toMatch(message);
}

/** A fresh member with a claimed coupon of a new activity. */
async function memberWithCoupon(activity: Parameters<typeof createActivity>[1] = {}) {
  const headers = credentialHeaders(h, createMember(h.store.db));
  const activity_no = createActivity(h.store.db, activity);
  const res = await h.api("/api/trade_bff/v1/promotion/receive", { method: "POST", json: { activity_no }, headers });
  expect(res.status).toBe(200);
  return { headers, couponNo: res.body.result.coupon_no as string };
}

describe("POST /order/cart/output", () => {
  it("previews a visitor's cart without a coupon: goods amount, then the payable last", async () => {
    const { goodsNo, skuNos } = createGoods(h.store.db, [12900]);
    for (const coupons of [[], [""], undefined]) {
      const res = await output({ units: [{ ...unit(goodsNo, skuNos[0]), attr: { origin_performance_no: "", origin_performance_sku_no: "" } }], coupons });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, result: { list: [line("商品金额", 12900), line("应付金额", 12900)] } });
    }
  });

  it("prices from the skus table, whatever the client sends", async () => {
    const { goodsNo, skuNos } = createGoods(h.store.db, [5000, 7000]);
    const units = [{ ...unit(goodsNo, skuNos[0]), price: 1, price_turn_cny: 1 }, unit(goodsNo, skuNos[1])];
    expect((await output({ units, coupons: [] })).body.result.list.at(-1).price).toBe(12000);
    h.store.db.update(skus).set({ priceTurnCny: 6000 }).where(eq(skus.skuNo, skuNos[0])).run();
    expect((await output({ units, coupons: [] })).body.result.list).toEqual([line("商品金额", 13000), line("应付金额", 13000)]);
  });

  it("applies the member's coupon as a negative 优惠券 line; the lines add up to the payable", async () => {
    const { goodsNo, skuNos } = createGoods(h.store.db, [20000]);
    const m = await memberWithCoupon({ amountOff: 1000, threshold: 5000 });
    const before = promotionSnapshot(h.store.db);
    const res = await output({ units: [unit(goodsNo, skuNos[0])], coupons: [m.couponNo] }, m.headers);
    expect(res.status).toBe(200);
    expect(res.body.result.list).toEqual([line("商品金额", 20000), line("优惠券", -1000), line("应付金额", 19000)]);
    // a preview locks nothing
    expect(promotionSnapshot(h.store.db)).toEqual(before);
  });

  it("applies a DISCOUNT coupon rounded down and capped", async () => {
    const { goodsNo, skuNos } = createGoods(h.store.db, [9999, 90000]);
    const m = await memberWithCoupon({ couponType: "DISCOUNT", amountOff: null, discountPercent: 15, maxDiscount: 5000, threshold: 0, perMemberLimit: 1 });
    const small = await output({ units: [unit(goodsNo, skuNos[0])], coupons: [m.couponNo] }, m.headers);
    expect(small.body.result.list).toEqual([line("商品金额", 9999), line("优惠券", -1499), line("应付金额", 8500)]);
    const big = await output({ units: [unit(goodsNo, skuNos[1])], coupons: [m.couponNo] }, m.headers);
    expect(big.body.result.list.map((l: any) => l.price)).toEqual([90000, -5000, 85000]);
  });

  it("never makes the payable negative", async () => {
    const { goodsNo, skuNos } = createGoods(h.store.db, [3000]);
    const m = await memberWithCoupon({ amountOff: 5000, threshold: 0 });
    const res = await output({ units: [unit(goodsNo, skuNos[0])], coupons: [m.couponNo] }, m.headers);
    expect(res.body.result.list).toEqual([line("商品金额", 3000), line("优惠券", -3000), line("应付金额", 0)]);
  });

  it("requires login when a coupon is given", async () => {
    const { goodsNo, skuNos } = createGoods(h.store.db, [20000]);
    const m = await memberWithCoupon();
    expectFailure(await output({ units: [unit(goodsNo, skuNos[0])], coupons: [m.couponNo] }), 401, "登录已失效，请重新登录");
    expect((await output({ units: [unit(goodsNo, skuNos[0])], coupons: [m.couponNo] })).body.result.error_code).toBe(401);
  });

  it("refuses another member's coupon with 400 优惠券不可用", async () => {
    const { goodsNo, skuNos } = createGoods(h.store.db, [20000]);
    const m = await memberWithCoupon();
    expectFailure(await output({ units: [unit(goodsNo, skuNos[0])], coupons: [m.couponNo] }, as2), 400, "优惠券不可用");
    expectFailure(await output({ units: [unit(goodsNo, skuNos[0])], coupons: ["CP0000000000"] }, as1), 400, "优惠券不可用");
  });

  it.each([
    ["LOCKED (held by an unpaid order)", { status: "LOCKED", orderNo: "O-TEST" }, "优惠券不可用：已被使用"],
    ["USED", { status: "USED", usedAt: 1 }, "优惠券不可用：已被使用"],
    ["INVALID", { status: "INVALID" }, "优惠券不可用：已失效"],
  ] as const)("refuses a %s coupon with 400", async (_name, set, message) => {
    const { goodsNo, skuNos } = createGoods(h.store.db, [20000]);
    const m = await memberWithCoupon();
    h.store.db.update(coupons).set(set).where(eq(coupons.couponNo, m.couponNo)).run();
    expectFailure(await output({ units: [unit(goodsNo, skuNos[0])], coupons: [m.couponNo] }, m.headers), 400, message);
  });

  it("refuses the seeded member's locked, invalid and expired coupons", async () => {
    const { goodsNo, skuNos } = createGoods(h.store.db, [50000]);
    const rows = h.store.db.select().from(coupons).where(eq(coupons.memberId, member1)).all();
    const locked = rows.find((r) => r.status === "LOCKED")!;
    const invalid = rows.find((r) => r.status === "INVALID")!;
    const expired = rows.find((r) => r.status === "UNUSED" && r.useTimeEnd < h.clock.now)!;
    const units = [unit(goodsNo, skuNos[0])];
    expectFailure(await output({ units, coupons: [locked.couponNo] }, as1), 400, /^优惠券不可用/);
    expectFailure(await output({ units, coupons: [invalid.couponNo] }, as1), 400, /^优惠券不可用/);
    expectFailure(await output({ units, coupons: [expired.couponNo] }, as1), 400, "优惠券不可用：已过期");
  });

  it("refuses a coupon once its end has passed (moving the clock)", async () => {
    const { goodsNo, skuNos } = createGoods(h.store.db, [20000]);
    const m = await memberWithCoupon({ validityMode: "DAYS", validDays: 3 });
    const units = [unit(goodsNo, skuNos[0])];
    h.clock.now = startNow + 3 * DAY_MS;
    expect((await output({ units, coupons: [m.couponNo] }, m.headers)).status).toBe(200);
    h.clock.now = startNow + 3 * DAY_MS + 1;
    expectFailure(await output({ units, coupons: [m.couponNo] }, m.headers), 400, "优惠券不可用：已过期");
  });

  it("refuses a coupon before its use window begins", async () => {
    const { goodsNo, skuNos } = createGoods(h.store.db, [20000]);
    const m = await memberWithCoupon({ validityMode: "FIXED", validFrom: h.clock.now + DAY_MS, validTo: h.clock.now + 5 * DAY_MS, validDays: null });
    expectFailure(await output({ units: [unit(goodsNo, skuNos[0])], coupons: [m.couponNo] }, m.headers), 400, "优惠券不可用：未到使用时间");
  });

  it("refuses a coupon for other goods, or below its threshold", async () => {
    const { goodsNo, skuNos } = createGoods(h.store.db, [20000, 4000]);
    const scoped = await memberWithCoupon({ goodsScope: ["G-ELSEWHERE"], threshold: 0 });
    expectFailure(await output({ units: [unit(goodsNo, skuNos[0])], coupons: [scoped.couponNo] }, scoped.headers), 400, "优惠券不可用：不适用于所选商品");
    const threshold = await memberWithCoupon({ amountOff: 1000, threshold: 5000 });
    expectFailure(await output({ units: [unit(goodsNo, skuNos[1])], coupons: [threshold.couponNo] }, threshold.headers), 400, "优惠券不可用：未达到使用门槛");
  });

  it("answers 404 for an unknown SKU, 400 for a SKU of other goods, 409 for a disabled SKU or goods off the shelf", async () => {
    const a = createGoods(h.store.db, [1000]);
    const b = createGoods(h.store.db, [1000, 2000]);
    expectFailure(await output({ units: [unit(a.goodsNo, "NOPE-S9")], coupons: [] }), 404, "商品规格不存在");
    expectFailure(await output({ units: [unit(a.goodsNo, b.skuNos[0])], coupons: [] }), 400, /units\.0\.sku_no/);
    h.store.db.update(skus).set({ disabled: true }).where(eq(skus.skuNo, b.skuNos[1])).run();
    expectFailure(await output({ units: [unit(b.goodsNo, b.skuNos[1])], coupons: [] }), 409, "商品规格已停售");
    h.store.db.update(goods).set({ status: "OFF_SHELF" }).where(eq(goods.goodsNo, a.goodsNo)).run();
    expectFailure(await output({ units: [unit(a.goodsNo, a.skuNos[0])], coupons: [] }), 409, "商品已下架");
  });

  it("works for seeded goods", async () => {
    const sku = h.store.db.select().from(skus).where(eq(skus.disabled, false)).limit(1).get()!;
    const res = await output({ units: [unit(sku.goodsNo, sku.skuNo)], coupons: [""] });
    expect(res.body.result.list.at(-1)).toEqual(line("应付金额", sku.priceTurnCny));
  });
});

describe("bad input to cart output answers 400 naming the field, and changes nothing", () => {
  const good = (over: Record<string, unknown> = {}) => ({ units: [{ goods_no: "G1001", sku_no: "G1001-S01", sku_num: 1 }], coupons: [], ...over });
  const withUnit = (over: Record<string, unknown>) => good({ units: [{ goods_no: "G1001", sku_no: "G1001-S01", sku_num: 1, ...over }] });
  it.each<[string, unknown, string]>([
    ["no body", undefined, "units"],
    ["units missing", { coupons: [] }, "units"],
    ["units null", good({ units: null }), "units"],
    ["units empty", good({ units: [] }), "units"],
    ["11 units", good({ units: Array.from({ length: 11 }, (_, i) => ({ goods_no: "G1001", sku_no: `S${i}`, sku_num: 1 })) }), "units"],
    ["sku_num 2", withUnit({ sku_num: 2 }), "units.0.sku_num"],
    ["sku_num -1", withUnit({ sku_num: -1 }), "units.0.sku_num"],
    ["sku_num 1.5", withUnit({ sku_num: 1.5 }), "units.0.sku_num"],
    ["sku_num huge", withUnit({ sku_num: 2 ** 53 }), "units.0.sku_num"],
    ["sku_num an unknown enum", withUnit({ sku_num: "MANY" }), "units.0.sku_num"],
    ["sku_no missing", good({ units: [{ goods_no: "G1001", sku_num: 1 }] }), "units.0.sku_no"],
    ["sku_no HTML", withUnit({ sku_no: "<svg onload=alert(1)>" }), "units.0.sku_no"],
    ["goods_no SQL", withUnit({ goods_no: "' OR 1=1; --" }), "units.0.goods_no"],
    ["goods_no unicode", withUnit({ goods_no: "商品\u202e" }), "units.0.goods_no"],
    ["goods_no too long", withUnit({ goods_no: "G".repeat(33) }), "units.0.goods_no"],
    ["attr wrong type", withUnit({ attr: [1] }), "units.0.attr"],
    ["attr field a number", withUnit({ attr: { origin_performance_no: 5 } }), "units.0.attr.origin_performance_no"],
    ["the same SKU twice", good({ units: [unit("G1001", "G1001-S01"), unit("G1001", "G1001-S01")] }), "units.1.sku_no"],
    ["coupons a string", good({ coupons: "CP0000000001" }), "coupons"],
    ["coupons with a number", good({ coupons: [123] }), "coupons.0"],
    ["coupons with HTML", good({ coupons: ["<b>x</b>"] }), "coupons.0"],
    ["coupons with SQL", good({ coupons: ["CP1' OR '1'='1"] }), "coupons.0"],
    ["coupons with unicode", good({ coupons: ["优惠券"] }), "coupons.0"],
    ["coupons too long", good({ coupons: ["C".repeat(33)] }), "coupons.0"],
    ["too many coupons", good({ coupons: ["", "", "", "", "", ""] }), "coupons"],
    ["two coupons", good({ coupons: ["CP0000000001", "CP0000000002"] }), "coupons"],
    ["a list body", [good()], "请求体"],
  ])("%s", async (_name, json, field) => {
    const before = promotionSnapshot(h.store.db);
    const res = await output(json, as1);
    expectFailure(res, 400);
    expect(res.body.result.error_msg).toContain(field);
    expect(promotionSnapshot(h.store.db)).toEqual(before);
  });

  it("answers malformed and oversized JSON with 400", async () => {
    const before = promotionSnapshot(h.store.db);
    const malformed = await h.api(PATH, { method: "POST", headers: { "Content-Type": "application/json" }, body: '{"units": [' });
    expectFailure(malformed, 400, "请求体格式错误");
    const huge = await output(good({ pad: "x".repeat(70_000) }));
    expectFailure(huge, 400, "请求体过大");
    expect(promotionSnapshot(h.store.db)).toEqual(before);
  });
});
