// What the Alipay and WeChat Pay contract tests share (decision 047): a shop on the harness whose
// PAY_PROVIDER is a local stand-in gateway (tests/support/pay-gateways.ts), orders of a member of
// its own, the cashier hop opened as a desktop or a phone browser would, and the refund queue.
import { eq, sql } from "drizzle-orm";
import { payTrades, paymentNotifications, refunds } from "../../db/schema";
import { queueRefund } from "../../server/trade/services/refund.service";
import { writeTransaction } from "../../server/trade/services/prepared";
import { findOrder } from "../../server/trade/services/order-transitions";
import { startHarness, type Harness } from "./harness";
import { addCodes, ORDER_V1, orderBody, orderRow } from "./order-fixtures";
import { createGoods, createMember, credentialHeaders, unit } from "./promotion-fixtures";

export const SHOP_ORIGIN = "https://shop.example";
export const DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
export const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";

export interface PayShop {
  h: Harness;
  /** Creates an order of a fresh member for ￥`cents`; its number and the pay_url the API answered. */
  order(payWay: string, cents?: number): Promise<{ orderNo: string; payUrl: string }>;
  /** Opens the cashier link as a browser would (redirects not followed). */
  openCashier(payUrl: string, userAgent?: string): Promise<Response>;
  status(orderNo: string): string;
  flag(orderNo: string): string | null;
  notifications(orderNo: string): number;
  trade(orderNo: string): typeof payTrades.$inferSelect | undefined;
  /** Queues a refund of `amount` for a paid order, as the back office or the stock rule does. */
  queueRefund(orderNo: string, amount: number): string;
  refundsOf(orderNo: string): (typeof refunds.$inferSelect)[];
}

export async function startPayShop(env: Record<string, string>): Promise<PayShop> {
  // a gateway that hangs is given up after 1 s, where a shop waits 8 s by default
  const h = await startHarness({ CN_BASE_URL: SHOP_ORIGIN, PAY_CALL_TIMEOUT_MS: "1000", ...env });
  const made = createGoods(h.store.db, [2990, 100]);
  addCodes(h.store.db, made.skuNos[0]!, 50);
  addCodes(h.store.db, made.skuNos[1]!, 50);
  const db = h.store.db;
  return {
    h,
    async order(payWay, cents = 2990) {
      const member = createMember(db);
      const sku = cents === 100 ? made.skuNos[1]! : made.skuNos[0]!;
      const res = await h.api(ORDER_V1, {
        method: "POST",
        json: orderBody(member, [unit(made.goodsNo, sku)], { pay_way: payWay }),
        headers: credentialHeaders(h, member),
      });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      return { orderNo: res.body.result.order_no, payUrl: res.body.result.third_pay_detail.pay_url };
    },
    openCashier: (payUrl, userAgent = DESKTOP) => fetch(payUrl.replace(SHOP_ORIGIN, h.url), { redirect: "manual", headers: { "User-Agent": userAgent } }),
    status: (orderNo) => orderRow(db, orderNo)!.status,
    flag: (orderNo) => orderRow(db, orderNo)!.flag,
    notifications: (orderNo) =>
      db
        .select({ n: sql<number>`count(*)` })
        .from(paymentNotifications)
        .where(eq(paymentNotifications.orderNo, orderNo))
        .get()!.n,
    trade: (orderNo) => db.select().from(payTrades).where(eq(payTrades.orderNo, orderNo)).get(),
    queueRefund(orderNo, amount) {
      writeTransaction(db, () => queueRefund(db, findOrder(db, orderNo)!, { amount, reason: "测试退款", now: h.clock.now, notifyId: null }));
      return db.select().from(refunds).where(eq(refunds.orderNo, orderNo)).all().at(-1)!.idempotencyKey;
    },
    refundsOf: (orderNo) => db.select().from(refunds).where(eq(refunds.orderNo, orderNo)).all(),
  };
}
