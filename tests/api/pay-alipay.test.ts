// Alipay end to end through the shop (decision 047), against a local gateway that checks every
// request's RSA2 signature with keys made here: page pay and WAP pay, the signed notification,
// trade query, refund and refund query, close; the fault cases (gateway down, timeout, duplicate
// notification, wrong amount, wrong signature) and the abuse cases (a forged notification, a
// replayed one, one for another application).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeExpiredOrders } from "../../server/trade/jobs/expiry";
import { runRefunds } from "../../server/trade/jobs/refunds";
import { payProvider } from "../../server/trade/deps";
import { syncTrades, TRADE_QUERY_INTERVAL_MS } from "../../server/trade/services/pay-trade.service";
import { startAlipayGateway, strangerKey, type AlipayGateway } from "../support/pay-gateways";
import { NOTIFY, notification, signedBody } from "./order-fixtures";
import { PHONE, SHOP_ORIGIN, startPayShop, type PayShop } from "./pay-provider-fixtures";

let shop: PayShop;
let gateway: AlipayGateway;

beforeAll(async () => {
  gateway = await startAlipayGateway(() => shop.h.url);
  shop = await startPayShop(gateway.env);
});
afterAll(async () => {
  await shop.h.close();
  await gateway.close();
});

const provider = () => payProvider(shop.h.deps.config)!;

/** An order whose cashier the shopper opened: Alipay knows its trade. */
async function openedOrder(cents?: number) {
  const { orderNo, payUrl } = await shop.order("ALIPAY", cents);
  const hop = await shop.openCashier(payUrl);
  const page = await fetch(hop.headers.get("location")!);
  expect(page.status).toBe(200);
  return orderNo;
}

function later(ms = TRADE_QUERY_INTERVAL_MS) {
  shop.h.clock.now += ms;
}

describe("Alipay: paying", () => {
  it("sends a desktop to page pay and a phone to WAP pay, signed, for the order's amount in yuan, back to the wait page", async () => {
    const { orderNo, payUrl } = await shop.order("ALIPAY");
    expect(payUrl).toMatch(new RegExp(`^${SHOP_ORIGIN}/cashier/${orderNo}\\?sig=[0-9a-f]{32}$`));

    const desktop = await shop.openCashier(payUrl);
    expect(desktop.status).toBe(303);
    const pageUrl = new URL(desktop.headers.get("location")!);
    expect(pageUrl.origin).toBe(gateway.url);
    expect(pageUrl.searchParams.get("method")).toBe("alipay.trade.page.pay");
    expect(pageUrl.searchParams.get("notify_url")).toBe(`${SHOP_ORIGIN}/api/pay_gateway/alipay/notify`);
    expect(pageUrl.searchParams.get("return_url")).toBe(`${SHOP_ORIGIN}/settle/pay-wait/${orderNo}`);
    expect((await fetch(pageUrl)).status).toBe(200);
    expect(gateway.trades.get(orderNo)).toMatchObject({ totalAmount: "29.90", status: "WAIT_BUYER_PAY" });
    expect(gateway.calls.at(-1)!.biz).toMatchObject({ out_trade_no: orderNo, product_code: "FAST_INSTANT_TRADE_PAY" });

    const phone = await shop.openCashier(payUrl, PHONE);
    const wapUrl = new URL(phone.headers.get("location")!);
    expect(wapUrl.searchParams.get("method")).toBe("alipay.trade.wap.pay");
    expect((await fetch(wapUrl)).status).toBe(200);
    expect(gateway.calls.at(-1)!.biz).toMatchObject({ out_trade_no: orderNo, product_code: "QUICK_WAP_WAY", total_amount: "29.90" });
    expect(shop.trade(orderNo)).toMatchObject({ provider: "alipay", closedAt: null });
  });

  it("refuses a cashier link whose signature is not the order's", async () => {
    const { payUrl } = await shop.order("ALIPAY");
    const res = await shop.openCashier(payUrl.replace(/sig=\w+/, `sig=${"0".repeat(32)}`));
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("支付链接无效");
  });

  it("applies Alipay's signed notification once: answered success, the order paid, a second delivery changes nothing", async () => {
    const orderNo = await openedOrder();
    const [first, second] = await gateway.pay(orderNo, { twice: true });
    expect(first).toEqual({ status: 200, body: "success" });
    expect(second).toEqual({ status: 200, body: "success" });
    expect(shop.status(orderNo)).toBe("PAY_SUCCESS");
    expect(shop.notifications(orderNo)).toBe(1);
    expect(shop.refundsOf(orderNo)).toEqual([]);
  });

  it("settles by a trade query an order whose notification never came, once", async () => {
    const orderNo = await openedOrder();
    await gateway.pay(orderNo, { deliver: false });
    expect(shop.status(orderNo)).toBe("WAIT_PAY");
    later();
    const pass = await syncTrades(shop.h.deps, provider());
    expect(pass.settled).toContainEqual({ orderNo, outcome: "APPLIED" });
    expect(shop.status(orderNo)).toBe("PAY_SUCCESS");
    // the notification arriving afterwards is the same payment
    const late = await gateway.deliver(gateway.trades.get(orderNo)!.notifyUrl, gateway.notificationForm(gateway.trades.get(orderNo)!));
    expect(late.body).toBe("success");
    expect(shop.notifications(orderNo)).toBe(1);
  });

  it("a trade query that fails or times out leaves the order as it was, to be asked again", async () => {
    const orderNo = await openedOrder();
    await gateway.pay(orderNo, { deliver: false });
    later();
    gateway.failNext("alipay.trade.query", "error", orderNo);
    expect((await syncTrades(shop.h.deps, provider())).failed).toContainEqual({ orderNo, error: expect.stringContaining("502") });
    later();
    gateway.failNext("alipay.trade.query", "hang", orderNo);
    expect((await syncTrades(shop.h.deps, provider())).failed.map((f) => f.orderNo)).toContain(orderNo);
    expect(shop.status(orderNo)).toBe("WAIT_PAY");
    later();
    await syncTrades(shop.h.deps, provider());
    expect(shop.status(orderNo)).toBe("PAY_SUCCESS");
  });
});

describe("Alipay: closing", () => {
  it("closes the unpaid trade at Alipay when the order expires", async () => {
    const orderNo = await openedOrder();
    shop.h.clock.now += 16 * 60_000;
    expect(closeExpiredOrders(shop.h.deps)).toContain(orderNo);
    const pass = await syncTrades(shop.h.deps, provider());
    expect(pass.closed).toContain(orderNo);
    expect(gateway.trades.get(orderNo)!.status).toBe("TRADE_CLOSED");
    expect(shop.trade(orderNo)!.closedAt).not.toBeNull();
    expect(gateway.calls.filter((c) => c.method === "alipay.trade.close" && c.biz.out_trade_no === orderNo)).toHaveLength(1);
  });

  it("a trade paid as its order expired is found at the close, flagged and refunded: nothing kept unpaid for", async () => {
    const orderNo = await openedOrder();
    await gateway.pay(orderNo, { deliver: false });
    shop.h.clock.now += 16 * 60_000;
    closeExpiredOrders(shop.h.deps);
    const pass = await syncTrades(shop.h.deps, provider());
    expect(pass.settled).toContainEqual({ orderNo, outcome: "FLAGGED" });
    expect(shop.status(orderNo)).toBe("CLOSE");
    expect(shop.flag(orderNo)).toContain("订单关闭后收到支付通知");
    expect(shop.refundsOf(orderNo)).toEqual([expect.objectContaining({ amount: 2990, status: "PENDING" })]);
  });
});

describe("Alipay: refunds", () => {
  it("refunds through alipay.trade.refund with out_request_no as the key: a repeated call refunds once", async () => {
    const orderNo = await openedOrder();
    await gateway.pay(orderNo);
    const key = shop.queueRefund(orderNo, 1000);
    const pass = await runRefunds(shop.h.deps);
    expect(pass.succeeded).toContain(key);
    expect(gateway.refunds.get(key)).toEqual({ outTradeNo: orderNo, amount: "10.00" });
    // a call repeated after a crash (same key): Alipay answers the first refund, refunds nothing more
    await provider().refund(shop.h.store.db, { idempotencyKey: key, orderNo, amount: 1000 });
    expect([...gateway.refunds.values()].filter((r) => r.outTradeNo === orderNo)).toHaveLength(1);
    expect(await provider().queryRefund(shop.h.store.db, { idempotencyKey: key, orderNo, amount: 1000 })).toEqual({ status: "SUCCEEDED" });
    expect(await provider().queryRefund(shop.h.store.db, { idempotencyKey: `${orderNo}:9`, orderNo, amount: 1000 })).toEqual({ status: "NOT_FOUND" });
  });

  it("a refund the gateway refuses or drops is retried with the same key, never doubled", async () => {
    const orderNo = await openedOrder();
    await gateway.pay(orderNo);
    const key = shop.queueRefund(orderNo, 2990);
    gateway.failNext("alipay.trade.refund", "error", orderNo);
    expect((await runRefunds(shop.h.deps)).retrying).toContain(key);
    expect(shop.refundsOf(orderNo)[0]!.lastError).toContain("502");
    later(60_000);
    gateway.failNext("alipay.trade.refund", "hang", orderNo);
    expect((await runRefunds(shop.h.deps)).retrying).toContain(key);
    later(120_000);
    expect((await runRefunds(shop.h.deps)).succeeded).toContain(key);
    expect(gateway.refunds.get(key)).toEqual({ outTradeNo: orderNo, amount: "29.90" });
    expect(shop.refundsOf(orderNo)[0]!.status).toBe("SUCCEEDED");
  });
});

describe("Alipay: notifications that are not a payment of this shop", () => {
  it("a wrong amount, signed by Alipay, is refused as payment: flagged and refunded", async () => {
    const orderNo = await openedOrder();
    const trade = gateway.trades.get(orderNo)!;
    trade.status = "TRADE_SUCCESS";
    const res = await gateway.deliver(trade.notifyUrl, gateway.notificationForm(trade, { total_amount: "0.01" }));
    expect(res.body).toBe("success");
    expect(shop.status(orderNo)).toBe("WAIT_PAY");
    expect(shop.flag(orderNo)).toContain("支付金额不符：通知 1 分，订单 2990 分");
    expect(shop.refundsOf(orderNo)).toEqual([expect.objectContaining({ amount: 1 })]);
  });

  it("a forged notification (another key) or a changed one is refused and changes nothing", async () => {
    const orderNo = await openedOrder();
    const trade = { ...gateway.trades.get(orderNo)!, status: "TRADE_SUCCESS" as const };
    const forged = await gateway.deliver(trade.notifyUrl, gateway.notificationForm(trade, {}, strangerKey()));
    expect(forged).toEqual({ status: 400, body: "fail" });
    const changed = { ...gateway.notificationForm({ ...trade, totalAmount: "0.01" }), total_amount: "29.90" };
    expect((await gateway.deliver(trade.notifyUrl, changed)).status).toBe(400);
    const bare = await fetch(`${shop.h.url}/api/pay_gateway/alipay/notify`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(bare.status).toBe(400);
    expect(shop.status(orderNo)).toBe("WAIT_PAY");
    expect(shop.notifications(orderNo)).toBe(0);
  });

  it("a replayed notification is the same payment: the order is paid once", async () => {
    const orderNo = await openedOrder();
    await gateway.pay(orderNo);
    const form = gateway.notificationForm(gateway.trades.get(orderNo)!);
    for (let i = 0; i < 3; i += 1) expect((await gateway.deliver(gateway.trades.get(orderNo)!.notifyUrl, form)).body).toBe("success");
    expect(shop.notifications(orderNo)).toBe(1);
    expect(shop.refundsOf(orderNo)).toEqual([]);
  });

  it("a notification for another application, though signed by Alipay, is refused and flags the order", async () => {
    const orderNo = await openedOrder();
    const trade = { ...gateway.trades.get(orderNo)!, status: "TRADE_SUCCESS" as const };
    const res = await gateway.deliver(trade.notifyUrl, gateway.notificationForm(trade, { app_id: "2021000000009999" }));
    expect(res).toEqual({ status: 400, body: "fail" });
    expect(shop.status(orderNo)).toBe("WAIT_PAY");
    expect(shop.flag(orderNo)).toContain("收到其他商户的支付通知");
    expect(shop.refundsOf(orderNo)).toEqual([]);
  });

  it("the sandbox's notification path takes nothing while Alipay is the provider", async () => {
    const { orderNo } = await shop.order("ALIPAY");
    const n = notification(orderNo, 2990);
    const res = await shop.h.api(NOTIFY, { method: "POST", json: signedBody(shop.h.deps.config.payNotifySecret, n) });
    expect(res.status).toBe(400);
    expect(shop.status(orderNo)).toBe("WAIT_PAY");
  });
});
