// The screenshots of the shop's pages that people look at (tests/.tmp/screenshots/), taken where a spec
// already has the page open: screenshots.spec.ts at 1440 px, phone-layout.spec.ts at 390 px.
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Saves a screenshot for people to look at as tests/.tmp/screenshots/<name>.jpg. JPEG at quality 80: the home page
 * whole encodes in a third of PNG's time (0.45–0.7 s against 1.3–2 s) at 0.48 MB against 1.6 MB.
 */
export function saveShot(page: Page, name: string, { fullPage = false } = {}) {
  return page.screenshot({ path: `tests/.tmp/screenshots/${name}.jpg`, type: "jpeg", quality: 80, fullPage });
}

/**
 * Screenshots the open page, on screen and whole, once its lazy images have loaded; on a desktop it
 * must fit without scrolling sideways, and at every width its title opens the page at the left.
 */
export async function shootPage(page: Page, file: string, js: boolean) {
  const width = page.viewportSize()!.width;
  // let lazy images load, then come back to the top
  for (let i = 0; i < 12; i++) await page.mouse.wheel(0, 700);
  // the images the scrolling asked for have arrived (some sit in carousels and are never asked for)
  await page.waitForLoadState("networkidle");
  await page.mouse.wheel(0, -20_000);
  if (width > 1_000) {
    if (js) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, "no sideways scrolling").toBeLessThanOrEqual(0);
    } else {
      const main = (await page.getByRole("main").boundingBox())!;
      expect(main.x + main.width).toBeLessThanOrEqual(width);
    }
  }
  // the page's title opens the page at the left: a stray box taking a grid cell (a <noscript> without
  // JavaScript) once pushed the pay page into its narrow side column
  const title = (await page.getByRole("heading", { level: 1 }).first().boundingBox())!;
  expect(title.x, "the title starts in the left half").toBeLessThan(width / 2);
  await saveShot(page, file);
  await saveShot(page, `${file}-full`, { fullPage: true });
}
