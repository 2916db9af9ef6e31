// The screenshots of the shop's pages that people look at (tests/.tmp/screenshots/), taken where a spec
// already has the page open: screenshots.spec.ts at 1440 px, phone-layout.spec.ts at 390 px.
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";
import { watchRequests } from "./quiet-network";
import { holdOwnNavigations } from "./shop-api";

/**
 * Saves a screenshot for people to look at as tests/.tmp/screenshots/<name>.jpg. JPEG at quality 80: the home page
 * whole encodes in a third of PNG's time (0.45–0.7 s against 1.3–2 s) at 0.48 MB against 1.6 MB.
 */
export async function saveShot(page: Page, name: string, { fullPage = false, maxHeight = Infinity } = {}) {
  // a page that reloads itself without JavaScript (the pay page every 3 s, pay-wait, an order being delivered) would
  // navigate in the middle of a slow shot, which then never ends (a busy fresh-clone run: 90 s on the pay page): its
  // navigation is held until the shot is taken, then made
  const navigations = await holdOwnNavigations(page);
  let held: string | null;
  try {
    // a whole page cut at maxHeight: the back office's table of 361 SKUs is 31,000 px tall on a phone, 4 s to encode
    const clip =
      fullPage && maxHeight < Infinity
        ? { x: 0, y: 0, width: page.viewportSize()!.width, height: Math.min(maxHeight, await page.evaluate(() => document.documentElement.scrollHeight)) }
        : undefined;
    await firstFramePresented(page);
    await page.screenshot({ path: `tests/.tmp/screenshots/${name}.jpg`, type: "jpeg", quality: 80, fullPage, clip });
  } finally {
    held = await navigations.release();
  }
  if (held) await page.goto(held);
}

/**
 * Waits until the document on screen has presented its first frame (a paint timing entry). Right after a navigation
 * most captures came before it (27 of 32 on a quiet machine) and Chromium drew one for the capture; on CI's machine one
 * such capture, the first after a goto, was refused: "Unable to capture screenshot". Polled from here, since a page
 * without JavaScript runs no timers of its own.
 */
async function firstFramePresented(page: Page) {
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByType("paint").length), { message: "the page presents a frame", intervals: [20] })
    .toBeGreaterThan(0);
}

/**
 * Screenshots the open page, on screen and whole, once its lazy images have loaded; on a desktop it
 * must fit without scrolling sideways, and at every width its title opens the page at the left.
 */
export async function shootPage(page: Page, file: string, js: boolean) {
  const width = page.viewportSize()!.width;
  // let lazy images load, then come back to the top, once the images the scrolling asked for have arrived (some sit
  // in carousels and are never asked for)
  const requests = watchRequests(page);
  for (let i = 0; i < 12; i++) await page.mouse.wheel(0, 700);
  await requests.quiet();
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
