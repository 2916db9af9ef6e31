// Desktop (1440) and phone (375) screenshots of the pages of the shell, with JavaScript on and off,
// into tests/.tmp/screenshots/ for people to look at; each page must fit a phone without
// scrolling sideways.
import { expect, jsEnabled, test } from "./fixtures";

const PAGES = [
  ["home", "/"],
  ["search", `/search-result/${encodeURIComponent("充值")}`],
  ["recommend", `/recommend/PRODUCT_DETAIL/${encodeURIComponent("热销游戏")}`],
  ["policy", "/protocols/logistics"],
] as const;

const VIEWPORTS = [
  ["desktop", { width: 1440, height: 900 }],
  ["phone", { width: 375, height: 812 }],
] as const;

for (const [device, viewport] of VIEWPORTS) {
  test.describe(`screenshots on ${device}`, () => {
    test.use({ viewport });
    for (const [name, path] of PAGES) {
      test(`${name} fits the ${device} screen`, async ({ page }, testInfo) => {
        test.slow(); // full-page screenshots
        await page.goto(path);
        // let lazy images load, then come back to the top
        for (let i = 0; i < 12; i++) await page.mouse.wheel(0, 700);
        await page.mouse.wheel(0, -20_000);
        await page.waitForTimeout(jsEnabled(testInfo.project.name) ? 1_300 : 300);
        if (jsEnabled(testInfo.project.name)) {
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow, "no sideways scrolling").toBeLessThanOrEqual(0);
        } else {
          const main = (await page.getByRole("main").boundingBox())!;
          expect(main.x + main.width).toBeLessThanOrEqual(viewport.width);
        }
        const file = `tests/.tmp/screenshots/${name}-${device}-${testInfo.project.name}`;
        await page.screenshot({ path: `${file}.png` });
        await page.screenshot({ path: `${file}-full.png`, fullPage: true });
      });
    }
  });
}
