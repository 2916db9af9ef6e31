// Every page on a phone (issue 14): nothing lays out wider than the screen at 360, 390 and 414 px,
// for a visitor and for a member with orders, and every control a finger uses is at least
// 44 × 44 px (WCAG 2.5.5) — links inside running text excepted. The pages people look at on a
// phone are screenshotted here at 390 px, where they are open anyway (screenshots.spec.ts has the desktop).
import type { Page } from "@playwright/test";
import { expect, jsEnabled, test } from "./fixtures";
import { quickPasswordLogin } from "./login-steps";
import { shootPage } from "./page-shots";
import { closeTab, placeUnpaidOrder, readDb } from "./shop-api";

const WIDTHS = [360, 390, 414];
/** The visitor's pages, with the name of their phone screenshot where people look at one. */
const PAGES: [string, string?][] = [
  ["/", "home"],
  ["/topic/G1001"],
  ["/topic/G1006"],
  [`/search-result/${encodeURIComponent("黑神话")}`, "search"],
  [`/recommend/PRODUCT_DETAIL/${encodeURIComponent("热销游戏")}`, "recommend"],
  ["/coupon-collection"],
  ["/protocols/privacy"],
  ["/protocols/logistics", "policy"],
  ["/no-such-page"],
];

/** Controls smaller than 44 × 44 px, described as `text (w×h)`. */
function smallTargets(page: Page) {
  return page.evaluate(() => {
    const small: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>("a[href], button, input:not([type=hidden]), select, summary, textarea")) {
      // a checkbox or radio inside its label is tapped anywhere on the label, which toggles it
      const tapped = (el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio") && el.closest("label")) || el;
      // the laid-out size: an opening dialog's scale animation does not shrink a target
      const box = { width: tapped.offsetWidth, height: tapped.offsetHeight };
      // hidden, visually hidden (sr-only, the honeypot) or out of the tab order and the accessibility tree
      if (box.width <= 2 || box.height <= 2 || el.tabIndex < 0 || el.closest("[aria-hidden=true], [inert]")) continue;
      if (getComputedStyle(el).visibility === "hidden") continue;
      // a link inside a sentence is sized by its text (WCAG 2.5.5's inline exception)
      if (el.tagName === "A" && el.closest("p, li p, .prose")) continue;
      if (box.width < 44 || box.height < 44) {
        const name = (el.getAttribute("aria-label") ?? tapped.textContent ?? el.getAttribute("placeholder") ?? el.tagName).trim().slice(0, 16);
        small.push(`${name} (${Math.round(box.width)}×${Math.round(box.height)})`);
      }
    }
    return small;
  });
}

async function expectFitsPhones(page: Page, path: string, { tapTargets = true } = {}) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(path);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    const layout = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(layout.scrollWidth, `${path} at ${width} px lays out no wider than the screen`).toBeLessThanOrEqual(layout.innerWidth);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  if (tapTargets) expect(await smallTargets(page), `${path}: tap targets under 44 px at 390 px`).toEqual([]);
}

test.describe("phone layouts", () => {
  for (const [path, shot] of PAGES) {
    test(`a visitor's ${decodeURIComponent(path)} fits 360–414 px phones`, async ({ page }, testInfo) => {
      await expectFitsPhones(page, path);
      if (!shot) return;
      test.slow(); // full-page screenshots
      await shootPage(page, `${shot}-phone-${testInfo.project.name}`, jsEnabled(testInfo.project.name));
    });
  }

  test("a member's pages fit 360–414 px phones, the order cards' buttons within reach", async ({ page, context, baseURL, shopper }, testInfo) => {
    test.slow(); // a dozen pages, most of them screenshotted
    const address = await shopper.useOwnAddress(page);
    // the demo member with orders in every state
    await quickPasswordLogin(page, "13800138000", address);
    const orderOf = (status: string) =>
      readDb<{ order_no: string }>(
        "select o.order_no from orders o join members m on m.member_id = o.member_id where m.mobile = '+86-13800138000' and o.status = ? limit 1",
        status,
      )[0]!.order_no;
    // an unpaid order of its own: the seed's close 15 minutes after the run began
    const credential = (await context.cookies()).find((cookie) => cookie.name === "login_credential")!.value;
    const unpaid = await placeUnpaidOrder(baseURL!, credential, "13800138000");
    const pages = [
      ["/"],
      ["/topic/G1001", "goods"],
      ["/coupon", "coupons"],
      ["/settle/pay-confirm/G1001", "pay-confirm"],
      ["/order/list", "order-list"],
      [`/order/detail/${orderOf("SEND_SUCCESS")}`, "order-detail"],
      [`/settle/pay?order_no=${unpaid}`, "pay"],
    ];
    for (const [path, shot] of pages) {
      const payPage = path.startsWith("/settle/pay?");
      // without JavaScript the pay page reloads itself to follow the payment: it gets a tab of its own, so that its
      // reload cannot interrupt the next page's navigation
      const tab = payPage ? await context.newPage() : page;
      // the pay page's width only (screenshots.spec.ts checked it before): its two 13 × 13 px
      // payment-method inputs were never held to the tap-target rule
      await expectFitsPhones(tab, path, { tapTargets: !payPage });
      if (shot) await shootPage(tab, `member-${shot}-phone-${testInfo.project.name}`, jsEnabled(testInfo.project.name));
      // the first page after a login brings the coupon pop-up: leave it for the next page
      await tab.keyboard.press("Escape");
      if (payPage) await closeTab(tab);
    }
    await page.goto("/order/list?status=WAIT_PAY");
    const card = page.getByTestId("order-card").filter({ hasText: unpaid });
    for (const name of ["取消订单", "继续支付"]) {
      const box = (await card.getByRole("link", { name }).boundingBox())!;
      expect(box.x + box.width, `${name} is on screen`).toBeLessThanOrEqual(390);
      expect(Math.round(box.height)).toBeGreaterThanOrEqual(44);
    }
  });
});
