// The home page's blocks (spec/01 §2 "Home page", §9): every known style, with JavaScript on and off.
// `/?popup=closed` keeps the popup advert out of the way; popup-advert.spec.ts tests it.
import type { Locator, Page } from "@playwright/test";
import { expect, jsEnabled, test } from "./fixtures";
import { watchRequests } from "./quiet-network";

const HOME = "/?popup=closed";

const section = (page: Page, style: string) => page.locator(`main section[data-style="${style}"]`);
const radio = (page: Page, n: number) => page.getByRole("radio", { name: new RegExp(`^第 ${n} 张`) });

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, "element has a box").not.toBeNull();
  return b!;
}

test.describe("home blocks", () => {
  test("every known block style renders, unknown styles and empty blocks do not", async ({ page }) => {
    await page.goto(HOME);
    const main = page.getByRole("main");

    // BANNER: five slides, the first shown
    const banner = main.locator('section[aria-roledescription="carousel"]');
    await expect(banner).toHaveCount(1);
    await expect(banner.getByRole("radio")).toHaveCount(5);
    await expect(radio(page, 1)).toBeChecked();
    await expect(banner.locator(".banner-slide").first()).toHaveCSS("opacity", "1");
    await expect(banner.locator(".banner-slide").nth(1)).toHaveCSS("opacity", "0");

    // SINGLE_ROW: 300 px, the first with a countdown of two-digit cells and fullwidth colons
    await expect(section(page, "single-row")).toHaveCount(2);
    const sale = section(page, "single-row").first();
    expect((await box(sale.locator("img").first())).height).toBe(300);
    const timer = sale.getByRole("timer");
    await expect(timer).toHaveText(/^\d{2}(：\d{2}){2,3}$/);
    await expect(timer).toHaveAttribute("aria-label", /^剩余 (\d{2}天)?\d{2}时\d{2}分\d{2}秒$/);

    // HORIZ_BANNER: 200 px; each link type leads where it should, in a new tab
    const strips = section(page, "horiz-banner");
    await expect(strips).toHaveCount(4);
    for (const strip of await strips.all()) expect((await box(strip.locator("img").first())).height).toBe(200);
    await expect(strips.nth(0).getByRole("link")).toHaveAttribute("href", "/coupon-collection");
    await expect(strips.nth(1).getByRole("link")).toHaveAttribute("href", `/recommend/PRODUCT_DETAIL/${"热销游戏"}`);
    await expect(strips.nth(2).getByRole("link")).toHaveAttribute("href", /^https:\/\/help\.steampowered\.com/);
    for (const i of [0, 1, 2]) await expect(strips.nth(i).getByRole("link")).toHaveAttribute("target", "_blank");
    // NO_REDIRECT stays inert
    await expect(strips.nth(3).getByRole("link")).toHaveCount(0);
    await expect(strips.nth(3).locator("[data-no-redirect]")).toHaveCount(1);

    // SIDE_SLIP: two with content (the empty 即将上线 renders nothing); four cards in view, gap 16
    const slips = section(page, "side-slip");
    await expect(slips).toHaveCount(2);
    await expect(slips.first().getByRole("heading", { name: "热门新品" })).toBeVisible();
    const track = slips.first().locator("ul").first();
    const trackBox = await box(track);
    const cards = track.locator(":scope > li");
    await expect(cards).toHaveCount(8);
    const [c1, c2, c4, c5] = await Promise.all([box(cards.nth(0)), box(cards.nth(1)), box(cards.nth(3)), box(cards.nth(4))]);
    expect(Math.round(c2.x - (c1.x + c1.width))).toBe(16);
    expect(c4.x + c4.width).toBeLessThanOrEqual(trackBox.x + trackBox.width + 1);
    expect(c5.x).toBeGreaterThanOrEqual(trackBox.x + trackBox.width);
    await expect(slips.nth(1).getByRole("timer")).toBeVisible();

    // COLUMN_TILING: tiling_num columns, gutters 30 across and 24 down, ￥ prices
    // the seed's three: a goods an operator creates (tests/e2e/back-office-goods.spec.ts, on this shared database)
    // opens a fourth, 全部商品 (decision 061), which these tests do not own
    const tilings = section(page, "column-tiling").and(page.locator(':not([aria-label="全部商品"])'));
    await expect(tilings).toHaveCount(3);
    const hot = tilings.first().locator("ul").first().locator(":scope > li");
    await expect(hot).toHaveCount(10);
    const [t1, t2, t5, t6] = await Promise.all([box(hot.nth(0)), box(hot.nth(1)), box(hot.nth(4)), box(hot.nth(5))]);
    expect(Math.round(t2.x - (t1.x + t1.width))).toBe(30);
    expect(Math.round(t5.y)).toBe(Math.round(t1.y));
    expect(Math.round(t6.x)).toBe(Math.round(t1.x));
    expect(Math.round(t6.y - (t1.y + t1.height))).toBe(24);
    const fourColumns = tilings.nth(1).locator("ul").first().locator(":scope > li");
    expect(Math.round((await box(fourColumns.nth(4))).x)).toBe(Math.round((await box(fourColumns.nth(0))).x));
    await expect(hot.first()).toContainText(/￥\s?\d+\.\d{2}/);

    // skipped: a WINDOW block and the empty side slip
    await expect(main.getByText("橱窗推荐")).toHaveCount(0);
    await expect(main.getByText("即将上线")).toHaveCount(0);

    // goods cards open the goods page in a new tab
    const card = tilings.first().getByTestId("goods-card").first();
    await expect(card).toHaveAttribute("href", /^\/topic\/G\d+(\?sku=G\d+-S\d+)?$/);
    await expect(card).toHaveAttribute("target", "_blank");
  });

  test("every image has fixed dimensions, so nothing shifts while they load", async ({ page }, testInfo) => {
    await page.goto(HOME);
    const images = page.locator("main img");
    expect(await images.count()).toBeGreaterThan(40);
    for (const img of await images.all()) {
      await expect(img).toHaveAttribute("width", /^\d+$/);
      await expect(img).toHaveAttribute("height", /^\d+$/);
    }
    if (!jsEnabled(testInfo.project.name)) return;
    // scroll through the page so lazy images load, then read the layout shifts the browser saw
    const requests = watchRequests(page);
    for (let i = 0; i < 10; i++) await page.mouse.wheel(0, 600);
    await requests.quiet();
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
              if (!entry.hadRecentInput) total += entry.value;
            }
          }).observe({ type: "layout-shift", buffered: true });
          setTimeout(() => resolve(total), 200);
        }),
    );
    expect(shift).toBeLessThan(0.01);
  });

  test("the banner advances every 10 seconds and a chosen slide restarts the timer", { tag: "@js-only" }, async ({ page }) => {
    // with JavaScript only: the banner timer needs JavaScript
    await page.clock.install();
    await page.goto(HOME);
    await page.locator(".banner[data-enhanced]").waitFor();
    const slides = page.locator(".banner-slide");
    await expect(radio(page, 1)).toBeChecked();
    await page.clock.fastForward(10_000);
    await expect(radio(page, 2)).toBeChecked();
    await expect(slides.nth(1)).toHaveCSS("opacity", "1");
    await expect(slides.nth(0)).toHaveCSS("opacity", "0");

    // choosing slide 4 shows it and restarts the 10 s
    // (the page's clock also runs on by itself, so the steps leave some room)
    await page.locator('label.banner-tab[data-tab="3"]').click();
    await expect(radio(page, 4)).toBeChecked();
    await page.clock.fastForward(8_000);
    await expect(radio(page, 4)).toBeChecked();
    await expect(slides.nth(3)).toHaveCSS("opacity", "1");
    await page.clock.fastForward(2_500);
    await expect(radio(page, 5)).toBeChecked();
    // and wraps to the first
    await page.clock.fastForward(10_000);
    await expect(radio(page, 1)).toBeChecked();
  });

  test("without JavaScript a banner tab still switches the slide", { tag: "@no-js" }, async ({ page }) => {
    // without JavaScript only: the no-JS path of the banner
    await page.goto(HOME);
    await page.locator('label.banner-tab[data-tab="2"]').click();
    await expect(radio(page, 3)).toBeChecked();
    await expect(page.locator(".banner-slide").nth(2)).toHaveCSS("opacity", "1");
    await expect(page.locator(".banner-slide").nth(0)).toHaveCSS("opacity", "0");
  });

  test("the side slip's arrows scroll to the next cards", { tag: "@js-only" }, async ({ page }) => {
    // with JavaScript only: the arrows need JavaScript; without it the row scrolls natively
    await page.goto(HOME);
    await page.locator(".banner[data-enhanced]").waitFor();
    const slip = section(page, "side-slip").first();
    const previous = slip.getByRole("button", { name: "上一组" });
    const next = slip.getByRole("button", { name: "下一组" });
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    await next.click();
    await expect(previous).toBeEnabled();
    await expect(next).toBeDisabled();
    const track = slip.locator("ul").first();
    const trackBox = await box(track);
    await expect.poll(async () => Math.round((await box(track.locator(":scope > li").nth(4))).x)).toBe(Math.round(trackBox.x));
  });
});
