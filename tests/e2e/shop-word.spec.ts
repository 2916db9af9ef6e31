// The shop's word (issue 37): what an order's page, its pay page and its 订单凭证 say about money.
// Refunds say how much came back, when and where; a fully refunded code is void, not redeemable;
// 实付 only once paid, 待付 with the time left before; a closed order offers 重新购买, as the close
// confirmation promises; the pay way changes while the order is unpaid, also once its cashier opened;
// a coupon limited to some games names them. At 1440 px and on a 390 px touch phone, JavaScript on
// and off; each test's own member and orders (refunds through the QA admin script).
import type { Page } from "@playwright/test";
import { expect, jsEnabled, test } from "./fixtures";
import { claimCoupons, closeTab, inItsOwnTab, placeDeliveredOrder, readDb, runAdmin } from "./shop-api";
import { saveShot } from "./page-shots";
import { formatYuan } from "../../shared/money";
import { shopDay } from "../../shared/shop-time";
import { DEMO_IDENTITY as SELLER } from "../../seed/seed";

const yuan = (cents: number) => `￥${formatYuan(cents)}`;

/** The cheapest SKU of a goods (codes of every seeded SKU are plenty). */
const cheapestSku = (goodsNo: string) =>
  readDb<{ sku: string }>("select sku_no as sku from skus where goods_no = ? and disabled = 0 order by price_turn_cny limit 1", goodsNo)[0]!.sku;

/** Waits until every refund of the order is paid out by the server's refund job (it runs every second). */
async function refundsSettled(orderNo: string, count: number) {
  await expect
    .poll(() => readDb<{ status: string }>("select status from refunds where order_no = ?", orderNo).map((r) => r.status), { timeout: 15_000 })
    .toEqual(Array(count).fill("SUCCEEDED"));
  return readDb<{ amount: number }>("select amount from refunds where order_no = ? order by id", orderNo).map((r) => r.amount);
}

const receiptRow = (page: Page, term: string) =>
  page
    .getByTestId("receipt")
    .locator("dt", { hasText: new RegExp(`^${term}$`) })
    .locator("xpath=following-sibling::dd[1]");

for (const [device, use] of [
  ["1440 px", {}],
  ["390 px touch", { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }],
] as const) {
  test.describe(`the shop's word (${device})`, () => {
    test.use(use);
    test.describe.configure({ timeout: 90_000 });
    const shot = (name: string, project: string) => `shop-word-${name}-${device === "1440 px" ? 1440 : 390}-${project}`;

    test("a refund says how much came back, when and where, on the order page and the 订单凭证; a fully refunded code is void", async ({
      page,
      context,
      member,
      baseURL,
    }, testInfo) => {
      const skus = [cheapestSku("G1002"), cheapestSku("G1001")];
      const orderNo = await placeDeliveredOrder(context, baseURL!, { credential: member.credential, mobile: member.mobile, skuNos: skus });
      const today = shopDay(Date.now());

      await runAdmin("order:refund", orderNo, "--part", skus[0]!);
      const [part] = await refundsSettled(orderNo, 1);
      const partLine = `已退款 ${yuan(part!)} · ${today} · 原路退回微信支付`;
      await page.goto(`/order/detail/${orderNo}`);
      await expect(page.getByTestId("order-status")).toHaveText("部分退款");
      await expect(page.getByTestId("refunds")).toContainText(partLine);
      // a part refund leaves the codes the shopper keeps redeemable
      await expect(page.getByTestId("delivered-code")).toHaveCount(2);
      await expect(page.getByTestId("void-code")).toHaveCount(0);

      await page.goto(`/order/receipt/${orderNo}`);
      await expect(receiptRow(page, "退款")).toHaveText(partLine);
      // no coupon in this order: no 优惠券抵扣 ￥0 line; the seller named as the footer names it
      await expect(page.getByTestId("receipt").locator("dt", { hasText: "优惠券抵扣" })).toHaveCount(0);
      await expect(page.getByTestId("receipt-seller")).toContainText(SELLER.company);
      await expect(page.getByTestId("receipt-seller")).toContainText(SELLER.address);
      await saveShot(page, shot("receipt-part-refund", testInfo.project.name), { fullPage: true });

      await runAdmin("order:refund", orderNo);
      const [, rest] = await refundsSettled(orderNo, 2);
      await page.goto(`/order/detail/${orderNo}`);
      await expect(page.getByTestId("order-status")).toHaveText("全额退款");
      await expect(page.getByTestId("refunds").getByRole("listitem")).toHaveText([partLine, `已退款 ${yuan(rest!)} · ${today} · 原路退回微信支付`]);
      await expect(page.getByTestId("order-amount")).toContainText("实付");
      // the codes stay on record, struck through and marked void: no 复制, no redemption address or steps
      const voided = page.getByTestId("void-code");
      await expect(voided).toHaveCount(2);
      for (const code of await voided.all()) await expect(code).toContainText("已退款·已失效");
      await expect(page.getByTestId("delivered-code")).toHaveCount(0);
      await expect(page.getByTestId("delivery-card").getByRole("button", { name: /复制/ })).toHaveCount(0);
      await expect(page.getByTestId("redeem-steps")).toHaveCount(0);
      await expect(page.getByTestId("delivery-card").getByText("兑换地址")).toHaveCount(0);
      await saveShot(page, shot("order-all-refund", testInfo.project.name), { fullPage: true });

      await page.goto(`/order/receipt/${orderNo}`);
      await expect(receiptRow(page, "退款").getByRole("listitem")).toHaveCount(2);
    });

    test("an unpaid order says 待付 with the time left, on its page and on its pay page", async ({ page, unpaidOrder }, testInfo) => {
      const js = jsEnabled(testInfo.project.name);
      const timeLeft = js ? /^请在 1[45]:\d\d 内完成支付$/ : /^请在 \d\d:\d\d 前完成支付（剩余 1[45] 分钟）$/;
      await page.goto(`/order/detail/${unpaidOrder}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("订单详情");
      await expect(page.getByRole("heading", { name: "商品详情" })).toHaveCount(1);
      await expect(page.getByTestId("order-amount")).toContainText(/^待付 ￥/);
      await expect(page.getByTestId("pay-deadline")).toHaveText(timeLeft);
      await saveShot(page, shot("unpaid-order", testInfo.project.name));

      await page.getByRole("link", { name: "继续支付" }).click();
      await expect(page).toHaveURL(new RegExp(`/settle/pay\\?order_no=${unpaidOrder}&pay_url=1`));
      await expect(page.getByTestId("pay-deadline")).toHaveText(timeLeft);
      await saveShot(page, shot("pay-page-time-left", testInfo.project.name));
    });

    test("the pay way of an unpaid order can change through 继续支付, after its cashier opened", async ({ page, context, unpaidOrder }, testInfo) => {
      // 继续支付: the order already has its cashier (it was opened at the order's creation, with 微信支付)
      await page.goto(`/order/detail/${unpaidOrder}`);
      await page.getByRole("link", { name: "继续支付" }).click();
      await expect(page).toHaveURL(new RegExp(`/settle/pay\\?order_no=${unpaidOrder}&pay_url=1`));
      const address = page.url();
      await expect(page.getByLabel("微信支付")).toBeChecked();
      await expect(page.getByLabel("支付宝")).toBeEnabled();
      await expect(page.getByText("可更换支付方式：选择后点击付款，将以新的支付方式打开收银台")).toBeVisible();
      await saveShot(page, shot("pay-page-change-way", testInfo.project.name));

      await page.getByLabel("支付宝").check();
      const opened = context.waitForEvent("page");
      await page.getByRole("button", { name: "点击付款" }).click();
      const cashier = await opened;
      await cashier.waitForURL(new RegExp(`/mock-pay/${unpaidOrder}\\?sig=`));
      await expect(cashier.getByText("支付宝")).toBeVisible();
      expect(readDb<{ payWay: string }>("select pay_way as payWay from orders where order_no = ?", unpaidOrder)[0]!.payWay).toBe("TCTP");
      await closeTab(cashier);
      // the page, opened again at the address it was opened at (whose pay_way is the old one), shows the order's pay
      // way (in a tab of its own: without JavaScript the pay page reloads itself, which can abort a reload of ours)
      const again = await inItsOwnTab(page, address);
      await expect(again.getByLabel("支付宝")).toBeChecked();
      expect(readDb<{ n: number }>("select count(*) as n from orders where order_no = ?", unpaidOrder)[0]!.n).toBe(1);
    });

    test("a closed order says neither 实付 nor 待付 and offers 重新购买, as the close confirmation promises", async ({ page, unpaidOrder }, testInfo) => {
      const [unit] = readDb<{ goodsNo: string; skuNo: string; goodsName: string }>(
        "select goods_no as goodsNo, sku_no as skuNo, goods_name as goodsName from order_units where order_no = ?",
        unpaidOrder,
      );
      await page.goto(`/order/detail/${unpaidOrder}`);
      await page.getByRole("link", { name: "取消订单" }).click();
      const dialog = page.getByRole("alertdialog", { name: "是否确认关闭订单？关闭后您可重新提交" });
      await dialog.getByRole("button", { name: "确定" }).click();
      await expect(page.getByTestId("order-status")).toHaveText("已关闭");
      await expect(page.getByTestId("order-amount")).toContainText(/^订单金额 ￥/);
      await expect(page.getByTestId("pay-deadline")).toHaveCount(0);
      await saveShot(page, shot("closed-order", testInfo.project.name));

      await page.goto("/order/list");
      const card = page.locator(`[data-order-no="${unpaidOrder}"]`);
      await expect(card.getByRole("link", { name: "重新购买" })).toBeVisible();
      await card.getByRole("link", { name: "重新购买" }).click();
      await expect(page).toHaveURL(new RegExp(`/settle/pay-confirm/${unit!.goodsNo}\\?sku=${unit!.skuNo}$`));
      await expect(page.getByRole("region", { name: "购买详情" })).toContainText(unit!.goodsName);
      await expect(page.getByRole("button", { name: "提交订单" })).toBeVisible();
    });

    test("a coupon limited to some games names them, in the coupon centre and in 我的优惠券", async ({ page, member }, testInfo) => {
      const [{ scope }] = readDb<{ scope: string }>("select goods_scope as scope from coupon_activities where activity_no = 'ACT005'");
      const names = (JSON.parse(scope) as string[]).map(
        (no) => readDb<{ name: string }>("select goods_name as name from goods where goods_no = ?", no)[0]!.name,
      );
      const scopeLine = `适用商品：${names.join("、")}`;

      await page.goto("/coupon-collection");
      const centreCard = page.getByRole("article", { name: "Steam 大作专享" });
      await expect(centreCard.getByTestId("coupon-scope")).toHaveText(scopeLine);
      // a coupon of every goods says nothing of the kind
      await expect(page.getByRole("article", { name: "全场 9 折" }).getByTestId("coupon-scope")).toHaveCount(0);
      await saveShot(page, shot("coupon-centre-scope", testInfo.project.name));

      await claimCoupons(page.url().replace(/\/coupon-collection$/, ""), member.credential, ["ACT005"]);
      await page.goto("/coupon");
      await expect(page.getByRole("article", { name: "Steam 大作专享" }).getByTestId("coupon-scope")).toHaveText(scopeLine);
      await saveShot(page, shot("my-coupons-scope", testInfo.project.name));
    });
  });
}
