import { expect, jsEnabled, test } from "./fixtures";
import { closeCouponPopup, loginBySms } from "./login-steps";
import { readDb } from "./shop-api";

// The journey the shop exists for, with JavaScript on and off: from the home page to a delivered
// code, through a multi-level SKU, the login modal, a coupon other than the optimal one and
// back, the e-mail, Alipay on the sandbox cashier, pay-success and the order detail.
test("a shopper goes from the home page to a delivered code", async ({ page, context, shopper }, testInfo) => {
  test.setTimeout(90_000);
  const js = jsEnabled(testInfo.project.name);
  const mobile = shopper.mobile;
  await shopper.useOwnAddress(page);

  // home → goods (cards open in a new tab)
  await page.goto("/");
  // the home page's popup advert (in the HTML without JS, after about 1 s with it) is closed first
  const advert = page.getByTestId("popup-advert");
  if (
    await advert.waitFor({ state: "visible", timeout: 10_000 }).then(
      () => true,
      () => false,
    )
  ) {
    await advert
      .getByRole("link", { name: "关闭广告" })
      .or(advert.getByRole("button", { name: "关闭广告" }))
      .first()
      .click();
    await expect(advert).toBeHidden();
  }
  const opened = context.waitForEvent("page");
  await page.getByTestId("goods-card").and(page.locator('[href^="/topic/G1001?"], [href="/topic/G1001"]')).first().click();
  const goods = await opened;
  await goods.waitForLoadState();
  await expect(goods).toHaveURL(/\/topic\/G1001/);
  await shopper.useOwnAddress(goods);

  // a multi-level SKU: region → edition → content
  const selector = goods.getByTestId("sku-selector");
  await selector.getByRole("link", { name: "数字豪华版" }).click();
  await expect(selector.getByRole("link", { name: "数字豪华版" })).toHaveAttribute("aria-current", "true");
  const skuNo = new URL(goods.url()).searchParams.get("sku");
  expect(skuNo).toMatch(/^G1001-S\d+$/);

  // a visitor claiming a coupon is asked to log in, and comes back to the goods page
  await goods.getByTestId("coupon-bar").getByRole("button", { name: /领券/ }).click();
  await goods.getByTestId("coupon-bar").getByRole("listitem").filter({ hasText: "9折" }).getByRole("button", { name: "领取" }).click();
  await expect(goods.getByRole("heading", { name: "登录你的游戏商城" })).toBeVisible();
  await loginBySms(goods, js, mobile);
  await expect(goods).toHaveURL(new RegExp(`/topic/G1001\\?sku=${skuNo}`));
  await closeCouponPopup(goods); // a new member's first login brings the 新人专享券
  await goods.getByTestId("coupon-bar").getByRole("button", { name: /领券/ }).click();
  await goods.getByTestId("coupon-bar").getByRole("listitem").filter({ hasText: "9折" }).getByRole("button", { name: "领取" }).click();
  await expect(goods.getByText("领取成功")).toBeVisible();

  // buy: the button shows the after-coupon price, and claims the coupons still claimable in one click first
  await goods.getByRole("button", { name: /券后价/ }).click();
  await expect(goods).toHaveURL(new RegExp(`/settle/pay-confirm/G1001\\?sku=${skuNo}`));
  await expect(goods.getByText("已为您一键领取优惠券")).toBeVisible();

  // the optimal coupon is chosen; pick another one, then back
  const picker = goods.getByTestId("coupon-picker");
  const chosen = picker.locator('a[aria-current="true"]');
  const couponNo = (await chosen.getAttribute("data-coupon"))!;
  expect(couponNo).toBeTruthy();
  const payable = () => goods.getByTestId("price-lines").locator("dd").last().textContent();
  const optimalPrice = await payable();
  await picker.locator('a[data-coupon]:not([aria-current="true"])').first().click();
  await expect(chosen).not.toHaveAttribute("data-coupon", couponNo);
  await expect.poll(payable).not.toBe(optimalPrice);
  await picker.locator(`a[data-coupon="${couponNo}"]`).click();
  await expect(chosen).toHaveAttribute("data-coupon", couponNo);
  await expect.poll(payable).toBe(optimalPrice);

  // e-mail, confirm, Alipay, pay on the sandbox cashier
  await goods.getByRole("textbox", { name: "收货邮箱" }).fill("journey@example.com");
  await goods.getByRole("button", { name: "提交订单" }).click();
  await expect(goods).toHaveURL(/\/settle\/pay$/);
  await goods.getByLabel("支付宝").check();
  const cashierOpened = context.waitForEvent("page");
  await goods.getByRole("button", { name: "点击付款" }).click();
  await expect(goods).toHaveURL(/order_no=/);
  if (!js) await goods.getByRole("link", { name: "前往收银台支付" }).click();
  const cashier = await cashierOpened;
  await cashier.waitForURL(/\/mock-pay\//);
  await expect(cashier.getByText("支付宝")).toBeVisible();
  await cashier.getByRole("button", { name: /确认支付/ }).click();
  await expect(cashier.getByRole("heading", { name: "支付成功" })).toBeVisible();

  // the pay page notices the payment (polling with JS, refreshing itself without), waits, succeeds
  await goods.waitForURL(/\/settle\/pay-wait\//, { timeout: 15_000 });
  await expect(goods.getByText("返回支付结果中，请不要离开本页面")).toBeVisible();
  await goods.waitForURL(/\/settle\/pay-success\//, { timeout: 15_000 });
  await expect(goods.getByRole("heading", { name: "购买完成" })).toBeVisible();
  const orderNo = goods.url().split("/").pop()!;

  // pay-success refreshes itself (JS on and off) until the code is there, then the order detail page shows it too
  await expect(goods.getByTestId("delivered-code")).toBeVisible({ timeout: 15_000 });
  await expect(goods).toHaveURL(/\/settle\/pay-success\//);
  await goods.goto(`/order/detail/${orderNo}`);
  await expect(goods.getByTestId("delivered-code")).toBeVisible();
  const code = (await goods.getByTestId("delivered-code").first().textContent())!.trim();
  expect(code).toMatch(/^[A-Z0-9-]{10,}$/);
  // right under the code: how to redeem it on the goods' platform, for its kind of code
  const [{ steps }] = readDb<{ steps: string }>(
    "select r.redeem_steps as steps from order_units u join goods g on g.goods_no = u.goods_no join redeem_guides r on r.platform = g.platform and r.code_kind = g.code_kind where u.order_no = ?",
    orderNo,
  );
  await expect(goods.getByTestId("redeem-steps").first().getByRole("listitem")).toHaveText(JSON.parse(steps) as string[]);
  const mails = readDb<{ recipient: string; body: string }>("select recipient, body from outbox_messages where channel = 'MAIL' and order_no = ?", orderNo);
  expect(mails).toHaveLength(1);
  expect(mails[0].recipient).toBe("journey@example.com");
  expect(mails[0].body).toContain(code);

  // the coupon is now used
  await goods.goto("/coupon?tab=used");
  const [used] = readDb<{ status: string; name: string }>(
    "select c.status, a.main_title as name from coupons c join coupon_activities a on a.activity_no = c.activity_no where c.coupon_no = ?",
    couponNo,
  );
  expect(used.status).toBe("USED");
  await expect(goods.getByRole("article", { name: used.name }).first()).toBeVisible();
});
