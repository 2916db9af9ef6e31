// Honest prices and choices (issue 26), at 1440 px with a mouse and at 390 px by touch, with
// JavaScript and without: the sort chips order by the price the cards show (sale_price), a card
// whose price is the lowest of several SKUs says 起 and opens the goods page on that SKU, and a
// visitor's chosen SKU survives the login modal, its × and the login itself.
import type { Locator, Page } from "@playwright/test";
import { expect, jsEnabled, test } from "./fixtures";
import { loginBySms, screenshot, skipCouponPopup } from "./login-steps";

const yuan = (text: string) => Number(/[\d.]+/.exec(text.replace(/,/g, ""))![0]);

const VIEWS = [
  { name: "1440", use: { viewport: { width: 1440, height: 900 } } },
  { name: "390 touch", use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
] as const;

for (const view of VIEWS) {
  test.describe(`honest prices at ${view.name}`, () => {
    test.use(view.use);
    const shotName = view.name.replace(" ", "-");
    const press = (target: Locator) => (view.name === "1440" ? target.click() : target.tap());

    test("the price chips sort by the price each card shows", async ({ page }, testInfo) => {
      await page.goto("/search-result/Steam");
      await screenshot(page, testInfo, `sort-${shotName}`);
      const sortBy = page.getByRole("navigation", { name: "排序" });
      const cardPrices = async () => (await page.getByRole("list", { name: "搜索结果" }).locator(".goods-card .gc-prices .price").allTextContents()).map(yuan);

      await press(sortBy.getByRole("link", { name: "价格从高到低" }));
      await expect(page).toHaveURL(/order=desc/);
      await expect(sortBy.getByRole("link", { name: "价格从高到低" })).toHaveAttribute("aria-current", "true");
      const down = await cardPrices();
      expect(down.length).toBeGreaterThan(2);
      expect(down, "价格从高到低 orders the prices shown").toEqual([...down].sort((a, b) => b - a));

      await press(sortBy.getByRole("link", { name: "价格从低到高" }));
      await expect(sortBy.getByRole("link", { name: "价格从低到高" })).toHaveAttribute("aria-current", "true");
      const up = await cardPrices();
      expect(up, "价格从低到高 orders the prices shown").toEqual([...up].sort((a, b) => a - b));
    });

    test("a lowest-of-several price says 起 and opens the goods page on that SKU, in a new tab", async ({ page, context }, testInfo) => {
      await page.goto("/search-result/往日之影");
      const card = page.getByRole("link", { name: /赛博朋克2077 往日之影/ }).first();
      await expect(card).toBeVisible();
      await screenshot(page, testInfo, `card-${shotName}`);
      await expect(card.locator(".gc-prices")).toContainText("￥98.00起");
      await expect(card).toHaveAttribute("target", "_blank");

      const [goods] = await Promise.all([context.waitForEvent("page"), press(card)]);
      await expect(goods).toHaveURL(/\/topic\/G1003\?sku=/);
      await expect(goods.getByTestId("goods-price").locator(".price")).toHaveText("￥98.00");
      await expect(goods.getByRole("link", { name: "往日之影 DLC" })).toHaveAttribute("aria-current", "true");

      // a goods of one price has no 起
      await page.goto("/search-result/士官长");
      await expect(page.getByRole("list", { name: "搜索结果" }).locator(".gc-prices").first()).not.toContainText("起");
    });

    test("a visitor's SKU survives the login modal, its × and the login", async ({ page, context, shopper, baseURL }, testInfo) => {
      const js = jsEnabled(testInfo.project.name);
      await shopper.useOwnAddress(page);
      await skipCouponPopup(context, baseURL!);
      await page.goto("/topic/G1005");
      await press(page.getByRole("link", { name: "港区" }));
      await expect(page.getByRole("link", { name: "港区" })).toHaveAttribute("aria-current", "true");
      await press(page.getByRole("link", { name: "HK$200" }));
      const chosen = page.getByRole("link", { name: "HK$200" });
      await expect(chosen).toHaveAttribute("aria-current", "true");
      const sku = new URL(page.url()).searchParams.get("sku")!;
      expect(sku).toBeTruthy();
      const price = await page.getByTestId("goods-price").locator(".price").textContent();

      const buy = async (p: Page) => {
        // a phone's 立即购买 is the sticky buy bar's (decision 027)
        const buyControls = view.name === "1440" ? p.getByRole("region", { name: "购买" }) : p.getByTestId("buy-bar");
        await press(buyControls.getByRole("link", { name: "立即购买", exact: true }));
        await expect(p).toHaveURL(/[?&]login=captcha/);
      };
      await buy(page);
      await screenshot(page, testInfo, `login-${shotName}`);
      expect(new URL(page.url()).searchParams.get("sku"), "the page under the modal keeps the SKU").toBe(sku);
      await expect(page.getByTestId("goods-price").locator(".price")).toHaveText(price!);

      await press(page.getByRole("link", { name: "关闭登录" }));
      await expect(page).not.toHaveURL(/login=/);
      expect(new URL(page.url()).searchParams.get("sku"), "closing the modal keeps the SKU").toBe(sku);
      await expect(chosen).toHaveAttribute("aria-current", "true");

      await buy(page);
      await loginBySms(page, js, shopper.mobile);
      await expect(page).toHaveURL(new RegExp(`/settle/pay-confirm/G1005\\?sku=${sku}$`));
      await expect(page.getByText("HK$200").first()).toBeVisible();
    });
  });
}
