// The background jobs as the server runs them (server/trade/jobs/index.ts): a backlog of paid
// orders larger than one pass of the fulfilment worker is worked off at once, in slices that
// leave the event loop to requests, not one batch per timer tick (decision 009: 500 orders a second);
// and an order whose codes do not come in time gets its refund, or its code, exactly once.
import { execFile } from "node:child_process";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cdkeys, orders, outboxMessages, refunds } from "../../db/schema";
import { startJobs } from "../../server/trade/jobs";
import { FULFIL_BATCH, runFulfilment } from "../../server/trade/jobs/fulfilment";
import { startHarness, type Harness } from "./harness";
import { addCodes, doubleDeliveries, insertPaidOrders } from "./order-fixtures";
import { createGoods } from "./promotion-fixtures";

let h: Harness;
beforeAll(async () => {
  // a tick every second (FULFIL_DELAY_MS / 3, at most 1 s)
  h = await startHarness({ FULFIL_DELAY_MS: "600000" });
});
afterAll(() => h.close());

/** `count` paid orders of a new member, due now, for a new SKU holding enough codes; their numbers. */
function paidOrders(count: number, prefix: string): { memberId: number; orderNos: string[] } {
  const { goodsNo, skuNos } = createGoods(h.store.db, [5000]);
  addCodes(h.store.db, skuNos[0]!, count);
  return insertPaidOrders(h.store.db, { goodsNo, skuNo: skuNos[0]!, count, prefix, now: h.clock.now });
}

const statusOf = (orderNo: string) => h.store.db.select({ status: orders.status }).from(orders).where(eq(orders.orderNo, orderNo)).get()?.status;

describe("the fulfilment worker", () => {
  it("delivers the orders of a pass each on its own: one that fails is rolled back alone and delivered later", () => {
    const { orderNos } = paidOrders(5, "20240203");
    const failing = orderNos[2]!;
    h.store.sqlite.exec(
      `CREATE TRIGGER test_fail_delivery BEFORE INSERT ON order_performances WHEN new.order_no = '${failing}' BEGIN SELECT RAISE(ABORT, 'disk on fire'); END`,
    );
    try {
      const pass = runFulfilment(h.deps);
      // (the seed has an order of its own waiting for codes)
      expect(pass.waiting.filter((no) => orderNos.includes(no))).toEqual([failing]);
      expect(pass.more).toBe(false);
    } finally {
      h.store.sqlite.exec("DROP TRIGGER test_fail_delivery");
    }
    expect(orderNos.map(statusOf)).toEqual(["SEND_SUCCESS", "SEND_SUCCESS", "PAY_SUCCESS", "SEND_SUCCESS", "SEND_SUCCESS"]);
    expect(runFulfilment(h.deps).delivered.filter((no) => orderNos.includes(no))).toEqual([failing]);
    expect(statusOf(failing)).toBe("SEND_SUCCESS");
  });

  it("delivers a backlog of three batches well before its next tick", async () => {
    const count = FULFIL_BATCH * 3;
    const { memberId } = paidOrders(count, "20240202");
    const delivered = () =>
      h.store.db
        .select({ n: sql<number>`count(*)` })
        .from(orders)
        .where(sql`${orders.memberId} = ${memberId} and ${orders.status} = 'SEND_SUCCESS'`)
        .get()!.n;

    const jobs = startJobs(h.deps);
    try {
      const started = Date.now();
      while (delivered() < count && Date.now() - started < 900) await new Promise((r) => setTimeout(r, 20));
      expect(delivered()).toBe(count);
    } finally {
      jobs.stop();
    }
  });
});

describe("an order waiting for codes of a sold-out SKU", () => {
  it("gets its code or its refund, exactly once, when codes arrive at its refund deadline (separate processes race)", async () => {
    const { goodsNo, skuNos } = createGoods(h.store.db, [5000]);
    const skuNo = skuNos[0]!;
    const { orderNos } = insertPaidOrders(h.store.db, { goodsNo, skuNo, count: 20, prefix: "RACE", now: h.clock.now });
    // every order finds the shelf empty and waits, with the same deadline
    expect(runFulfilment(h.deps).waiting.sort()).toEqual(orderNos.sort());
    const deadline = h.store.db.select({ at: orders.outOfStockRefundAt }).from(orders).where(eq(orders.orderNo, orderNos[0]!)).get()!.at!;
    expect(deadline).toBe(h.clock.now + h.deps.config.outOfStockRefundMs);

    // at the deadline, two workers (other processes, as with WEB_CONCURRENCY) and a restock of 10 codes start together
    const codes = Array.from({ length: 10 }, (_, i) => `RACE-CODE-${i}`);
    const startAt = Date.now() + 1_500;
    const contender = (role: string) =>
      new Promise<{ delivered: string[]; refunded: string[] }>((resolve, reject) => {
        execFile(
          process.execPath,
          [
            "--import",
            "tsx",
            "tests/api/fixtures/fulfil-race-contender.ts",
            h.store.sqlite.name,
            role,
            String(startAt),
            String(deadline),
            skuNo,
            codes.join(","),
          ],
          (error, stdout, stderr) =>
            error ? reject(new Error(stderr || String(error))) : resolve(stdout ? JSON.parse(stdout) : { delivered: [], refunded: [] }),
        );
      });
    const outcomes = await Promise.all([contender("worker"), contender("worker"), contender("restock")]);
    // whatever the restock missed is refunded on the next pass; what it reached is delivered
    h.clock.now = deadline;
    runFulfilment(h.deps);

    const rows = h.store.db.select().from(orders).where(inArray(orders.orderNo, orderNos)).all();
    const delivered = rows.filter((r) => r.status === "SEND_SUCCESS").map((r) => r.orderNo);
    const refunded = rows.filter((r) => r.status === "ALL_REFUND").map((r) => r.orderNo);
    expect(delivered.length + refunded.length).toBe(20);
    expect(delivered.length).toBeLessThanOrEqual(codes.length);
    const shelf = h.store.db.select().from(cdkeys).where(eq(cdkeys.skuNo, skuNo)).all();
    expect(
      shelf
        .filter((c) => c.status === "DELIVERED")
        .map((c) => c.orderNo)
        .sort(),
    ).toEqual([...delivered].sort());
    // no order both delivered and refunded, none reported twice
    const reported = outcomes.flatMap((o) => [...o.delivered, ...o.refunded]);
    expect(new Set(reported).size).toBe(reported.length);
    expect(doubleDeliveries(h.store.sqlite)).toEqual([]);
    const sms = h.store.db
      .select()
      .from(outboxMessages)
      .where(and(inArray(outboxMessages.orderNo, orderNos), eq(outboxMessages.channel, "SMS")))
      .all();
    expect(sms).toHaveLength(20);
    for (const orderNo of refunded) expect(sms.find((m) => m.orderNo === orderNo)!.body).toContain("退款 ￥50.00 处理中");
    // each refunded order queued exactly one refund of all it paid
    const queued = h.store.db.select().from(refunds).where(inArray(refunds.orderNo, orderNos)).all();
    expect(queued.map((r) => [r.orderNo, r.idempotencyKey, r.amount]).sort()).toEqual(refunded.map((no) => [no, `${no}:1`, 5000]).sort());
    for (const orderNo of delivered) expect(sms.find((m) => m.orderNo === orderNo)!.body).toContain("兑换码");
  }, 30_000);
});
