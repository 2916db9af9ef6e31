// Findings H1 and M1 (decision 021). H1: a multi-SKU order delivered the codes of its units in
// stock, then was refunded in full while the shopper kept them. Now allocation is all or nothing:
// no code is taken or shown until every unit has one, and an order refunded for want of codes had
// none. M1: a refund moved no money and raised no flag. Now every refund is queued with the status
// change and paid out by the provider (the sandbox records it), retried with the same idempotency
// key, flagged for an operator when it fails, and the shopper reads 退款处理中 until it is done; a
// process killed at any point of it loses no refund and doubles none.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { openStore, type Store } from "../../db/client";
import { cdkeys, orderPerformances, orders, outboxMessages, refunds, sandboxRefunds } from "../../db/schema";
import { storeMetrics } from "../../server/metrics";
import { OUT_OF_STOCK_REFUND_REASON } from "../../server/trade/jobs/fulfilment";
import { runRefunds } from "../../server/trade/jobs/refunds";
import type { PayProvider } from "../../server/trade/providers/pay";
import { refundOrder } from "../../server/trade/services/order-admin";
import { payProvider } from "../../server/trade/services/payment.service";
import { REFUND_MAX_ATTEMPTS, refundCallTimeoutMs, refundBackoffMs, refundNotice } from "../../server/trade/services/refund.service";
import { createSeededDb } from "../bench/data";
import { PAY_NOTIFY_SECRET, startServer } from "../bench/server";
import { startHarness, type Harness } from "../api/harness";
import { insertPaidOrders, notification, signedBody } from "../api/order-fixtures";
import { startShop, type Shop } from "./shop";

const IN_STOCK = { goods_no: "G1024", sku_no: "G1024-S05", sku_num: 1 };
const SOLD_OUT = { goods_no: "G1036", sku_no: "G1036-S06", sku_num: 1 };

async function until<T>(check: () => T | undefined | null | false, what: string, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("H1: a mixed order (one SKU in stock, one sold out) on the production server", () => {
  let shop: Shop;
  let store: Store;
  beforeAll(async () => {
    shop = await startShop({ env: { FULFIL_DELAY_MS: "100" } });
    store = openStore(shop.dbFile);
  }, 90_000);
  afterAll(async () => {
    store?.close();
    await shop?.close();
  });

  it("shows no code while SENDING, and is refunded in full with nothing delivered: order page, mail, SMS and provider name the same amount", async () => {
    const cookie = shop.memberCookie(1);
    // a mixed order is refused while one of its SKUs is sold out (decision 044): G1036-S06 has codes
    // beyond what the seed's paid orders wait for when the order is made, all gone by payment
    const lastCodes = Array.from({ length: 5 }, (_, i) => ({ skuNo: SOLD_OUT.sku_no, code: `H1-LAST-CODE-${i}`, status: "UNUSED", createdAt: Date.now() }));
    store.db.insert(cdkeys).values(lastCodes).run();
    const created = await fetch(`${shop.url}/api/trade_bff/v1/order`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie },
      body: JSON.stringify({
        customer: { user_id: "1", user_phone: "", user_email: "buyer@example.com" },
        units: [IN_STOCK, SOLD_OUT],
        channel: { channel_name: "", channel_no: "1" },
        pay_way: "WX",
        coupons: [],
      }),
    }).then((r) => r.json() as Promise<any>);
    expect(created.success, JSON.stringify(created)).toBe(true);
    const orderNo: string = created.result.order_no;
    const order = () => store.db.select().from(orders).where(eq(orders.orderNo, orderNo)).get()!;
    const payPrice = order().payPrice;
    expect(payPrice).toBe(91000 + 62800);
    const nextCode = () =>
      store.db
        .select()
        .from(cdkeys)
        .where(and(eq(cdkeys.skuNo, IN_STOCK.sku_no), eq(cdkeys.status, "UNUSED")))
        .orderBy(cdkeys.id)
        .get()!;
    const codeBefore = nextCode();
    store.db
      .delete(cdkeys)
      .where(
        inArray(
          cdkeys.code,
          lastCodes.map((c) => c.code),
        ),
      )
      .run();
    const paid = await fetch(`${shop.url}/api/pay_gateway/notify`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(signedBody(PAY_NOTIFY_SECRET, notification(orderNo, payPrice))),
    });
    expect(paid.status).toBe(200);

    // the worker finds G1036-S06 empty: the order waits whole, the G1024-S05 code stays on the shelf
    await until(() => order().status === "SENDING" && order().outOfStockRefundAt, "the order to wait for codes");
    const detail = async () =>
      (await fetch(`${shop.url}/api/trade_bff/v2/order/${orderNo}`, { headers: { Cookie: cookie } }).then((r) => r.json() as Promise<any>)).result;
    const sending = await detail();
    expect(sending.order.status).toBe("SENDING");
    expect(sending.performance_list.map((p: { value: string }) => p.value)).toEqual(["", ""]);
    expect(store.db.select().from(orderPerformances).where(eq(orderPerformances.orderNo, orderNo)).all()).toEqual([]);
    expect(nextCode()).toEqual(codeBefore);
    const page = async () => (await fetch(`${shop.url}/order/detail/${orderNo}`, { headers: { Cookie: cookie } })).text();
    expect(await page()).not.toContain(codeBefore.code);

    // the wait runs out (its deadline moved to now): refunded in full, through the provider
    store.db.update(orders).set({ outOfStockRefundAt: Date.now(), fulfilAfter: Date.now() }).where(eq(orders.orderNo, orderNo)).run();
    const refund = await until(
      () =>
        store.db
          .select()
          .from(refunds)
          .where(and(eq(refunds.orderNo, orderNo), eq(refunds.status, "SUCCEEDED")))
          .get(),
      "the refund",
    );
    expect(refund).toMatchObject({ idempotencyKey: `${orderNo}:1`, amount: payPrice, attempts: 1 });
    expect(store.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.orderNo, orderNo)).all()).toEqual([
      expect.objectContaining({ idempotencyKey: `${orderNo}:1`, amount: 153800 }),
    ]);
    expect(order()).toMatchObject({ status: "ALL_REFUND", flag: null, notice: refundNotice("SUCCEEDED", OUT_OF_STOCK_REFUND_REASON, 153800) });
    const refunded = await detail();
    expect(refunded.order.notice).toContain("退款 ￥1538.00 已退回原支付账户");
    expect(refunded.performance_list.map((p: { value: string }) => p.value)).toEqual(["", ""]);
    const html = await page();
    expect(html).toContain("退款 ￥1538.00 已退回原支付账户");
    expect(html).not.toContain(codeBefore.code);
    expect(nextCode()).toEqual(codeBefore);

    // first 退款处理中, then 已退回, each by mail and SMS, all naming ￥1538.00 and no other amount
    const messages = store.db.select().from(outboxMessages).where(eq(outboxMessages.orderNo, orderNo)).orderBy(outboxMessages.id).all();
    expect(messages.map((m) => [m.channel, /处理中|已退回/.exec(m.body)?.[0]])).toEqual([
      ["MAIL", "处理中"],
      ["SMS", "处理中"],
      ["MAIL", "已退回"],
      ["SMS", "已退回"],
    ]);
    for (const m of messages) expect(m.body.match(/￥[\d.]+/g)).toEqual(["￥1538.00"]);
    console.info(
      `H1 mixed order ${orderNo}: paid ${payPrice} cents; SENDING with no code shown; refunded ${refund.amount} cents (sandbox ledger ${refund.amount})`,
    );
  }, 60_000);
});

describe("M1: a refund the provider cannot make", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  const delivered = () => h.store.sqlite.prepare("SELECT order_no FROM orders WHERE status = 'SEND_SUCCESS' AND flag IS NULL LIMIT 1").pluck().get() as string;
  const messagesOf = (orderNo: string) => h.store.db.select().from(outboxMessages).where(eq(outboxMessages.orderNo, orderNo)).all();

  it("is retried with the same idempotency key, then flagged for an operator; the shopper is never told the money is back", async () => {
    const orderNo = delivered();
    const { amount } = refundOrder(h.deps, orderNo, null);
    const keys: string[] = [];
    const refusing: PayProvider = {
      ...payProvider(h.deps.config)!,
      refund: async (_db, request) => {
        keys.push(request.idempotencyKey);
        throw new Error("渠道维护中");
      },
    };
    for (let attempt = 1; attempt <= REFUND_MAX_ATTEMPTS; attempt++) {
      const pass = await runRefunds(h.deps, refusing);
      expect(pass[attempt < REFUND_MAX_ATTEMPTS ? "retrying" : "failed"]).toEqual([`${orderNo}:1`]);
      // nothing is tried again before its backoff has passed
      expect((await runRefunds(h.deps, refusing)).retrying).toEqual([]);
      h.clock.now += refundBackoffMs(attempt);
    }
    expect(keys).toEqual(Array(REFUND_MAX_ATTEMPTS).fill(`${orderNo}:1`));
    const row = h.store.db.select().from(orders).where(eq(orders.orderNo, orderNo)).get()!;
    expect(row.flag).toContain(`退款失败，需人工退款 ￥${(amount / 100).toFixed(2)}（${orderNo}:1）：渠道维护中`);
    expect(row.notice).toContain("处理中，客服将尽快为您处理");
    expect(messagesOf(orderNo).filter((m) => m.body.includes("已退回"))).toEqual([]);
    expect(h.store.db.select().from(refunds).where(eq(refunds.orderNo, orderNo)).get()).toMatchObject({ status: "FAILED", attempts: REFUND_MAX_ATTEMPTS });

    // the operator sees it in the metrics
    const metrics = await storeMetrics(h.store).metrics();
    expect(metrics).toMatch(/^shop_refunds\{status="FAILED"\} [1-9]/m);
    expect(metrics).toMatch(/^shop_orders_flagged [1-9]/m);
  });

  const hangs = () => new Promise<never>(() => {});
  /** One pass of the refund job on fake timers, moved on until every provider call that hangs has timed out. */
  async function passTimingOut(provider: PayProvider) {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      let settled = false;
      const pass = runRefunds(h.deps, provider).finally(() => (settled = true));
      while (!settled) await vi.advanceTimersByTimeAsync(refundCallTimeoutMs(h.deps.config.payCallTimeoutMs));
      return await pass;
    } finally {
      vi.useRealTimers();
    }
  }
  /** Queues a refund of a delivered order and runs the job until its last attempt; that attempt's pass. */
  let ownOrders = 0;
  async function lastAttemptTimingOut(provider: PayProvider) {
    // an order of its own (the seed's delivered orders are the other tests')
    const { orderNos } = insertPaidOrders(h.store.db, {
      goodsNo: IN_STOCK.goods_no,
      skuNo: IN_STOCK.sku_no,
      count: 1,
      prefix: `2026114${++ownOrders}`,
      now: h.clock.now,
    });
    const orderNo = orderNos[0]!;
    h.store.db.update(orders).set({ status: "SEND_SUCCESS" }).where(eq(orders.orderNo, orderNo)).run();
    refundOrder(h.deps, orderNo, null);
    for (let attempt = 1; attempt < REFUND_MAX_ATTEMPTS; attempt++) {
      expect((await passTimingOut(provider)).retrying).toEqual([`${orderNo}:1`]);
      h.clock.now += refundBackoffMs(attempt);
    }
    return { orderNo, pass: await passTimingOut(provider) };
  }
  const orderOf = (orderNo: string) => h.store.db.select().from(orders).where(eq(orders.orderNo, orderNo)).get()!;
  const refundOf = (orderNo: string) => h.store.db.select().from(refunds).where(eq(refunds.orderNo, orderNo)).get()!;

  it("whose last call timed out after the provider paid it is settled by asking the provider, never flagged for a refund by hand (review 2026-11c L4)", async () => {
    const sandbox = payProvider(h.deps.config)!;
    // the provider pays the key, and its answer never comes back
    const paysThenHangs: PayProvider = { ...sandbox, refund: async (db, request) => (await sandbox.refund(db, request), hangs()) };
    const { orderNo, pass } = await lastAttemptTimingOut(paysThenHangs);
    expect(pass.succeeded).toEqual([`${orderNo}:1`]);
    expect(orderOf(orderNo).flag).toBeNull();
    expect(orderOf(orderNo).notice).toContain("已退回原支付账户");
    expect(refundOf(orderNo)).toMatchObject({ status: "SUCCEEDED", attempts: REFUND_MAX_ATTEMPTS });
    expect(h.store.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.orderNo, orderNo)).all()).toHaveLength(1);
  });

  it("whose last call timed out and whose query gets no answer is flagged to be checked with the provider, not to be refunded again", async () => {
    const silent: PayProvider = { ...payProvider(h.deps.config)!, refund: hangs, queryRefund: hangs };
    const { orderNo, pass } = await lastAttemptTimingOut(silent);
    expect(pass.unknown).toEqual([`${orderNo}:1`]);
    const { flag, notice } = orderOf(orderNo);
    expect(flag).toContain(`退款结果未知，请先按 key 在支付通道核对`);
    expect(flag).toContain(`（${orderNo}:1）`);
    expect(flag).not.toContain("需人工退款");
    expect(notice).toContain("处理中，客服将尽快为您处理");
    expect(refundOf(orderNo)).toMatchObject({ status: "FAILED" });
    expect(messagesOf(orderNo).filter((m) => m.body.includes("已退回"))).toEqual([]);
  });

  it("whose last call timed out while the provider still processes the key is asked again later, unflagged, and settles when paid", async () => {
    const sandbox = payProvider(h.deps.config)!;
    const processing: PayProvider = { ...sandbox, refund: hangs, queryRefund: async () => ({ status: "PROCESSING" }) };
    const { orderNo, pass } = await lastAttemptTimingOut(processing);
    expect(pass.retrying).toEqual([`${orderNo}:1`]);
    expect(orderOf(orderNo).flag).toBeNull();
    expect(refundOf(orderNo)).toMatchObject({ status: "PENDING", lastError: expect.stringContaining("支付通道处理中") });
    h.clock.now += refundBackoffMs(REFUND_MAX_ATTEMPTS);
    expect((await runRefunds(h.deps, sandbox)).succeeded).toEqual([`${orderNo}:1`]);
    expect(orderOf(orderNo).flag).toBeNull();
  });

  it("with no pay provider configured (PAY_PROVIDER=none), is flagged for a refund by hand at once", async () => {
    const orderNo = delivered();
    refundOrder(h.deps, orderNo, null);
    expect((await runRefunds(h.deps, null)).failed).toEqual([`${orderNo}:1`]);
    expect(h.store.db.select().from(orders).where(eq(orders.orderNo, orderNo)).get()!.flag).toContain("支付通道未开通");
    expect(h.store.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.orderNo, orderNo)).all()).toEqual([]);
  });
});

describe("M1: money an order does not keep", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it("a payment for a closed order goes back through the refund queue, once, however often it is notified", async () => {
    const orderNo = h.seed.ordersByStatus.CLOSE![0]!;
    const n = notification(orderNo, 4321);
    const body = signedBody(h.deps.config.payNotifySecret, n);
    for (let i = 0; i < 2; i++) expect((await h.api("/api/pay_gateway/notify", { method: "POST", json: body })).status).toBe(200);
    await runRefunds(h.deps);
    await runRefunds(h.deps);
    expect(h.store.db.select().from(refunds).where(eq(refunds.orderNo, orderNo)).all()).toEqual([
      expect.objectContaining({ amount: 4321, notifyId: n.notify_id, status: "SUCCEEDED" }),
    ]);
    expect(h.store.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.orderNo, orderNo)).all()).toEqual([expect.objectContaining({ amount: 4321 })]);
    expect(h.store.db.select().from(orders).where(eq(orders.orderNo, orderNo)).get()).toMatchObject({
      status: "CLOSE",
      flag: expect.stringContaining("已自动退款 4321 分"),
    });
  });
});

describe("M1: the refund crash test", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** Runs the fixture process until it reports `point`, then kills it with SIGKILL. */
  function killAt(dbFile: string, orderNo: string, point: string): Promise<void> {
    return new Promise((done, fail) => {
      const child = spawn(process.execPath, ["--import", "tsx", "tests/security/fixtures/refund-crash-step.ts", dbFile, orderNo, point], {
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (chunk) => {
        output += chunk;
        if (output.includes(`${point}\n`)) child.kill("SIGKILL");
      });
      child.stderr.on("data", (chunk) => (output += chunk));
      child.once("exit", (_code, signal) => (signal === "SIGKILL" ? done() : fail(new Error(`the fixture exited before ${point}:\n${output}`))));
    });
  }

  it("SIGKILL after the status change, before the provider call, or after it: after a restart each order is refunded exactly once", async () => {
    const dir = mkdtempSync(join(tmpdir(), "shop-refund-crash-"));
    dirs.push(dir);
    const { dbFile } = createSeededDb(dir);
    const store = openStore(dbFile);
    // three paid orders waiting for a sold-out SKU, their wait over
    const now = Date.now();
    const { orderNos } = insertPaidOrders(store.db, { goodsNo: SOLD_OUT.goods_no, skuNo: SOLD_OUT.sku_no, count: 3, prefix: "20261199", now });
    store.db
      .update(orders)
      .set({ status: "SENDING", outOfStockRefundAt: now - 1 })
      .where(inArray(orders.orderNo, orderNos))
      .run();
    const points = ["after-provider-call", "before-provider-call", "after-status-change"] as const;
    for (const [i, point] of points.entries()) await killAt(dbFile, orderNos[i]!, point);

    // what the kills left: all three refunded and queued; one paid out but not known to be
    const queued = store.db.select().from(refunds).where(inArray(refunds.orderNo, orderNos)).orderBy(refunds.id).all();
    expect(queued.map((r) => [r.orderNo, r.status, r.attempts])).toEqual([
      [orderNos[0], "PENDING", 1],
      [orderNos[1], "PENDING", 1],
      [orderNos[2], "PENDING", 0],
    ]);
    expect(
      store.db
        .select()
        .from(sandboxRefunds)
        .where(inArray(sandboxRefunds.orderNo, orderNos))
        .all()
        .map((r) => r.orderNo),
    ).toEqual([orderNos[0]]);
    for (const no of orderNos) expect(store.db.select().from(orders).where(eq(orders.orderNo, no)).get()!.status).toBe("ALL_REFUND");

    const server = await startServer({ dbFile, logDir: dir });
    try {
      await until(
        () =>
          store.db
            .select()
            .from(refunds)
            .where(inArray(refunds.orderNo, orderNos))
            .all()
            .every((r) => r.status === "SUCCEEDED"),
        "the restarted server to settle the refunds",
        30_000,
      );
    } finally {
      await server.stop();
    }
    const ledger = store.db.select().from(sandboxRefunds).where(inArray(sandboxRefunds.orderNo, orderNos)).all();
    expect(ledger.map((r) => [r.orderNo, r.idempotencyKey, r.amount]).sort()).toEqual(orderNos.map((no) => [no, `${no}:1`, 5000]).sort());
    for (const no of orderNos) {
      expect(store.db.select().from(orders).where(eq(orders.orderNo, no)).get()).toMatchObject({ status: "ALL_REFUND", flag: null });
      const sms = store.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.orderNo, no), eq(outboxMessages.channel, "SMS")))
        .all();
      expect(sms.map((m) => /处理中|已退回/.exec(m.body)?.[0])).toEqual(["处理中", "已退回"]);
    }
    store.close();
  }, 90_000);
});
