import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { createSeededDb } from "../bench/data";
import type { BenchServer } from "../bench/server";
import { aliyunStandIn, smtpStandIn } from "../support/message-gateways";
import { expect, jsEnabled, test } from "./fixtures";
import { loginBySms, skipCouponPopup } from "./login-steps";
import { attachLogOnFailure, ownShop } from "./own-shop";
import { saveShot } from "./page-shots";
import { closePage, inItsOwnTab, passwordLogin } from "./shop-api";

// Messages through the shop to stand-ins that speak the providers' protocols (issue 38, decisions 058
// and 062): a shop process of its own with MAIL_PROVIDER=smtp (a local SMTP server, the mail read back
// with mailparser) and SMS_PROVIDER=aliyun (a local SendSms that checks each request's signature). A
// new shopper logs in with the code the SMS stand-in received, buys, pays on the sandbox cashier, and
// the code on the order page is the one mailed and texted. A second shop sends no SMS: 确认订单 then
// promises none. Free ports: the js-on and js-off projects run this file at the same time.
test.describe.configure({ mode: "serial" });

const GOODS = "/settle/pay-confirm/G1001?sku=G1001-S01";
const keys = { accessKeyId: `LTAI-e2e-${randomBytes(4).toString("hex")}`, secret: randomBytes(24).toString("base64") };

/** A seeded shop of this file's own with these providers. */
const shopWith = (env: Record<string, string>, dir: string): Promise<BenchServer> =>
  ownShop(createSeededDb(dir).dbFile, dir, { ...env, MAIL_FROM: "TTS游戏商城 <shop@example.com>" });

const newMobile = () => `139${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

/** Pays the open pay page's order on the sandbox cashier (a tab of its own); the page moves on to pay-success. */
async function payInSandbox(page: Page, context: BrowserContext, js: boolean): Promise<string> {
  await expect(page).toHaveURL(/\/settle\/pay$/);
  await page.getByLabel("支付宝").check();
  const cashierOpened = context.waitForEvent("page");
  await page.getByRole("button", { name: "点击付款" }).click();
  await expect(page).toHaveURL(/order_no=/);
  if (!js) await page.getByRole("link", { name: "前往收银台支付" }).click();
  const cashier = await cashierOpened;
  await cashier.waitForURL(/\/mock-pay\//);
  await cashier.getByRole("button", { name: /确认支付/ }).click();
  await expect(cashier.getByRole("heading", { name: "支付成功" })).toBeVisible();
  await closePage(cashier);
  await page.waitForURL(/\/settle\/pay-success\//, { timeout: 20_000 });
  return page.url().split("/").pop()!;
}

/**
 * The order page in a tab of its own (pay-success reloads itself without JavaScript while the code is on its way, which
 * would cut a navigation from it short), and its delivered code once there.
 */
async function codeOnOrderPage(page: Page, shop: BenchServer, orderNo: string): Promise<{ order: Page; code: string }> {
  const order = await inItsOwnTab(page, `${shop.url}/order/detail/${orderNo}`);
  await expect(async () => {
    await order.reload();
    await expect(order.getByTestId("delivered-code").first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  return { order, code: (await order.getByTestId("delivered-code").first().textContent())!.trim() };
}

async function shootLine(page: Page, name: string) {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    // centred: on a phone the pay bar along the bottom would cover it
    await page.getByTestId("email-promise").evaluate((line) => line.scrollIntoView({ block: "center" }));
    await saveShot(page, `${name}-${width}-${test.info().project.name}`);
  }
}

test.describe("mail by SMTP and SMS by Aliyun", () => {
  let dir: string;
  let shop: BenchServer;
  let smtp: Awaited<ReturnType<typeof smtpStandIn>>;
  let sms: Awaited<ReturnType<typeof aliyunStandIn>>;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dir = mkdtempSync(join(tmpdir(), "shop-messages-"));
    smtp = await smtpStandIn();
    sms = await aliyunStandIn(keys);
    shop = await shopWith(
      {
        MAIL_PROVIDER: "smtp",
        SMTP_URL: smtp.url,
        SMS_PROVIDER: "aliyun",
        ALIYUN_SMS_ACCESS_KEY_ID: keys.accessKeyId,
        ALIYUN_SMS_ACCESS_KEY_SECRET: keys.secret,
        ALIYUN_SMS_ENDPOINT: sms.endpoint,
        SMS_SIGN_NAME: "TTS游戏商城",
        SMS_TEMPLATE_LOGIN_CODE: "SMS_100000001",
        SMS_TEMPLATE_SET_PASSWORD_CODE: "SMS_100000002",
        SMS_TEMPLATE_DELIVERY: "SMS_100000003",
      },
      dir,
    );
  });

  test.afterEach(({}, testInfo) => attachLogOnFailure(testInfo, shop));

  test.afterAll(async () => {
    await shop?.stop();
    await smtp?.close();
    await sms?.close();
    if (dir && shop) rmSync(dir, { recursive: true, force: true });
  });

  /** The SendSms requests of a number with a template, their variables parsed (signed ones only). */
  const texts = (mobile: string, template: string) =>
    sms.received
      .filter((r) => r.signatureValid && r.body.PhoneNumbers === mobile && r.body.TemplateCode === template)
      .map((r) => JSON.parse(String(r.body.TemplateParam)) as Record<string, string>);

  async function smsLogin(page: Page, context: BrowserContext, mobile: string) {
    await skipCouponPopup(context, shop.url);
    await page.goto(`${shop.url}/?login=captcha`);
    const before = texts(mobile, "SMS_100000001").length;
    await loginBySms(page, jsEnabled(test.info().project.name), mobile, async () => {
      await expect.poll(() => texts(mobile, "SMS_100000001").length, { timeout: 15_000 }).toBeGreaterThan(before);
      return texts(mobile, "SMS_100000001").at(-1)!.code!;
    });
    await expect(page.getByRole("banner").getByRole("link", { name: "登录" })).toBeHidden();
  }

  test("a shopper logs in by an SMS code, buys, and gets the code by mail and by SMS, as on the order page", async ({ page, context }) => {
    test.setTimeout(90_000);
    const js = jsEnabled(test.info().project.name);
    const mobile = newMobile();
    const email = `buyer-${randomBytes(3).toString("hex")}@example.com`;
    await smsLogin(page, context, mobile);

    await page.goto(`${shop.url}${GOODS}`);
    await expect(page.getByTestId("email-promise")).toHaveText("游戏兑换码将发送至此邮箱，也可在「我的订单」及短信中查看");
    await shootLine(page, "messages-checkout-sms-and-mail");
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole("textbox", { name: "收货邮箱" }).fill(email);
    await page.getByRole("button", { name: "提交订单" }).click();
    const orderNo = await payInSandbox(page, context, js);

    const { order, code } = await codeOnOrderPage(page, shop, orderNo);
    await expect(order.getByTestId("delivery-channels")).toContainText("将通过短信和邮件发送给您");
    await expect.poll(() => smtp.mails.filter((m) => m.subject?.includes(orderNo)).length, { timeout: 20_000 }).toBe(1);
    const mail = smtp.mails.find((m) => m.subject?.includes(orderNo))!;
    expect(mail.to && "text" in mail.to ? mail.to.text : "").toContain(email);
    expect(mail.text).toContain(code);
    expect(mail.html || "").toContain(code);
    await expect.poll(() => texts(mobile, "SMS_100000003").find((t) => t.orderNo === orderNo)?.codes, { timeout: 20_000 }).toBe(code);
  });

  test("without an e-mail the codes go by SMS alone, and the order page keeps saying so after one is kept", async ({ page, context }) => {
    test.setTimeout(90_000);
    const js = jsEnabled(test.info().project.name);
    const mobile = newMobile();
    await smsLogin(page, context, mobile);

    await page.goto(`${shop.url}${GOODS}`);
    await page.getByRole("textbox", { name: "收货邮箱" }).fill("");
    await page.getByRole("button", { name: "提交订单" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("您仍可在「我的订单」页面及短信中查看兑换码。");
    await dialog.getByRole("button", { name: /仍然继续/ }).click();
    const orderNo = await payInSandbox(page, context, js);
    const { order, code } = await codeOnOrderPage(page, shop, orderNo);
    await expect(order.getByTestId("delivery-channels")).toContainText("将通过短信发送给您，也可在「我的订单」中随时查看");
    await expect.poll(() => texts(mobile, "SMS_100000003").find((t) => t.orderNo === orderNo)?.codes, { timeout: 20_000 }).toBe(code);

    // an e-mail kept afterwards: that order's codes went by SMS alone (decision 062)
    await order.goto(`${shop.url}/account`);
    await order.locator("#account-email").fill(`later-${randomBytes(3).toString("hex")}@example.com`);
    await order.getByRole("button", { name: "保存邮箱" }).click();
    await expect(order.getByRole("button", { name: "删除邮箱" })).toBeVisible();
    await order.goto(`${shop.url}/order/detail/${orderNo}`);
    await expect(order.getByTestId("delivery-channels")).toContainText("将通过短信发送给您，也可在「我的订单」中随时查看");
    expect(smtp.mails.some((m) => m.subject?.includes(orderNo))).toBe(false);
  });
});

test.describe("a shop that sends no SMS", () => {
  let dir: string;
  let shop: BenchServer;
  let smtp: Awaited<ReturnType<typeof smtpStandIn>>;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dir = mkdtempSync(join(tmpdir(), "shop-no-sms-"));
    smtp = await smtpStandIn();
    shop = await shopWith({ MAIL_PROVIDER: "smtp", SMTP_URL: smtp.url, SMS_PROVIDER: "none", SMS_NONE_ACKNOWLEDGED: "1" }, dir);
  });

  test.afterEach(({}, testInfo) => attachLogOnFailure(testInfo, shop));

  test.afterAll(async () => {
    await shop?.stop();
    await smtp?.close();
    if (dir && shop) rmSync(dir, { recursive: true, force: true });
  });

  test("确认订单 promises the mail and no SMS, in its line and its e-mail question", async ({ page, context }) => {
    const credential = await passwordLogin(shop.url, "13800138000", "demo123456", `198.51.100.${Math.floor(Math.random() * 200) + 1}`);
    await context.addCookies([{ name: "login_credential", value: credential, url: shop.url, httpOnly: true, sameSite: "Lax" }]);
    await skipCouponPopup(context, shop.url);
    await page.goto(`${shop.url}${GOODS}`);
    await expect(page.getByTestId("email-promise")).toHaveText("游戏兑换码将发送至此邮箱，也可在「我的订单」中查看");
    await shootLine(page, "messages-checkout-mail-only");
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole("textbox", { name: "收货邮箱" }).fill("not-an-email");
    await page.getByRole("button", { name: "提交订单" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("您仍可在「我的订单」页面中查看兑换码。");
    await expect(dialog).not.toContainText("短信");
  });
});
