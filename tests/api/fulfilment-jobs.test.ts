// The background jobs as the server runs them (server/trade/jobs/index.ts): a backlog of paid
// orders larger than one pass of the fulfilment worker is worked off at once, in slices that
// leave the event loop to requests, not one batch per timer tick (decision 009: 500 orders a second).
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema";
import { startJobs } from "../../server/trade/jobs";
import { FULFIL_BATCH, runFulfilment } from "../../server/trade/jobs/fulfilment";
import { startHarness, type Harness } from "./harness";
import { addCodes } from "./order-fixtures";
import { createGoods, createMember } from "./promotion-fixtures";

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
  const memberId = createMember(h.store.db);
  const now = h.clock.now;
  const orderNos: string[] = [];
  h.store.sqlite.transaction(() => {
    for (let i = 0; i < count; i++) {
      const orderNo = `TT${prefix}${String(100000 + i)}`;
      h.store.db
        .insert(orders)
        .values({
          orderNo,
          memberId,
          status: "PAY_SUCCESS",
          payWay: "WX",
          goodsAmount: 5000,
          payPrice: 5000,
          payExpireAt: now,
          payAt: now - 1000,
          fulfilAfter: now - 1,
          createdAt: now - 2000,
          updatedAt: now,
        })
        .run();
      h.store.sqlite
        .prepare(
          "INSERT INTO order_units (order_no, goods_no, sku_no, unit_price, origin_price, goods_name, sku_name) VALUES (?, ?, ?, 5000, 6000, '测试游戏', '规格1')",
        )
        .run(orderNo, goodsNo, skuNos[0]!);
      orderNos.push(orderNo);
    }
  })();
  return { memberId, orderNos };
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
