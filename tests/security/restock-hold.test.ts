// Review 2026-11c, M1 (decision 044): paid orders that wait for a sold-out SKU's code took any other
// SKU they held off sale (the goods page said 补货中 while its codes stayed on the shelf) until they
// were refunded, and the SKU's subscribers were then told it had arrived. The review's case, on the
// production server: G1004-S07 (two codes in the seed) ordered with G1036-S06 (none), twice.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../db/client";
import { cdkeys, orders } from "../../db/schema";
import { PAY_NOTIFY_SECRET } from "../bench/server";
import { notification, signedBody } from "../api/order-fixtures";
import { startShop, type Shop } from "./shop";

const IN_STOCK = { goods_no: "G1004", sku_no: "G1004-S07", sku_num: 1 };
const SOLD_OUT = { goods_no: "G1036", sku_no: "G1036-S06", sku_num: 1 };

describe("M1: orders that can never be delivered", () => {
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

  it("do not take another SKU off sale: the goods page keeps 立即购买, the status lists no sold-out SKU, no reminder can be asked", async () => {
    const cookie = shop.memberCookie(2);
    const unused = () =>
      store.db
        .select()
        .from(cdkeys)
        .where(and(eq(cdkeys.skuNo, IN_STOCK.sku_no), eq(cdkeys.status, "UNUSED")))
        .all().length;
    expect(unused()).toBe(2);

    const answers: { status: number; body: any }[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${shop.url}/api/trade_bff/v1/order`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: cookie },
        body: JSON.stringify({
          customer: { user_id: "2", user_phone: "", user_email: "" },
          units: [IN_STOCK, SOLD_OUT],
          channel: { channel_name: "", channel_no: "1" },
          pay_way: "WX",
          coupons: [],
        }),
      });
      answers.push({ status: res.status, body: await res.json() });
    }
    // whatever the API let through is paid, and the worker has had its pass at it
    for (const { body } of answers.filter((a) => a.status === 200)) {
      const orderNo: string = body.result.order_no;
      const payPrice = store.db.select().from(orders).where(eq(orders.orderNo, orderNo)).get()!.payPrice;
      const paid = await fetch(`${shop.url}/api/pay_gateway/notify`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(signedBody(PAY_NOTIFY_SECRET, notification(orderNo, payPrice))),
      });
      expect(paid.status).toBe(200);
      await expect.poll(() => store.db.select().from(orders).where(eq(orders.orderNo, orderNo)).get()!.outOfStockRefundAt, { timeout: 15_000 }).toBeTruthy();
    }

    const status = await fetch(`${shop.url}/api/trade_bff/ext/restock_notice/status?goods_no=${IN_STOCK.goods_no}`).then((r) => r.json() as Promise<any>);
    expect(status.result.sold_out_skus).toEqual([]);
    const page = await fetch(`${shop.url}/topic/${IN_STOCK.goods_no}?sku=${IN_STOCK.sku_no}`).then((r) => r.text());
    expect(page).toContain("立即购买");
    expect(page).not.toContain('data-testid="restock"');
    const ask = await fetch(`${shop.url}/api/trade_bff/ext/restock_notice`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: shop.memberCookie(1) },
      body: JSON.stringify({ sku_no: IN_STOCK.sku_no }),
    });
    expect(ask.status).toBe(409);

    // the API refused both orders: nothing to pay, nothing to refund, the codes on sale
    expect(answers.map((a) => [a.status, a.body.result.error_msg])).toEqual(
      Array(2).fill([409, expect.stringMatching(/^「原神 创世结晶 .*」暂时缺货，请将其移出订单后再下单$/)]),
    );
    expect(unused()).toBe(2);
  }, 60_000);
});
