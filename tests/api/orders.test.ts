// Contract tests of the orders part (spec/02 §3, §4, §7; spec/03 §2, §5, §6): every order
// endpoint, the payment notification, the sandbox cashier, the fulfilment worker and the expiry
// sweeper, and the invariants under concurrency: no order lost, no code delivered twice, no code
// sold that the shop does not hold, no shopper seeing another's order.
import type { AddressInfo } from "node:net";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { cdkeys, coupons, goods, idempotencyKeys, orderCoupons, orderPerformances, orders, outboxMessages, paymentNotifications, skus } from "../../db/schema";
import { createApp } from "../../server/app";
import { closeExpiredOrders } from "../../server/trade/jobs/expiry";
import { OUT_OF_STOCK_NOTICE, OUT_OF_STOCK_REFUND_REASON, outOfStockNotice, restock, runFulfilment } from "../../server/trade/jobs/fulfilment";
import { runRefunds } from "../../server/trade/jobs/refunds";
import { refundNotice } from "../../server/trade/services/refund.service";
import { refundOrder } from "../../server/trade/services/order-admin";
import { claimCoupon } from "../../server/trade/services/promotion.service";
import { startHarness, type Harness } from "./harness";
import { addCodes, doubleDeliveries, notification, NOTIFY, ORDER_V1, ORDER_V2, orderBody, orderRow, orderSnapshot, signedBody } from "./order-fixtures";
import { couponRow, createActivity, createGoods, createMember, DEMO_MOBILE_1, DEMO_MOBILE_2, credentialHeaders, memberIdOf, unit } from "./promotion-fixtures";

const CN = /[\u4e00-\u9fa5]/;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let h: Harness;
let startNow: number;
let member1: number;
let member2: number;
let as1: Record<string, string>;
let as2: Record<string, string>;
/** A goods of our own: one SKU at ￥50.00 with plenty of codes. */
let shop: { goodsNo: string; skuNo: string; price: number };

beforeAll(async () => {
  h = await startHarness();
  startNow = h.clock.now;
  member1 = memberIdOf(h.store.db, DEMO_MOBILE_1);
  member2 = memberIdOf(h.store.db, DEMO_MOBILE_2);
  as1 = credentialHeaders(h, member1);
  as2 = credentialHeaders(h, member2);
  const made = createGoods(h.store.db, [5000]);
  shop = { goodsNo: made.goodsNo, skuNo: made.skuNos[0]!, price: 5000 };
  addCodes(h.store.db, shop.skuNo, 200);
});
afterAll(() => h.close());
afterEach(() => {
  h.clock.now = startNow;
});

// ─── helpers ─────────────────────────────────────────────────────────────

const shopUnit = () => unit(shop.goodsNo, shop.skuNo);

function create(headers: Record<string, string>, body: unknown, extraHeaders: Record<string, string> = {}) {
  return h.api(ORDER_V1, { method: "POST", json: body, headers: { ...headers, ...extraHeaders } });
}

/** Creates an order of member 1 (or another) for our SKU and returns its number. */
async function newOrder(memberId = member1, headers = as1, over: Record<string, unknown> = {}): Promise<string> {
  const res = await create(headers, orderBody(memberId, [shopUnit()], over));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result.order_no as string;
}

function notify(n: ReturnType<typeof notification>, sign?: string) {
  const body = signedBody(h.deps.config.payNotifySecret, n);
  return h.api(NOTIFY, { method: "POST", json: sign === undefined ? body : { ...body, sign } });
}

/** Sends a signed paid notification for the order's amount. */
async function pay(orderNo: string) {
  const row = orderRow(h.store.db, orderNo)!;
  const res = await notify(notification(orderNo, row.payPrice));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res;
}

/** Runs the fulfilment worker once the delay has passed (the clock moves past every due order). */
function fulfilAt(at: number) {
  h.clock.now = at;
  return runFulfilment(h.deps);
}
const fulfilSoon = () => fulfilAt(h.clock.now + h.deps.config.fulfilDelayMs + 1);

function expectFailure(res: { status: number; body: any }, status: number, message?: string | RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.success).toBe(false);
  expect(res.body.result.error_code).toBe(status);
  expect(res.body.result.error_msg).toMatch(CN);
  if (typeof message === "string") expect(res.body.result.error_msg).toBe(message);
  else if (message) expect(res.body.result.error_msg).toMatch(message);
}

function grantCoupon(memberId: number, over: Parameters<typeof createActivity>[1] = {}): string {
  const activityNo = createActivity(h.store.db, { amountOff: 1000, threshold: 0, ...over });
  return claimCoupon({ store: h.store, now: () => h.clock.now }, { memberId }, activityNo).coupon_no;
}

const myCoupons = async (headers: Record<string, string>) => (await h.api("/api/trade_bff/v1/promotion/my_coupon?size=100", { headers })).body.result;

const statusOf = (orderNo: string) => orderRow(h.store.db, orderNo)!.status;

// ─── login and ownership ─────────────────────────────────────────────────

describe("every order endpoint needs a login", () => {
  const someOrder = "TT20250101000001";
  it.each([
    ["POST", ORDER_V1, { customer: { user_id: "1" } }],
    ["POST", `${ORDER_V1}/pay_way`, { order_no: someOrder, pay_way: "WX" }],
    ["GET", `${ORDER_V1}/status/${someOrder}`, undefined],
    ["GET", `${ORDER_V1}/list?user_id=1&order_status=ALL`, undefined],
    ["POST", `${ORDER_V1}/close/${someOrder}`, {}],
    ["GET", `${ORDER_V1}/server_list?type=ALL`, undefined],
    ["GET", `${ORDER_V2}/${someOrder}`, undefined],
  ])("%s %s answers 401 (error_code 401) without or with a bogus credential, changing nothing", async (method, path, json) => {
    const before = orderSnapshot(h.store.sqlite);
    for (const headers of [{}, { "Login-Credential": "bogus-credential" }] as Record<string, string>[]) {
      expectFailure(await h.api(path, { method, json, headers }), 401, "登录已失效，请重新登录");
    }
    expect(orderSnapshot(h.store.sqlite)).toEqual(before);
  });
});

describe("another member's order is answered 404, as if it did not exist", () => {
  it("detail, status, close, pay way and re-issue by order_no all answer 404 and change nothing", async () => {
    const theirs = h.seed.secondMemberOrderNos[0]!;
    const mineWaiting = await newOrder();
    const before = orderSnapshot(h.store.sqlite);
    for (const [who, no] of [
      [as1, theirs],
      [as2, mineWaiting],
    ] as const) {
      expectFailure(await h.api(`${ORDER_V2}/${no}`, { headers: who }), 404, "订单不存在");
      expectFailure(await h.api(`${ORDER_V1}/status/${no}`, { headers: who }), 404, "订单不存在");
      expectFailure(await h.api(`${ORDER_V1}/close/${no}`, { method: "POST", headers: who, json: {} }), 404, "订单不存在");
      expectFailure(await h.api(`${ORDER_V1}/pay_way`, { method: "POST", headers: who, json: { order_no: no, pay_way: "ALIPAY" } }), 404, "订单不存在");
    }
    const reissue = await create(as2, orderBody(member2, [shopUnit()], { order_no: mineWaiting }));
    expectFailure(reissue, 404, "订单不存在");
    expect(orderSnapshot(h.store.sqlite)).toEqual(before);
  });

  it("an unknown order number is the same 404", async () => {
    expectFailure(await h.api(`${ORDER_V2}/TT20000101000000`, { headers: as1 }), 404, "订单不存在");
    expectFailure(await h.api(`${ORDER_V1}/status/TT20000101000000`, { headers: as1 }), 404, "订单不存在");
  });

  it("listing with another member's user_id is 403; creating for another customer is 403", async () => {
    expectFailure(await h.api(`${ORDER_V1}/list?user_id=${member2}&order_status=ALL`, { headers: as1 }), 403);
    const before = orderSnapshot(h.store.sqlite);
    expectFailure(await create(as1, orderBody(member2, [shopUnit()])), 403);
    expect(orderSnapshot(h.store.sqlite)).toEqual(before);
  });
});

// ─── create ──────────────────────────────────────────────────────────────

describe("POST /order creates an order", () => {
  it("answers order_no and a signed pay_url, and stores a WAIT_PAY order priced on the server", async () => {
    const body = {
      ...orderBody(member1, [shopUnit()]),
      units: [{ ...shopUnit(), price: 1, sale_price: 1 }],
      pay_price: 1,
      total: 1,
      sale_price: 1,
    };
    const res = await create(as1, body);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const { order_no, third_pay_detail } = res.body.result;
    expect(order_no).toMatch(/^TT\d{14}$/);
    expect(third_pay_detail.pay_url).toMatch(new RegExp(`/mock-pay/${order_no}\\?sig=[0-9a-f]{32}$`));

    const row = orderRow(h.store.db, order_no)!;
    expect(row).toMatchObject({
      memberId: member1,
      status: "WAIT_PAY",
      payWay: "WX",
      userEmail: "buyer@example.com",
      goodsAmount: shop.price,
      couponAmount: 0,
      payPrice: shop.price, // the client's price fields are ignored
      payExpireAt: h.clock.now + 15 * MINUTE,
      storeLine: "official",
      createdAt: h.clock.now,
    });
    const units = h.store.sqlite.prepare("SELECT * FROM order_units WHERE order_no = ?").all(order_no) as any[];
    expect(units).toHaveLength(1);
    expect(units[0]).toMatchObject({ sku_no: shop.skuNo, goods_no: shop.goodsNo, sku_num: 1, unit_price: shop.price });
  });

  it("records the store line of the Saas-App-Id header", async () => {
    const res = await create({ ...as1, "Saas-App-Id": "TUNSHU_WEB" }, orderBody(member1, [shopUnit()]));
    expect(orderRow(h.store.db, res.body.result.order_no)!.storeLine).toBe("audit");
  });

  it("accepts a numeric user_id and an empty e-mail (the shopper chose to continue without one)", async () => {
    const res = await create(as1, orderBody(member1, [shopUnit()], { customer: { user_id: member1, user_phone: "", user_email: "" } }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it.each([
    ["an unknown SKU", () => [unit(shop.goodsNo, "NOPE-S1")], 404, "商品规格不存在"],
    ["a SKU of another goods", () => [unit("G1001", shop.skuNo)], 400, /units\.0\.sku_no/],
  ] as const)("refuses %s and changes nothing", async (_name, units, status, message) => {
    const before = orderSnapshot(h.store.sqlite);
    expectFailure(await create(as1, orderBody(member1, units())), status, message);
    expect(orderSnapshot(h.store.sqlite)).toEqual(before);
  });

  it("refuses a disabled SKU and goods off the shelf with 409", async () => {
    const off = createGoods(h.store.db, [3000, 4000]);
    h.store.db.update(skus).set({ disabled: true }).where(eq(skus.skuNo, off.skuNos[1]!)).run();
    const before = orderSnapshot(h.store.sqlite);
    expectFailure(await create(as1, orderBody(member1, [unit(off.goodsNo, off.skuNos[1]!)])), 409, "商品规格已停售");
    h.store.db.update(goods).set({ status: "OFF_SHELF" }).where(eq(goods.goodsNo, off.goodsNo)).run();
    expectFailure(await create(as1, orderBody(member1, [unit(off.goodsNo, off.skuNos[0]!)])), 409, "商品已下架");
    expect(orderSnapshot(h.store.sqlite)).toEqual(before);
  });
});

describe("goods past their sale_end_at", () => {
  it("cannot be ordered or priced (409 商品已结束销售), changing nothing; up to that moment they can", async () => {
    const ended = createGoods(h.store.db, [3000], { saleEndAt: h.clock.now - 1 });
    addCodes(h.store.db, ended.skuNos[0]!, 1);
    const units = [unit(ended.goodsNo, ended.skuNos[0]!)];
    const before = orderSnapshot(h.store.sqlite);
    expectFailure(await create(as1, orderBody(member1, units)), 409, "商品已结束销售");
    expectFailure(await h.api(`${ORDER_V1}/cart/output`, { method: "POST", json: { units, coupons: [] }, headers: as1 }), 409, "商品已结束销售");
    expectFailure(await h.api("/api/trade_bff/v1/promotion/after_price", { method: "POST", json: { units }, headers: as1 }), 409, "商品已结束销售");
    expect(orderSnapshot(h.store.sqlite)).toEqual(before);

    const lastMoment = createGoods(h.store.db, [3000], { saleEndAt: h.clock.now });
    const res = await create(as1, orderBody(member1, [unit(lastMoment.goodsNo, lastMoment.skuNos[0]!)]));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

describe("bad input to POST /order is a 400 naming the field, and changes nothing", () => {
  const good = () => orderBody(member1, [shopUnit()]);
  const withCustomer = (over: Record<string, unknown>) => ({ ...good(), customer: { ...good().customer, ...over } });
  const withUnit = (over: Record<string, unknown>) => ({ ...good(), units: [{ ...shopUnit(), ...over }] });
  const cases: [string, () => unknown, string][] = [
    ["an empty body", () => ({}), "customer"],
    ["a JSON array body", () => [good()], "请求体"],
    ["no customer.user_id", () => ({ ...good(), customer: { user_phone: "", user_email: "" } }), "customer.user_id"],
    ["user_id of the wrong type", () => withCustomer({ user_id: true }), "customer.user_id"],
    ["a negative user_id", () => withCustomer({ user_id: -1 }), "customer.user_id"],
    ["a huge user_id", () => withCustomer({ user_id: 1e308 }), "customer.user_id"],
    ["a SQL fragment as user_id", () => withCustomer({ user_id: "1 OR 1=1" }), "customer.user_id"],
    ["an oversized e-mail", () => withCustomer({ user_email: `${"a".repeat(60)}@example.com` }), "customer.user_email"],
    ["an HTML e-mail", () => withCustomer({ user_email: "<script>alert(1)</script>@x.com" }), "customer.user_email"],
    ["a full-width unicode e-mail", () => withCustomer({ user_email: "用户@例子.中国" }), "customer.user_email"],
    ["a phone with letters", () => withCustomer({ user_phone: "138-abc" }), "customer.user_phone"],
    ["an oversized phone", () => withCustomer({ user_phone: "1".repeat(500) }), "customer.user_phone"],
    ["no units", () => ({ ...good(), units: undefined }), "units"],
    ["empty units", () => ({ ...good(), units: [] }), "units"],
    ["eleven units", () => ({ ...good(), units: Array.from({ length: 11 }, () => shopUnit()) }), "units"],
    ["units as a string", () => ({ ...good(), units: "G1001" }), "units"],
    ["sku_num 2", () => withUnit({ sku_num: 2 }), "units.0.sku_num"],
    ["sku_num 0", () => withUnit({ sku_num: 0 }), "units.0.sku_num"],
    ["a negative sku_num", () => withUnit({ sku_num: -1 }), "units.0.sku_num"],
    ["sku_num as a string", () => withUnit({ sku_num: "1" }), "units.0.sku_num"],
    ["a SQL fragment as sku_no", () => withUnit({ sku_no: "' OR 1=1 --" }), "units.0.sku_no"],
    ["an HTML goods_no", () => withUnit({ goods_no: "<b>G1001</b>" }), "units.0.goods_no"],
    ["a unicode sku_no", () => withUnit({ sku_no: "Ｇ１００１－Ｓ０１" }), "units.0.sku_no"],
    ["an oversized sku_no", () => withUnit({ sku_no: "S".repeat(5000) }), "units.0.sku_no"],
    ["the same SKU twice", () => ({ ...good(), units: [shopUnit(), shopUnit()] }), "units.1.sku_no"],
    ["no pay_way", () => ({ ...good(), pay_way: undefined }), "pay_way"],
    ["an unknown pay_way", () => ({ ...good(), pay_way: "BITCOIN" }), "pay_way"],
    ["pay_way in lower case", () => ({ ...good(), pay_way: "wx" }), "pay_way"],
    ["a coupon with HTML", () => ({ ...good(), coupons: ["<b>CP1</b>"] }), "coupons.0"],
    ["two coupons", () => ({ ...good(), coupons: ["CP0000000001", "CP0000000002"] }), "coupons"],
    ["coupons as a string", () => ({ ...good(), coupons: "CP0000000001" }), "coupons"],
    ["a malformed order_no", () => ({ ...good(), order_no: "TT123; DROP TABLE orders" }), "order_no"],
    ["a short request_id", () => ({ ...good(), request_id: "abc" }), "request_id"],
    ["an HTML channel_no", () => ({ ...good(), channel: { channel_name: "", channel_no: "<i>1</i>" } }), "channel.channel_no"],
    ["an oversized channel_name", () => ({ ...good(), channel: { channel_name: "渠".repeat(100), channel_no: "1" } }), "channel.channel_name"],
  ];

  it.each(cases)("refuses %s", async (_name, body, field) => {
    const before = orderSnapshot(h.store.sqlite);
    const res = await create(as1, body());
    expectFailure(res, 400);
    expect(res.body.result.error_msg).toContain(field);
    expect(orderSnapshot(h.store.sqlite)).toEqual(before);
  });

  it("refuses a malformed Idempotency-Key header naming it", async () => {
    const before = orderSnapshot(h.store.sqlite);
    const res = await create(as1, good(), { "Idempotency-Key": "<script>" });
    expectFailure(res, 400);
    expect(res.body.result.error_msg).toContain("Idempotency-Key");
    expect(orderSnapshot(h.store.sqlite)).toEqual(before);
  });

  it("refuses malformed JSON with 400", async () => {
    const res = await h.api(ORDER_V1, { method: "POST", body: "{not json", headers: { ...as1, "Content-Type": "application/json" } });
    expectFailure(res, 400, "请求体格式错误");
  });
});

// ─── idempotency ─────────────────────────────────────────────────────────

describe("creating an order is idempotent", () => {
  const countOrders = () =>
    h.store.db
      .select({ n: sql<number>`count(*)` })
      .from(orders)
      .get()!.n;

  it("the same request_id returns the same order, once", async () => {
    const body = { ...orderBody(member1, [shopUnit()]), request_id: `req-${Date.now()}-a` };
    const first = await create(as1, body);
    const total = countOrders();
    const again = await create(as1, body);
    expect(again.status).toBe(200);
    expect(again.body.result).toEqual(first.body.result);
    expect(countOrders()).toBe(total);
  });

  it("the same Idempotency-Key header returns the same order", async () => {
    const key = { "Idempotency-Key": `key-${Date.now()}-b` };
    const first = await create(as1, orderBody(member1, [shopUnit()]), key);
    const total = countOrders();
    const again = await create(as1, orderBody(member1, [shopUnit()]), key);
    expect(again.body.result.order_no).toBe(first.body.result.order_no);
    expect(countOrders()).toBe(total);
  });

  it("the same key with different content is a 409 and changes nothing", async () => {
    const key = `key-${Date.now()}-c`;
    await create(as1, { ...orderBody(member1, [shopUnit()]), request_id: key });
    const before = orderSnapshot(h.store.sqlite);
    expectFailure(await create(as1, { ...orderBody(member1, [shopUnit()], { pay_way: "ALIPAY" }), request_id: key }), 409, "请求编号已用于另一笔订单");
    expect(orderSnapshot(h.store.sqlite)).toEqual(before);
  });

  it("keys are per member: another member's same key makes their own order", async () => {
    const key = `key-${Date.now()}-d`;
    const mine = await create(as1, { ...orderBody(member1, [shopUnit()]), request_id: key });
    const theirs = await create(as2, { ...orderBody(member2, [shopUnit()]), request_id: key });
    expect(theirs.status).toBe(200);
    expect(theirs.body.result.order_no).not.toBe(mine.body.result.order_no);
  });

  it("a request with order_no re-issues payment for that order instead of creating one", async () => {
    const orderNo = await newOrder();
    const total = countOrders();
    const res = await create(as1, orderBody(member1, [shopUnit()], { order_no: orderNo, pay_way: "ALIPAY" }));
    expect(res.status).toBe(200);
    expect(res.body.result.order_no).toBe(orderNo);
    expect(res.body.result.third_pay_detail.pay_url).toContain(`/mock-pay/${orderNo}?sig=`);
    expect(countOrders()).toBe(total);
    expect(orderRow(h.store.db, orderNo)!.payWay).toBe("ALIPAY");
  });

  it("five simultaneous submissions with the same request id make one order", async () => {
    const body = { ...orderBody(member1, [shopUnit()]), request_id: `req-${Date.now()}-e` };
    const total = countOrders();
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(as1, body)));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(new Set(answers.map((a) => a.body.result.order_no)).size).toBe(1);
    expect(countOrders()).toBe(total + 1);
    const keys = h.store.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, body.request_id)).all();
    expect(keys).toHaveLength(1);
  });
});

// ─── pay way, status, list, detail, close, server list ───────────────────

describe("POST /order/pay_way", () => {
  it("switches the pay way of a WAIT_PAY order and answers a pay_url", async () => {
    const orderNo = await newOrder();
    const res = await h.api(`${ORDER_V1}/pay_way`, { method: "POST", headers: as1, json: { order_no: orderNo, pay_way: "ALIPAY" } });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ order_no: orderNo, third_pay_detail: { pay_url: expect.stringContaining(`/mock-pay/${orderNo}?sig=`) } });
    expect(orderRow(h.store.db, orderNo)!.payWay).toBe("ALIPAY");
  });

  it("is refused with 409 on a closed, a paid and an expired order, changing nothing", async () => {
    const closed = await newOrder();
    await h.api(`${ORDER_V1}/close/${closed}`, { method: "POST", headers: as1, json: {} });
    const paid = await newOrder();
    await pay(paid);
    const expiring = await newOrder();
    h.clock.now += 15 * MINUTE + 1;
    const before = orderSnapshot(h.store.sqlite);
    for (const no of [closed, paid, expiring]) {
      expectFailure(
        await h.api(`${ORDER_V1}/pay_way`, { method: "POST", headers: as1, json: { order_no: no, pay_way: "ALIPAY" } }),
        409,
        "订单当前状态不可支付",
      );
      expectFailure(await create(as1, orderBody(member1, [shopUnit()], { order_no: no })), 409);
    }
    expect(orderSnapshot(h.store.sqlite)).toEqual(before);
  });

  it.each([
    [{ pay_way: "WX" }, "order_no"],
    [{ order_no: "TT20250101000001", pay_way: "PAYPAL" }, "pay_way"],
    [{ order_no: "<script>", pay_way: "WX" }, "order_no"],
    [{ order_no: 20250101000001, pay_way: "WX" }, "order_no"],
  ])("refuses %j with 400 naming %s", async (json, field) => {
    const res = await h.api(`${ORDER_V1}/pay_way`, { method: "POST", headers: as1, json });
    expectFailure(res, 400);
    expect(res.body.result.error_msg).toContain(field);
  });
});

describe("GET /order/status/{no}", () => {
  it("answers order_status and the minutes left to pay", async () => {
    const orderNo = await newOrder();
    const res = await h.api(`${ORDER_V1}/status/${orderNo}`, { headers: as1 });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ order_no: orderNo, order_status: "WAIT_PAY", remain_minutes: 15 });
    h.clock.now += 10 * MINUTE + 30_000;
    expect((await h.api(`${ORDER_V1}/status/${orderNo}`, { headers: as1 })).body.result.remain_minutes).toBe(5);
  });

  it.each(["TT123", "tt20250101000001", "TT2025010100000１", "%3Cscript%3E"])("refuses the malformed number %s with 400", async (no) => {
    const res = await h.api(`${ORDER_V1}/status/${no}`, { headers: as1 });
    expectFailure(res, 400);
    expect(res.body.result.error_msg).toContain("orderNo");
  });
});

describe("GET /order/list", () => {
  const list = (query: string, headers = as1) => h.api(`${ORDER_V1}/list?${query}`, { headers });

  it("lists only the member's own orders, newest first, with the documented fields", async () => {
    await newOrder();
    const res = await list(`user_id=${member1}&order_status=ALL&page=1&size=999`);
    expect(res.status).toBe(200);
    const items = res.body.result.list as any[];
    const mine = h.store.db.select({ no: orders.orderNo }).from(orders).where(eq(orders.memberId, member1)).all();
    expect(items.map((o) => o.order_no).sort()).toEqual(mine.map((o) => o.no).sort());
    for (const o of items) {
      expect(o).toMatchObject({
        order_no: expect.stringMatching(/^TT\d{14}$/),
        status: expect.any(String),
        pay_price: expect.any(Number),
        pay_currency_symbol: "￥",
        created_at: expect.any(Number),
        buy_num: 1,
        remain_minutes: expect.any(Number),
        pay_way: expect.any(String),
        third_pay_detail: { pay_url: expect.any(String) },
      });
      expect(o.goods[0]).toMatchObject({
        goods_no: expect.any(String),
        goods_name: expect.any(String),
        covers: expect.any(Array),
        goods_tags: expect.any(Array),
      });
    }
    const created = items.map((o) => o.created_at);
    expect(created).toEqual([...created].sort((a, b) => b - a));
    for (const theirs of h.seed.secondMemberOrderNos) expect(items.some((o) => o.order_no === theirs)).toBe(false);
  });

  it("filters PAY_SUCCESS (paid, delivered, refunded) and WAIT_PAY (payable)", async () => {
    const paid = (await list(`user_id=${member1}&order_status=PAY_SUCCESS`)).body.result.list as any[];
    expect(paid.length).toBeGreaterThan(0);
    for (const o of paid) expect(["PAY_SUCCESS", "SENDING", "SEND_SUCCESS", "PART_REFUND", "ALL_REFUND"]).toContain(o.status);
    const waiting = (await list(`user_id=${member1}&order_status=WAIT_PAY`)).body.result.list as any[];
    expect(waiting.length).toBeGreaterThan(0);
    for (const o of waiting) {
      expect(["WAIT_PAY", "PAY_FAIL"]).toContain(o.status);
      expect(o.third_pay_detail.pay_url).toContain(`/mock-pay/${o.order_no}?sig=`);
    }
  });

  it("pages with page and size", async () => {
    const all = (await list(`user_id=${member1}`)).body.result;
    const second = (await list(`user_id=${member1}&page=2&size=2`)).body.result;
    expect(second.list.map((o: any) => o.order_no)).toEqual(all.list.slice(2, 4).map((o: any) => o.order_no));
    expect(second.total).toBe(all.total);
  });

  it("pages a long history newest first (ties by order number), with the total on every page, per filter", async () => {
    // 47 orders of a new member in one go, with created_at ties and every kind of status
    const memberId = createMember(h.store.db);
    const headers = credentialHeaders(h, memberId);
    const statuses = ["SEND_SUCCESS", "WAIT_PAY", "CLOSE", "PAY_SUCCESS", "PAY_FAIL", "ALL_REFUND", "SENDING"];
    const made: { orderNo: string; createdAt: number; status: string }[] = [];
    for (let i = 0; i < 47; i++) {
      const orderNo = `TT20240101${String(500000 + i * 7919).slice(-6)}`;
      const createdAt = startNow - 1000 * Math.floor(i / 3);
      const status = statuses[i % statuses.length]!;
      h.store.db
        .insert(orders)
        .values({ orderNo, memberId, status, payWay: "WX", goodsAmount: 5000, payPrice: 5000, payExpireAt: startNow + HOUR, createdAt, updatedAt: createdAt })
        .run();
      h.store.sqlite
        .prepare(
          "INSERT INTO order_units (order_no, goods_no, sku_no, unit_price, origin_price, goods_name, sku_name) VALUES (?, ?, ?, 5000, 6000, '测试游戏', '规格1')",
        )
        .run(orderNo, shop.goodsNo, shop.skuNo);
      made.push({ orderNo, createdAt, status });
    }
    const newestFirst = (a: (typeof made)[number], b: (typeof made)[number]) => b.createdAt - a.createdAt || (a.orderNo < b.orderNo ? 1 : -1);
    const filters = {
      ALL: () => true,
      PAY_SUCCESS: (o: (typeof made)[number]) => ["PAY_SUCCESS", "SENDING", "SEND_SUCCESS", "PART_REFUND", "ALL_REFUND"].includes(o.status),
      WAIT_PAY: (o: (typeof made)[number]) => ["WAIT_PAY", "PAY_FAIL"].includes(o.status),
    };
    for (const [filter, keep] of Object.entries(filters)) {
      const want = made
        .filter(keep)
        .sort(newestFirst)
        .map((o) => o.orderNo);
      for (const size of [5, 10, 999]) {
        const seen: string[] = [];
        for (let page = 1; page <= Math.ceil(want.length / size) + 1; page++) {
          const res = await list(`user_id=${memberId}&order_status=${filter}&page=${page}&size=${size}`, headers);
          expect(res.status).toBe(200);
          expect(res.body.result, `${filter} page ${page} size ${size}`).toMatchObject({ page, size, total: want.length });
          seen.push(...res.body.result.list.map((o: { order_no: string }) => o.order_no));
        }
        expect(seen, `${filter} size ${size}`).toEqual(want);
      }
    }
  });

  it.each([
    ["", "user_id"],
    ["user_id=abc", "user_id"],
    ["user_id=1%20OR%201%3D1", "user_id"],
    [`user_id=1&order_status=DONE`, "order_status"],
    [`user_id=1&page=0`, "page"],
    [`user_id=1&size=1000`, "size"],
    [`user_id=1&page=-1`, "page"],
    [`user_id=1&size=abc`, "size"],
  ])("refuses ?%s with 400 naming %s", async (query, field) => {
    const res = await list(query);
    expectFailure(res, 400);
    expect(res.body.result.error_msg).toContain(field);
  });
});

describe("GET /v2/order/{no}", () => {
  it("answers order, goods and one performance_list entry per unit (empty until delivered)", async () => {
    const orderNo = await newOrder();
    const res = await h.api(`${ORDER_V2}/${orderNo}`, { headers: as1 });
    expect(res.status).toBe(200);
    const { order, goods: items, performance_list } = res.body.result;
    expect(order).toMatchObject({
      order_no: orderNo,
      status: "WAIT_PAY",
      pay_price: shop.price,
      pay_at: null,
      created_at: h.clock.now,
      currency_symbol: "￥",
      currency: "CNY",
    });
    expect(items).toEqual([
      expect.objectContaining({
        goods_no: shop.goodsNo,
        goods_name: "测试游戏",
        sale_currency_symbol: "￥",
        covers: expect.any(Array),
        goods_tags: expect.any(Array),
      }),
    ]);
    expect(performance_list).toEqual([
      { title: "兑换码", value: "", copy: false, url: { title: "", value: "" }, notice_text: "", redeem_steps: [], platform: "", code_kind: "" },
    ]);
  });

  it("shows the delivered code of a seeded delivered order", async () => {
    const orderNo = h.seed.ordersByStatus.SEND_SUCCESS![0]!;
    const res = await h.api(`${ORDER_V2}/${orderNo}`, { headers: as1 });
    const [item] = res.body.result.performance_list;
    const delivered = h.store.db.select().from(orderPerformances).where(eq(orderPerformances.orderNo, orderNo)).get()!;
    expect(item).toMatchObject({
      title: "兑换码",
      value: delivered.value,
      copy: true,
      url: { title: "兑换地址", value: expect.stringMatching(/^https:\/\//) },
    });
    // under the code, how to redeem it: the guide of the goods' platform and kind of code
    const steps = JSON.parse(
      h.store.sqlite
        .prepare(
          "SELECT r.redeem_steps FROM order_units u JOIN goods g ON g.goods_no = u.goods_no JOIN redeem_guides r ON r.platform = g.platform AND r.code_kind = g.code_kind WHERE u.order_no = ?",
        )
        .pluck()
        .get(orderNo) as string,
    );
    expect(steps.length).toBeGreaterThan(1);
    expect(item.redeem_steps).toEqual(steps);
  });
});

describe("GET /v2/order/{no}: the extensions of issue 37", () => {
  it("an open order answers when it stops being payable (pay_expire_at); a paid one answers null", async () => {
    const orderNo = await newOrder();
    const open = (await h.api(`${ORDER_V2}/${orderNo}`, { headers: as1 })).body.result.order;
    expect(open.pay_expire_at).toBe(orderRow(h.store.db, orderNo)!.payExpireAt);
    expect(open.pay_expire_at).toBe(h.clock.now + h.deps.config.orderPayMinutes * MINUTE);
    await pay(orderNo);
    expect((await h.api(`${ORDER_V2}/${orderNo}`, { headers: as1 })).body.result.order.pay_expire_at).toBeNull();
  });

  it("refund_list names each refund's amount, state, dates and pay way: PROCESSING until the provider confirms, then REFUNDED", async () => {
    const orderNo = await newOrder(member1, as1, { pay_way: "WX" });
    await pay(orderNo);
    fulfilSoon();
    expect(statusOf(orderNo)).toBe("SEND_SUCCESS");
    expect((await h.api(`${ORDER_V2}/${orderNo}`, { headers: as1 })).body.result.refund_list).toEqual([]);

    const appliedAt = (h.clock.now += MINUTE);
    refundOrder(h.deps, orderNo, null);
    const queued = (await h.api(`${ORDER_V2}/${orderNo}`, { headers: as1 })).body.result.refund_list;
    expect(queued).toEqual([
      { refund_amount: shop.price, refund_status: "PROCESSING", reason: "订单全额退款", applied_at: appliedAt, refunded_at: null, pay_way: "WX" },
    ]);

    const settledAt = (h.clock.now += MINUTE);
    expect((await runRefunds(h.deps)).succeeded).toContain(`${orderNo}:1`);
    const settled = (await h.api(`${ORDER_V2}/${orderNo}`, { headers: as1 })).body.result.refund_list;
    expect(settled).toEqual([{ ...queued[0], refund_status: "REFUNDED", refunded_at: settledAt }]);
  });
});

describe("POST /order/close/{no}", () => {
  it("closes a WAIT_PAY order (success, {}) and a PAY_FAIL order", async () => {
    const orderNo = await newOrder();
    const res = await h.api(`${ORDER_V1}/close/${orderNo}`, { method: "POST", headers: as1, json: {} });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, result: {} });
    expect(orderRow(h.store.db, orderNo)).toMatchObject({ status: "CLOSE", closedAt: h.clock.now });

    const failed = await newOrder();
    await notify(notification(failed, shop.price, "FAIL"));
    expect(statusOf(failed)).toBe("PAY_FAIL");
    expect((await h.api(`${ORDER_V1}/close/${failed}`, { method: "POST", headers: as1 })).status).toBe(200);
    expect(statusOf(failed)).toBe("CLOSE");
  });

  it("refuses with 409 a closed, a paid, a sending and a delivered order, changing nothing", async () => {
    const closed = await newOrder();
    await h.api(`${ORDER_V1}/close/${closed}`, { method: "POST", headers: as1, json: {} });
    const paid = await newOrder();
    await pay(paid);
    const seeded = [h.seed.ordersByStatus.SENDING![0]!, h.seed.ordersByStatus.SEND_SUCCESS![0]!, h.seed.ordersByStatus.ALL_REFUND![0]!];
    const before = orderSnapshot(h.store.sqlite);
    for (const no of [closed, paid, ...seeded]) {
      expectFailure(await h.api(`${ORDER_V1}/close/${no}`, { method: "POST", headers: as1, json: {} }), 409, "订单当前状态不可关闭");
    }
    expect(orderSnapshot(h.store.sqlite)).toEqual(before);
  });
});

describe("GET /order/server_list", () => {
  it("answers the member's servers by type: ALL is RUNNING plus EXPIRED", async () => {
    const get = async (type: string) => (await h.api(`${ORDER_V1}/server_list?type=${type}`, { headers: as1 })).body.result.list as any[];
    const [all, running, expired] = await Promise.all([get("ALL"), get("RUNNING"), get("EXPIRED")]);
    expect(all.length).toBe(running.length + expired.length);
    for (const s of running) expect(s).toMatchObject({ server_name: expect.any(String), server_status: expect.any(String), running: true });
    for (const s of expired) expect(s.running).toBe(false);
    // the second member has none
    expect((await h.api(`${ORDER_V1}/server_list`, { headers: as2 })).body.result.list).toEqual([]);
  });

  it("refuses an unknown type with 400", async () => {
    const res = await h.api(`${ORDER_V1}/server_list?type=SOON`, { headers: as1 });
    expectFailure(res, 400);
    expect(res.body.result.error_msg).toContain("type");
  });
});

// ─── payment notification ────────────────────────────────────────────────

describe("POST /pay_gateway/notify", () => {
  it("a signed SUCCESS moves WAIT_PAY to PAY_SUCCESS once, with the pay time", async () => {
    const orderNo = await newOrder();
    h.clock.now += 2 * MINUTE;
    const n = notification(orderNo, shop.price, "SUCCESS", { pay_way: "ALIPAY" });
    const res = await notify(n);
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ outcome: "APPLIED", order_status: "PAY_SUCCESS" });
    expect(orderRow(h.store.db, orderNo)).toMatchObject({ status: "PAY_SUCCESS", payAt: h.clock.now, payWay: "ALIPAY" });
    const again = await notify(n);
    expect(again.body.result).toEqual({ outcome: "IGNORED", order_status: "PAY_SUCCESS" });
    expect(h.store.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, orderNo)).all()).toHaveLength(1);
  });

  it("a wrong signature is a 400 and changes nothing", async () => {
    const orderNo = await newOrder();
    const before = orderSnapshot(h.store.sqlite);
    expectFailure(await notify(notification(orderNo, shop.price), "0".repeat(64)), 400, "签名校验失败");
    // signed for another amount than the one sent
    const n = notification(orderNo, shop.price);
    const forged = { ...signedBody(h.deps.config.payNotifySecret, n), amount: 1 };
    expectFailure(await h.api(NOTIFY, { method: "POST", json: forged }), 400, "签名校验失败");
    expect(orderSnapshot(h.store.sqlite)).toEqual(before);
  });

  it.each([
    ["no sign", (b: any) => ({ ...b, sign: undefined }), "sign"],
    ["a negative amount", (b: any) => ({ ...b, amount: -1 }), "amount"],
    ["a huge amount", (b: any) => ({ ...b, amount: 1e12 }), "amount"],
    ["a fractional amount", (b: any) => ({ ...b, amount: 10.5 }), "amount"],
    ["an unknown trade_status", (b: any) => ({ ...b, trade_status: "REFUND" }), "trade_status"],
    ["an unknown pay_way", (b: any) => ({ ...b, pay_way: "CASH" }), "pay_way"],
    ["an HTML notify_id", (b: any) => ({ ...b, notify_id: "<img src=x onerror=alert(1)>" }), "notify_id"],
    ["a malformed order_no", (b: any) => ({ ...b, order_no: "' OR 1=1 --" }), "order_no"],
  ])("refuses %s with 400 naming the field", async (_name, mutate, field) => {
    const orderNo = await newOrder();
    const before = orderSnapshot(h.store.sqlite);
    const res = await h.api(NOTIFY, { method: "POST", json: mutate(signedBody(h.deps.config.payNotifySecret, notification(orderNo, shop.price))) });
    expectFailure(res, 400);
    expect(res.body.result.error_msg).toContain(field);
    expect(orderSnapshot(h.store.sqlite)).toEqual(before);
  });

  it("an unknown order is a 404", async () => {
    expectFailure(await notify(notification("TT20000101000000", 100)), 404);
  });

  it("a failed payment (PAY_FAIL) can be paid again, directly or after changing the pay way", async () => {
    const direct = await newOrder();
    expect((await notify(notification(direct, shop.price, "FAIL"))).body.result).toEqual({ outcome: "APPLIED", order_status: "PAY_FAIL" });
    expect((await h.api(`${ORDER_V1}/status/${direct}`, { headers: as1 })).body.result.order_status).toBe("PAY_FAIL");
    expect((await notify(notification(direct, shop.price))).body.result).toEqual({ outcome: "APPLIED", order_status: "PAY_SUCCESS" });

    const viaPayWay = await newOrder();
    await notify(notification(viaPayWay, shop.price, "FAIL"));
    const again = await h.api(`${ORDER_V1}/pay_way`, { method: "POST", headers: as1, json: { order_no: viaPayWay, pay_way: "ALIPAY" } });
    expect(again.status).toBe(200);
    expect(statusOf(viaPayWay)).toBe("WAIT_PAY");
    await pay(viaPayWay);
    expect(statusOf(viaPayWay)).toBe("PAY_SUCCESS");
  });

  it("a paid notification for a closed order is recorded FLAGGED, the order flagged, nothing delivered", async () => {
    const orderNo = await newOrder();
    await h.api(`${ORDER_V1}/close/${orderNo}`, { method: "POST", headers: as1, json: {} });
    const res = await notify(notification(orderNo, shop.price));
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ outcome: "FLAGGED", order_status: "CLOSE" });
    const row = orderRow(h.store.db, orderNo)!;
    expect(row.status).toBe("CLOSE");
    expect(row.flag).toMatch(CN);
    expect(h.store.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, orderNo)).all()).toEqual([
      expect.objectContaining({ outcome: "FLAGGED", tradeStatus: "SUCCESS" }),
    ]);
    fulfilAt(h.clock.now + 10 * MINUTE);
    expect(statusOf(orderNo)).toBe("CLOSE");
    expect(h.store.db.select().from(orderPerformances).where(eq(orderPerformances.orderNo, orderNo)).all()).toEqual([]);
  });

  it("a paid notification with the wrong amount is FLAGGED and the order stays unpaid", async () => {
    const orderNo = await newOrder();
    const res = await notify(notification(orderNo, shop.price - 1));
    expect(res.body.result).toEqual({ outcome: "FLAGGED", order_status: "WAIT_PAY" });
    expect(orderRow(h.store.db, orderNo)).toMatchObject({ status: "WAIT_PAY", payAt: null, flag: expect.stringMatching(CN) });
  });

  it("a second, different paid notification for a paid order is FLAGGED (paid twice: refund by hand)", async () => {
    const orderNo = await newOrder();
    await pay(orderNo);
    const res = await notify(notification(orderNo, shop.price));
    expect(res.body.result).toEqual({ outcome: "FLAGGED", order_status: "PAY_SUCCESS" });
    expect(orderRow(h.store.db, orderNo)!.flag).toMatch(CN);
  });

  it("a late FAIL after a payment changes nothing", async () => {
    const orderNo = await newOrder();
    await pay(orderNo);
    expect((await notify(notification(orderNo, shop.price, "FAIL"))).body.result).toEqual({ outcome: "IGNORED", order_status: "PAY_SUCCESS" });
    expect(statusOf(orderNo)).toBe("PAY_SUCCESS");
  });
});

// ─── the sandbox cashier ─────────────────────────────────────────────────

describe("the sandbox cashier /mock-pay/{no}", () => {
  const cashierPath = async (orderNo: string) => {
    const detail = (await h.api(`${ORDER_V1}/list?user_id=${member1}&order_status=WAIT_PAY`, { headers: as1 })).body.result.list.find(
      (o: any) => o.order_no === orderNo,
    );
    return new URL(detail.third_pay_detail.pay_url, h.url);
  };

  it("shows the amount and the pay way behind a signed link, 404 with a bad or missing signature", async () => {
    const orderNo = await newOrder();
    const link = await cashierPath(orderNo);
    const page = await h.api(link.pathname + link.search);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(page.body).toContain("￥50.00");
    expect(page.body).toContain("微信支付");
    expect(page.body).toContain(orderNo);

    const other = await newOrder();
    const otherSig = (await cashierPath(other)).searchParams.get("sig");
    for (const search of ["", "?sig=", `?sig=${"0".repeat(32)}`, `?sig=${otherSig}`, "?sig=<script>"]) {
      const bad = await h.api(`/mock-pay/${orderNo}${search}`);
      expect(bad.status, search).toBe(404);
      expect(bad.body).toContain("支付链接无效");
    }
    expect((await h.api(`/mock-pay/TT20000101000000?sig=${link.searchParams.get("sig")}`)).status).toBe(404);
  });

  const submit = (orderNo: string, form: Record<string, string>) =>
    h.api(`/mock-pay/${orderNo}`, {
      method: "POST",
      body: new URLSearchParams(form).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });

  it("paying with result SUCCESS moves the order to PAY_SUCCESS through the signed notification", async () => {
    const orderNo = await newOrder();
    const sig = (await cashierPath(orderNo)).searchParams.get("sig")!;
    const res = await submit(orderNo, { sig, result: "SUCCESS" });
    expect(res.status).toBe(200);
    expect(res.body).toContain("支付成功");
    expect(orderRow(h.store.db, orderNo)).toMatchObject({ status: "PAY_SUCCESS", payAt: h.clock.now });
    expect(h.store.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, orderNo)).all()).toEqual([
      expect.objectContaining({ tradeStatus: "SUCCESS", outcome: "APPLIED", amount: shop.price }),
    ]);
    // the page of a paid order offers no buttons, only the way back to the order
    const page = await h.api(`/mock-pay/${orderNo}?sig=${sig}`);
    expect(page.body).toContain("订单已支付");
    expect(page.body).not.toContain('name="result"');
    expect(page.body).toMatch(new RegExp(`<a class="pay" href="[^"]*/order/detail/${orderNo}">查看订单</a>`));
  });

  it("reaches the notification endpoint when HOST is a single address other than 127.0.0.1", async () => {
    // the same store served only on 127.0.0.5 (configured as HOST): nothing listens on 127.0.0.1 for it
    const app = createApp({ ...h.deps, config: { ...h.deps.config, host: "127.0.0.5" } });
    const server = app.listen(0, "127.0.0.5");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const orderNo = await newOrder();
      const sig = (await cashierPath(orderNo)).searchParams.get("sig")!;
      const res = await fetch(`http://127.0.0.5:${(server.address() as AddressInfo).port}/mock-pay/${orderNo}`, {
        method: "POST",
        body: new URLSearchParams({ sig, result: "SUCCESS" }).toString(),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("支付成功");
      expect(statusOf(orderNo)).toBe("PAY_SUCCESS");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("result FAIL moves it to PAY_FAIL; a bad signature or result is a 400 that changes nothing", async () => {
    const orderNo = await newOrder();
    const sig = (await cashierPath(orderNo)).searchParams.get("sig")!;
    const before = orderSnapshot(h.store.sqlite);
    expect((await submit(orderNo, { sig: "f".repeat(32), result: "SUCCESS" })).status).toBe(400);
    expect((await submit(orderNo, { sig, result: "MAYBE" })).status).toBe(400);
    expect((await submit(orderNo, { result: "SUCCESS" })).status).toBe(400);
    expect(orderSnapshot(h.store.sqlite)).toEqual(before);
    const res = await submit(orderNo, { sig, result: "FAIL" });
    expect(res.status).toBe(200);
    expect(res.body).toContain("支付失败");
    expect(statusOf(orderNo)).toBe("PAY_FAIL");
  });

  it("a second submission of a paid order does not pay it twice", async () => {
    const orderNo = await newOrder();
    const sig = (await cashierPath(orderNo)).searchParams.get("sig")!;
    await submit(orderNo, { sig, result: "SUCCESS" });
    const again = await submit(orderNo, { sig, result: "SUCCESS" });
    expect(again.body).toContain("订单已支付");
    expect(h.store.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, orderNo)).all()).toHaveLength(1);
    expect(orderRow(h.store.db, orderNo)!.flag).toBeNull();
  });

  it("two simultaneous submissions of the same page are one payment", async () => {
    const orderNo = await newOrder();
    const sig = (await cashierPath(orderNo)).searchParams.get("sig")!;
    const answers = await Promise.all([submit(orderNo, { sig, result: "SUCCESS" }), submit(orderNo, { sig, result: "SUCCESS" })]);
    for (const a of answers) expect(a.status).toBe(200);
    expect(statusOf(orderNo)).toBe("PAY_SUCCESS");
    expect(h.store.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, orderNo)).all()).toHaveLength(1);
    expect(orderRow(h.store.db, orderNo)!.flag).toBeNull();
  });

  it("a payment after a failure is a new payment", async () => {
    const orderNo = await newOrder();
    const sig = (await cashierPath(orderNo)).searchParams.get("sig")!;
    await submit(orderNo, { sig, result: "FAIL" });
    h.clock.now += 1000;
    expect((await submit(orderNo, { sig, result: "SUCCESS" })).body).toContain("支付成功");
    expect(statusOf(orderNo)).toBe("PAY_SUCCESS");
    expect(
      h.store.db
        .select()
        .from(paymentNotifications)
        .where(eq(paymentNotifications.orderNo, orderNo))
        .all()
        .map((n) => n.outcome),
    ).toEqual(["APPLIED", "APPLIED"]);
  });
});

// ─── coupons in orders ───────────────────────────────────────────────────

describe("a coupon in an order", () => {
  it("is locked by the WAIT_PAY order (my_coupon lists it as used) and priced on the server", async () => {
    const couponNo = grantCoupon(member1);
    const res = await create(as1, { ...orderBody(member1, [shopUnit()], { coupons: [couponNo] }), pay_price: 1, coupon_amount: 4999 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const orderNo = res.body.result.order_no;
    expect(orderRow(h.store.db, orderNo)).toMatchObject({ goodsAmount: 5000, couponAmount: 1000, payPrice: 4000 });
    expect(couponRow(h.store.db, couponNo)).toMatchObject({ status: "LOCKED", orderNo });
    expect(h.store.db.select().from(orderCoupons).where(eq(orderCoupons.orderNo, orderNo)).all()).toEqual([{ orderNo, couponNo, discount: 1000 }]);
    const mine = await myCoupons(as1);
    expect(mine.used_coupons.map((c: any) => c.coupon_no)).toContain(couponNo);
    expect(mine.unused_coupons.map((c: any) => c.coupon_no)).not.toContain(couponNo);
  });

  it("cannot be used by a second order while the first holds it (409), and returns on close", async () => {
    const couponNo = grantCoupon(member1);
    const first = await newOrder(member1, as1, { coupons: [couponNo] });
    const before = orderSnapshot(h.store.sqlite);
    expectFailure(await create(as1, orderBody(member1, [shopUnit()], { coupons: [couponNo] })), 409, "优惠券已被其他订单占用");
    expect(orderSnapshot(h.store.sqlite)).toEqual(before);

    await h.api(`${ORDER_V1}/close/${first}`, { method: "POST", headers: as1, json: {} });
    expect(couponRow(h.store.db, couponNo)).toMatchObject({ status: "UNUSED", orderNo: null });
    expect((await myCoupons(as1)).unused_coupons.map((c: any) => c.coupon_no)).toContain(couponNo);
    // and can be used again
    const second = await newOrder(member1, as1, { coupons: [couponNo] });
    expect(couponRow(h.store.db, couponNo)).toMatchObject({ status: "LOCKED", orderNo: second });
  });

  it("returns to the account when the order expires", async () => {
    const couponNo = grantCoupon(member1);
    const orderNo = await newOrder(member1, as1, { coupons: [couponNo] });
    h.clock.now += 15 * MINUTE - 1;
    expect(closeExpiredOrders(h.deps)).not.toContain(orderNo);
    h.clock.now += 1;
    expect(closeExpiredOrders(h.deps)).toContain(orderNo);
    expect(orderRow(h.store.db, orderNo)).toMatchObject({ status: "CLOSE", closedAt: h.clock.now });
    expect(couponRow(h.store.db, couponNo)).toMatchObject({ status: "UNUSED", orderNo: null });
    expect((await h.api(`${ORDER_V1}/status/${orderNo}`, { headers: as1 })).body.result).toMatchObject({ order_status: "CLOSE", remain_minutes: 0 });
  });

  it("is consumed by the payment", async () => {
    const couponNo = grantCoupon(member1);
    const orderNo = await newOrder(member1, as1, { coupons: [couponNo] });
    h.clock.now += MINUTE;
    await pay(orderNo);
    expect(couponRow(h.store.db, couponNo)).toMatchObject({ status: "USED", orderNo, usedAt: h.clock.now });
    // a FLAGGED late payment of a closed order never consumes anything
    const other = grantCoupon(member1);
    const closed = await newOrder(member1, as1, { coupons: [other] });
    await h.api(`${ORDER_V1}/close/${closed}`, { method: "POST", headers: as1, json: {} });
    await notify(notification(closed, 4000));
    expect(couponRow(h.store.db, other)!.status).toBe("UNUSED");
  });

  it("that is another member's, used or unknown is refused and nothing is locked", async () => {
    const theirs = grantCoupon(member2);
    const before = orderSnapshot(h.store.sqlite);
    expectFailure(await create(as1, orderBody(member1, [shopUnit()], { coupons: [theirs] })), 400, "优惠券不可用");
    expectFailure(await create(as1, orderBody(member1, [shopUnit()], { coupons: ["CP0000000000"] })), 400, "优惠券不可用");
    expect(orderSnapshot(h.store.sqlite)).toEqual(before);
  });

  it("ten simultaneous orders with the same coupon: exactly one holds it, the others are refused", async () => {
    const buyer = createMember(h.store.db);
    const headers = credentialHeaders(h, buyer);
    const couponNo = grantCoupon(buyer);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        create(headers, { ...orderBody(buyer, [shopUnit()], { coupons: [couponNo] }), request_id: `coupon-race-${i}-${buyer}` }),
      ),
    );
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => a.status !== 200)) expectFailure(lost, 409, "优惠券已被其他订单占用");
    const winner = won[0]!.body.result.order_no;
    expect(couponRow(h.store.db, couponNo)).toMatchObject({ status: "LOCKED", orderNo: winner });
    expect(h.store.db.select().from(orderCoupons).where(eq(orderCoupons.couponNo, couponNo)).all()).toHaveLength(1);
    expect(h.store.db.select().from(orders).where(eq(orders.memberId, buyer)).all()).toHaveLength(1);
  });
});

// ─── delivery ────────────────────────────────────────────────────────────

describe("fulfilment", () => {
  it("delivers a paid order after the delay: performance_list, one mail to the order e-mail, one SMS", async () => {
    const orderNo = await newOrder(member1, as1, { customer: { user_id: String(member1), user_phone: "13800138000", user_email: "buyer@example.com" } });
    await pay(orderNo);
    const payAt = h.clock.now;
    expect(fulfilAt(payAt + h.deps.config.fulfilDelayMs - 1).delivered).not.toContain(orderNo);
    expect(statusOf(orderNo)).toBe("PAY_SUCCESS");
    expect((await h.api(`${ORDER_V2}/${orderNo}`, { headers: as1 })).body.result.performance_list[0].value).toBe("");

    expect(fulfilAt(payAt + h.deps.config.fulfilDelayMs).delivered).toContain(orderNo);
    expect(orderRow(h.store.db, orderNo)).toMatchObject({ status: "SEND_SUCCESS", deliveredAt: h.clock.now, notice: null });
    const code = h.store.db.select().from(cdkeys).where(eq(cdkeys.orderNo, orderNo)).all();
    expect(code).toHaveLength(1);
    expect(code[0]).toMatchObject({ status: "DELIVERED", skuNo: shop.skuNo, deliveredAt: h.clock.now });

    const detail = (await h.api(`${ORDER_V2}/${orderNo}`, { headers: as1 })).body.result;
    expect(detail.order.status).toBe("SEND_SUCCESS");
    expect(detail.performance_list).toEqual([
      {
        title: "兑换码",
        value: code[0]!.code,
        copy: true,
        url: { title: "", value: "" },
        notice_text: expect.stringMatching(CN),
        // the test goods are Steam goods
        redeem_steps: expect.arrayContaining([expect.stringContaining("Steam")]),
        // what tells the storefront to offer 一键激活 (a Steam game key)
        platform: "STEAM",
        code_kind: "GAME_KEY",
      },
    ]);

    const messages = h.store.db.select().from(outboxMessages).where(eq(outboxMessages.orderNo, orderNo)).all();
    expect(messages.filter((m) => m.channel === "MAIL")).toEqual([
      expect.objectContaining({ recipient: "buyer@example.com", body: expect.stringContaining(code[0]!.code) }),
    ]);
    // a Steam game key's mail carries the one-click activation address, the key URL-encoded
    expect(messages.find((m) => m.channel === "MAIL")!.body).toContain(
      `一键激活：https://store.steampowered.com/account/registerkey?key=${encodeURIComponent(code[0]!.code)}`,
    );
    expect(messages.filter((m) => m.channel === "SMS")).toEqual([
      expect.objectContaining({ recipient: DEMO_MOBILE_1, body: expect.stringContaining(code[0]!.code) }),
    ]);

    // later passes change nothing
    fulfilAt(h.clock.now + MINUTE);
    expect(h.store.db.select().from(outboxMessages).where(eq(outboxMessages.orderNo, orderNo)).all()).toHaveLength(2);
    expect(h.store.db.select().from(cdkeys).where(eq(cdkeys.orderNo, orderNo)).all()).toHaveLength(1);
  });

  it("carries the SKU's redemption URL into performance_list", async () => {
    const sku = h.store.db.select().from(skus).where(eq(skus.skuNo, "G1001-S01")).get()!;
    const res = await create(as1, orderBody(member1, [unit("G1001", "G1001-S01")]));
    const orderNo = res.body.result.order_no;
    await pay(orderNo);
    fulfilSoon();
    const [item] = (await h.api(`${ORDER_V2}/${orderNo}`, { headers: as1 })).body.result.performance_list;
    expect(item).toMatchObject({ copy: true, url: { title: "兑换地址", value: sku.redemptionUrl } });
    expect(item.value).not.toBe("");
  });

  it("waits for presale_performance_at before delivering a presale order", async () => {
    const presale = h.store.db
      .select()
      .from(goods)
      .where(and(eq(goods.isPresale, true), eq(goods.status, "ON_SALE")))
      .all()
      .find((g) => (g.presalePerformanceAt ?? 0) > h.clock.now)!;
    const sku = h.store.db
      .select()
      .from(skus)
      .where(and(eq(skus.goodsNo, presale.goodsNo), eq(skus.disabled, false)))
      .get()!;
    const res = await create(as1, orderBody(member1, [unit(presale.goodsNo, sku.skuNo)]));
    const orderNo = res.body.result.order_no;
    await pay(orderNo);
    const detail = (await h.api(`${ORDER_V2}/${orderNo}`, { headers: as1 })).body.result;
    expect(detail.goods[0]).toMatchObject({ is_presale: true, presale_performance_at: presale.presalePerformanceAt });

    fulfilAt(h.clock.now + HOUR);
    expect(statusOf(orderNo)).toBe("PAY_SUCCESS");
    fulfilAt(presale.presalePerformanceAt! - 1);
    expect(statusOf(orderNo)).toBe("PAY_SUCCESS");
    expect(fulfilAt(presale.presalePerformanceAt!).delivered).toContain(orderNo);
    expect(statusOf(orderNo)).toBe("SEND_SUCCESS");
  });

  it("keeps a sold-out order SENDING with the out-of-stock notice, and delivers it once codes arrive", async () => {
    const { skuNo, goodsNo } = h.seed.soldOutSku;
    const res = await create(as1, orderBody(member1, [unit(goodsNo, skuNo)]));
    const orderNo = res.body.result.order_no;
    await pay(orderNo);
    expect(fulfilSoon().waiting).toContain(orderNo);
    // the notice says what happens if no code comes, and when
    const refundAt = h.clock.now + h.deps.config.outOfStockRefundMs;
    const notice = outOfStockNotice(refundAt);
    expect(notice).toMatch(new RegExp(`^${OUT_OF_STOCK_NOTICE}；若 \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} 前仍未补货，将自动全额退款至原支付账户$`));
    expect(orderRow(h.store.db, orderNo)).toMatchObject({ status: "SENDING", notice, outOfStockRefundAt: refundAt });
    const detail = (await h.api(`${ORDER_V2}/${orderNo}`, { headers: as1 })).body.result;
    expect(detail.order).toMatchObject({ status: "SENDING", notice });
    expect(detail.performance_list).toEqual([expect.objectContaining({ value: "", notice_text: notice })]);
    expect(h.store.db.select().from(outboxMessages).where(eq(outboxMessages.orderNo, orderNo)).all()).toEqual([]);

    // a retry before codes arrive changes nothing
    fulfilAt(h.clock.now + 10 * MINUTE);
    expect(orderRow(h.store.db, orderNo)).toMatchObject({ status: "SENDING", notice, outOfStockRefundAt: refundAt });

    // other orders of the same SKU may wait too (the seeded one, unless an earlier test's clock
    // passed its refund deadline); one code arrives, then another, and the worker's next pass
    // delivers (no wait for the out-of-stock retry)
    h.clock.now += MINUTE;
    const first = restock(h.deps, skuNo, ["RESTOCK-CODE-0001"]);
    expect(first).toMatchObject({ added: 1, unused: 1 });
    expect(first.waitingOrders).toContain(orderNo);
    runFulfilment(h.deps);
    expect(h.store.db.select().from(cdkeys).where(eq(cdkeys.code, "RESTOCK-CODE-0001")).get()!.status).toBe("DELIVERED");
    expect(first.waitingOrders.filter((no) => statusOf(no) === "SENDING")).toHaveLength(first.waitingOrders.length - 1);
    restock(
      h.deps,
      skuNo,
      first.waitingOrders.map((_, i) => `RESTOCK-CODE-1${i}`),
    );
    runFulfilment(h.deps);
    expect(orderRow(h.store.db, orderNo)).toMatchObject({ status: "SEND_SUCCESS", notice: null, outOfStockRefundAt: null });
    for (const no of first.waitingOrders) expect(statusOf(no)).toBe("SEND_SUCCESS");
    expect(doubleDeliveries(h.store.sqlite)).toEqual([]);
  });

  it("refunds a sold-out order in full when no code came by its deadline, once, saying 退款处理中 until the provider confirms", async () => {
    const empty = createGoods(h.store.db, [2990]);
    const skuNo = empty.skuNos[0]!;
    const res = await create(as1, orderBody(member1, [unit(empty.goodsNo, skuNo)]));
    const orderNo = res.body.result.order_no;
    await pay(orderNo);
    expect(fulfilSoon().waiting).toContain(orderNo);
    const refundAt = orderRow(h.store.db, orderNo)!.outOfStockRefundAt!;
    expect(refundAt).toBe(h.clock.now + h.deps.config.outOfStockRefundMs);

    // retries up to the deadline keep it waiting, and the last retry falls on the deadline itself
    expect(fulfilAt(refundAt - 1).waiting).toContain(orderNo);
    expect(orderRow(h.store.db, orderNo)).toMatchObject({ status: "SENDING", fulfilAfter: refundAt });
    const pass = fulfilAt(refundAt);
    expect(pass.refunded).toEqual([orderNo]);
    expect(orderRow(h.store.db, orderNo)).toMatchObject({
      status: "ALL_REFUND",
      notice: refundNotice("PENDING", OUT_OF_STOCK_REFUND_REASON, 2990),
      fulfilAfter: null,
      outOfStockRefundAt: null,
    });
    const messages = () => h.store.db.select().from(outboxMessages).where(eq(outboxMessages.orderNo, orderNo)).all();
    expect(
      messages()
        .map((m) => m.channel)
        .sort(),
    ).toEqual(["MAIL", "SMS"]);
    const mail = messages().find((m) => m.channel === "MAIL")!;
    expect(mail.recipient).toBe("buyer@example.com");
    expect(mail.subject).toContain("退款处理中");
    expect(mail.body).toContain("￥29.90");
    expect(messages().find((m) => m.channel === "SMS")!.body).toContain("退款 ￥29.90 处理中");

    // the refund job pays it out through the sandbox provider, then says the money is back
    expect((await runRefunds(h.deps)).succeeded).toContain(`${orderNo}:1`);
    expect(orderRow(h.store.db, orderNo)!.notice).toBe(refundNotice("SUCCEEDED", OUT_OF_STOCK_REFUND_REASON, 2990));
    expect(messages().filter((m) => m.body.includes("退款 ￥29.90 已退回原支付账户"))).toHaveLength(2);

    // later passes and a late restock change nothing: the code stays on the shelf
    fulfilAt(refundAt + HOUR);
    restock(h.deps, skuNo, ["LATE-CODE-0001"]);
    runFulfilment(h.deps);
    expect(orderRow(h.store.db, orderNo)!.status).toBe("ALL_REFUND");
    expect(h.store.db.select().from(cdkeys).where(eq(cdkeys.code, "LATE-CODE-0001")).get()!.status).toBe("UNUSED");
    expect(messages()).toHaveLength(4);
    const detail = (await h.api(`${ORDER_V2}/${orderNo}`, { headers: as1 })).body.result;
    expect(detail.order).toMatchObject({ status: "ALL_REFUND", notice: refundNotice("SUCCEEDED", OUT_OF_STOCK_REFUND_REASON, 2990) });
  });
});

// ─── concurrency ─────────────────────────────────────────────────────────

describe("under concurrency", () => {
  it("60 simultaneous paid orders for a SKU holding 40 codes: 40 delivered once each, 20 waiting, none lost", async () => {
    const started = Date.now();
    const scarce = createGoods(h.store.db, [1990]);
    const skuNo = scarce.skuNos[0]!;
    const codes = addCodes(h.store.db, skuNo, 40);
    const buyers = Array.from({ length: 6 }, () => createMember(h.store.db));
    const headersOf = new Map(buyers.map((b) => [b, credentialHeaders(h, b)]));

    const created = await Promise.all(
      Array.from({ length: 60 }, (_, i) => {
        const buyer = buyers[i % buyers.length]!;
        return create(headersOf.get(buyer)!, orderBody(buyer, [unit(scarce.goodsNo, skuNo)]));
      }),
    );
    for (const c of created) expect(c.status, JSON.stringify(c.body)).toBe(200);
    const orderNos = created.map((c) => c.body.result.order_no as string);
    expect(new Set(orderNos).size).toBe(60);

    const paid = await Promise.all(orderNos.map((no) => notify(notification(no, 1990))));
    for (const p of paid) expect(p.body.result).toEqual({ outcome: "APPLIED", order_status: "PAY_SUCCESS" });

    // the worker's passes race the shoppers polling their orders
    h.clock.now += h.deps.config.fulfilDelayMs + 1;
    const polls = Promise.all(orderNos.slice(0, 20).map((no, i) => h.api(`${ORDER_V2}/${no}`, { headers: headersOf.get(buyers[i % buyers.length]!)! })));
    runFulfilment(h.deps);
    runFulfilment(h.deps);
    await polls;
    h.clock.now += 10 * MINUTE;
    runFulfilment(h.deps);

    const rows = h.store.db.select().from(orders).where(inArray(orders.orderNo, orderNos)).all();
    expect(rows).toHaveLength(60);
    const byStatus = (s: string) => rows.filter((r) => r.status === s);
    expect(byStatus("SEND_SUCCESS")).toHaveLength(40);
    expect(byStatus("SENDING")).toHaveLength(20);
    for (const r of byStatus("SENDING")) expect(r.notice).toContain(OUT_OF_STOCK_NOTICE);

    const skuCodes = h.store.db.select().from(cdkeys).where(eq(cdkeys.skuNo, skuNo)).all();
    expect(skuCodes).toHaveLength(40);
    expect(skuCodes.every((c) => c.status === "DELIVERED")).toBe(true);
    expect(new Set(skuCodes.map((c) => c.orderNo)).size).toBe(40);
    const performances = h.store.db.select().from(orderPerformances).where(inArray(orderPerformances.orderNo, orderNos)).all();
    expect(performances).toHaveLength(40);
    expect(new Set(performances.map((p) => p.value))).toEqual(new Set(codes));
    expect(new Set(performances.map((p) => p.orderNo))).toEqual(new Set(byStatus("SEND_SUCCESS").map((r) => r.orderNo)));
    expect(doubleDeliveries(h.store.sqlite)).toEqual([]);
    const mails = h.store.db
      .select()
      .from(outboxMessages)
      .where(and(inArray(outboxMessages.orderNo, orderNos), eq(outboxMessages.channel, "MAIL")))
      .all();
    expect(mails).toHaveLength(40);
    console.info(`60 paid orders for 40 codes: ${Date.now() - started} ms`);
  });

  it("ten replays of the same paid notification: one transition, one delivery, one mail", async () => {
    const orderNo = await newOrder();
    const n = notification(orderNo, shop.price);
    const answers = await Promise.all(Array.from({ length: 10 }, () => notify(n)));
    expect(answers.map((a) => a.body.result.outcome).sort()).toEqual(["APPLIED", ...Array(9).fill("IGNORED")]);
    expect(h.store.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, orderNo)).all()).toHaveLength(1);
    h.clock.now += h.deps.config.fulfilDelayMs;
    const replays = Promise.all(Array.from({ length: 10 }, () => notify(n)));
    runFulfilment(h.deps);
    runFulfilment(h.deps);
    await replays;
    expect(statusOf(orderNo)).toBe("SEND_SUCCESS");
    expect(h.store.db.select().from(orderPerformances).where(eq(orderPerformances.orderNo, orderNo)).all()).toHaveLength(1);
    expect(
      h.store.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.orderNo, orderNo), eq(outboxMessages.channel, "MAIL")))
        .all(),
    ).toHaveLength(1);
    expect(
      h.store.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.orderNo, orderNo), eq(outboxMessages.channel, "SMS")))
        .all(),
    ).toHaveLength(1);
  });

  it("closing and paying the same order at once: either paid or closed-and-flagged, never both", async () => {
    for (let i = 0; i < 5; i++) {
      const couponNo = grantCoupon(member1);
      const orderNo = await newOrder(member1, as1, { coupons: [couponNo] });
      await Promise.all([h.api(`${ORDER_V1}/close/${orderNo}`, { method: "POST", headers: as1, json: {} }), notify(notification(orderNo, 4000))]);
      const row = orderRow(h.store.db, orderNo)!;
      const coupon = couponRow(h.store.db, couponNo)!;
      if (row.status === "CLOSE") {
        expect(row.flag).toMatch(CN);
        expect(coupon.status).toBe("UNUSED");
      } else {
        expect(row.status).toBe("PAY_SUCCESS");
        expect(coupon.status).toBe("USED");
      }
    }
  });
});

describe("the seed leaves the shop consistent", () => {
  it("no code is delivered twice and every LOCKED coupon belongs to an open order", () => {
    expect(doubleDeliveries(h.store.sqlite)).toEqual([]);
    const locked = h.store.db.select().from(coupons).where(eq(coupons.status, "LOCKED")).all();
    for (const c of locked) expect(["WAIT_PAY", "PAY_FAIL"]).toContain(statusOf(c.orderNo!));
  });
});
