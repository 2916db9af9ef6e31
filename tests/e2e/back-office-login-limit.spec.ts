// The operator login's limit per client address (decision 065), as the operator at that address sees it: after ten
// failed logins from the address, the right name, password and code are answered with 登录失败次数过多 and when to
// try again, and the login page stays. Each test is its own client behind the trusted proxy (X-Forwarded-For from
// loopback, as nginx on the same machine sends it), so the other back-office tests' address is not limited.
// JS on and off, desktop and phone.
import { totpCode } from "../../server/trade/domain/totp";
import { CSRF_FIELD } from "../../shared/back-office";
import { ADMIN, backOfficeShot as shot, createOperator, OPERATOR_PASSWORD } from "./back-office-steps";
import { expect, test } from "./fixtures";

for (const [w, width] of [1440, 390].entries()) {
  test.describe(`the operator login's address limit at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 400 ? 900 : 844 } });

    test("ten failures from one address refuse its right login too, saying when to try again", async ({ page, consoleErrors }, info) => {
      test.setTimeout(120_000);
      const name = `lim${width}${info.project.name.replace("-", "")}${Date.now() % 100000}`;
      const secret = createOperator(name);
      const client = { "X-Forwarded-For": `203.0.113.${w * 2 + (info.project.name === "js-on" ? 1 : 2)}` };
      await page.context().setExtraHTTPHeaders(client);

      await page.goto(`${ADMIN}/admin/login`);
      const formToken = page.locator(`input[name="${CSRF_FIELD}"]`);
      const token = await formToken.inputValue();
      const attempt = async (who: string, password: string, code: string) => {
        await page.getByLabel("操作员名称").fill(who);
        await page.getByLabel("密码").fill(password);
        await page.getByLabel("动态验证码").fill(code);
        const [answer] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), page.getByRole("button", { name: "登录" }).click()]);
        return answer.status();
      };
      // names that do not exist, and the operator's own with a wrong password
      for (let i = 0; i < 10; i++) expect(await attempt(i % 2 ? `nobody${i}` : name, "not the password 1", "123456")).toBe(200);
      await expect(page.getByRole("alert")).toHaveText("账号、密码或动态验证码错误");
      // with JavaScript the page keeps the token it was opened with: a new one from a reload of its data reached the
      // cookie before the form, and a try sent in between was refused with 403 (页面已过期)
      if (info.project.name === "js-on") {
        await expect(page.getByRole("button", { name: "登录" })).toBeEnabled(); // the last try's navigation over
        await expect(formToken).toHaveValue(token);
      }

      expect(await attempt(name, OPERATOR_PASSWORD, totpCode(secret, Date.now()))).toBe(429);
      await expect(page.getByRole("alert")).toHaveText("登录失败次数过多，请15分钟后再试");
      await expect(page).toHaveURL(/\/admin\/login$/);
      await shot(page, info, "login-address-limited");
      // with JavaScript the browser logs the 429 of the form's data request: the answer meant, not an error of the page
      const meant = consoleErrors.findIndex((e) => e.includes("status of 429"));
      if (meant >= 0) consoleErrors.splice(meant, 1);
    });
  });
}
