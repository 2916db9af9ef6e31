// 设置密码 / 忘记密码 (issue 25): from the login modal's password tab and from the member menu, with
// and without JavaScript, at 1440 and 390 px. Each test's number was registered by SMS through the
// API (another device's login), so the test owns its member, its codes and its logins.
import type { Page, TestInfo } from "@playwright/test";
import { expect as baseExpect, jsEnabled, test } from "./fixtures";
import { closeCouponPopup, loginFormReady, passCaptcha, smsCodeOf } from "./login-steps";
import { readDb, smsLogin, writeDb } from "./shop-api";
import { saveShot } from "./page-shots";

const expect = baseExpect.configure({ timeout: 20_000 });
const NEW_PASSWORD = "n3w-passw0rd";

/** The number's earlier code is older than the 60 s resend wait, so the form may ask for another. */
const pastResendWait = (mobile: string) => writeDb("update sms_codes set created_at = created_at - 61000 where mobile = ?", `+86-${mobile}`);
const passwordHashOf = (mobile: string) =>
  readDb<{ h: string | null }>("select password_hash as h from members where mobile = ?", `+86-${mobile}`)[0]?.h ?? null;
const shot = (page: Page, testInfo: TestInfo, name: string) => saveShot(page, `password-${name}-${testInfo.project.name}-${page.viewportSize()?.width}`);

async function loginStatusOf(page: Page, credential: string): Promise<number> {
  return (await page.request.get("/api/common_bll/v1/member/login_status", { headers: { "Login-Credential": credential } })).status();
}

/** On the open 设置密码 form: asks for a code through the captcha. */
async function askForCode(page: Page, js: boolean) {
  await passCaptcha(page, js, () => page.getByRole("button", { name: "获取验证码" }).click());
  await expect(page.getByText("验证码已发送")).toBeVisible();
}

async function submitPassword(page: Page, code: string, password: string) {
  await page.getByPlaceholder("请输入验证码").fill(code);
  await page.getByLabel("新密码").fill(password);
  // the answer to this post (a document without JavaScript, the form's data with it): a message on the page may be
  // the same as the last one's
  const answered = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: "确认设置", exact: true }).click();
  await answered;
}

for (const width of [1440, 390]) {
  test.describe(`设置密码 at ${width} px`, () => {
    test.describe.configure({ timeout: 90_000 });
    test.use({ actionTimeout: 15_000, viewport: { width, height: width > 500 ? 900 : 844 }, hasTouch: width < 500 });

    test("a visitor who forgot the password sets one from 忘记密码, is logged in, and every other login ends", async ({ page, shopper, baseURL }, testInfo) => {
      const js = jsEnabled(testInfo.project.name);
      await shopper.useOwnAddress(page);
      const otherDevice = await smsLogin(baseURL!, shopper.mobile, shopper.address);
      pastResendWait(shopper.mobile);

      await page.goto("/?login=pwd");
      await loginFormReady(page, js);
      await page.getByRole("link", { name: "忘记密码" }).click();
      await expect(page.getByRole("heading", { name: "重置密码" })).toBeVisible();
      await loginFormReady(page, js);
      await expect(page.getByRole("link", { name: "返回密码登录" })).toBeVisible();
      await shot(page, testInfo, "visitor-form");
      await page.getByPlaceholder("请输入手机号").fill(shopper.mobile);
      await askForCode(page, js);
      expect(
        (await readDb<{ subject: string }>("select subject from outbox_messages where recipient = ? order by id desc limit 1", `+86-${shopper.mobile}`))[0]
          .subject,
      ).toBe("设置密码验证码");
      await submitPassword(page, await smsCodeOf(shopper.mobile), NEW_PASSWORD);

      await expect(page.getByRole("status").filter({ hasText: "密码已设置，其他设备上的登录已退出" })).toBeVisible();
      await closeCouponPopup(page);
      await expect(page.getByTestId("member-name")).toBeVisible();
      await shot(page, testInfo, "visitor-done");
      expect(await loginStatusOf(page, otherDevice)).toBe(401);
      const [notice] = readDb<{ body: string }>("select body from outbox_messages where recipient = ? order by id desc limit 1", `+86-${shopper.mobile}`);
      expect(notice.body).toContain("您的登录密码已于");
      expect(passwordHashOf(shopper.mobile)).toMatch(/^scrypt\$/);
    });

    test("a member sets a password from the member menu; wrong, expired and over-tried codes and broken rules change nothing", async ({
      page,
      context,
      shopper,
      baseURL,
    }, testInfo) => {
      const js = jsEnabled(testInfo.project.name);
      await shopper.useOwnAddress(page);
      const { credential: thisBrowser } = await shopper.signUp(context, baseURL!);
      pastResendWait(shopper.mobile);
      const otherDevice = await smsLogin(baseURL!, shopper.mobile, shopper.address);
      pastResendWait(shopper.mobile);

      await page.goto("/coupon-collection");
      await page.getByTestId("member-name").click();
      await page.getByRole(js ? "menuitem" : "link", { name: "设置密码" }).click();
      await expect(page.getByRole("heading", { name: "设置密码" })).toBeVisible();
      await loginFormReady(page, js);
      // the member's own number is filled in; a member has no way back to the login tabs
      await expect(page.getByPlaceholder("请输入手机号")).toHaveValue(shopper.mobile);
      await expect(page.getByRole("link", { name: "返回密码登录" })).toHaveCount(0);
      await askForCode(page, js);
      const code = await smsCodeOf(shopper.mobile);
      const wrong = code === "000000" ? "000001" : "000000";
      const message = page.getByRole("alert").or(page.locator("[id$='-error']")).filter({ hasText: /\S/ });

      // each password rule, word for word, before anything is sent
      for (const [password, text] of [
        ["abc123", "密码长度须为8-32位"],
        [shopper.mobile, "密码不能是手机号"],
      ]) {
        await page.getByPlaceholder("请输入验证码").fill(code);
        await page.getByLabel("新密码").fill(password);
        if (!js) await page.getByRole("button", { name: "确认设置", exact: true }).click();
        await expect(page.getByText(text)).toBeVisible();
        await expect(page.getByLabel("新密码")).toHaveAttribute("aria-invalid", "true");
      }
      await shot(page, testInfo, "member-rule");
      // the codes: wrong, then too many tries, then expired, each with the one answer for every failed code, so that
      // nobody learns what became of a number's code (review security-2026-11c I1)
      const failedCode = message.filter({ hasText: "验证码错误或已失效" });
      await submitPassword(page, wrong, NEW_PASSWORD);
      await expect(failedCode).toBeVisible();
      await shot(page, testInfo, "member-wrong-code");
      writeDb("update sms_codes set wrong_tries = 4 where mobile = ? and sms_type = 'SET_PASSWORD'", `+86-${shopper.mobile}`);
      await submitPassword(page, wrong, NEW_PASSWORD);
      await expect(failedCode).toBeVisible();
      writeDb(
        "update sms_codes set wrong_tries = 0, expires_at = ? where mobile = ? and sms_type = 'SET_PASSWORD'",
        Date.now() - 1000,
        `+86-${shopper.mobile}`,
      );
      await submitPassword(page, code, NEW_PASSWORD);
      await expect(failedCode).toBeVisible();
      // nothing changed: no password, both logins alive
      expect(passwordHashOf(shopper.mobile)).toBeNull();
      expect(await loginStatusOf(page, otherDevice)).toBe(200);
      expect(await loginStatusOf(page, thisBrowser)).toBe(200);

      pastResendWait(shopper.mobile);
      // with JavaScript the button counts its own 60 s: a fresh form asks again
      if (js) await page.reload();
      await loginFormReady(page, js);
      await askForCode(page, js);
      await submitPassword(page, await smsCodeOf(shopper.mobile), NEW_PASSWORD);
      await expect(page.getByRole("status").filter({ hasText: "密码已设置，其他设备上的登录已退出" })).toBeVisible();
      await expect(page).toHaveURL(/\/coupon-collection$/);
      await expect(page.getByTestId("member-name")).toBeVisible();
      // the other device and this browser's old credential are revoked; the browser holds a new one
      expect(await loginStatusOf(page, otherDevice)).toBe(401);
      expect(await loginStatusOf(page, thisBrowser)).toBe(401);
      expect(passwordHashOf(shopper.mobile)).toMatch(/^scrypt\$/);
    });
  });
}
