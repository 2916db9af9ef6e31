// 到货提醒, an extension of the contract (docs/api.md): asking, cancelling and listing reminders, the
// refusals that change nothing, and the notice job: once per reminder, whichever process runs it,
// within the member's daily SMS allowance.
import { execFile } from "node:child_process";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members, outboxMessages, restockNotices } from "../../db/schema";
import { restock } from "../../server/trade/jobs/fulfilment";
import { RESTOCK, RESTOCK_MESSAGES, sendRestockNotices } from "../../server/trade/services/restock.service";
import { startHarness, type Harness } from "./harness";
import { ORDER_MESSAGES } from "../../server/trade/services/order-transitions";
import { addCodes, insertPaidOrders, ORDER_V1, orderBody } from "./order-fixtures";
import { createGoods, createMember, credentialHeaders, unit } from "./promotion-fixtures";

const EXT = "/api/trade_bff/ext/restock_notice";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/** A member with an e-mail, and headers carrying its credential. */
function member() {
  const memberId = createMember(h.store.db);
  h.store.db
    .update(members)
    .set({ email: `m${memberId}@example.com` })
    .where(eq(members.memberId, memberId))
    .run();
  const { mobile } = h.store.db.select({ mobile: members.mobile }).from(members).where(eq(members.memberId, memberId)).get()!;
  return { memberId, mobile, headers: credentialHeaders(h, memberId) };
}

/** A goods whose first SKU is sold out and second holds codes. */
function goodsHalfSoldOut() {
  const { goodsNo, skuNos } = createGoods(h.store.db, [5000, 6000]);
  addCodes(h.store.db, skuNos[1]!, 3);
  return { goodsNo, soldOut: skuNos[0]!, inStock: skuNos[1]! };
}

const ask = (headers: Record<string, string>, sku_no: unknown) => h.api(EXT, { method: "POST", headers, json: { sku_no } });
const cancel = (headers: Record<string, string>, notice_id: unknown) => h.api(`${EXT}/cancel`, { method: "POST", headers, json: { notice_id } });
const noticeRows = () => h.store.db.select().from(restockNotices).all();
const outboxTo = (recipient: string) => h.store.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient)).all();

describe("asking for a restock reminder", () => {
  it("names a goods' sold-out SKUs, and the member's reminders among them", async () => {
    const { goodsNo, soldOut } = goodsHalfSoldOut();
    const m = member();
    const visitor = await h.api(`${EXT}/status?goods_no=${goodsNo}`);
    expect(visitor.status).toBe(200);
    expect(visitor.body.result).toEqual({ sold_out_skus: [soldOut], notices: [] });
    const asked = await ask(m.headers, soldOut);
    expect(asked.status).toBe(200);
    const status = await h.api(`${EXT}/status?goods_no=${goodsNo}`, { headers: m.headers });
    expect(status.body.result.notices).toEqual([{ notice_id: asked.body.result.notice_id, sku_no: soldOut }]);
    const list = await h.api(`${EXT}/list`, { headers: m.headers });
    expect(list.body.result.list).toMatchObject([{ sku_no: soldOut, goods_no: goodsNo, goods_name: "测试游戏", sku_name: "规格1", status: "WAITING" }]);
  });

  it("names a SKU sold out while its unused codes only cover what paid orders wait for, and in stock with one code more", async () => {
    const { goodsNo, soldOut, inStock } = goodsHalfSoldOut();
    insertPaidOrders(h.store.db, { goodsNo, skuNo: inStock, count: 3, prefix: "20250202", now: h.clock.now });
    const status = async () => (await h.api(`${EXT}/status?goods_no=${goodsNo}`)).body.result.sold_out_skus;
    expect(await status()).toEqual([soldOut, inStock]);
    addCodes(h.store.db, inStock, 1);
    expect(await status()).toEqual([soldOut]);
  });

  it("refuses a visitor, a SKU in stock, a missing SKU, a second request and bad input with a Chinese message, changing nothing", async () => {
    const { soldOut, inStock } = goodsHalfSoldOut();
    const m = member();
    expect((await ask(m.headers, soldOut)).status).toBe(200);
    const before = noticeRows();
    const cases: [Record<string, string>, unknown, number, string | RegExp][] = [
      [{}, soldOut, 401, "登录已失效，请重新登录"],
      [m.headers, inStock, 409, RESTOCK_MESSAGES.IN_STOCK],
      [m.headers, "NOPE-S1", 404, RESTOCK_MESSAGES.NO_SKU],
      [m.headers, soldOut, 409, RESTOCK_MESSAGES.TWICE],
      [m.headers, "", 400, /sku_no/],
      [m.headers, 42, 400, /sku_no/],
    ];
    for (const [headers, sku, status, message] of cases) {
      const answer = await ask(headers, sku);
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      expect(answer.body.result.error_msg).toMatch(message);
    }
    expect(noticeRows()).toEqual(before);
  });

  it("caps a member's open reminders (an attacker cannot fill the table)", async () => {
    const m = member();
    const { skuNos } = createGoods(
      h.store.db,
      Array.from({ length: RESTOCK.openPerMember + 1 }, (_, i) => 1000 + i),
    );
    for (const sku of skuNos.slice(0, -1)) expect((await ask(m.headers, sku)).status).toBe(200);
    const before = noticeRows();
    const over = await ask(m.headers, skuNos.at(-1));
    expect(over.status).toBe(429);
    expect(over.body.result.error_msg).toBe(RESTOCK_MESSAGES.TOO_MANY);
    expect(noticeRows()).toEqual(before);
  });
});

describe("cancelling a reminder", () => {
  it("cancels the member's own; another member's, an unknown or a finished one is 404 and changes nothing", async () => {
    const { soldOut } = goodsHalfSoldOut();
    const owner = member();
    const attacker = member();
    const { notice_id } = (await ask(owner.headers, soldOut)).body.result;
    const before = noticeRows();
    for (const [headers, id] of [
      [attacker.headers, notice_id],
      [owner.headers, 99_999_999],
    ] as const) {
      const answer = await cancel(headers, id);
      expect(answer.status).toBe(404);
      expect(answer.body.result.error_msg).toBe(RESTOCK_MESSAGES.NO_NOTICE);
    }
    expect((await cancel({}, notice_id)).status).toBe(401);
    expect((await cancel(owner.headers, "x")).status).toBe(400);
    expect(noticeRows()).toEqual(before);

    expect((await cancel(owner.headers, notice_id)).status).toBe(200);
    expect((await h.api(`${EXT}/list`, { headers: owner.headers })).body.result.list).toEqual([]);
    expect((await cancel(owner.headers, notice_id)).status).toBe(404);
    // cancelled: a restock tells nobody, and the member may ask again
    restock(h.deps, soldOut, [`CANCEL-${notice_id}`]);
    expect(sendRestockNotices(h.deps).sent).not.toContain(notice_id);
    expect(outboxTo(owner.mobile)).toEqual([]);
  });
});

describe("the notice job", () => {
  it("sends one SMS and one mail when the admin script's restock brings codes, once however often it runs", async () => {
    const { soldOut } = goodsHalfSoldOut();
    const m = member();
    const { notice_id } = (await ask(m.headers, soldOut)).body.result;
    expect(sendRestockNotices(h.deps).sent).not.toContain(notice_id);
    restock(h.deps, soldOut, ["RS-AAAA-0001"]);
    expect(sendRestockNotices(h.deps).sent).toContain(notice_id);
    // the restock seen again (another pass, another restock) sends nothing more
    expect(sendRestockNotices(h.deps).sent).not.toContain(notice_id);
    restock(h.deps, soldOut, ["RS-AAAA-0002"]);
    expect(sendRestockNotices(h.deps).sent).not.toContain(notice_id);
    const messages = outboxTo(m.mobile).concat(outboxTo(`m${m.memberId}@example.com`));
    expect(messages.map((x) => [x.channel, x.subject])).toEqual([
      ["SMS", "到货提醒"],
      ["MAIL", "【TTS游戏商城】到货提醒：测试游戏（规格1）"],
    ]);
    expect(messages[0]!.body).toContain("测试游戏（规格1）已到货");
    const list = (await h.api(`${EXT}/list`, { headers: m.headers })).body.result.list;
    expect(list).toMatchObject([{ notice_id, status: "NOTIFIED", sms_sent: true }]);
  });

  it("finds the units paid orders wait for by SKU, not by reading every order unit the shop ever sold (asked on every goods page view)", () => {
    const plan = h.store.sqlite.prepare("EXPLAIN QUERY PLAN SELECT count(*) FROM order_units WHERE sku_no = ?").all("ANY-SKU") as { detail: string }[];
    expect(plan.map((step) => step.detail).join("\n")).not.toMatch(/SCAN order_units/);
  });

  it("waits while the new codes only cover orders already paid for the SKU", async () => {
    const { goodsNo, soldOut } = goodsHalfSoldOut();
    insertPaidOrders(h.store.db, { goodsNo, skuNo: soldOut, count: 1, prefix: "20250101", now: h.clock.now });
    const m = member();
    const { notice_id } = (await ask(m.headers, soldOut)).body.result;
    restock(h.deps, soldOut, ["RS-BBBB-0001"]);
    expect(sendRestockNotices(h.deps).sent).not.toContain(notice_id);
    expect((await ask(member().headers, soldOut)).status).toBe(200);
    restock(h.deps, soldOut, ["RS-BBBB-0002"]);
    expect(sendRestockNotices(h.deps).sent).toContain(notice_id);
  });

  it("counts no unit of an order that waits for another SKU's code: the SKU stays on sale and no false 已到货 follows (review 2026-11c M1)", async () => {
    // X has two codes, Z none; two paid orders hold one unit of each (made before Z ran out)
    const { goodsNo, skuNos } = createGoods(h.store.db, [5000, 6000]);
    const [x, z] = skuNos as [string, string];
    addCodes(h.store.db, x, 2);
    insertPaidOrders(h.store.db, { goodsNo, skuNo: x, alsoSkuNo: z, count: 2, prefix: "20250102", now: h.clock.now });
    const status = async () => (await h.api(`${EXT}/status?goods_no=${goodsNo}`)).body.result.sold_out_skus;
    expect(await status()).toEqual([z]);
    const m = member();
    expect((await ask(m.headers, x)).body.result.error_msg).toBe(RESTOCK_MESSAGES.IN_STOCK);
    expect(noticeRows().filter((n) => n.skuNo === x)).toEqual([]);

    // once Z has a code the orders can be delivered and do hold X's codes
    restock(h.deps, z, ["RS-DDDD-0001"]);
    expect(await status()).toEqual([x, z]);
  });

  it("refuses an order of several SKUs while one of them is sold out; a one-SKU order of a sold-out SKU still waits (decision 044)", async () => {
    const { goodsNo, skuNos } = createGoods(h.store.db, [5000, 6000]);
    const [x, z] = skuNos as [string, string];
    addCodes(h.store.db, x, 2);
    const m = member();
    const order = (skus: string[]) =>
      h.api(ORDER_V1, {
        method: "POST",
        headers: m.headers,
        json: orderBody(
          m.memberId,
          skus.map((sku) => unit(goodsNo, sku)),
        ),
      });
    const mixed = await order([x, z]);
    expect(mixed.status).toBe(409);
    expect(mixed.body.result.error_msg).toBe(ORDER_MESSAGES.SOLD_OUT_IN_MIX("测试游戏 规格2"));
    expect((await order([z])).status).toBe(200);
    expect((await order([x])).status).toBe(200);
    addCodes(h.store.db, z, 1);
    expect((await order([x, z])).status).toBe(200);
    expect((await h.api(`${EXT}/status?goods_no=${goodsNo}`)).body.result.sold_out_skus).toEqual([]);
  });

  it(`sends at most ${RESTOCK.smsPerDay} restock SMS a shop day to a member; past it the reminder goes by mail only`, async () => {
    const m = member();
    const { skuNos } = createGoods(
      h.store.db,
      Array.from({ length: RESTOCK.smsPerDay + 1 }, (_, i) => 2000 + i),
    );
    for (const sku of skuNos) expect((await ask(m.headers, sku)).status).toBe(200);
    for (const sku of skuNos) restock(h.deps, sku, [`RS-${sku}`]);
    sendRestockNotices(h.deps);
    const sms = outboxTo(m.mobile);
    const mail = outboxTo(`m${m.memberId}@example.com`);
    expect(sms).toHaveLength(RESTOCK.smsPerDay);
    expect(mail).toHaveLength(RESTOCK.smsPerDay + 1);
    const list = (await h.api(`${EXT}/list`, { headers: m.headers })).body.result.list as { sms_sent: boolean; status: string }[];
    expect(list.every((n) => n.status === "NOTIFIED")).toBe(true);
    expect(list.filter((n) => !n.sms_sent)).toHaveLength(1);
  });

  it("sends each reminder once when several processes run the job at the same moment", async () => {
    const { soldOut } = goodsHalfSoldOut();
    const asked = [member(), member(), member(), member()];
    const ids: number[] = [];
    for (const m of asked) ids.push((await ask(m.headers, soldOut)).body.result.notice_id);
    restock(h.deps, soldOut, ["RS-CCCC-0001"]);
    const startAt = Date.now() + 1_500;
    const contender = () =>
      new Promise<number[]>((resolve, reject) =>
        execFile(
          process.execPath,
          ["--import", "tsx", "tests/api/fixtures/restock-notice-contender.ts", h.store.sqlite.name, String(startAt), String(h.clock.now)],
          (error, stdout, stderr) => (error ? reject(new Error(stderr || String(error))) : resolve(JSON.parse(stdout))),
        ),
      );
    const outcomes = await Promise.all([contender(), contender(), contender()]);
    const sent = outcomes.flat().filter((id) => ids.includes(id));
    expect(sent.sort()).toEqual([...ids].sort());
    for (const m of asked) expect(outboxTo(m.mobile)).toHaveLength(1);
  }, 20_000);
});
