// Coupons that explain themselves (issue 26): the goods page's coupon bar names each coupon's
// threshold and scope and offers only coupons that can apply to the goods; at checkout a coupon
// that cannot be used says why. At 1440 px and on a 390 px touch phone, JavaScript on and off.
import { expect, test } from "./fixtures";
import { claimCoupons, readDb } from "./shop-api";

const STEAM_GAME = "G1003"; // in the scope of ACT005 Steam 大作专享 (8.5折, 满150)
const STEAM_CARD = "G1005"; // Steam 充值卡: outside ACT005's scope
const NINTENDO_ONLY = "任天堂专区券"; // ACT006: Nintendo goods only, 满200
const STEAM_ONLY = "Steam 大作专享";

/** The cheapest on-sale SKU of a goods below (or at least) an amount in cents. */
function skuOf(goodsNo: string, below: boolean, cents: number): { sku: string; price: number } {
  const [row] = readDb<{ sku: string; price: number }>(
    `select sku_no as sku, price_turn_cny as price from skus where goods_no = ? and price_turn_cny ${below ? "<" : ">="} ? order by price_turn_cny limit 1`,
    goodsNo,
    cents,
  );
  if (!row) throw new Error(`no SKU of ${goodsNo} ${below ? "below" : "from"} ${cents}`);
  return row;
}

for (const [device, use] of [
  ["1440 px", {}],
  ["390 px touch", { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }],
] as const) {
  test.describe(`coupons that explain themselves (${device})`, () => {
    test.use(use);
    test.describe.configure({ timeout: 120_000 });

    test("the coupon bar shows each coupon's threshold and scope and only coupons for this goods", async ({ page }) => {
      // the dropdown opens on hover or focus: its items are read while it is closed, hence locator("li")
      await page.goto(`/topic/${STEAM_CARD}`);
      const bar = page.getByTestId("coupon-bar");
      await expect(bar.getByRole("button")).toContainText("￥10 满100元可用");
      await expect(bar.locator("li").filter({ hasText: "全场满减券" }).getByTestId("coupon-terms")).toHaveText("满100元可用 · 全场通用");
      await expect(bar).not.toContainText(NINTENDO_ONLY);
      await expect(bar).not.toContainText(STEAM_ONLY);

      await page.goto(`/topic/${STEAM_GAME}`);
      await expect(bar.locator("li").filter({ hasText: STEAM_ONLY }).getByTestId("coupon-terms")).toHaveText("满150元可用 · 指定商品可用");
      await expect(bar).not.toContainText(NINTENDO_ONLY);
    });

    test("at checkout a coupon that cannot be used says why", async ({ page, context, shopper, baseURL }) => {
      await shopper.useOwnAddress(page);
      const { credential } = await shopper.signUp(context, baseURL!);
      await claimCoupons(baseURL!, credential, ["ACT005", "ACT006"]);
      const reasonOf = (title: string) =>
        page.getByTestId("coupon-picker").getByRole("listitem").filter({ hasText: title }).getByTestId("coupon-unusable-reason");

      const cheap = skuOf(STEAM_GAME, true, 15000);
      await page.goto(`/settle/pay-confirm/${STEAM_GAME}?sku=${cheap.sku}`);
      await expect(reasonOf(STEAM_ONLY)).toHaveText(`满150可用，当前￥${cheap.price / 100}`);
      await expect(reasonOf(NINTENDO_ONLY)).toHaveText("仅限指定商品，本商品不可用");

      const card = skuOf(STEAM_CARD, false, 15000);
      await page.goto(`/settle/pay-confirm/${STEAM_CARD}?sku=${card.sku}`);
      await expect(reasonOf(STEAM_ONLY)).toHaveText("仅限指定商品，本商品不可用");
    });
  });
}
