// Desktop (1440) and phone (390) screenshots of the shop's pages, a visitor's and a member's, with
// JavaScript on and off, into tests/.tmp/screenshots/ for people to look at; each page must fit the
// desktop without scrolling sideways and open with its title at the left. That every page fits a phone
// is phone-layout.spec.ts's (360, 390 and 414 px, the pay page included).
import type { Page } from "@playwright/test";
import { expect, jsEnabled, test } from "./fixtures";
import { couponPopupDone, loginAs, placeUnpaidOrder, readDb } from "./shop-api";

const DEMO = "13800138000";

const VISITOR_PAGES = [
  ["home", "/"],
  ["search", `/search-result/${encodeURIComponent("充值")}`],
  ["recommend", `/recommend/PRODUCT_DETAIL/${encodeURIComponent("热销游戏")}`],
  ["policy", "/protocols/logistics"],
] as const;

/** The demo member's pages: goods, pay-confirm, the pay page of an unpaid order, orders, coupons. */
function memberPages(unpaidOrder: string) {
  const orderOf = (status: string) =>
    readDb<{ order_no: string }>(
      "select o.order_no from orders o join members m on m.member_id = o.member_id where m.mobile = ? and o.status = ? order by o.created_at limit 1",
      `+86-${DEMO}`,
      status,
    )[0]!.order_no;
  return [
    ["goods", "/topic/G1001"],
    ["pay-confirm", "/settle/pay-confirm/G1001"],
    ["pay", `/settle/pay?order_no=${unpaidOrder}`],
    ["order-list", "/order/list"],
    ["order-detail", `/order/detail/${orderOf("SEND_SUCCESS")}`],
    ["coupons", "/coupon"],
  ] as const;
}

const VIEWPORTS = [
  ["desktop", { width: 1440, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const;

async function shoot(page: Page, path: string, file: string, js: boolean, width: number) {
  await page.goto(path);
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
  await page.screenshot({ path: `${file}.png` });
  await page.screenshot({ path: `${file}-full.png`, fullPage: true });
}

for (const [device, viewport] of VIEWPORTS) {
  test.describe(`screenshots on ${device}`, () => {
    test.use({ viewport });
    for (const [name, path] of VISITOR_PAGES) {
      test(`${name} fits the ${device} screen`, async ({ page }, testInfo) => {
        test.slow(); // full-page screenshots
        await shoot(page, path, `tests/.tmp/screenshots/${name}-${device}-${testInfo.project.name}`, jsEnabled(testInfo.project.name), viewport.width);
      });
    }

    test(`a member's pages fit the ${device} screen`, async ({ page, context, baseURL }, testInfo) => {
      test.slow();
      const credential = await loginAs(context, baseURL!, DEMO);
      await context.addCookies([couponPopupDone(baseURL!)]);
      for (const [name, path] of memberPages(await placeUnpaidOrder(baseURL!, credential, DEMO))) {
        await shoot(page, path, `tests/.tmp/screenshots/member-${name}-${device}-${testInfo.project.name}`, jsEnabled(testInfo.project.name), viewport.width);
      }
    });
  });
}
