// 到货提醒 (an extension of the contract, decision 031), end to end in both projects (JS on and off),
// at 1440 and 390 px: a member asks on a sold-out SKU and cancels from the goods page or 我的订单; a
// visitor logs in first and lands on the same SKU with the request one click away; a restock
// through `npm run admin -- cdkeys:add` sends one SMS and one mail. Each test makes its own goods.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import { expect, jsEnabled, test } from "./fixtures";
import { closeCouponPopup, loginBySms, screenshot } from "./login-steps";
import { E2E_DB, readDb, writeDb } from "./shop-api";

const run = String(Date.now()).slice(-5);
let made = 0;

/**
 * A goods of the test's own, copied from G1001's look, with a sold-out SKU and one in stock. No tags
 * and a platform of its own: its only search words are its name and `e2e-restock`, so the search
 * specs' counted and ordered searches never meet it.
 */
function goodsWithSoldOutSku(project: string) {
  const goodsNo = `TRS${run}${project === "js-off" ? 0 : 1}${++made}`;
  writeDb(
    `insert into goods (goods_no, goods_name, goods_desc, platform, covers, goods_tags)
     select ?, '到货提醒测试 ' || ?, goods_desc, 'E2E-RESTOCK', covers, '[]' from goods where goods_no = 'G1001'`,
    goodsNo,
    goodsNo,
  );
  const soldOut = `${goodsNo}-S1`;
  const inStock = `${goodsNo}-S2`;
  for (const [i, skuNo, name, price] of [
    [0, soldOut, "标准版", 5900],
    [1, inStock, "豪华版", 7900],
  ] as const) {
    writeDb(
      "insert into skus (sku_no, goods_no, sku_name, price_turn_cny, origin_price_cny) values (?, ?, ?, ?, ?)",
      skuNo,
      goodsNo,
      name,
      price,
      price + 2000,
    );
    writeDb("insert into spec_nodes (goods_no, parent_id, spec_name, spec_value, sku_no, sort) values (?, null, '版本', ?, ?, ?)", goodsNo, name, skuNo, i);
  }
  writeDb("insert into cdkeys (sku_no, code, status) values (?, ?, 'UNUSED')", inStock, `E2E-${goodsNo}`);
  return { goodsNo, soldOut, inStock, page: `/topic/${goodsNo}?sku=${encodeURIComponent(soldOut)}` };
}

const reminders = (mobile: string) =>
  readDb<{ sku_no: string; notified_at: number | null; cancelled_at: number | null }>(
    "select n.sku_no, n.notified_at, n.cancelled_at from restock_notices n join members m on m.member_id = n.member_id where m.mobile = ? order by n.id",
    `+86-${mobile}`,
  );

/** The visible buy button of the purchase box or the phone's buy bar (not the guide cards'): a link, or the claim-first form's button, saying 立即购买 or the after-coupon price. */
const buyButton = (page: Page) =>
  page
    .locator('section[aria-label="购买"], [data-testid="buy-bar"]')
    .locator("a, button")
    .filter({ hasText: /^(立即购买|￥[\d.]+券后价)$/ })
    .locator("visible=true");

/** The visible one of the goods page's two places for the button (the aside, or the phone's buy bar). */
const restockBox = (page: Page) => page.getByTestId("restock").locator("visible=true");

for (const [size, viewport] of [
  ["1440", { width: 1440, height: 900 }],
  ["390", { width: 390, height: 844 }],
] as const) {
  test.describe(`at ${size} px`, () => {
    test.use({ viewport, hasTouch: size === "390", isMobile: size === "390" });

    test("a member asks for a reminder on a sold-out SKU and cancels it on the goods page", async ({ page, context, baseURL, shopper }, testInfo) => {
      const goods = goodsWithSoldOutSku(testInfo.project.name);
      const { mobile } = await shopper.signUp(context, baseURL!);
      await shopper.useOwnAddress(page);
      await page.goto(goods.page);
      const box = restockBox(page);
      await expect(box.getByText("补货中：该规格暂时缺货")).toBeVisible();
      await expect(buyButton(page)).toHaveCount(0);
      await screenshot(page, testInfo, `restock-goods-sold-out-${size}`);

      await box.getByRole("button", { name: "到货提醒", exact: true }).click();
      await page.waitForLoadState();
      // a new SMS member has no e-mail: the shop promises the SMS alone (decision 058)
      await expect(page.getByText("已订阅到货提醒，到货后短信通知您（仅通知一次）").first()).toBeVisible();
      await expect(box.getByRole("button", { name: "取消到货提醒" })).toBeVisible();
      expect(reminders(mobile)).toMatchObject([{ sku_no: goods.soldOut, notified_at: null, cancelled_at: null }]);
      await screenshot(page, testInfo, `restock-goods-requested-${size}`);

      await box.getByRole("button", { name: "取消到货提醒" }).click();
      // without JavaScript the answer is a new page: until its stylesheet applies, both of the button's places show
      await page.waitForLoadState();
      await expect(box.getByRole("button", { name: "到货提醒", exact: true })).toBeVisible();
      expect(reminders(mobile)[0]!.cancelled_at).not.toBeNull();

      // the SKU in stock is bought as before
      await page.goto(`/topic/${goods.goodsNo}?sku=${encodeURIComponent(goods.inStock)}`);
      await expect(buyButton(page)).toHaveCount(1);
    });

    test("a member without an e-mail is promised SMS only, adds one in 我的账户, then is promised and sent SMS and mail", async ({
      page,
      context,
      baseURL,
      shopper,
    }, testInfo) => {
      test.setTimeout(120_000);
      const js = jsEnabled(testInfo.project.name);
      const goods = goodsWithSoldOutSku(testInfo.project.name);
      const { mobile } = await shopper.signUp(context, baseURL!);
      await shopper.useOwnAddress(page);
      await page.goto(goods.page);
      await restockBox(page).getByRole("button", { name: "到货提醒", exact: true }).click();
      await expect(restockBox(page).getByRole("status")).toHaveText("已订阅到货提醒，到货后短信通知您");
      await screenshot(page, testInfo, `restock-sms-only-${size}`);

      // 我的账户, from the member menu
      await page.getByTestId("member-name").click();
      await page.getByRole(js ? "menuitem" : "link", { name: "我的账户" }).click();
      await expect(page).toHaveURL(/\/account$/);
      const card = page.getByTestId("account-email");
      await expect(card).toContainText("未设置邮箱");
      const field = card.getByRole("textbox", { name: "添加邮箱" });
      await field.fill("me@example");
      await card.getByRole("button", { name: "保存邮箱" }).click();
      await expect(card.getByText("邮箱格式有误")).toBeVisible();
      const email = `p37-${mobile}@example.com`;
      await field.fill(email);
      await card.getByRole("button", { name: "保存邮箱" }).click();
      await expect(page.getByText("邮箱已保存").first()).toBeVisible();
      await expect(page.getByTestId("account-email-current")).toHaveText(`当前邮箱：${email}`);
      expect(readDb<{ email: string }>("select email from members where mobile = ?", `+86-${mobile}`)).toEqual([{ email }]);
      await screenshot(page, testInfo, `account-email-saved-${size}`);

      await page.goto(goods.page);
      await expect(restockBox(page).getByRole("status")).toHaveText("已订阅到货提醒，到货后短信和邮件通知您");
      // restocked: the notice job (every 2 s) sends the SMS and the mail to the account's e-mail
      writeDb("insert into cdkeys (sku_no, code, status) values (?, ?, 'UNUSED')", goods.soldOut, `E2E-P37-${goods.goodsNo}`);
      const mailed = () => readDb("select id from outbox_messages where recipient = ? and subject like '%到货提醒%'", email);
      await expect.poll(mailed, { timeout: 15_000 }).toHaveLength(1);
      await page.goto("/order/list");
      await expect(page.getByRole("region", { name: "到货提醒", exact: true })).toContainText("已到货，已短信和邮件通知");
    });

    test("我的订单 lists the member's reminders and cancels one, the order list first", async ({ page, context, baseURL, shopper }, testInfo) => {
      const goods = goodsWithSoldOutSku(testInfo.project.name);
      const { mobile } = await shopper.signUp(context, baseURL!);
      await shopper.useOwnAddress(page);
      await page.goto(goods.page);
      await restockBox(page).getByRole("button", { name: "到货提醒", exact: true }).click();
      await expect(restockBox(page).getByRole("button", { name: "取消到货提醒" })).toBeVisible();

      await page.goto("/order/list");
      const list = page.getByRole("region", { name: "到货提醒", exact: true });
      await expect(list.getByTestId("restock-notice")).toHaveCount(1);
      await expect(list).toContainText(`到货提醒测试 ${goods.goodsNo}`);
      await expect(list).toContainText("标准版");
      await expect(list).toContainText("等待到货");
      // the spec's order list comes first on a phone; on a desktop the reminders sit under the filters
      const orders = await page.getByRole("region", { name: "订单列表" }).boundingBox();
      const reminderBox = await list.boundingBox();
      if (size === "390") expect(reminderBox!.y).toBeGreaterThan(orders!.y);
      else expect(reminderBox!.x).toBeLessThan(orders!.x);
      await list.scrollIntoViewIfNeeded();
      await screenshot(page, testInfo, `restock-order-list-${size}`);

      await list.getByRole("button", { name: /取消到货提醒/ }).click();
      await expect(page.getByText("已取消到货提醒").first()).toBeVisible();
      await expect(page.getByRole("region", { name: "到货提醒", exact: true })).toHaveCount(0);
      expect(reminders(mobile)[0]!.cancelled_at).not.toBeNull();
    });
  });
}

test("a visitor is asked to log in and lands back on the same SKU, the reminder one click away", async ({ page, shopper }, testInfo) => {
  const js = jsEnabled(testInfo.project.name);
  const goods = goodsWithSoldOutSku(testInfo.project.name);
  await shopper.useOwnAddress(page);
  await page.goto(goods.page);
  await restockBox(page).getByRole("button", { name: "到货提醒", exact: true }).click();
  await expect(page.getByText("请先登录，登录后即可订阅到货提醒").first()).toBeVisible();
  await loginBySms(page, js, shopper.mobile);
  // a new member's first login brings the coupon pop-up
  await closeCouponPopup(page);
  await expect(page).toHaveURL(
    (url) => url.pathname === `/topic/${goods.goodsNo}` && url.searchParams.get("sku") === goods.soldOut && !url.searchParams.has("login"),
  );
  expect(reminders(shopper.mobile)).toEqual([]);
  await restockBox(page).getByRole("button", { name: "到货提醒", exact: true }).click();
  await expect(restockBox(page).getByRole("button", { name: "取消到货提醒" })).toBeVisible();
  expect(reminders(shopper.mobile)).toHaveLength(1);
});

test("a restock through npm run admin -- cdkeys:add sends one SMS and one mail, and 我的订单 says so", async ({
  page,
  context,
  baseURL,
  shopper,
}, testInfo) => {
  test.setTimeout(120_000);
  const goods = goodsWithSoldOutSku(testInfo.project.name);
  const { mobile } = await shopper.signUp(context, baseURL!);
  const email = `restock-${mobile}@example.com`;
  writeDb("update members set email = ? where mobile = ?", email, `+86-${mobile}`);
  await shopper.useOwnAddress(page);
  await page.goto(goods.page);
  await restockBox(page).getByRole("button", { name: "到货提醒", exact: true }).click();
  await expect(restockBox(page).getByRole("button", { name: "取消到货提醒" })).toBeVisible();

  await promisify(execFile)("npm", ["run", "admin", "--", "cdkeys:add", goods.soldOut, "2"], {
    env: { ...process.env, NODE_ENV: "test", DEMO: "1", DB_FILE: E2E_DB },
  });
  const messages = () =>
    readDb<{ channel: string; subject: string }>(
      "select channel, subject from outbox_messages where recipient in (?, ?) and subject like '%到货提醒%' order by id",
      `+86-${mobile}`,
      email,
    );
  // the server's notice job runs every 2 s
  await expect.poll(messages, { timeout: 15_000 }).toHaveLength(2);
  expect(messages().map((m) => m.channel)).toEqual(["SMS", "MAIL"]);

  await page.goto("/order/list");
  await expect(page.getByRole("region", { name: "到货提醒", exact: true })).toContainText("已到货，已短信和邮件通知");
  // the SKU is in stock again: 立即购买 is back
  await page.goto(goods.page);
  await expect(buyButton(page)).toHaveCount(1);
  expect(messages()).toHaveLength(2);
});

test("bad input is answered in Chinese and changes nothing: a SKU in stock, twice, a missing SKU, another member's reminder", async ({
  page,
  context,
  baseURL,
  shopper,
}, testInfo) => {
  const goods = goodsWithSoldOutSku(testInfo.project.name);
  const { mobile } = await shopper.signUp(context, baseURL!);
  await shopper.useOwnAddress(page);
  await page.goto(goods.page);
  await restockBox(page).getByRole("button", { name: "到货提醒", exact: true }).click();
  await expect(restockBox(page).getByRole("button", { name: "取消到货提醒" })).toBeVisible();
  const before = reminders(mobile);
  const others = readDb<{ id: number }>(
    "select id from restock_notices where member_id <> (select member_id from members where mobile = ?) limit 1",
    `+86-${mobile}`,
  );
  const post = async (fields: Record<string, string>) => {
    const answer = await page.request.post(goods.page, { form: fields });
    expect(answer.status()).toBe(200);
    return answer.text();
  };
  expect(await post({ intent: "restock", sku: goods.inStock })).toContain("该规格有货，可直接购买，无需到货提醒");
  expect(await post({ intent: "restock", sku: goods.soldOut })).toContain("您已订阅该规格的到货提醒");
  expect(await post({ intent: "restock", sku: `${goods.goodsNo}-S9` })).toContain("该规格不存在或已下架");
  expect(await post({ intent: "restock-cancel", notice_id: String(others[0]?.id ?? 999_999_999) })).toContain("到货提醒不存在或已结束");
  expect(await post({ intent: "restock-cancel", notice_id: "abc" })).toContain("请求无效，请刷新页面后重试");
  expect(reminders(mobile)).toEqual(before);
});
