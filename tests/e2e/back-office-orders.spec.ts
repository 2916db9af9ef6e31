// The back office's orders and members (issue 39, decision 060), as an operator works a shopper's
// complaint: the shopper's order found by mobile, its codes masked, bad refund amounts refused in
// Chinese with nothing refunded, a part refund through the provider, the delivery message sent
// again, a refund the provider refused marked refunded by hand, each in the audit log; then the
// shopper looked up and locked and unlocked; a part refund, another later and then the rest
// (decision 067), each its own refund, which the shopper's order page and 订单凭证 list one by one.
// JS on and off, desktop and phone.
import { ADMIN, backOfficeShot as shot, logInAsNewOperator } from "./back-office-steps";
import { expect, test } from "./fixtures";
import { saveShot } from "./page-shots";
import { closeTab, placeDeliveredOrder, readDb, writeDb } from "./shop-api";
import { yuanText } from "../../shared/money";

const refundsOf = (orderNo: string) =>
  readDb<{ id: number; amount: number; status: string }>("SELECT id, amount, status FROM refunds WHERE order_no = ? ORDER BY id", orderNo);

for (const width of [1440, 390]) {
  test.describe(`the back office's orders and members at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 400 ? 900 : 844 } });

    test("an operator finds a shopper's order, refuses bad refunds, refunds in part, resends the codes and closes a flagged refund", async ({
      page,
      context,
      member,
      baseURL,
    }, info) => {
      // a purchase on the sandbox cashier, the operator's command line and a dozen pages
      test.setTimeout(120_000);
      const orderNo = await placeDeliveredOrder(context, baseURL!, { credential: member.credential, mobile: member.mobile, skuNos: ["G1001-S01"] });
      const code = readDb<{ value: string }>("SELECT value FROM order_performances WHERE order_no = ?", orderNo)[0]!.value;
      const payPrice = readDb<{ pay_price: number }>("SELECT pay_price FROM orders WHERE order_no = ?", orderNo)[0]!.pay_price;
      const operator = await logInAsNewOperator(page, info, "desk");

      await page.getByRole("link", { name: "订单", exact: true }).click();
      await expect(page.getByRole("heading", { name: "订单", exact: true })).toBeVisible();
      // the number as the shopper reads it out, without +86
      await page.getByLabel("订单号、手机号或邮箱").fill(member.mobile);
      await page.getByRole("button", { name: "搜索" }).click();
      await expect(page.getByRole("heading", { name: /的订单：1 笔/ })).toBeVisible();
      await shot(page, info, "orders-found");
      await page.getByRole("link", { name: orderNo }).click();
      await expect(page.getByRole("heading", { name: orderNo })).toBeVisible();
      await expect(page.getByText(`••••••${code.slice(-4)}`)).toBeVisible();
      expect(await page.content()).not.toContain(code);
      await expect(page.getByText("发货完成")).toBeVisible();
      await shot(page, info, "order-detail");

      // bad amounts: answered in Chinese, nothing refunded
      const amount = page.getByLabel("退款金额（元）");
      for (const [typed, message] of [
        ["-5", "请填写正确的退款金额"],
        ["abc", "请填写正确的退款金额"],
        [((payPrice + 100) / 100).toFixed(2), "退款金额超过可退金额"],
      ]) {
        await amount.fill(typed!);
        await page.getByRole("button", { name: "退款", exact: true }).click();
        await expect(page.getByRole("alert")).toContainText(message!);
      }
      expect(refundsOf(orderNo)).toEqual([]);
      await shot(page, info, "refund-refused");

      // a part refund: queued, paid out by the provider
      await amount.fill("1.00");
      await page.getByRole("button", { name: "退款", exact: true }).click();
      await expect(page.getByRole("status")).toContainText("已发起退款 ￥1.00");
      await expect(page.getByText("部分退款", { exact: true })).toBeVisible();
      expect(refundsOf(orderNo).map((r) => r.amount)).toEqual([100]);
      await expect.poll(() => refundsOf(orderNo)[0]!.status, { timeout: 15_000 }).toBe("SUCCEEDED");
      await shot(page, info, "refund-part");

      const messages = () => readDb<{ n: number }>("SELECT count(*) AS n FROM outbox_messages WHERE order_no = ? AND kind = 'DELIVERY'", orderNo)[0]!.n;
      const sent = messages();
      await page.getByRole("button", { name: "重发发货通知" }).click();
      await expect(page.getByRole("status")).toContainText("已重新发送发货通知");
      expect(messages()).toBeGreaterThan(sent);
      await shot(page, info, "resend");
      if (info.project.name === "js-off") {
        // a reload of the answer posts the form again: the buyer gets nothing more, the operator reads why
        const resent = messages();
        await page.reload();
        await expect(page.getByRole("status")).toContainText("这张表单已提交过，发货通知没有再发一次");
        expect(messages()).toBe(resent);
      }

      // a refund the provider refused for good (as the refund job leaves it): the operator paid it by hand
      writeDb("UPDATE refunds SET status = 'FAILED', last_error = '支付通道拒绝：余额不足' WHERE order_no = ? AND id = ?", orderNo, refundsOf(orderNo)[0]!.id);
      writeDb("UPDATE orders SET flag = ? WHERE order_no = ?", `退款失败，需人工退款 ￥1.00（${orderNo}:1）：支付通道拒绝：余额不足`, orderNo);
      await page.reload();
      await expect(page.getByText(/^待处理：退款失败/)).toBeVisible();
      await page.getByRole("button", { name: "已人工退款 ￥1.00，标记完成" }).click();
      await expect(page.getByRole("status")).toContainText("已标记人工退款完成");
      await expect(page.getByText(`已人工退款（${operator}）`)).toBeVisible();
      await expect(page.getByText(/^待处理：/)).toHaveCount(0);
      expect(refundsOf(orderNo)[0]!.status).toBe("SUCCEEDED");
      await shot(page, info, "refund-done-by-hand");

      await page.getByRole("link", { name: "操作记录" }).click();
      for (const action of ["部分退款", "重发发货通知", "标记人工退款完成"]) await expect(page.getByText(action, { exact: true }).first()).toBeVisible();
      await shot(page, info, "audit");
    });

    test("an operator refunds in part, again in part later, then the rest; the shopper reads each refund", async ({ page, context, member, baseURL }, info) => {
      // a purchase on the sandbox cashier, three refunds paid out by the refund job, and the shopper's two pages
      test.setTimeout(120_000);
      const orderNo = await placeDeliveredOrder(context, baseURL!, { credential: member.credential, mobile: member.mobile, skuNos: ["G1001-S01"] });
      const payPrice = readDb<{ pay_price: number }>("SELECT pay_price FROM orders WHERE order_no = ?", orderNo)[0]!.pay_price;
      await logInAsNewOperator(page, info, "parts");
      await page.goto(`${ADMIN}/admin/orders/${orderNo}`);
      const refundable = page.locator("dt", { hasText: /^可退金额$/ }).locator("xpath=following-sibling::dd[1]");
      const amount = page.getByLabel("退款金额（元）");
      const refund = async (typed: string) => {
        await amount.fill(typed);
        await page.getByRole("button", { name: "退款", exact: true }).click();
      };
      await expect(refundable).toHaveText(yuanText(payPrice));

      // a double click posts the form twice: one refund
      await amount.fill("1.00");
      await page.getByRole("button", { name: "退款", exact: true }).dblclick();
      await expect(page.getByRole("status")).toContainText("已发起退款 ￥1.00");
      expect(refundsOf(orderNo).map((r) => r.amount)).toEqual([100]);
      await expect(refundable).toHaveText(yuanText(payPrice - 100));
      // a double click's second click that comes after the first refund's answer (a busy machine once refunded
      // everything left so): with JavaScript the same form again, without it an empty amount; no second refund
      const posted = page.waitForResponse((r) => r.request().method() === "POST");
      await page.getByRole("button", { name: "退款", exact: true }).click();
      await posted;
      await expect(page.getByRole("status").or(page.getByRole("alert"))).toBeVisible();
      expect(refundsOf(orderNo).map((r) => r.amount)).toEqual([100]);
      // later, a second part: the order allows it, and says how much is left
      await expect(page.getByText(`最多 ${yuanText(payPrice - 100)}；少于此数为部分退款，可以再退，直到退完。`)).toBeVisible();
      await refund("2.00");
      await expect(page.getByRole("status")).toContainText("已发起退款 ￥2.00");
      await expect(refundable).toHaveText(yuanText(payPrice - 300));
      expect(refundsOf(orderNo).map((r) => r.amount)).toEqual([100, 200]);
      // never past what is left
      const tooMuch = ((payPrice - 299) / 100).toFixed(2);
      await refund(tooMuch);
      await expect(page.getByRole("alert")).toContainText(`退款金额超过可退金额 ${yuanText(payPrice - 300)}`);
      expect(refundsOf(orderNo).map((r) => r.amount)).toEqual([100, 200]);
      // the refused amount stays as typed, with or without JavaScript (it once came back as all that was left)
      await expect(amount).toHaveValue(tooMuch);
      await expect.poll(() => refundsOf(orderNo).map((r) => r.status), { timeout: 15_000 }).toEqual(["SUCCEEDED", "SUCCEEDED"]);
      // the order opened again (a reload without JavaScript would post the refused form once more)
      await page.goto(`${ADMIN}/admin/orders/${orderNo}`);
      await expect(page.getByText("已退回", { exact: true })).toHaveCount(2);
      await shot(page, info, "refund-part-twice");

      // the shopper's order page and 订单凭证: one line per refund
      const shopper = await context.newPage();
      await shopper.goto(`${baseURL}/order/detail/${orderNo}`);
      const lines = shopper.getByTestId("refunds").getByRole("listitem");
      await expect(lines).toHaveCount(2);
      await expect(lines.nth(0)).toContainText("已退款 ￥1.00");
      await expect(lines.nth(1)).toContainText("已退款 ￥2.00");
      await saveShot(shopper, `back-office-refunds-shopper-order-${info.project.name}-${width}`, { fullPage: true });
      await shopper.getByRole("link", { name: "订单凭证" }).click();
      const receiptLines = shopper.getByTestId("receipt").getByRole("listitem");
      await expect(receiptLines).toHaveCount(2);
      await expect(receiptLines.nth(0)).toContainText("已退款 ￥1.00");
      await expect(receiptLines.nth(1)).toContainText("已退款 ￥2.00");
      await saveShot(shopper, `back-office-refunds-shopper-receipt-${info.project.name}-${width}`, { fullPage: true });
      await closeTab(shopper);

      // the rest, in full: the form offers what is left
      await expect(amount).toHaveValue(((payPrice - 300) / 100).toFixed(2));
      await page.getByRole("button", { name: "退款", exact: true }).click();
      await expect(page.getByRole("status")).toContainText(`已发起退款 ${yuanText(payPrice - 300)}`);
      await expect(refundable).toHaveText("￥0.00");
      await expect(page.getByText("全额退款", { exact: true })).toBeVisible();
      expect(refundsOf(orderNo).map((r) => r.amount)).toEqual([100, 200, payPrice - 300]);
      await shot(page, info, "refund-rest");
    });

    test("an operator looks a member up, locks it and unlocks it", async ({ page, member }, info) => {
      test.setTimeout(120_000);
      await logInAsNewOperator(page, info, "desk");
      await page.getByRole("link", { name: "会员", exact: true }).click();
      await page.getByLabel("手机号或邮箱").fill("nobody@example.com");
      await page.getByRole("button", { name: "查找" }).click();
      await expect(page.getByText("没有找到会员：请核对手机号或邮箱")).toBeVisible();
      // a long query with no space in it (the answer repeats it) wraps: the page stays as wide as the screen
      const long = "y".repeat(100);
      await page.getByLabel("手机号或邮箱").fill(long);
      await page.getByRole("button", { name: "查找" }).click();
      // the answer to this search (the one before said 没有找到会员 too), its stylesheet applied (without JavaScript a
      // page measured before its load event was once 1,668 px wide at 1440: unstyled)
      await expect(page.getByText(`「${long}」：0 位会员`)).toBeVisible();
      await page.waitForLoadState("load");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // the number as the shopper gives it; the store keeps it with its region code
      const mobile = `+86-${member.mobile}`;
      await page.getByLabel("手机号或邮箱").fill(member.mobile);
      await page.getByRole("button", { name: "查找" }).click();
      await expect(page.getByText(mobile, { exact: true })).toBeVisible();
      const locked = () => readDb<{ disabled_at: number | null }>("SELECT disabled_at FROM members WHERE member_id = ?", member.memberId)[0]!.disabled_at;
      await page.getByRole("button", { name: `锁定 ${mobile}` }).click();
      await expect(page.getByRole("status")).toContainText(`已锁定会员 ${mobile}`);
      await expect(page.getByText("已锁定", { exact: true })).toBeVisible();
      expect(locked()).not.toBeNull();
      await shot(page, info, "member-locked");

      await page.getByRole("button", { name: `解锁 ${mobile}` }).click();
      await expect(page.getByRole("status")).toContainText(`已解锁会员 ${mobile}`);
      expect(locked()).toBeNull();
      await shot(page, info, "member-unlocked");
    });
  });
}
