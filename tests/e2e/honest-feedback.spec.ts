import type { BrowserContext, Locator, Page } from "@playwright/test";
import { expect, jsEnabled, test, type Catalogue } from "./fixtures";
import { closePage, closeTab, inItsOwnTab, readDb } from "./shop-api";

// Issue 26, "feedback that tells the truth": the pay page says when a payment failed, no message
// claims a cashier tab that did not open, and an unpaid or failed order is not "being delivered".
// Each test runs at 1440 px with a mouse and at 390 px with touch, JavaScript on and off.
const GOODS = "黑神话：悟空";
const DEVICES = [
  { name: "1440 px", use: { viewport: { width: 1440, height: 900 } } },
  { name: "390 px touch", use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
];
const TAB_CLAIM = /新打开的收银台/;

async function confirmPurchase(page: Page, catalogue: Catalogue) {
  await page.goto(`/settle/pay-confirm/${(await catalogue.goods(GOODS)).goodsNo}?coupon=none`);
  await page.getByRole("textbox", { name: "收货邮箱" }).fill("honest@example.com");
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(/\/settle\/pay$/);
  await page.getByLabel("支付宝").check();
}

/** A tap on a touch screen, a click with the mouse. */
const press = (target: Locator, touch: boolean) => (touch ? target.tap() : target.click());

/** 点击付款 on a new order, then the cashier tab: the one the click opened, or 前往收银台支付 without JavaScript. */
async function payAndOpenCashier(page: Page, context: BrowserContext, js: boolean, touch: boolean) {
  const opened = context.waitForEvent("page");
  await press(page.getByRole("button", { name: "点击付款" }), touch);
  await expect(page).toHaveURL(/order_no=/);
  if (!js) await press(page.getByRole("link", { name: "前往收银台支付" }), touch);
  const cashier = await opened;
  await cashier.waitForURL(/\/mock-pay\//);
  return { cashier, orderNo: new URL(page.url()).searchParams.get("order_no")! };
}

const statusOf = (orderNo: string) => readDb<{ status: string }>("select status from orders where order_no = ?", orderNo)[0]?.status;

for (const device of DEVICES) {
  test.describe(`honest feedback at ${device.name}`, () => {
    test.use(device.use);
    const touch = device.name.includes("touch");

    test("a failed payment says 支付失败 on the pay page and offers to pay again at once", async ({
      page,
      context,
      member: _loggedIn,
      catalogue,
    }, testInfo) => {
      test.setTimeout(120_000);
      const js = jsEnabled(testInfo.project.name);
      await confirmPurchase(page, catalogue);
      const { cashier, orderNo } = await payAndOpenCashier(page, context, js, touch);
      await cashier.getByRole("button", { name: "模拟支付失败" }).click();
      // the shopper reads the cashier's answer, then closes its tab (not while it still loads)
      await expect(cashier.getByRole("heading", { name: "支付未完成" })).toBeVisible();
      await expect.poll(() => statusOf(orderNo)).toBe("PAY_FAIL");

      // the cashier's 返回商城 lands at once on a page that says it too, not after pay-wait's 5 s of 返回支付结果中
      // (shopper trial 11b); where it leads is the same at every width: followed at 1440 px (the 390 px pay page's
      // 支付失败 is below)
      if (!touch) {
        const back = cashier.waitForResponse((answer) => answer.url().includes(`/settle/pay-wait/${orderNo}`));
        await cashier.getByRole("link", { name: "返回商城" }).click();
        expect((await back).status()).toBe(302);
        await cashier.waitForURL(new RegExp(`/settle/pay\\?order_no=${orderNo}`));
        await expect(cashier.getByRole("alert")).toContainText("支付失败");
        await expect(cashier.getByText("购买完成")).toHaveCount(0);
      }
      await closeTab(cashier);

      // the shop's own tab learns it from its polling (a refresh without JavaScript)
      const failure = page.getByRole("alert").filter({ hasText: "支付失败" });
      await expect(failure).toBeVisible({ timeout: 10_000 });
      await expect(page.getByText(TAB_CLAIM)).toHaveCount(0);
      const retried = context.waitForEvent("page");
      await press(failure.getByRole("link", { name: "前往收银台支付" }), touch);
      const again = await retried;
      await again.getByRole("button", { name: /确认支付/ }).click();
      await expect(again.getByRole("heading", { name: "支付成功" })).toBeVisible();
      await page.waitForURL(/\/settle\/pay-(wait|success)\//, { timeout: 15_000 });
    });

    test("no message claims a cashier tab that did not open", async ({ page, context, member: _loggedIn, catalogue }, testInfo) => {
      test.setTimeout(120_000);
      const js = jsEnabled(testInfo.project.name);
      await confirmPurchase(page, catalogue);
      // with JavaScript, a browser that blocks the new tab
      if (js) await page.evaluate(() => (window.open = () => null));
      await press(page.getByRole("button", { name: "点击付款" }), touch);
      await expect(page).toHaveURL(/order_no=/);
      const orderNo = new URL(page.url()).searchParams.get("order_no")!;
      expect(context.pages()).toHaveLength(1);
      await expect(page.getByText(TAB_CLAIM)).toHaveCount(0);
      const next = page.getByTestId("cashier-next-step");
      await expect(next).toContainText(js ? "收银台未能自动打开（可能被浏览器拦截）" : "请前往收银台完成支付");
      await expect(next.getByRole("link", { name: "前往收银台支付" })).toHaveAttribute("target", "_blank");

      // 继续支付 from 我的订单 opens no tab by itself: the page says where the cashier is
      const shop = await inItsOwnTab(page, "/order/list?status=WAIT_PAY");
      await press(shop.locator(`[data-order-no="${orderNo}"]`).getByRole("link", { name: "继续支付" }), touch);
      await expect(shop).toHaveURL(new RegExp(`/settle/pay\\?order_no=${orderNo}`));
      await expect(shop.getByText(TAB_CLAIM)).toHaveCount(0);
      const shopNext = shop.getByTestId("cashier-next-step");
      await expect(shopNext).toContainText("请前往收银台完成支付");
      expect(context.pages()).toHaveLength(1);

      if (js) {
        // a tab that did open is named as such
        const opened = context.waitForEvent("page");
        await press(shop.getByRole("button", { name: "点击付款" }), touch);
        await (await opened).waitForURL(new RegExp(`/mock-pay/${orderNo}`));
        await expect(shopNext).toContainText("收银台已在新标签页打开，请在那里完成支付");
      }
    });

    test("an unpaid or failed order's detail page offers its actions and no delivery card", async ({
      page,
      context,
      member: _loggedIn,
      catalogue,
    }, testInfo) => {
      test.setTimeout(120_000);
      const js = jsEnabled(testInfo.project.name);
      await confirmPurchase(page, catalogue);
      const { cashier, orderNo } = await payAndOpenCashier(page, context, js, touch);

      let shop = await inItsOwnTab(page, `/order/detail/${orderNo}`);
      await expect(shop.getByTestId("order-status")).toHaveText("待支付");
      await expect(shop.getByTestId("delivery-card")).toHaveCount(0);
      await expect(shop.getByText("提货中，请耐心等待")).toHaveCount(0);

      await cashier.getByRole("button", { name: "模拟支付失败" }).click();
      // the shopper reads the cashier's answer, then closes its tab (not while it still loads)
      await expect(cashier.getByRole("heading", { name: "支付未完成" })).toBeVisible();
      expect(statusOf(orderNo)).toBe("PAY_FAIL");
      // the shop's tab comes to the front (left behind the closed tab, its reload at times never reached the
      // load event: 390 px touch, JavaScript on, 3 timeouts in 13 runs; in front, none in 18)
      await closeTab(cashier);
      await shop.reload();
      await expect(shop.getByTestId("order-status")).toHaveText("支付失败");
      await expect(shop.getByTestId("delivery-card")).toHaveCount(0);
      await press(shop.getByRole("link", { name: "继续支付" }), touch);
      await expect(shop).toHaveURL(new RegExp(`/settle/pay\\?order_no=${orderNo}&pay_url=1`));

      shop = await inItsOwnTab(shop, `/order/detail/${orderNo}`);
      await press(shop.getByRole("link", { name: "取消订单" }), touch);
      const dialog = shop.getByRole("alertdialog");
      await expect(dialog).toContainText("是否确认关闭订单？关闭后您可重新提交");
      await press(dialog.getByRole("button", { name: "确定" }), touch);
      await expect(shop.getByRole("status").filter({ hasText: "关闭订单成功" })).toBeVisible();
      await expect(shop).toHaveURL(new RegExp(`/order/detail/${orderNo}$`));
      await expect(shop.getByTestId("order-status")).toHaveText("已关闭");
      await expect(shop.getByRole("link", { name: "继续支付" })).toHaveCount(0);
      await expect(shop.getByTestId("delivery-card")).toHaveCount(0);
      expect(statusOf(orderNo)).toBe("CLOSE");
    });
  });
}

test("a slow status answer is waited for, not cut short by the next poll", { tag: "@js-only" }, async ({ page, context, member: _loggedIn, catalogue }) => {
  // with JavaScript only: without JavaScript the page refreshes itself instead of polling
  // the page's clock runs its one-second polling forward while the first status answer is held back
  await page.clock.install();
  await confirmPurchase(page, catalogue);
  let started = 0;
  let open = 0;
  let most = 0;
  let answerFirst!: () => void;
  const firstHeld = new Promise<void>((resolve) => (answerFirst = resolve));
  await page.route("**/settle/pay-status/**", async (route) => {
    started += 1;
    most = Math.max(most, ++open);
    if (started === 1) await firstHeld;
    await route.continue().finally(() => (open -= 1));
  });
  const opened = context.waitForEvent("page");
  await page.getByRole("button", { name: "点击付款" }).click();
  await closePage(await opened);
  await expect.poll(() => started).toBe(1);
  // five polling seconds pass while the answer is on its way: a poll that did not wait would be a second request now
  await page.clock.runFor(5_000);
  answerFirst();
  await expect.poll(() => started, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
  expect(most).toBe(1);
});
