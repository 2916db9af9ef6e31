import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { createSeededDb } from "../bench/data";
import type { BenchServer } from "../bench/server";
import { startAlipayGateway, startWechatGateway, type AlipayGateway, type WechatGateway } from "../support/pay-gateways";
import { expect, test } from "./fixtures";
import { attachLogOnFailure, ownShop } from "./own-shop";
import { inItsOwnTab, passwordLogin, placeOrderFor } from "./shop-api";

// The real payment providers through the shop (decision 047), each against its local stand-in
// gateway: the pay page shows the provider's cashier link (Alipay) or its code as an image the
// server renders (WeChat Pay), the stand-in posts its signed notification, and the order page shows
// the code, with JavaScript on and off. Each provider gets a shop process of its own, since
// PAY_PROVIDER is read at start-up, on free ports: the js-on and js-off projects run this file at
// the same time in two workers. A shop that did not start keeps its folder, log included.
test.describe.configure({ mode: "serial" });

const MOBILE = "13800138000";

/** The demo member logged in in the browser, with an unpaid order of one code of 黑神话：悟空; its pay page open. */
async function payPageOfNewOrder(page: Page, shop: BenchServer): Promise<string> {
  const credential = await passwordLogin(shop.url, MOBILE, "demo123456", `198.51.100.${Math.floor(Math.random() * 200) + 1}`);
  await page.context().addCookies([{ name: "login_credential", value: credential, url: shop.url, httpOnly: true, sameSite: "Lax" }]);
  const orderNo = await placeOrderFor(shop.url, { credential, mobile: MOBILE, memberId: 1 }, "G1001", "G1001-S01");
  await page.goto(`${shop.url}/settle/pay?order_no=${orderNo}&pay_url=1`);
  return orderNo;
}

async function expectCodeOnOrderPage(page: Page, shop: BenchServer, orderNo: string) {
  await page.waitForURL(new RegExp(`/settle/pay-(wait|success)/${orderNo}`), { timeout: 20_000 });
  // in a tab of its own: without JavaScript the wait page reloads itself, which would cut a navigation from it short
  const order = await inItsOwnTab(page, `${shop.url}/order/detail/${orderNo}`);
  await expect(async () => {
    await order.reload();
    await expect(order.getByTestId("delivered-code").first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

test.describe("Alipay", () => {
  let dir: string;
  let shop: BenchServer;
  let gateway: AlipayGateway;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dir = mkdtempSync(join(tmpdir(), "shop-alipay-"));
    gateway = await startAlipayGateway(() => shop.url);
    shop = await ownShop(createSeededDb(dir).dbFile, dir, gateway.env);
  });

  test.afterEach(({}, testInfo) => attachLogOnFailure(testInfo, shop));

  test.afterAll(async () => {
    await shop?.stop();
    await gateway?.close();
    if (dir && shop) rmSync(dir, { recursive: true, force: true });
  });

  test("the pay page links to Alipay's cashier; paying there brings the code to the order page", async ({ page }) => {
    test.setTimeout(120_000);
    const orderNo = await payPageOfNewOrder(page, shop);
    const link = page.getByTestId("cashier-next-step").getByRole("link", { name: "前往收银台支付" });
    await expect(link).toHaveAttribute("href", new RegExp(`/cashier/${orderNo}\\?sig=`));
    // the cashier link opens a tab, as here: followed in the pay page itself, its 3 s reload without JavaScript once
    // took the page back from the cashier (a busy fresh-clone run)
    const cashier = await inItsOwnTab(page, (await link.getAttribute("href"))!);
    await expect(cashier.getByRole("heading", { name: "支付宝测试收银台（电脑网站支付）" })).toBeVisible();
    await expect(cashier.getByTestId("amount")).toHaveText(/^￥\d+\.\d{2}$/);
    await cashier.getByRole("button", { name: "确认付款" }).click();
    // back on the shop's wait page, whose query string says "paid" but counts for nothing: the notification did it
    await expectCodeOnOrderPage(cashier, shop, orderNo);
    expect(gateway.calls.some((c) => c.method === "alipay.trade.page.pay" && c.biz.out_trade_no === orderNo)).toBe(true);
  });
});

test.describe("WeChat Pay", () => {
  let dir: string;
  let shop: BenchServer;
  let gateway: WechatGateway;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dir = mkdtempSync(join(tmpdir(), "shop-wechatpay-"));
    gateway = await startWechatGateway(() => shop.url);
    shop = await ownShop(createSeededDb(dir).dbFile, dir, gateway.env);
  });

  test.afterEach(({}, testInfo) => attachLogOnFailure(testInfo, shop));

  test.afterAll(async () => {
    await shop?.stop();
    await gateway?.close();
    if (dir && shop) rmSync(dir, { recursive: true, force: true });
  });

  test("the pay page shows the Native code as an image; the stand-in's notification brings the code to the order page", async ({ page }) => {
    test.setTimeout(120_000);
    const orderNo = await payPageOfNewOrder(page, shop);
    const qr = page.getByRole("img", { name: "微信支付二维码" });
    await expect(qr).toBeVisible();
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240);
    await expect(page.getByText("请使用微信扫一扫，扫描二维码完成支付")).toBeVisible();
    expect(gateway.trades.get(orderNo)).toMatchObject({ state: "NOTPAY" });
    // the shopper scans and pays: WeChat Pay posts its signed, encrypted notification
    const [delivery] = await gateway.pay(orderNo);
    expect(delivery!.status).toBe(204);
    // the page notices by itself: polling with JavaScript, reloading without
    await expectCodeOnOrderPage(page, shop, orderNo);
  });
});
