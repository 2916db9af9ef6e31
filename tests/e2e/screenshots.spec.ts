// Desktop (1440) screenshots of the shop's pages, a visitor's and a member's, with JavaScript on and off,
// into tests/.tmp/screenshots/ for people to look at; each page must fit the desktop without scrolling
// sideways and open with its title at the left. The phone (390) screenshots are phone-layout.spec.ts's,
// which has the same pages open to check that they fit a phone (360, 390 and 414 px, the pay page included).
// With JavaScript on, the member's pages also go through axe here (a11y.spec.ts has the visitor's pages).
import type { BrowserContext } from "@playwright/test";
import { expectNoViolations } from "./axe";
import { jsEnabled, test } from "./fixtures";
import { shootPage } from "./page-shots";
import { couponPopupDone, loginAs, placeUnpaidOrder, readDb } from "./shop-api";

const DEMO = "13800138000";

const VISITOR_PAGES = [
  ["home", "/"],
  ["search", `/search-result/${encodeURIComponent("充值")}`],
  ["recommend", `/recommend/PRODUCT_DETAIL/${encodeURIComponent("热销游戏")}`],
  ["policy", "/protocols/logistics"],
] as const;

const orderOf = (status: string) =>
  readDb<{ order_no: string }>(
    "select o.order_no from orders o join members m on m.member_id = o.member_id where m.mobile = ? and o.status = ? order by o.created_at limit 1",
    `+86-${DEMO}`,
    status,
  )[0]!.order_no;

/**
 * The demo member's pages: goods, pay-confirm, the pay page of an unpaid order, orders, coupons, each
 * with its screenshot's name and whether axe audits it (the pay page never was).
 */
const MEMBER_PAGES: [name: string, path: (baseURL: string, credential: string) => Promise<string> | string, audited: boolean][] = [
  ["goods", () => "/topic/G1001", true],
  ["pay-confirm", () => "/settle/pay-confirm/G1001", true],
  ["pay", async (baseURL, credential) => `/settle/pay?order_no=${await placeUnpaidOrder(baseURL, credential, DEMO)}`, false],
  ["order-list", () => "/order/list", true],
  ["order-detail", () => `/order/detail/${orderOf("SEND_SUCCESS")}`, true],
  ["coupons", () => "/coupon", true],
];

/** A member's pages axe audits that have no screenshot: the home page, the coupon centre and a delivered order's 订单凭证 (issue 25). */
const AXE_ONLY_PAGES = [
  ["home page", () => "/"],
  ["coupon centre", () => "/coupon-collection"],
  ["订单凭证", () => `/order/receipt/${orderOf("SEND_SUCCESS")}`],
] as const;

/** The demo member in this test's browser, without the coupon pop-up. */
async function demoMember(context: BrowserContext, baseURL: string) {
  const credential = await loginAs(context, baseURL, DEMO);
  await context.addCookies([couponPopupDone(baseURL)]);
  return credential;
}

test.describe("screenshots on desktop", () => {
  // one page a test, side by side: each is short, however busy the machine
  test.describe.configure({ mode: "parallel" });
  test.use({ viewport: { width: 1440, height: 900 } });
  for (const [name, path] of VISITOR_PAGES) {
    test(`${name} fits the desktop screen`, async ({ page }, testInfo) => {
      test.slow(); // full-page screenshots
      await page.goto(path);
      await shootPage(page, `${name}-desktop-${testInfo.project.name}`, jsEnabled(testInfo.project.name));
    });
  }

  for (const [name, path, audited] of MEMBER_PAGES) {
    test(`a member's ${name} page fits the desktop screen${audited ? ", and with JavaScript axe finds nothing on it" : ""}`, async ({
      page,
      context,
      baseURL,
    }, testInfo) => {
      test.slow(); // full-page screenshots
      const js = jsEnabled(testInfo.project.name);
      const address = await path(baseURL!, await demoMember(context, baseURL!));
      await page.goto(address);
      await shootPage(page, `member-${name}-desktop-${testInfo.project.name}`, js);
      if (js && audited) await expectNoViolations(page, address);
    });
  }

  // one page a test: an audit takes seconds on a busy machine
  for (const [name, path] of AXE_ONLY_PAGES) {
    test(`axe finds nothing on a member's ${name}`, { tag: "@js-only" }, async ({ page, context, baseURL }) => {
      await demoMember(context, baseURL!);
      const address = path(); // the database is read when the test runs
      await page.goto(address);
      await expectNoViolations(page, address);
    });
  }
});
