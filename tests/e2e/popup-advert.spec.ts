// The home popup advert (spec/01 §2, §4 popup periods, §7 "the first entry is used"; spec/03 §8):
// the server decides from the DIALOG_* cookies and the shop day, which the tests pin with the
// X-Test-Now header (honoured only when NODE_ENV=test). The seed has one advert of each frequency,
// in this order: 1 EVERY_DAY, 2 EVERY_TIMES, 3 EVERY_USER; only the first entry is ever shown.
import type { Page } from "@playwright/test";
import { expect, jsEnabled, test } from "./fixtures";

const DAY_1 = "2026-03-01T10:00:00+08:00";
const DAY_1_LATE = "2026-03-01T23:59:00+08:00";
const DAY_2 = "2026-03-02T00:01:00+08:00";
const DAY_3 = "2026-03-03T09:00:00+08:00";

const popup = (page: Page) => page.getByTestId("popup-advert");

/** With JavaScript the page's clock is ours and stands still, so the 1 s delay is exact. */
async function holdClock(page: Page) {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 5_000);
}

/** Opens the home page "at" a moment and checks which advert shows (null: none). */
async function visit(page: Page, at: string, js: boolean, advertId: string | null) {
  await page.setExtraHTTPHeaders({ "X-Test-Now": at });
  await page.goto("/");
  if (js) {
    // with JavaScript the advert appears about 1 s after the home list (the page's clock is ours)
    await page.locator(".search-box[data-enhanced]").waitFor();
    await expect(popup(page)).toHaveCount(0);
    await page.clock.fastForward(1_000);
  }
  if (advertId === null) {
    await expect(page.getByRole("main").locator('section[aria-roledescription="carousel"]')).toBeVisible();
    await expect(popup(page)).toHaveCount(0);
  } else {
    await expect(popup(page)).toBeVisible();
    await expect(popup(page)).toHaveAttribute("data-advert-id", advertId);
  }
}

const cookie = async (page: Page, name: string) => (await page.context().cookies()).find((c) => c.name === name);

test.describe("popup advert", () => {
  test("a visitor sees the first advert, the daily one, once a shop day, and no other advert in its place", async ({ page }, testInfo) => {
    test.slow(); // four visits
    const js = jsEnabled(testInfo.project.name);
    if (js) await holdClock(page);
    await visit(page, DAY_1, js, "1");
    await expect(popup(page)).toHaveAttribute("data-period", "EVERY_DAY");
    // the every-time advert (2) is not the first entry: it never shows
    await visit(page, DAY_1, js, null);
    await visit(page, DAY_1_LATE, js, null);
    // a new shop day (Asia/Shanghai): the daily advert again
    await visit(page, DAY_2, js, "1");

    expect(decodeURIComponent((await cookie(page, "DIALOG_DATE_KEY"))!.value).split(",")).toEqual(["2026-03-02:1"]);
    expect(await cookie(page, "DIALOG_USER_ID_KEY")).toBeUndefined();
  });

  test("a member sees the same first advert once a shop day, recorded for the member too", async ({ page, context, baseURL, shopper }, testInfo) => {
    test.slow(); // a login and three visits
    const js = jsEnabled(testInfo.project.name);
    const { mobile } = await shopper.signUp(context, baseURL!);
    if (js) await holdClock(page);
    await visit(page, DAY_1, js, "1");
    await visit(page, DAY_1, js, null);
    await visit(page, DAY_2, js, "1");

    const users = await cookie(page, "DIALOG_USER_ID_KEY");
    expect(users, `the member ${mobile} has a record`).toBeDefined();
    expect(decodeURIComponent(users!.value)).toMatch(/^\d+:1$/);
  });

  test("yesterday's records do not hide today's daily advert", async ({ page, context, baseURL }, testInfo) => {
    const js = jsEnabled(testInfo.project.name);
    await context.addCookies([{ name: "DIALOG_DATE_KEY", value: encodeURIComponent("2026-02-28:1"), url: baseURL! }]);
    if (js) await holdClock(page);
    await visit(page, DAY_1, js, "1");
  });

  test("with JavaScript the close button, Escape or the image removes the advert", { tag: "@js-only" }, async ({ page, context }) => {
    // with JavaScript only: closing in place needs JavaScript
    test.slow();
    await holdClock(page);
    await visit(page, DAY_1, true, "1");
    const image = popup(page).getByRole("link");
    await expect(image).toHaveAttribute("href", "/topic/G1004");
    await expect(image).toHaveAttribute("target", "_blank");
    await popup(page).getByRole("button", { name: "关闭广告" }).click();
    await expect(popup(page)).toHaveCount(0);

    await visit(page, DAY_2, true, "1");
    await page.keyboard.press("Escape");
    await expect(popup(page)).toHaveCount(0);

    await visit(page, DAY_3, true, "1");
    const [tab] = await Promise.all([context.waitForEvent("page"), popup(page).getByRole("link").click()]);
    await expect(popup(page)).toHaveCount(0);
    await tab.close();
  });

  test("without JavaScript the advert is in the page and its close button reloads the page without it", { tag: "@no-js" }, async ({ page }) => {
    // without JavaScript only: the no-JS close link
    await visit(page, DAY_1, false, "1");
    // the header stays usable above the advert
    await expect(page.getByRole("banner").getByPlaceholder("搜索关键词")).toBeVisible();
    await popup(page).getByRole("link", { name: "关闭广告" }).click();
    await expect(page).toHaveURL(/\/\?popup=closed$/);
    await expect(popup(page)).toHaveCount(0);
    await expect(page.getByRole("main").locator('section[aria-roledescription="carousel"]')).toBeVisible();
  });

  test("the advert never covers the login modal", async ({ page }, testInfo) => {
    const js = jsEnabled(testInfo.project.name);
    if (js) await holdClock(page);
    await page.setExtraHTTPHeaders({ "X-Test-Now": DAY_1 });
    await page.goto("/?login=captcha");
    if (js) {
      // past the advert's 1 s delay, on the page's own clock
      await page.locator(".search-box[data-enhanced]").waitFor();
      await page.clock.fastForward(1_300);
    }
    await expect(popup(page)).toHaveCount(0);
    // and nothing was recorded for it
    expect((await page.context().cookies()).find((c) => c.name === "DIALOG_DATE_KEY")).toBeUndefined();
  });
});
