// Steps of the login and coupon end-to-end tests (each test's own number and address come from the
// `shopper` fixture, fixtures.ts): the login modal driven the way a shopper does it (the slider
// dragged onto its gap with JavaScript, the picture question answered with the test pass
// without), and a quick login through the storefront's own /login action for tests that are not
// about logging in.
import type { BrowserContext, Page, TestInfo } from "@playwright/test";
import { expect as baseExpect, jsEnabled, test } from "./fixtures";
import { saveShot } from "./page-shots";
import { CAPTCHA_PASS, couponPopupDone, readDb } from "./shop-api";

// pages that log in reload through the captcha and the services: some patience on a busy machine
const expect = baseExpect.configure({ timeout: 20_000 });

/** The name an SMS login gives a new number (玩家 and the last 4 digits). */
export const memberNameOf = (mobile: string) => `玩家${mobile.slice(-4)}`;

/** The latest SMS code of a number, read from the outbox (waits a little for it). */
export async function smsCodeOf(mobile: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(() => {
      const [row] = readDb<{ body: string }>(
        "select body from outbox_messages where channel = 'SMS' and recipient = ? order by id desc limit 1",
        `+86-${mobile}`,
      );
      code = row?.body.match(/\d{6}/)?.[0];
      return code;
    })
    .toBeTruthy();
  return code!;
}

export function smsCount(mobile: string): number {
  return readDb<{ n: number }>("select count(*) as n from outbox_messages where channel = 'SMS' and recipient = ?", `+86-${mobile}`)[0].n;
}

/** The login form on screen; with JavaScript, once its enhanced version has taken over. */
export async function loginFormReady(page: Page, js: boolean) {
  await expect(page.locator(`[data-login-panel="${js ? "enhanced" : "plain"}"]`)).toBeVisible({ timeout: 10_000 });
}

/** The open login modal (the dialog titled 登录你的游戏商城). */
export const loginModal = (page: Page) => page.getByRole("dialog").filter({ has: page.getByRole("heading", { name: "登录你的游戏商城" }) });

/** Drags the slider piece onto the gap the challenge picture shows. */
export async function solveSlider(page: Page) {
  const captcha = page.getByRole("dialog", { name: "安全验证" });
  await expect(captcha).toBeVisible();
  const picture = captcha.getByRole("img", { name: "拼图验证背景图" });
  await expect(picture).toBeVisible();
  // the picture's address resolved against the page's, whichever shop (or balancer) serves it
  const svg = await (await page.request.get(new URL((await picture.getAttribute("src"))!, page.url()).href)).text();
  const gap = /<rect x="(\d+)" y="\d+" width="44" height="44" rx="6" fill="#000"/.exec(svg);
  expect(gap, "the challenge picture shows a gap").not.toBeNull();
  const handle = captcha.getByRole("slider");
  await expect(handle).toHaveAttribute("aria-disabled", "false");
  const box = (await handle.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + Number(gap![1]), y, { steps: 12 });
  await page.mouse.up();
}

/** Passes the captcha of the open form: the slider with JS, the test pass in the picture question without. */
export async function passCaptcha(page: Page, js: boolean, submit: () => Promise<void>) {
  if (js) {
    await submit();
    await solveSlider(page);
  } else {
    await page.getByPlaceholder("请输入图中算式的结果").fill(CAPTCHA_PASS);
    await submit();
  }
}

/** With the modal open on the phone tab: asks for a code and logs in with it (read from the outbox, or by `codeOf`). */
export async function loginBySms(page: Page, js: boolean, mobile: string, codeOf: (mobile: string) => Promise<string> = smsCodeOf) {
  await loginFormReady(page, js);
  await page.getByPlaceholder("请输入手机号").fill(mobile);
  await passCaptcha(page, js, () => page.getByRole("button", { name: "获取验证码" }).click());
  await expect(page.getByText("验证码已发送")).toBeVisible();
  await page.getByPlaceholder("请输入验证码").fill(await codeOf(mobile));
  await page.getByRole("button", { name: "登录", exact: true }).click();
}

/** With the modal open: switches to 密码登录 and logs in through the captcha. */
export async function loginByPassword(page: Page, js: boolean, account: string, password = "demo123456") {
  await loginFormReady(page, js);
  await page.getByRole("link", { name: "密码登录" }).click();
  await loginFormReady(page, js);
  await page.getByPlaceholder("请输入账号").fill(account);
  await page.getByPlaceholder("请输入密码").fill(password);
  await passCaptcha(page, js, () => page.getByRole("button", { name: "登录", exact: true }).click());
}

/** Marks this browser session's layout mount as done today (see couponPopupDone). */
export async function skipCouponPopup(context: BrowserContext, baseURL: string) {
  await context.addCookies([couponPopupDone(baseURL)]);
}

/** Closes the coupon pop-up when it is there (a new member's first login brings one). */
export async function closeCouponPopup(page: Page) {
  const title = page.getByRole("heading", { name: "恭喜您" });
  await expect(title).toBeVisible();
  // with JavaScript the pop-up's code loads after the page (app/lib/deferred.ts) and then makes the
  // server's open <dialog> modal; a click before that is the no-JS close, a link that reloads the page
  if (jsEnabled(test.info().project.name)) await expect(page.locator("dialog:modal").filter({ has: title })).toBeVisible();
  await page.getByRole("dialog").filter({ has: title }).getByLabel("关闭").click();
  await expect(title).toBeHidden();
}

/**
 * Logs a number in by SMS code through the storefront's /login action (not the UI), so the
 * browser holds the session cookie and the once-after-login coupon pop-up decision, exactly as
 * after a login in the modal.
 */
export async function quickSmsLogin(page: Page, mobile: string, address: string) {
  const headers = { "X-Forwarded-For": address };
  const load = await page.request.get("/api/common_bll/v1/geetest4/load?type=text", { headers });
  const lot = ((await load.json()) as { result: { lot_number: string } }).result.lot_number;
  const sent = await page.request.post("/login", {
    headers,
    form: { intent: "send-code", region: "+86", phone: mobile, lot_number: lot, captcha_output: CAPTCHA_PASS, redirectTo: "/" },
  });
  expect(sent.status()).toBe(200);
  const login = await page.request.post("/login", {
    headers,
    form: { intent: "captcha-login", region: "+86", phone: mobile, sms_code: await smsCodeOf(mobile), redirectTo: "/" },
    maxRedirects: 0,
  });
  expect(login.status()).toBe(302);
}

/** The same for an account with a password (the demo members). */
export async function quickPasswordLogin(page: Page, account: string, address: string, password = "demo123456") {
  const headers = { "X-Forwarded-For": address };
  const load = await page.request.get("/api/common_bll/v1/geetest4/load?type=text", { headers });
  const lot = ((await load.json()) as { result: { lot_number: string } }).result.lot_number;
  const login = await page.request.post("/login", {
    headers,
    form: { intent: "pwd-login", account, password, lot_number: lot, captcha_output: CAPTCHA_PASS, redirectTo: "/" },
    maxRedirects: 0,
  });
  expect(login.status()).toBe(302);
}

export async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await saveShot(page, `${name}-${testInfo.project.name}`);
}
