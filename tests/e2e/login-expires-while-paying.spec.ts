import { expect, jsEnabled, test } from "./fixtures";
import { closeTab, logout, readDb, writeDb } from "./shop-api";
import { loginBySms, loginModal, screenshot } from "./login-steps";

// A login that expires while the pay page waits for the payment (parity audit F7 / 26.8): the
// shopper logs in again and is back on the same order, and the shop holds one order for the one
// settlement. With JavaScript the page's status poll finds out; without, the next load of the page.
const GOODS = "黑神话：悟空";

const ordersOf = (memberId: number) => readDb<{ order_no: string; status: string }>("select order_no, status from orders where member_id = ?", memberId);

test("a login that expires while the pay page is open comes back to the same order, and the settlement stays one order", async ({
  page,
  context,
  baseURL,
  member,
  catalogue,
}, testInfo) => {
  test.setTimeout(120_000);
  const js = jsEnabled(testInfo.project.name);
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": member.address });
  await page.goto(`/settle/pay-confirm/${(await catalogue.goods(GOODS)).goodsNo}?coupon=none`);
  await page.getByRole("textbox", { name: "收货邮箱" }).fill("expiry@example.com");
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(/\/settle\/pay$/);
  if (js) {
    const cashier = context.waitForEvent("page");
    await page.getByRole("button", { name: "点击付款" }).click();
    await closeTab(await cashier);
  } else {
    await page.getByRole("button", { name: "点击付款" }).click();
  }
  await expect(page).toHaveURL(/\/settle\/pay\?order_no=TT\d+/);
  const [{ order_no: orderNo }] = ordersOf(member.memberId);
  expect(page.url()).toContain(orderNo);

  // the login ends at the services (expired, or logged out elsewhere) while the page is open
  await logout(baseURL!, member.credential);
  // with JavaScript the page's polling says so; without, the page reloads itself every 3 s (a reload of ours could
  // be aborted by it)
  if (js) await expect(page.getByText("登录过期，请重新登录")).toBeVisible({ timeout: 10_000 });
  await expect(loginModal(page)).toBeVisible({ timeout: 20_000 });
  // one login address, back to this order's pay page: never one login address inside another
  const redirectTo = new URL(page.url()).searchParams.get("redirectTo")!;
  expect(redirectTo).toMatch(new RegExp(`^/settle/pay\\?order_no=${orderNo}(&|$)`));
  expect(redirectTo).not.toContain("login=");
  await screenshot(page, testInfo, "login-expired-while-paying");

  // the code the fixture's login used was sent moments ago: as if the minute's resend wait had passed
  writeDb("update sms_codes set created_at = created_at - 120000 where mobile = ?", `+86-${member.mobile}`);
  // one slider challenge for the one 获取验证码: a post to /login does not reload it (a reload swapped the
  // challenge and held 验证码已发送 back until it ended: on a busy machine it never showed)
  const challenges: string[] = [];
  page.on("request", (request) => request.url().includes("captcha=slide") && challenges.push(request.url()));
  await loginBySms(page, js, member.mobile);
  await expect(page).toHaveURL(new RegExp(`/settle/pay\\?order_no=${orderNo}(&|$)`), { timeout: 10_000 });
  await expect(page.getByRole("button", { name: "点击付款" })).toBeVisible();
  expect(challenges).toHaveLength(js ? 1 : 0);
  await screenshot(page, testInfo, "login-again-same-order");

  // the bare settlement page (where the login used to land) is this order's too, and pays it (in a
  // tab of its own: without JavaScript the pay page above reloads itself to follow the payment)
  const bare = await context.newPage();
  await bare.setExtraHTTPHeaders({ "X-Forwarded-For": member.address });
  await bare.goto("/settle/pay");
  await expect(bare).toHaveURL(new RegExp(`/settle/pay\\?order_no=${orderNo}$`));
  if (js) {
    const cashier = context.waitForEvent("page");
    await bare.getByRole("button", { name: "点击付款" }).click();
    const tab = await cashier;
    await tab.waitForURL(new RegExp(`/mock-pay/${orderNo}\\?sig=`));
    await closeTab(tab);
  } else {
    await bare.getByRole("button", { name: "点击付款" }).click();
    await expect(bare).toHaveURL(new RegExp(`order_no=${orderNo}`));
  }
  expect(ordersOf(member.memberId)).toEqual([{ order_no: orderNo, status: "WAIT_PAY" }]);
});
