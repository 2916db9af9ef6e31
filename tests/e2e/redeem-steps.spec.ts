// Redemption steps that fit the code (issue 26): a Steam wallet code shows the wallet-code steps, not
// a game key's 「游戏」→「激活产品」…在库中下载, alike on the goods page, the pay-success page and the
// order page; a Steam game still shows the activation steps. At 1440 px and on a 390 px touch phone,
// JavaScript on and off. The order is the shopper's own, created through the API and paid on the cashier.
import { expect, test } from "./fixtures";
import { closeTab, readDb } from "./shop-api";

const WALLET = "G1005"; // Steam 充值卡
const GAME = "G1003"; // a Steam game
const ACTIVATION = "激活产品";
const WALLET_STEP = "输入充值码并点击「继续」";

/** Creates an order of the cheapest SKU of a goods for a member through the API; answers its cashier address. */
async function createOrder(baseURL: string, credential: string, mobile: string, goodsNo: string): Promise<{ orderNo: string; payUrl: string }> {
  const [{ memberId }] = readDb<{ memberId: number }>("select member_id as memberId from members where mobile = ?", `+86-${mobile}`);
  const [{ sku }] = readDb<{ sku: string }>("select sku_no as sku from skus where goods_no = ? order by price_turn_cny limit 1", goodsNo);
  const response = await fetch(`${baseURL}/api/trade_bff/v1/order`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Login-Credential": credential },
    body: JSON.stringify({
      customer: { user_id: String(memberId), user_phone: mobile, user_email: "steps@example.com" },
      units: [{ goods_no: goodsNo, sku_no: sku, sku_num: 1 }],
      channel: { channel_name: "", channel_no: "1" },
      pay_way: "WX",
      coupons: [],
      request_id: `steps-${mobile}-${goodsNo}`,
    }),
  });
  const json = (await response.json()) as { success: boolean; result: { order_no: string; third_pay_detail: { pay_url: string } } };
  expect(json.success, JSON.stringify(json.result)).toBe(true);
  return { orderNo: json.result.order_no, payUrl: json.result.third_pay_detail.pay_url };
}

for (const [device, use] of [
  ["1440 px", {}],
  ["390 px touch", { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }],
] as const) {
  test.describe(`redemption steps per kind of code (${device})`, () => {
    test.use(use);
    test.describe.configure({ timeout: 120_000 });

    test("the goods page of a Steam wallet code shows wallet-code steps, a Steam game the activation steps", async ({ page }) => {
      await page.goto(`/topic/${WALLET}`);
      const intro = page.getByRole("heading", { name: /^兑换步骤/ }).locator("xpath=following-sibling::ul[1]");
      await expect(intro).toContainText(WALLET_STEP);
      await expect(intro).not.toContainText(ACTIVATION);

      await page.goto(`/topic/${GAME}`);
      await expect(intro).toContainText(ACTIVATION);
    });

    test("pay-success and the order page of a Steam wallet code show the same wallet-code steps", async ({ page, context, shopper, baseURL }) => {
      await shopper.useOwnAddress(page);
      const { credential } = await shopper.signUp(context, baseURL!);
      const { orderNo, payUrl } = await createOrder(baseURL!, credential, shopper.mobile, WALLET);
      // the sandbox cashier is another site's page (its missing favicon is no error of the shop's)
      const cashier = await context.newPage();
      await cashier.goto(payUrl);
      await cashier.getByRole("button", { name: /确认支付/ }).click();
      await expect(cashier.getByText("支付成功，请回到商城页面查看订单。")).toBeVisible();
      await closeTab(cashier);
      await expect
        .poll(() => readDb<{ status: string }>("select status from orders where order_no = ?", orderNo)[0]?.status, { timeout: 10_000 })
        .toBe("SEND_SUCCESS");

      for (const path of [`/settle/pay-success/${orderNo}`, `/order/detail/${orderNo}`]) {
        await page.goto(path);
        const steps = page.getByTestId("redeem-steps").first();
        await expect(steps, path).toContainText(WALLET_STEP);
        await expect(steps, path).not.toContainText(ACTIVATION);
      }
    });
  });
}
