// WeChat Pay API v3 end to end through the shop (decision 047), against a local gateway that
// checks every request's WECHATPAY2-SHA256-RSA2048 signature with keys made here and signs its
// answers and notifications with a platform key made here: Native pay (the QR page and image), H5
// pay, the encrypted notification, query, refund and refund query, close; fault and abuse cases.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeExpiredOrders } from "../../server/trade/jobs/expiry";
import { runRefunds } from "../../server/trade/jobs/refunds";
import { payProvider } from "../../server/trade/deps";
import { outRefundNo } from "../../server/trade/providers/pay-wechat";
import { syncTrades, TRADE_QUERY_INTERVAL_MS } from "../../server/trade/services/pay-trade.service";
import { startWechatGateway, strangerKey, type WechatGateway } from "../support/pay-gateways";
import { PHONE, startPayShop, type PayShop } from "./pay-provider-fixtures";

let shop: PayShop;
let gateway: WechatGateway;
let h5Shop: PayShop;

beforeAll(async () => {
  gateway = await startWechatGateway(() => shop.h.url);
  shop = await startPayShop(gateway.env);
  h5Shop = await startPayShop({ ...gateway.env, WECHATPAY_H5: "1" });
});
afterAll(async () => {
  await shop.h.close();
  await h5Shop.h.close();
  await gateway.close();
});

const provider = () => payProvider(shop.h.deps.config)!;
const later = (ms = TRADE_QUERY_INTERVAL_MS) => (shop.h.clock.now += ms);

/** An order whose QR page the shopper opened: WeChat Pay knows its trade. */
async function openedOrder() {
  const { orderNo, payUrl } = await shop.order("WX");
  const page = await shop.openCashier(payUrl);
  expect(page.status).toBe(200);
  return { orderNo, payUrl };
}

const pngSize = (png: Buffer) => ({ signature: png.subarray(1, 4).toString(), width: png.readUInt32BE(16) });

describe("WeChat Pay: paying", () => {
  it("shows a desktop the Native code as a page and as a PNG the server renders; the code is made once", async () => {
    const { orderNo, payUrl } = await shop.order("WX");
    const page = await shop.openCashier(payUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("微信扫码支付");
    expect(html).toContain("￥29.90");
    expect(html).toContain('aria-label="微信支付二维码"');
    const trade = gateway.trades.get(orderNo)!;
    expect(trade).toMatchObject({ total: 2990, state: "NOTPAY" });
    expect(gateway.calls.at(-1)).toMatchObject({
      method: "POST",
      path: "/v3/pay/transactions/native",
      body: { out_trade_no: orderNo, amount: { total: 2990, currency: "CNY" }, notify_url: "https://shop.example/api/pay_gateway/wechat/notify" },
    });
    expect(shop.trade(orderNo)!.codeUrl).toBe(trade.codeUrl);

    const image = await shop.openCashier(payUrl.replace("?", "/qr.png?"));
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(pngSize(Buffer.from(await image.arrayBuffer()))).toEqual({ signature: "PNG", width: 240 });
    expect(gateway.calls.filter((c) => c.body.out_trade_no === orderNo)).toHaveLength(1);
  });

  it("gives a phone the Native page, or H5 pay where the merchant has it", async () => {
    const { orderNo, payUrl } = await shop.order("WX");
    expect(await (await shop.openCashier(payUrl, PHONE)).text()).toContain("微信扫码支付");
    expect(gateway.trades.has(orderNo)).toBe(true);

    const h5 = await h5Shop.order("wx_h5");
    const hop = await h5Shop.openCashier(h5.payUrl, PHONE);
    expect(hop.status).toBe(303);
    const target = new URL(hop.headers.get("location")!);
    expect(target.origin + target.pathname).toBe(`${gateway.url}/h5pay`);
    expect(target.searchParams.get("redirect_url")).toBe(`https://shop.example/settle/pay-wait/${h5.orderNo}`);
    expect(gateway.calls.at(-1)).toMatchObject({ path: "/v3/pay/transactions/h5", body: { scene_info: { h5_info: { type: "Wap" } } } });
  });

  it("says so, without the order changing, when WeChat Pay cannot be reached", async () => {
    const { orderNo, payUrl } = await shop.order("WX");
    gateway.failNext("/v3/pay/transactions/native", "error");
    const page = await shop.openCashier(payUrl);
    expect(page.status).toBe(502);
    expect(await page.text()).toContain("支付通道暂时无法连接，请稍后重试");
    expect(shop.status(orderNo)).toBe("WAIT_PAY");
    expect(shop.trade(orderNo)).toBeUndefined();
    expect((await shop.openCashier(payUrl)).status).toBe(200);
  });

  it("applies the signed, encrypted notification once: 204, the order paid, a second delivery changes nothing", async () => {
    const { orderNo } = await openedOrder();
    const [first, second] = await gateway.pay(orderNo, { twice: true });
    expect(first!.status).toBe(204);
    expect(second!.status).toBe(204);
    expect(shop.status(orderNo)).toBe("PAY_SUCCESS");
    expect(shop.notifications(orderNo)).toBe(1);
  });

  it("settles by a query an order whose notification never came; a failed query changes nothing", async () => {
    const { orderNo } = await openedOrder();
    await gateway.pay(orderNo, { deliver: false });
    later();
    gateway.failNext(`/out-trade-no/${orderNo}?`, "error");
    expect((await syncTrades(shop.h.deps, provider())).failed.map((f) => f.orderNo)).toContain(orderNo);
    expect(shop.status(orderNo)).toBe("WAIT_PAY");
    later();
    expect((await syncTrades(shop.h.deps, provider())).settled).toContainEqual({ orderNo, outcome: "APPLIED" });
    expect(shop.status(orderNo)).toBe("PAY_SUCCESS");
  });
});

describe("WeChat Pay: closing and refunds", () => {
  it("closes the unpaid trade when the order expires", async () => {
    const { orderNo } = await openedOrder();
    shop.h.clock.now += 16 * 60_000;
    closeExpiredOrders(shop.h.deps);
    expect((await syncTrades(shop.h.deps, provider())).closed).toContain(orderNo);
    expect(gateway.trades.get(orderNo)!.state).toBe("CLOSED");
  });

  it("refunds with out_refund_no, the order's total beside it; a repeated call refunds once; the refund can be asked after", async () => {
    const { orderNo } = await openedOrder();
    await gateway.pay(orderNo);
    const key = shop.queueRefund(orderNo, 990);
    gateway.failNext("/v3/refund/domestic/refunds", "hang");
    expect((await runRefunds(shop.h.deps)).retrying).toContain(key);
    expect(shop.refundsOf(orderNo)[0]!.lastError).toContain("微信支付 1 秒未答复");
    later(60_000);
    expect((await runRefunds(shop.h.deps)).succeeded).toContain(key);
    expect(gateway.refunds.get(outRefundNo(key))).toEqual({ outTradeNo: orderNo, refund: 990, total: 2990 });
    await provider().refund(shop.h.store.db, { idempotencyKey: key, orderNo, amount: 990 });
    expect([...gateway.refunds.values()].filter((r) => r.outTradeNo === orderNo)).toHaveLength(1);
    expect(await provider().queryRefund(shop.h.store.db, { idempotencyKey: key, orderNo, amount: 990 })).toEqual({ status: "SUCCEEDED" });
    expect(await provider().queryRefund(shop.h.store.db, { idempotencyKey: `${orderNo}:7`, orderNo, amount: 990 })).toEqual({ status: "NOT_FOUND" });
  });
});

describe("WeChat Pay: notifications that are not a payment of this shop", () => {
  const post = (orderNo: string, over: Parameters<WechatGateway["notification"]>[1]) =>
    gateway.deliver(gateway.trades.get(orderNo)!.notifyUrl, gateway.notification({ ...gateway.trades.get(orderNo)!, state: "SUCCESS" }, over));

  it("a wrong amount is flagged and refunded, never paid", async () => {
    const { orderNo } = await openedOrder();
    expect((await post(orderNo, { resource: { amount: { total: 1, payer_total: 1, currency: "CNY" } } })).status).toBe(204);
    expect(shop.status(orderNo)).toBe("WAIT_PAY");
    expect(shop.flag(orderNo)).toContain("支付金额不符");
    expect(shop.refundsOf(orderNo)).toEqual([expect.objectContaining({ amount: 1 })]);
  });

  it("a forged signature, a resource under another key or a stale replay is refused and changes nothing", async () => {
    const { orderNo } = await openedOrder();
    const forged = await post(orderNo, { key: strangerKey() });
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.body)).toEqual({ code: "FAIL", message: "签名校验失败" });
    expect((await post(orderNo, { apiV3Key: "k".repeat(32) })).status).toBe(400);
    const stale = await post(orderNo, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(stale.status).toBe(400);
    const message = gateway.notification({ ...gateway.trades.get(orderNo)!, state: "SUCCESS" });
    const tampered = await gateway.deliver(gateway.trades.get(orderNo)!.notifyUrl, {
      ...message,
      body: message.body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" '),
    });
    expect(tampered.status).toBe(400);
    expect(shop.status(orderNo)).toBe("WAIT_PAY");
    expect(shop.notifications(orderNo)).toBe(0);
  });

  it("a replay inside the window is the same payment: paid once", async () => {
    const { orderNo } = await openedOrder();
    await gateway.pay(orderNo);
    for (let i = 0; i < 3; i += 1) expect((await post(orderNo, {})).status).toBe(204);
    expect(shop.notifications(orderNo)).toBe(1);
  });

  it("a notification for another merchant, though signed by WeChat Pay, is refused and flags the order", async () => {
    const { orderNo } = await openedOrder();
    const res = await post(orderNo, { resource: { mchid: "1900009999" } });
    expect(res.status).toBe(400);
    expect(shop.status(orderNo)).toBe("WAIT_PAY");
    expect(shop.flag(orderNo)).toContain("收到其他商户的支付通知");
    expect(shop.refundsOf(orderNo)).toEqual([]);
  });
});
