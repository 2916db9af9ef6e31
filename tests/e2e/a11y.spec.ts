// Accessibility: axe on every visitor's page (a member's pages are audited in screenshots.spec.ts, which has
// them open at the same width with JavaScript on), and the keyboard alone through search, the login modal and
// the member menu.
import { expectNoViolations } from "./axe";
import { expect, test } from "./fixtures";
import { closeCouponPopup, loginFormReady, quickPasswordLogin } from "./login-steps";

const VISITOR_PAGES = [
  "/",
  "/topic/G1001",
  `/search-result/${encodeURIComponent("黑神话")}`,
  // no results (the platforms and hot goods instead) and a typo's near misses (issue 26)
  `/search-result/${encodeURIComponent("qwxyz不存在")}`,
  `/search-result/${encodeURIComponent("黑神画")}`,
  `/recommend/PRODUCT_DETAIL/${encodeURIComponent("热销游戏")}`,
  "/coupon-collection",
  "/protocols/privacy",
  "/?login=captcha",
  "/?login=pwd",
  "/?login=reset",
  "/no-such-page",
];

test.describe("accessibility (axe: no violation of any impact)", () => {
  // axe runs its checks as a script inside the page, which a browser without JavaScript refuses;
  // the server HTML it audits is the same with JavaScript on
  for (const path of VISITOR_PAGES) {
    test(`a visitor's page ${decodeURIComponent(path)}`, { tag: "@js-only" }, async ({ page }) => {
      await page.goto(path);
      await expectNoViolations(page, path);
    });
  }
});

test.describe("keyboard only", () => {
  test("a shopper can search, reach a goods page and open the login modal with the keyboard", { tag: "@js-only" }, async ({ page }) => {
    // with JavaScript only: focus management of the enhanced dialog needs JavaScript
    await page.goto("/");
    // the first Tab stops are the logo, then the search box: visible focus on each
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "TTS游戏商城 首页" })).toBeFocused();
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).not.toBe("none");
    await page.keyboard.press("Tab");
    const search = page.getByRole("banner").getByRole("combobox").or(page.getByRole("banner").getByRole("searchbox"));
    await expect(search.first()).toBeFocused();
    await page.keyboard.type("黑神话");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/search-result\//);

    // the login modal traps focus and closes with Escape
    await page.goto("/?login=captcha");
    // a Headless UI dialog root has no size of its own: wait on its title (TOOLCHAIN.md)
    const title = page.getByRole("heading", { name: "登录你的游戏商城" });
    await expect(title).toBeVisible();
    // the dialog's code loads after the page (only pages with the modal open need it): the trap
    // starts once the enhanced dialog has taken over the server's markup
    await loginFormReady(page, true);
    const dialog = page.getByRole("dialog").filter({ has: title });
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press("Tab");
      const inside = await dialog.evaluate((el) => el.contains(document.activeElement));
      expect(inside, `focus stays in the dialog after ${i + 1} Tab presses`).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(title).toBeHidden();
  });

  test("a member opens the member menu and moves through it with the keyboard", { tag: "@js-only" }, async ({ page, shopper }) => {
    // with JavaScript only: the menu button needs JavaScript (without it the menu is a native disclosure)
    const address = await shopper.useOwnAddress(page);
    await quickPasswordLogin(page, "13900139000", address);
    await page.goto("/order/list");
    // the first page after a login may bring the coupon pop-up
    if (await page.getByRole("heading", { name: "恭喜您" }).isVisible()) await closeCouponPopup(page);
    const button = page.getByRole("button", { name: /玩家9000/ });
    await expect(button).toHaveAttribute("aria-haspopup", "menu");
    await button.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(menu.getByRole("menuitem", { name: "查询我的订单" })).toBeFocused();
    await expect(menu.getByRole("menuitem", { name: "查询我的订单" })).toHaveAttribute("aria-current", "page");
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitem", { name: "我的优惠券" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitem", { name: "我的账户" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    // the demo member has a password: 修改密码 (has_password)
    await expect(menu.getByRole("menuitem", { name: "修改密码" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitem", { name: "退出登录" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitem", { name: "查询我的订单" })).toBeFocused();
    await page.keyboard.press("End");
    await expect(menu.getByRole("menuitem", { name: "退出登录" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);
    await expect(button).toBeFocused();
    // ArrowUp opens it on the last item; a click outside closes it
    await page.keyboard.press("ArrowUp");
    await expect(page.getByRole("menuitem", { name: "退出登录" })).toBeFocused();
    await page.mouse.click(10, 400);
    await expect(page.getByRole("menu")).toHaveCount(0);
    // the entry of the current page only closes the menu
    await button.click();
    await page.getByRole("menuitem", { name: "查询我的订单" }).click();
    await expect(page.getByRole("menu")).toHaveCount(0);
    await expect(page).toHaveURL(/\/order\/list$/);
  });
});
