// The account's e-mail at checkout (decision 058), JS on and off, at 1440 and 390 px: 确认订单 offers
// the e-mail kept on the account as the default; an e-mail typed there is kept on the account only
// when the shopper ticks 保存到我的账户, never silently.
import { expect, test } from "./fixtures";
import { screenshot } from "./login-steps";
import { readDb, writeDb } from "./shop-api";

const GOODS = "黑神话：悟空";

const accountEmail = (memberId: number) => readDb<{ email: string | null }>("select email from members where member_id = ?", memberId)[0]!.email;

for (const [size, viewport] of [
  ["1440", { width: 1440, height: 900 }],
  ["390", { width: 390, height: 844 }],
] as const) {
  test.describe(`at ${size} px`, () => {
    test.use({ viewport, hasTouch: size === "390", isMobile: size === "390" });

    test("确认订单 offers the account's e-mail; another one typed there is kept only when 保存到我的账户 is ticked", async ({
      page,
      member,
      catalogue,
    }, testInfo) => {
      const kept = `kept-${member.mobile}@example.com`;
      writeDb("update members set email = ? where member_id = ?", kept, member.memberId);
      const confirm = `/settle/pay-confirm/${(await catalogue.goods(GOODS)).goodsNo}`;
      await page.goto(confirm);
      const email = page.getByRole("textbox", { name: "收货邮箱" });
      await expect(email).toHaveValue(kept);
      const save = page.getByRole("checkbox", { name: /保存到我的账户/ });

      // typed, not ticked: the order has it, the account keeps its own
      await email.fill(`typed-${member.mobile}@example.com`);
      await expect(save).not.toBeChecked();
      await screenshot(page, testInfo, `checkout-account-email-${size}`);
      await page.getByRole("button", { name: "提交订单" }).locator("visible=true").click();
      await expect(page).toHaveURL(/\/settle\/pay$/);
      expect(accountEmail(member.memberId)).toBe(kept);

      // typed and ticked: kept on the account
      const chosen = `chosen-${member.mobile}@example.com`;
      await page.goto(confirm);
      await email.fill(chosen);
      await save.check();
      await page.getByRole("button", { name: "提交订单" }).locator("visible=true").click();
      await expect(page).toHaveURL(/\/settle\/pay$/);
      expect(accountEmail(member.memberId)).toBe(chosen);
    });
  });
}
