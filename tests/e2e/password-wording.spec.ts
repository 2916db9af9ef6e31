// The password panel says what it does (shopper trial 11b), JS on and off, at 1440 and 390 px: a
// visitor's 忘记密码 opens 重置密码, whose consent names its own button (确认设置), not 点击登录; a
// member's panel is no login and carries no consent line. 修改密码 for a member with a password is
// covered below the browser (tests/routes/password-extension.test.ts).
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { saveShot } from "./page-shots";

async function shoot(page: Page, name: string, project: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await saveShot(page, `password-wording-${name}-${width}-${project}`);
  }
}

test("a visitor's 忘记密码 is 重置密码, with the consent of its own button", async ({ page }, testInfo) => {
  await page.goto("/protocols/user?login=pwd");
  await page.getByRole("link", { name: "忘记密码" }).click();
  await expect(page.getByRole("heading", { name: "重置密码" })).toBeVisible();
  await expect(page.getByText("确认设置即表示您已阅读并同意")).toBeVisible();
  await expect(page.getByText("点击登录即表示")).toHaveCount(0);
  await shoot(page, "visitor-reset", testInfo.project.name);
});

test("a member's 设置密码 carries no login consent", async ({ page, member }, testInfo) => {
  expect(member.memberId).toBeGreaterThan(0);
  await page.goto("/protocols/user?login=reset");
  await expect(page.getByRole("heading", { name: "设置密码" })).toBeVisible();
  await expect(page.getByText("即表示您已阅读并同意")).toHaveCount(0);
  await shoot(page, "member-set-password", testInfo.project.name);
});
