// The recommendation page /recommend/:pageType/:title (spec/02 §2): RECOMMEND blocks of the page
// type as single-row cards, an empty state naming the title, and structured data for crawlers.
import { expect, test } from "./fixtures";

test.describe("recommendation page", () => {
  test("lists the hot games as single-row cards with image, discount, prices and tags", { tag: "@server" }, async ({ page }) => {
    await page.goto(`/recommend/PRODUCT_DETAIL/${encodeURIComponent("热销游戏")}`);
    await expect(page).toHaveTitle("热销游戏 - TTS游戏商城");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("热销游戏");
    const cards = page.getByTestId("recommend-card");
    await expect(cards).toHaveCount(10);
    const first = cards.first();
    await expect(first).toHaveAttribute("href", /^\/topic\/G\d+(\?sku=G\d+-S\d+)?$/);
    await expect(first).toHaveAttribute("target", "_blank");
    const image = first.locator("img");
    await expect(image).toHaveAttribute("width", "178");
    await expect(image).toHaveAttribute("height", "100");
    const imageBox = (await image.boundingBox())!;
    expect([Math.round(imageBox.width), Math.round(imageBox.height)]).toEqual([178, 100]);
    // a box at a fractional offset measures 100.00001 px: compare whole pixels
    expect(Math.round((await first.boundingBox())!.height)).toBeLessThanOrEqual(100);
    await expect(first).toContainText(/-\d+%/);
    await expect(first.locator("s")).toHaveText(/^￥\d+\.\d{2}$/);
    await expect(first).toContainText(/￥\s?\d+\.\d{2}/);
    await expect(first.locator('[aria-label="标签"]')).not.toBeEmpty();
  });

  test("describes its goods as Product structured data", { tag: "@server" }, async ({ page }) => {
    await page.goto(`/recommend/PRODUCT_DETAIL/${encodeURIComponent("热销游戏")}`);
    const json = await page.locator('script[type="application/ld+json"]').textContent();
    const data = JSON.parse(json!) as {
      "@type": string;
      itemListElement: { item: { "@type": string; name: string; offers: { priceCurrency: string; price: string } } }[];
    };
    expect(data["@type"]).toBe("ItemList");
    expect(data.itemListElement).toHaveLength(10);
    expect(data.itemListElement[0].item["@type"]).toBe("Product");
    expect(data.itemListElement[0].item.offers.priceCurrency).toBe("CNY");
    expect(data.itemListElement[0].item.offers.price).toMatch(/^\d+\.\d{2}$/);
  });

  test("an empty list names the title", { tag: "@server" }, async ({ page }) => {
    await page.goto(`/recommend/HOME/${encodeURIComponent("新品首发")}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("新品首发");
    await expect(page.getByText("暂无新品首发相关商品")).toBeVisible();
    await expect(page.getByTestId("recommend-card")).toHaveCount(0);
  });

  test("an unknown page type falls back to the product-detail recommendations", { tag: "@server" }, async ({ page }) => {
    await page.goto(`/recommend/SOMETHING/${encodeURIComponent("热销游戏")}`);
    await expect(page.getByTestId("recommend-card")).toHaveCount(10);
  });
});
