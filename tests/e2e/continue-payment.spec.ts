import type { BrowserContext, Page } from "@playwright/test";
import { expect, jsEnabled, test, type Catalogue } from "./fixtures";
import { closeTab, inItsOwnTab, readDb } from "./shop-api";

// Paying an order that already has a cashier, with JavaScript on and off: 继续支付 from the order
// list, and a second 点击付款 on the pay page of a new order. Both must reopen that same order's
// cashier (no new order, no 创建订单失败, no blank tab) and end with the delivered code.
const GOODS = "黑神话：悟空";

async function confirmPurchase(page: Page, catalogue: Catalogue) {
  await page.goto(`/settle/pay-confirm/${(await catalogue.goods(GOODS)).goodsNo}?coupon=none`);
  await page.getByRole("textbox", { name: "收货邮箱" }).fill("continue@example.com");
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(/\/settle\/pay$/);
}

/** Clicks 点击付款 and answers the tab it opened, which must be the cashier of `orderNo`. */
async function payClickOpensCashier(page: Page, context: BrowserContext, orderNo: string) {
  const opened = context.waitForEvent("page");
  await page.getByRole("button", { name: "点击付款" }).click();
  const cashier = await opened;
  await cashier.waitForURL(new RegExp(`/mock-pay/${orderNo}\\?sig=`));
  await expect(page.getByRole("alert")).toHaveCount(0);
  expect(context.pages()).toHaveLength(2);
  return cashier;
}

/** Pays on the sandbox cashier; the pay page notices and the order detail shows the code. */
async function payAndSeeCode(page: Page, cashier: Page, orderNo: string) {
  await cashier.getByRole("button", { name: /确认支付/ }).click();
  await expect(cashier.getByRole("heading", { name: "支付成功" })).toBeVisible();
  await page.waitForURL(/\/settle\/pay-(wait|success)\//, { timeout: 15_000 });
  await page.waitForURL(new RegExp(`/settle/pay-success/${orderNo}`), { timeout: 15_000 });
  await expect(async () => {
    await page.goto(`/order/detail/${orderNo}`);
    await expect(page.getByTestId("delivered-code").first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  expect(readDb<{ n: number }>("select count(*) as n from order_performances where order_no = ?", orderNo)[0].n).toBeGreaterThan(0);
}

const ordersOf = (memberId: number) => readDb<{ order_no: string }>("select order_no from orders where member_id = ?", memberId);

test.describe("continue payment", () => {
  test("继续支付 from the order list reopens the order's cashier, and paying there delivers the code", async ({
    page,
    context,
    member,
    catalogue,
  }, testInfo) => {
    test.setTimeout(120_000); // a purchase, a cashier in its own tab, and the fulfilment
    const js = jsEnabled(testInfo.project.name);
    await confirmPurchase(page, catalogue);
    // a first 点击付款 creates the order; the shopper leaves its cashier unpaid
    if (js) {
      const first = context.waitForEvent("page");
      await page.getByRole("button", { name: "点击付款" }).click();
      await closeTab(await first);
    } else {
      await page.getByRole("button", { name: "点击付款" }).click();
    }
    await expect(page).toHaveURL(/order_no=/);
    const [{ order_no: orderNo }] = ordersOf(member.memberId);

    // from 我的订单, in a tab of its own (without JavaScript the pay page reloads itself, which can abort our navigation)
    const shop = await inItsOwnTab(page, "/order/list?status=WAIT_PAY");
    await shop.locator(`[data-order-no="${orderNo}"]`).getByRole("link", { name: "继续支付" }).click();
    await expect(shop).toHaveURL(new RegExp(`/settle/pay\\?order_no=${orderNo}`));
    const cashier = await payClickOpensCashier(shop, context, orderNo);
    await payAndSeeCode(shop, cashier, orderNo);
    expect(ordersOf(member.memberId)).toHaveLength(1);
  });

  test("a second 点击付款 on a new order reopens the same order's cashier", async ({ page, context, member, catalogue }, testInfo) => {
    test.setTimeout(120_000); // a purchase, a cashier in its own tab, and the fulfilment
    const js = jsEnabled(testInfo.project.name);
    await confirmPurchase(page, catalogue);
    await page.getByLabel("支付宝").check();
    if (js) {
      const first = context.waitForEvent("page");
      await page.getByRole("button", { name: "点击付款" }).click();
      const tab = await first;
      await tab.waitForURL(/\/mock-pay\//);
      await closeTab(tab);
    } else {
      await page.getByRole("button", { name: "点击付款" }).click();
    }
    await expect(page).toHaveURL(/order_no=/);
    const orderNo = new URL(page.url()).searchParams.get("order_no")!;
    const cashier = await payClickOpensCashier(page, context, orderNo);
    await expect(cashier.getByText("支付宝")).toBeVisible();
    await payAndSeeCode(page, cashier, orderNo);
    expect(ordersOf(member.memberId)).toHaveLength(1);
  });
});
