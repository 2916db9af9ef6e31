import { expect, test } from "./fixtures";

test.describe("home page", () => {
  test("a visitor sees the Chinese shop: header, goods cards with ￥ prices, footer policies", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");

    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "登录" })).toBeVisible();
    await expect(header.getByPlaceholder("搜索关键词")).toHaveAttribute("maxlength", "32");

    const cards = page.getByTestId("goods-card");
    expect(await cards.count()).toBeGreaterThanOrEqual(12);
    for (const card of (await cards.all()).slice(0, 12)) {
      await expect(card.locator("img")).toHaveAttribute("src", /\/media\//);
      await expect(card).toContainText(/￥\s?\d+(\.\d{2})?/);
    }

    const footer = page.getByRole("contentinfo");
    for (const path of ["privacy", "user", "logistics", "cookies", "virtual-shipment"]) {
      const link = footer.locator(`a[href="/protocols/${path}"]`);
      await expect(link).toHaveAttribute("target", "_blank");
    }
    await expect(footer).toContainText("© 2024");
    // its full-page screenshots, desktop and phone, are screenshots.spec.ts's
  });

  test("goods images load from the local media files", { tag: "@server" }, async ({ page }) => {
    await page.goto("/");
    const first = page.getByTestId("goods-card").first().locator("img");
    await first.scrollIntoViewIfNeeded();
    const src = await first.getAttribute("src");
    const image = await page.request.get(src!);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toContain("image/svg+xml");
  });

  test("an unknown page answers 404 with a way back home", { tag: "@server" }, async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "页面不存在" })).toBeVisible();
    await expect(page.getByRole("link", { name: "返回首页" })).toHaveAttribute("href", "/");
  });
});
