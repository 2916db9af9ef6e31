import type { BrowserContext, Page } from "@playwright/test";
import { expect, holdScripts, jsEnabled, test } from "./fixtures";
import { watchRequests } from "./quiet-network";
import { claimCoupons, closePage, closeTab, inItsOwnTab, placeOrderFor, readDb, writeDb } from "./shop-api";

// 黑神话：悟空: region → edition → content; 原神's 天空岛 6480+1600 SKU holds no codes;
// 黑神话：钟馗 is a presale goods.
const GOODS = "黑神话：悟空";
const SOLD_OUT = { goods: "原神 创世结晶", sku: "天空岛（官服） / 6480 + 1600 创世结晶" };
const PRESALE = "黑神话：钟馗";

/** Opens pay-confirm for a SKU, fills the e-mail, confirms, and answers the pay page. */
async function confirmPurchase(page: Page, goodsNo: string, query: string, email = "buyer@example.com") {
  await page.goto(`/settle/pay-confirm/${goodsNo}?${query}`);
  await page.getByRole("textbox", { name: "收货邮箱" }).fill(email);
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(/\/settle\/pay$/);
}

/** Clicks 点击付款 with a pay way and answers the cashier page and the order number. */
async function payFromPayPage(page: Page, context: BrowserContext, js: boolean, way = "支付宝") {
  await page.getByLabel(way).check();
  if (js) {
    const cashier = context.waitForEvent("page");
    await page.getByRole("button", { name: "点击付款" }).click();
    const tab = await cashier;
    await tab.waitForURL(/\/mock-pay\//);
    await expect(page).toHaveURL(/order_no=/);
    return { cashier: tab, orderNo: new URL(page.url()).searchParams.get("order_no")! };
  }
  await page.getByRole("button", { name: "点击付款" }).click();
  await expect(page).toHaveURL(/order_no=/);
  const cashier = context.waitForEvent("page");
  await page.getByRole("link", { name: "前往收银台支付" }).click();
  const tab = await cashier;
  await tab.waitForLoadState();
  return { cashier: tab, orderNo: new URL(page.url()).searchParams.get("order_no")! };
}

async function waitForStatus(orderNo: string, statuses: string[]) {
  await expect
    .poll(() => readDb<{ status: string }>("select status from orders where order_no = ?", orderNo)[0]?.status, { timeout: 10_000 })
    .toMatch(new RegExp(`^(${statuses.join("|")})$`));
}

test.describe("checkout", () => {
  test(
    "an e-mail typed while the page's scripts are still on their way is the field's value once React takes over",
    { tag: "@js-only" },
    async ({ page, member: _loggedIn, catalogue }) => {
      // with JavaScript only: hydration needs JavaScript (a slow phone's shopper types before it)
      const release = await holdScripts(page);
      await page.goto(`/settle/pay-confirm/${(await catalogue.goods(GOODS)).goodsNo}`, { waitUntil: "commit" });
      const email = page.getByRole("textbox", { name: "收货邮箱" });
      await email.fill("typed-early");
      release();
      await page.locator(".search-box[data-enhanced]").waitFor();
      // the page judges what is in the box, not what the server rendered: the typed text is checked
      await expect(page.getByText("邮箱格式有误")).toBeVisible();
      await expect(email).toHaveValue("typed-early");
      await email.fill("typed-early@example.com");
      await expect(page.getByText("邮箱格式有误")).toBeHidden();
      await page.getByRole("button", { name: "提交订单" }).click();
      await expect(page).toHaveURL(/\/settle\/pay$/);
    },
  );

  test(
    "a pay way picked while the page's scripts are still on their way stays picked once React takes over, and is the one paid with",
    { tag: "@js-only" },
    async ({ page, context, member: _loggedIn, catalogue }) => {
      await confirmPurchase(page, (await catalogue.goods(GOODS)).goodsNo, "");
      const release = await holdScripts(page);
      await page.reload({ waitUntil: "commit" });
      const ways = page.getByRole("radio");
      await expect(ways.first()).toBeVisible();
      const names = await ways.evaluateAll((inputs) =>
        inputs.map((input) => ({ label: input.closest("label")!.textContent!.trim(), checked: (input as HTMLInputElement).checked })),
      );
      const picked = names.find((way) => !way.checked)!.label;
      await page.getByLabel(picked).check();
      release();
      await page.locator(".search-box[data-enhanced]").waitFor();
      await expect(page.getByLabel(picked)).toBeChecked();
      const cashier = context.waitForEvent("page");
      await page.getByRole("button", { name: "点击付款" }).click();
      const tab = await cashier;
      await tab.waitForURL(/\/mock-pay\//);
      await expect(tab.getByText(picked)).toBeVisible();
      await closeTab(tab);
    },
  );

  test("an invalid e-mail asks first, and the shopper may continue anyway", async ({ page, member: _loggedIn, catalogue }, testInfo) => {
    await page.goto(`/settle/pay-confirm/${(await catalogue.goods(GOODS)).goodsNo}`);
    await page.getByRole("textbox", { name: "收货邮箱" }).fill("not-an-email");
    if (jsEnabled(testInfo.project.name)) await expect(page.getByText("邮箱格式有误")).toBeVisible();
    await page.getByRole("button", { name: "提交订单" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("未输入有效邮箱，游戏兑换码可能无法通过邮件发送给您， 是否重新填写？");
    await expect(dialog.getByRole("link", { name: "返回修改" })).toBeVisible();
    const onward = dialog.getByRole("button", { name: /仍然继续/ });
    if (jsEnabled(testInfo.project.name)) {
      await expect(onward).toBeDisabled();
      await expect(onward).toHaveText(/仍然继续（\ds）/);
      await expect(onward).toBeEnabled();
    }
    await onward.click();
    await expect(page).toHaveURL(/\/settle\/pay$/);
    await expect(page.getByRole("button", { name: "点击付款" })).toBeVisible();
  });

  test(
    "confirmation dialogs are modal with JavaScript: focus stays inside and Escape closes them",
    { tag: "@js-only" },
    async ({ page, unpaidOrder: orderNo, catalogue }) => {
      // with JavaScript only: without JavaScript they are plain page content with links
      const { goodsNo } = await catalogue.goods(GOODS);
      const focusInside = () => page.evaluate(() => Boolean(document.activeElement?.closest("dialog[open]")));

      await page.goto(`/settle/pay-confirm/${goodsNo}`);
      await page.getByRole("textbox", { name: "收货邮箱" }).fill("not-an-email");
      await page.getByRole("button", { name: "提交订单" }).click();
      const emailDialog = page.getByRole("alertdialog", { name: "提示" });
      await expect(emailDialog).toBeVisible();
      for (let i = 0; i < 4; i++) {
        expect(await focusInside(), `focus after ${i} Tab presses`).toBe(true);
        await page.keyboard.press("Tab");
      }
      await page.keyboard.press("Escape");
      await expect(emailDialog).toHaveCount(0);
      await expect(page.getByRole("textbox", { name: "收货邮箱" })).toHaveValue("not-an-email");

      await page.goto(`/order/list?status=WAIT_PAY&close=${orderNo}`);
      const closeDialog = page.getByRole("alertdialog", { name: "是否确认关闭订单？关闭后您可重新提交" });
      await expect(closeDialog).toBeVisible();
      await expect(closeDialog.getByRole("button", { name: "确定" })).toBeFocused();
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press("Tab");
        expect(await focusInside(), `focus after ${i + 1} Tab presses`).toBe(true);
      }
      await page.keyboard.press("Escape");
      await expect(closeDialog).toHaveCount(0);
      await expect(page).not.toHaveURL(/close=/);
      expect(readDb<{ status: string }>("select status from orders where order_no = ?", orderNo)[0].status).toBe("WAIT_PAY");
    },
  );

  test("without a SKU the shopper is told to choose one", { tag: "@server" }, async ({ page, baseURL, member: _loggedIn, catalogue }) => {
    const response = await page.request.post(`/settle/pay-confirm/${(await catalogue.goods(GOODS)).goodsNo}`, {
      form: { email: "a@example.com" },
      headers: { Origin: baseURL! },
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("请选择商品规格");
  });

  test("a failed payment can be retried and then succeeds", async ({ page, context, member: _loggedIn, catalogue }, testInfo) => {
    const js = jsEnabled(testInfo.project.name);
    await confirmPurchase(page, (await catalogue.goods(GOODS)).goodsNo, "coupon=none");
    const first = await payFromPayPage(page, context, js);
    await first.cashier.getByRole("button", { name: "模拟支付失败" }).click();
    await expect(first.cashier.getByRole("heading", { name: "支付未完成" })).toBeVisible();
    await waitForStatus(first.orderNo, ["PAY_FAIL"]);
    await closeTab(first.cashier);

    const list = await inItsOwnTab(page, `/order/list?status=WAIT_PAY`);
    const card = list.locator(`[data-order-no="${first.orderNo}"]`);
    await expect(card).toContainText("支付失败");
    await card.getByRole("link", { name: "继续支付" }).click();
    await expect(list).toHaveURL(/\/settle\/pay\?order_no=/);
    const cashierTab = context.waitForEvent("page");
    await list.getByRole("link", { name: "前往收银台支付" }).click();
    const cashier = await cashierTab;
    await cashier.getByRole("button", { name: /确认支付/ }).click();
    await expect(cashier.getByRole("heading", { name: "支付成功" })).toBeVisible();
    await waitForStatus(first.orderNo, ["PAY_SUCCESS", "SENDING", "SEND_SUCCESS"]);
  });

  test("closing an unpaid order returns its coupon", async ({ page, context, baseURL, member, catalogue }, testInfo) => {
    const js = jsEnabled(testInfo.project.name);
    const [coupon] = await claimCoupons(baseURL!, member.credential, ["ACT003"]);
    await confirmPurchase(page, (await catalogue.goods(GOODS)).goodsNo, `coupon=${coupon}`);
    const { cashier, orderNo } = await payFromPayPage(page, context, js);
    await closeTab(cashier);
    expect(readDb<{ status: string; order_no: string }>("select status, order_no from coupons where coupon_no = ?", coupon)[0]).toEqual({
      status: "LOCKED",
      order_no: orderNo,
    });

    const list = await inItsOwnTab(page, "/order/list?status=WAIT_PAY");
    await list.locator(`[data-order-no="${orderNo}"]`).getByRole("link", { name: "取消订单" }).click();
    await expect(list.getByRole("alertdialog")).toContainText("是否确认关闭订单？关闭后您可重新提交");
    await list.getByRole("alertdialog").getByRole("button", { name: "确定" }).click();
    await expect(list.getByRole("status")).toContainText("关闭订单成功");
    expect(readDb<{ status: string }>("select status from orders where order_no = ?", orderNo)[0].status).toBe("CLOSE");
    expect(readDb<{ status: string; order_no: string | null }>("select status, order_no from coupons where coupon_no = ?", coupon)[0]).toEqual({
      status: "UNUSED",
      order_no: null,
    });
  });

  test("a presale order waits for the game to unlock", async ({ page, context, member: _loggedIn, catalogue }, testInfo) => {
    const js = jsEnabled(testInfo.project.name);
    await confirmPurchase(page, (await catalogue.goods(PRESALE)).goodsNo, "coupon=none");
    const { cashier, orderNo } = await payFromPayPage(page, context, js);
    await cashier.getByRole("button", { name: /确认支付/ }).click();
    await waitForStatus(orderNo, ["PAY_SUCCESS"]);
    const order = await inItsOwnTab(page, `/order/detail/${orderNo}`);
    await expect(order.getByTestId("delivery-card")).toContainText("游戏解锁后发放");
    await expect(order.getByTestId("delivery-card")).toContainText("预计发放时间");
  });

  test("an order of a sold-out SKU shows the waiting notice", async ({ page, context, member: _loggedIn, catalogue }, testInfo) => {
    const js = jsEnabled(testInfo.project.name);
    const { goodsNo, skuNo } = await catalogue.sku(SOLD_OUT.goods, SOLD_OUT.sku);
    await confirmPurchase(page, goodsNo, `sku=${skuNo}&coupon=none`);
    const { cashier, orderNo } = await payFromPayPage(page, context, js);
    await cashier.getByRole("button", { name: /确认支付/ }).click();
    await waitForStatus(orderNo, ["SENDING"]);
    await expect
      .poll(() => readDb<{ notice: string | null }>("select notice from orders where order_no = ?", orderNo)[0].notice, { timeout: 10_000 })
      .toBeTruthy();
    let order = await inItsOwnTab(page, `/order/detail/${orderNo}`);
    await expect(order.getByTestId("delivery-card")).toContainText("提货中，请耐心等待");
    await expect(order.getByTestId("delivery-card")).toContainText("库存不足，正在补货，请耐心等待");
    // it says what happens if no code comes, and when
    await expect(order.getByTestId("delivery-card")).toContainText(/若 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 前仍未补货，将自动全额退款至原支付账户/);

    // the deadline passes with the shelf still empty: the worker refunds the order in full, and
    // the refund job pays it out through the sandbox provider (decision 021)
    writeDb("update orders set out_of_stock_refund_at = ?, fulfil_after = ? where order_no = ?", Date.now() - 1, Date.now() - 1, orderNo);
    await waitForStatus(orderNo, ["ALL_REFUND"]);
    await expect
      .poll(() => readDb<{ status: string }>("select status from refunds where order_no = ?", orderNo)[0]?.status, { timeout: 10_000 })
      .toBe("SUCCEEDED");
    const [{ amount }] = readDb<{ amount: number }>("select amount from refunds where order_no = ?", orderNo);
    const money = `￥${(amount / 100).toFixed(2)}`;
    // the shopper comes back to the order (the page open since follows by itself: 10 s apart, without JavaScript a reload)
    order = await inItsOwnTab(order, `/order/detail/${orderNo}`);
    await expect(order.getByText("全额退款", { exact: true }).first()).toBeVisible();
    await expect(order.getByText(`商品缺货未能发货，订单全额退款：退款 ${money} 已退回原支付账户`).first()).toBeVisible();
    const messages = readDb<{ channel: string; body: string }>("select channel, body from outbox_messages where order_no = ? order by id", orderNo);
    expect(messages.filter((m) => m.channel === "SMS").map((m) => m.body)).toEqual([
      expect.stringContaining(`退款 ${money} 处理中`),
      expect.stringContaining(`退款 ${money} 已退回原支付账户`),
    ]);
  });

  test("pay-success shows the code by itself once it arrives, with and without JavaScript", async ({
    page,
    context,
    member: _loggedIn,
    catalogue,
  }, testInfo) => {
    test.slow(); // without JavaScript the page's own refreshes take their real seconds: 12 s here, quiet
    const js = jsEnabled(testInfo.project.name);
    // a SKU no other test buys, its codes held back until the page is open (one project at a time: each holds its own SKU)
    const { goodsNo, skuNo: sku } = await catalogue.sku("席德·梅尔的文明VII", js ? "国区 / 标准版 / 本体" : "国区 / 豪华版 / 本体");
    writeDb("update cdkeys set status = 'HELD' where sku_no = ? and status = 'UNUSED'", sku);
    // with JavaScript the page's clock runs its refresh forward (up to 10 s while the SKU is restocked);
    // without, the meta refresh takes its real seconds
    if (js) await page.clock.install();
    try {
      await confirmPurchase(page, goodsNo, `sku=${sku}&coupon=none`);
      const { cashier, orderNo } = await payFromPayPage(page, context, js);
      await cashier.getByRole("button", { name: /确认支付/ }).click();
      await waitForStatus(orderNo, ["SENDING"]);
      // the pay page without JavaScript refreshes itself, on to pay-wait once paid: pay-success in a tab of its own
      const success = await inItsOwnTab(page, `/settle/pay-success/${orderNo}`);
      await expect(success.getByTestId("delivery-card")).toContainText("提货中，请耐心等待");
      // the codes come back to the shelf; the test does not reload the page
      writeDb("update cdkeys set status = 'UNUSED' where sku_no = ? and status = 'HELD'", sku);
      writeDb("update orders set fulfil_after = ? where order_no = ?", Date.now(), orderNo);
      await waitForStatus(orderNo, ["SEND_SUCCESS"]);
      if (js) await success.clock.runFor(10_000);
      await expect(success.getByTestId("delivered-code")).toBeVisible({ timeout: 15_000 });
      await expect(success).toHaveURL(new RegExp(`/settle/pay-success/${orderNo}$`));
    } finally {
      writeDb("update cdkeys set status = 'UNUSED' where sku_no = ? and status = 'HELD'", sku);
    }
  });

  test("closing an order that is no longer the shopper's says 订单不存在, and a price preview that fails is a toast over pay-confirm", async ({
    page,
    context,
    baseURL,
    member: _loggedIn,
    otherMember,
    catalogue,
  }, testInfo) => {
    const js = jsEnabled(testInfo.project.name);
    await confirmPurchase(page, (await catalogue.goods(GOODS)).goodsNo, "coupon=none");
    const { cashier, orderNo } = await payFromPayPage(page, context, js);
    await closeTab(cashier);
    const shop = await inItsOwnTab(page, "/order/list?status=WAIT_PAY");
    await shop.locator(`[data-order-no="${orderNo}"]`).getByRole("link", { name: "取消订单" }).click();
    await expect(shop.getByRole("alertdialog")).toContainText("是否确认关闭订单？");
    // meanwhile the browser's login becomes another member's (a login in another tab)
    await context.addCookies([{ name: "login_credential", value: otherMember.credential, url: baseURL!, httpOnly: true, sameSite: "Lax" }]);
    await shop.getByRole("alertdialog").getByRole("button", { name: "确定" }).click();
    await expect(shop.getByRole("status")).toContainText("订单不存在");
    expect(readDb<{ status: string }>("select status from orders where order_no = ?", orderNo)[0].status).toBe("WAIT_PAY");

    // the services refuse the price preview (the sale ended after the goods page was opened): the page stays, a toast says why
    // a goods no other test buys, one per project (the test ends its sale for a moment)
    const ENDED = await (js ? catalogue.sku("怪物猎人 荒野", "国区 / 标准版 / 本体") : catalogue.sku("戴森球计划", "标准版"));
    writeDb("update goods set sale_end_at = ? where goods_no = ?", Date.now() - 1000, ENDED.goodsNo);
    try {
      await shop.goto(`/settle/pay-confirm/${ENDED.goodsNo}?sku=${ENDED.skuNo}`);
      await expect(shop.getByRole("heading", { name: "确认订单" })).toBeVisible();
      await expect(shop.getByRole("status")).toContainText("商品已结束销售");
    } finally {
      writeDb("update goods set sale_end_at = null where goods_no = ?", ENDED.goodsNo);
    }
  });

  test("another member's order shows 订单不存在", { tag: "@server" }, async ({ page, baseURL, member: _loggedIn, otherMember, catalogue }) => {
    const { goodsNo, skuNo } = await catalogue.sku(GOODS, "国区 / 数字标准版 / 本体");
    const other = await placeOrderFor(baseURL!, otherMember, goodsNo, skuNo);
    const response = await page.goto(`/order/detail/${other}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "订单不存在" })).toBeVisible();
  });

  test("a double click on 点击付款 makes one order", async ({ page, context, member, catalogue }) => {
    await confirmPurchase(page, (await catalogue.goods(GOODS)).goodsNo, "coupon=none");
    await page.getByLabel("支付宝").check();
    const pay = page.getByRole("button", { name: "点击付款" });
    const requests = watchRequests(page);
    await pay.dblclick();
    await expect(page).toHaveURL(/order_no=/);
    await requests.quiet();
    for (const tab of context.pages().filter((p) => p !== page)) await closePage(tab);
    const orders = readDb<{ n: number }>("select count(*) as n from orders where member_id = ?", member.memberId);
    expect(orders[0].n).toBe(1);
  });
});
