// 订单凭证 (issue 25, beyond the spec): a paid order's printable receipt, linked from its order page —
// the order, its goods and SKU, the amounts before and after the coupon, the pay way, delivery and
// refunds, never the codes — printed without the shop's header and footer, black on white. Another
// member's order answers as a missing one, and an unpaid order has no receipt. At 1440 px and on a
// 390 px touch phone, JavaScript on and off; the shopper's own orders.
import { expect, test } from "./fixtures";
import { claimCoupons, placeDeliveredOrder, placeUnpaidOrder, readDb } from "./shop-api";
import { formatDateTime } from "../../shared/shop-time";
import { formatYuan } from "../../shared/money";
import { saveShot } from "./page-shots";

const GAME = "G1002";
const MISSING = "TT99999999999999";

for (const [device, use] of [
  ["1440 px", {}],
  ["390 px touch", { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }],
] as const) {
  test.describe(`订单凭证 (${device})`, () => {
    test.use(use);
    test.describe.configure({ timeout: 120_000 });
    const shot = (name: string, project: string) => `order-receipt-${name}-${device === "1440 px" ? 1440 : 390}-${project}`;

    test("a paid order's receipt shows the order, goods, amounts, pay way and delivery, never the code, and prints without the shell", async ({
      page,
      context,
      shopper,
      baseURL,
    }, testInfo) => {
      await shopper.useOwnAddress(page);
      const { credential } = await shopper.signUp(context, baseURL!);
      const [coupon] = await claimCoupons(baseURL!, credential, ["ACT003"]);
      const [{ sku }] = readDb<{ sku: string }>("select sku_no as sku from skus where goods_no = ? order by price_turn_cny limit 1", GAME);
      const orderNo = await placeDeliveredOrder(context, baseURL!, { credential, mobile: shopper.mobile, skuNos: [sku], coupons: [coupon!] });
      const [order] = readDb<{ createdAt: number; payAt: number; goodsAmount: number; couponAmount: number; payPrice: number }>(
        "select created_at as createdAt, pay_at as payAt, goods_amount as goodsAmount, coupon_amount as couponAmount, pay_price as payPrice from orders where order_no = ?",
        orderNo,
      );
      const [unit] = readDb<{ goodsName: string; skuName: string }>(
        "select goods_name as goodsName, sku_name as skuName from order_units where order_no = ?",
        orderNo,
      );
      const [{ code }] = readDb<{ code: string }>("select value as code from order_performances where order_no = ?", orderNo);
      expect(order!.couponAmount).toBeGreaterThan(0);
      const yuan = (cents: number) => `￥${formatYuan(cents)}`;

      await page.goto(`/order/detail/${orderNo}`);
      await page.getByRole("link", { name: "订单凭证" }).click();
      await expect(page).toHaveURL(new RegExp(`/order/receipt/${orderNo}$`));
      const receipt = page.getByTestId("receipt");
      await expect(receipt.getByRole("heading", { name: "订单凭证" })).toBeVisible();
      const row = (term: string) => receipt.locator("dt", { hasText: new RegExp(`^${term}$`) }).locator("xpath=following-sibling::dd[1]");
      await expect(row("订单编号")).toHaveText(orderNo);
      await expect(row("下单时间")).toHaveText(`${formatDateTime(order!.createdAt)}（北京时间）`);
      await expect(row("支付时间")).toHaveText(`${formatDateTime(order!.payAt)}（北京时间）`);
      await expect(row("支付方式")).toHaveText("微信支付");
      await expect(row("商品金额")).toHaveText(yuan(order!.goodsAmount));
      await expect(row("优惠券抵扣")).toHaveText(`-${yuan(order!.couponAmount)}`);
      await expect(row("实付金额")).toHaveText(yuan(order!.payPrice));
      await expect(row("发货状态")).toHaveText("已发放 1/1 个兑换码");
      await expect(row("退款")).toHaveText("无");
      const goodsRow = receipt.getByRole("row").filter({ hasText: unit!.goodsName });
      await expect(goodsRow).toContainText(unit!.skuName);
      // the code is in neither the receipt's HTML nor its data (a fresh document: with JavaScript the
      // click above was a client navigation from the order page, whose own document holds the code)
      await page.reload();
      await expect(receipt).toBeVisible();
      expect(await page.content()).not.toContain(code);
      await saveShot(page, shot("screen", testInfo.project.name), { fullPage: true });

      await page.emulateMedia({ media: "print" });
      await expect(page.getByRole("banner")).toBeHidden();
      await expect(page.getByRole("contentinfo")).toBeHidden();
      await expect(page.getByRole("link", { name: "‹ 返回订单" })).toBeHidden();
      await expect(page.locator("body")).toHaveCSS("background-color", "rgb(255, 255, 255)");
      await expect(receipt.getByRole("heading", { name: "订单凭证" })).toHaveCSS("color", "rgb(0, 0, 0)");
      await expect(row("实付金额")).toHaveCSS("color", "rgb(0, 0, 0)");
      await saveShot(page, shot("print", testInfo.project.name), { fullPage: true });
    });

    test("another member's order and an unpaid order have no receipt: the same answer as a missing order", async ({ page, context, shopper, baseURL }) => {
      await shopper.useOwnAddress(page);
      const { credential } = await shopper.signUp(context, baseURL!);
      const unpaid = await placeUnpaidOrder(baseURL!, credential, shopper.mobile, "G1002-S01");
      // a delivered order of a seed member: read, never changed
      const [other] = readDb<{ orderNo: string }>(
        "select o.order_no as orderNo from orders o join members m on m.member_id = o.member_id where o.status = 'SEND_SUCCESS' and m.mobile != ? limit 1",
        `+86-${shopper.mobile}`,
      );

      const missing = await page.goto(`/order/receipt/${MISSING}`);
      expect(missing!.status()).toBe(404);
      const missingText = await page.locator("main").innerText();
      expect(missingText).toContain("订单不存在");

      for (const orderNo of [other!.orderNo, unpaid]) {
        const answer = await page.goto(`/order/receipt/${orderNo}`);
        expect(answer!.status(), orderNo).toBe(404);
        await expect(page.locator("main"), orderNo).toHaveText(missingText, { useInnerText: true });
        // nothing of the order on the page (the address itself is the shopper's own: the member menu repeats its path)
        expect(await page.locator("main").innerHTML()).not.toContain(orderNo);
      }

      // the unpaid order's page offers no receipt
      await page.goto(`/order/detail/${unpaid}`);
      await expect(page.getByRole("link", { name: "继续支付" })).toBeVisible();
      await expect(page.getByRole("link", { name: "订单凭证" })).toHaveCount(0);
    });
  });
}
