// Issue 26, "Phone and keyboard" (the keyboard bullet) and "Small things": the slider captcha
// solved with a few keys (the ARIA slider pattern), the search box's dropdown passed by with Tab
// (the combobox pattern), focus back on the e-mail field after 返回修改, discount badges that leave
// the covers' platform label alone (every region once in the region list is login.spec.ts's). At 1440 px
// and on a 390 px touch phone, with JavaScript on and off where the point applies.
import type { Page } from "@playwright/test";
import { expect, jsEnabled, test } from "./fixtures";
import { loginFormReady } from "./login-steps";

const SCREENS = [
  { name: "1440 px", use: { viewport: { width: 1440, height: 900 } } },
  { name: "390 px touch", use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
];

/** The gap's left edge in the slider challenge's picture. */
async function sliderGap(page: Page): Promise<number> {
  const picture = page.getByRole("dialog", { name: "安全验证" }).getByRole("img", { name: "拼图验证背景图" });
  await expect(picture).toBeVisible();
  const svg = await (await page.request.get(new URL((await picture.getAttribute("src"))!, page.url()).href)).text();
  const gap = /<rect x="(\d+)" y="\d+" width="44" height="44" rx="6" fill="#000"/.exec(svg);
  expect(gap, "the challenge picture shows a gap").not.toBeNull();
  return Number(gap![1]);
}

/** Whether focus is inside the header's search box (its form or its dropdown). */
const focusInSearchBox = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest(".search-box")));

for (const screen of SCREENS) {
  test.describe(`keyboard and small things, ${screen.name}`, () => {
    test.use(screen.use);

    test("the slider captcha follows the ARIA slider keys and is solved in a few presses", { tag: "@js-only" }, async ({ page, shopper }) => {
      // with JavaScript only: without JavaScript the captcha is a picture question, answered by typing
      await shopper.useOwnAddress(page);
      await page.goto("/login");
      await loginFormReady(page, true);
      await page.getByPlaceholder("请输入手机号").fill(shopper.mobile);
      await page.getByRole("button", { name: "获取验证码" }).click();
      const gap = await sliderGap(page);
      const slider = page.getByRole("dialog", { name: "安全验证" }).getByRole("slider");
      await expect(slider).toHaveAttribute("aria-disabled", "false");
      await expect(slider).toBeFocused();
      // the slider says how to use it with keys, Enter included (trial 11b #10)
      await expect(slider).toHaveAccessibleDescription(/← →.*Enter 确认/);
      await expect(page.getByRole("dialog", { name: "安全验证" }).getByText("键盘：← → 移动滑块（Shift 微调），Enter 确认")).toBeVisible();
      const max = Number(await slider.getAttribute("aria-valuemax"));

      await page.keyboard.press("End");
      await expect(slider).toHaveAttribute("aria-valuenow", String(max));
      await page.keyboard.press("Home");
      await expect(slider).toHaveAttribute("aria-valuenow", "0");
      await page.keyboard.press("PageUp");
      await expect(slider).toHaveAttribute("aria-valuenow", "40");
      await page.keyboard.press("PageDown");
      await expect(slider).toHaveAttribute("aria-valuenow", "0");
      await page.keyboard.press("ArrowUp");
      await expect(slider).toHaveAttribute("aria-valuenow", "10");
      await page.keyboard.press("ArrowDown");
      await expect(slider).toHaveAttribute("aria-valuenow", "0");

      // pages of 40 px, then arrows of 10 px to the nearest step: within the check's 6 px
      const keys = [...Array<string>(Math.floor(gap / 40)).fill("PageUp"), ...Array<string>(Math.round((gap % 40) / 10)).fill("ArrowRight")];
      expect(keys.length, "key presses to the gap").toBeLessThanOrEqual(9);
      for (const key of keys) await page.keyboard.press(key);
      await expect(slider).toHaveAttribute("aria-valuenow", String(Math.round(gap / 10) * 10));
      await page.keyboard.press("Enter");
      await expect(page.getByText("验证码已发送")).toBeVisible({ timeout: 10_000 });
      // the next thing to do is to type the code: focus is there, not on <body> (trial 11b #10)
      await expect(page.getByPlaceholder("请输入验证码")).toBeFocused();
    });

    test("a captcha closed with Escape gives focus back to 获取验证码", { tag: "@js-only" }, async ({ page, shopper }) => {
      await shopper.useOwnAddress(page);
      await page.goto("/login");
      await loginFormReady(page, true);
      await page.getByPlaceholder("请输入手机号").fill(shopper.mobile);
      const send = page.getByRole("button", { name: "获取验证码" });
      await send.focus();
      await page.keyboard.press("Enter");
      const slider = page.getByRole("dialog", { name: "安全验证" }).getByRole("slider");
      await expect(slider).toBeFocused();
      await expect(slider).toHaveAttribute("aria-disabled", "false");
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog", { name: "安全验证" })).toHaveCount(0);
      await expect(send).toBeFocused();
    });

    test("Tab passes the search dropdown by; the arrow keys move inside it", async ({ page }, testInfo) => {
      await page.goto("/topic/G1001");
      const js = jsEnabled(testInfo.project.name);
      if (js) await page.locator(".search-box[data-enhanced]").waitFor();
      const box = page.getByRole("banner").getByRole(js ? "combobox" : "searchbox", { name: "搜索商品" });
      await box.focus();
      const hot = page.getByRole("banner").getByRole("list", { name: "热门搜索" }).getByRole("link");
      await expect(hot).toHaveCount(5);
      await expect(hot.first()).toBeVisible();
      await page.keyboard.press("Tab");
      await expect(page.getByRole("banner").getByRole("button", { name: "搜索" })).toBeFocused();
      await page.keyboard.press("Tab");
      if (!js) {
        // without JavaScript Tab is the only way into the dropdown, which stays open while focus is in it
        await expect(hot.first()).toBeFocused();
        await expect(hot.first()).toBeVisible();
        return;
      }
      expect(await focusInSearchBox(page), "one Tab after 搜索 leaves the search box").toBe(false);

      await box.focus();
      await page.keyboard.press("ArrowDown");
      await expect(hot.first()).toBeFocused();
      await page.keyboard.press("ArrowDown");
      await expect(hot.nth(1)).toBeFocused();
      await page.keyboard.press("ArrowUp");
      await expect(hot.first()).toBeFocused();
      await page.keyboard.press("Tab");
      expect(await focusInSearchBox(page), "Tab from an option leaves the search box").toBe(false);
    });

    test("返回修改 in the e-mail warning puts focus back on the e-mail field", async ({ page, context, baseURL, shopper }) => {
      await shopper.signUp(context, baseURL!);
      await page.goto("/settle/pay-confirm/G1001");
      const email = page.getByRole("textbox", { name: "收货邮箱" });
      await email.fill("not-an-email");
      await page.getByRole("button", { name: "提交订单" }).click();
      const dialog = page.getByRole("alertdialog");
      await dialog.getByRole("link", { name: "返回修改" }).click();
      await expect(dialog).toBeHidden();
      await expect(email).toBeFocused();
      await expect(email).toHaveValue("not-an-email");
      // and the shopper sees it: not under the fixed header
      const header = (await page.getByRole("banner").boundingBox())!;
      // (the focus may still be scrolling the page there)
      await expect
        .poll(async () => (await email.boundingBox())!.y, { message: "the e-mail field is below the header" })
        .toBeGreaterThanOrEqual(header.y + header.height);
    });

    test("discount badges sit with the prices and leave the covers' platform label free", { tag: "@server" }, async ({ page }) => {
      await page.goto("/search-result/steam");
      const cards = page.getByTestId("goods-card");
      await expect(cards.first()).toBeVisible();
      for (const card of await cards.all()) {
        const badge = card.locator(".discount-badge");
        if ((await badge.count()) === 0) continue;
        await expect(badge).toBeVisible();
        const [mark, cover] = [(await badge.boundingBox())!, (await card.locator(".gc-cover").boundingBox())!];
        const overlaps = mark.x < cover.x + cover.width && cover.x < mark.x + mark.width && mark.y < cover.y + cover.height && cover.y < mark.y + mark.height;
        expect(overlaps, `${await card.locator(".gc-name").textContent()}: the discount badge is off the cover`).toBe(false);
      }
    });
  });
}
