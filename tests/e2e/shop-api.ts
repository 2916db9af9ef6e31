// Test-side helpers that talk to the e2e server the way a second client would: log a member in
// through the real captcha + password API, and read the e2e database (read-only) for outboxes.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { expect, type BrowserContext, type Page, type Route } from "@playwright/test";
import { ADMIN_ENTRY } from "../../scripts/setup.mjs";
import { shopDay } from "../../shared/shop-time";

export const E2E_DB = "tests/.tmp/e2e/shop.sqlite";
export const CAPTCHA_PASS = "e2e-captcha-pass";

async function api<T>(baseURL: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(baseURL + path, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { success: boolean; result: T };
  if (!json.success) throw new Error(`${path}: ${JSON.stringify(json.result)}`);
  return json.result;
}

/** Logs in with the password through the captcha (test pass) and returns the credential. */
export async function passwordLogin(baseURL: string, mobile: string, password = "demo123456", clientIp = "203.0.113.9"): Promise<string> {
  const headers = { "X-Forwarded-For": clientIp };
  const { lot_number } = await api<{ lot_number: string }>(baseURL, "/api/common_bll/v1/geetest4/load?type=slide", undefined, headers);
  await api(
    baseURL,
    "/api/common_bll/v1/geetest4/action/valid",
    { lot_number, captcha_output: CAPTCHA_PASS, pass_token: "e2e", gen_time: String(Date.now()) },
    headers,
  );
  const result = await api<{ login_credential: string }>(
    baseURL,
    "/api/common_bll/v1/member/action/pwd_login",
    { username: `+86-${mobile}`, password, csrf: "e2e", lot_number },
    headers,
  );
  return result.login_credential;
}

/** Puts a member's credential into the browser, as the login form would. */
export async function loginAs(context: BrowserContext, baseURL: string, mobile: string) {
  const token = await passwordLogin(baseURL, mobile);
  await context.addCookies([{ name: "login_credential", value: token, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
  return token;
}

export function readDb<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(E2E_DB, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

export function writeDb(sql: string, ...params: unknown[]) {
  const db = new Database(E2E_DB, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    return db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

/** A command of the QA admin script on the e2e database: its bundle, run as `npm run admin` runs it. */
export const adminCommand = (...args: string[]) => ({
  file: process.execPath,
  args: [ADMIN_ENTRY, ...args],
  env: { ...process.env, NODE_ENV: "test", DEMO: "1", DB_FILE: E2E_DB } as NodeJS.ProcessEnv,
});

/** Runs a command of the QA admin script (adminCommand); answers its output. */
export async function runAdmin(...args: string[]): Promise<string> {
  const { file, args: argv, env } = adminCommand(...args);
  const { stdout } = await promisify(execFile)(file, argv, { env });
  return stdout;
}

/** Logs a (possibly new) number in by SMS code from `address`, read from the outbox, and returns the credential. */
export async function smsLogin(baseURL: string, mobile: string, address: string): Promise<string> {
  return (await smsLoginMember(baseURL, mobile, address)).credential;
}

/** The same, answering the member the services made of the number as well. */
export async function smsLoginMember(baseURL: string, mobile: string, address: string): Promise<{ credential: string; memberId: number }> {
  const headers = { "X-Forwarded-For": address };
  const { lot_number } = await api<{ lot_number: string }>(baseURL, "/api/common_bll/v1/geetest4/load?type=slide", undefined, headers);
  await api(
    baseURL,
    "/api/common_bll/v1/geetest4/action/valid",
    { lot_number, captcha_output: CAPTCHA_PASS, pass_token: "e2e", gen_time: String(Date.now()) },
    headers,
  );
  await api(baseURL, "/api/common_bll/v1/member/sms_captcha", { mobile: `+86-${mobile}`, sms_type: "LOGIN", lot_number }, headers);
  const code = lastSmsCode(mobile);
  const result = await api<{ login_credential: string; member_id: number }>(
    baseURL,
    "/api/common_bll/v1/member/action/captcha_login",
    { mobile: `+86-${mobile}`, sms_code: code },
    headers,
  );
  return { credential: result.login_credential, memberId: result.member_id };
}

export function lastSmsCode(mobile: string): string {
  const [row] = readDb<{ body: string }>("select body from outbox_messages where channel = 'SMS' and recipient = ? order by id desc limit 1", `+86-${mobile}`);
  const code = row?.body.match(/\d{6}/)?.[0];
  if (!code) throw new Error(`no SMS code for ${mobile}`);
  return code;
}

/** Claims coupon activities for a member through the API; answers the new coupon numbers. */
export async function claimCoupons(baseURL: string, credential: string, activityNos: string[]): Promise<string[]> {
  const coupons: string[] = [];
  for (const activity_no of activityNos) {
    const { coupon_no } = await api<{ coupon_no: string }>(baseURL, "/api/trade_bff/v1/promotion/receive", { activity_no }, { "Login-Credential": credential });
    coupons.push(coupon_no);
  }
  return coupons;
}

/**
 * The session cookie saying this browser session's layout mount already ran today (decision 017),
 * for tests about something else than the coupon pop-up that a member's first page brings.
 */
export function couponPopupDone(baseURL: string) {
  return { name: "coupon_popup", value: shopDay(Date.now()), url: baseURL, httpOnly: true, sameSite: "Lax" as const };
}

interface Orderer {
  credential: string;
  mobile: string;
  /** Looked up by mobile when not given. */
  memberId?: number;
}

/** Creates an order of one unit of each SKU for a logged-in member through the API, as the storefront would. */
async function createOrder(baseURL: string, member: Orderer, skuNos: string[], coupons: string[] = []) {
  const memberId = member.memberId ?? readDb<{ member_id: number }>("select member_id from members where mobile = ?", `+86-${member.mobile}`)[0]?.member_id;
  if (memberId === undefined) throw new Error(`no member ${member.mobile}`);
  return api<{ order_no: string; third_pay_detail: { pay_url: string } }>(
    baseURL,
    "/api/trade_bff/v1/order",
    {
      customer: { user_id: String(memberId), user_phone: member.mobile, user_email: "buyer@example.com" },
      units: skuNos.map((sku) => ({ goods_no: sku.split("-")[0], sku_no: sku, sku_num: 1 })),
      channel: { channel_name: "", channel_no: "1" },
      pay_way: "WX",
      coupons,
    },
    { "Login-Credential": member.credential },
  );
}

/**
 * Places an unpaid order of one unit of `skuNo` for a logged-in member and answers its number. The
 * seed's unpaid orders close 15 minutes after their creation, which a long run can outlast: a test
 * that needs one makes its own.
 */
export async function placeUnpaidOrder(baseURL: string, credential: string, mobile: string, skuNo = "G1001-S01"): Promise<string> {
  return (await createOrder(baseURL, { credential, mobile }, [skuNo])).order_no;
}

/** Places an unpaid order of one unit of a SKU of `goodsNo` for a member (the `member` fixture); answers its number. */
export async function placeOrderFor(baseURL: string, member: Required<Orderer>, goodsNo: string, skuNo: string): Promise<string> {
  if (!skuNo.startsWith(`${goodsNo}-`)) throw new Error(`${skuNo} is not a SKU of ${goodsNo}`);
  return (await createOrder(baseURL, member, [skuNo])).order_no;
}

/**
 * Places an order of one unit of each SKU for a logged-in member, pays it on the sandbox cashier
 * (another site's page, in its own tab) and waits until its codes are delivered; answers its number.
 */
export async function placeDeliveredOrder(
  context: BrowserContext,
  baseURL: string,
  { credential, mobile, skuNos, coupons = [] }: { credential: string; mobile: string; skuNos: string[]; coupons?: string[] },
): Promise<string> {
  const { order_no, third_pay_detail } = await createOrder(baseURL, { credential, mobile }, skuNos, coupons);
  const cashier = await context.newPage();
  await cashier.goto(third_pay_detail.pay_url);
  await cashier.getByRole("button", { name: /确认支付/ }).click();
  await expect(cashier.getByRole("heading", { name: "支付成功" })).toBeVisible();
  await closeTab(cashier);
  await expect
    .poll(() => readDb<{ status: string }>("select status from orders where order_no = ?", order_no)[0]?.status, { timeout: 10_000 })
    .toBe("SEND_SUCCESS");
  return order_no;
}

/** Revokes a credential through the services, as a logout elsewhere (or its expiry) would. */
export async function logout(baseURL: string, credential: string) {
  await api(baseURL, "/api/common_bll/v1/member/action/logout", {}, { "Login-Credential": credential });
}

export interface CatalogueGoods {
  goodsNo: string;
  /** The SKUs in the services' order, with their names (a region, a face value…). */
  skus: { skuNo: string; name: string }[];
}

/** A goods of the catalogue found by its exact name through the goods search and detail calls. */
export async function goodsNamed(baseURL: string, name: string): Promise<CatalogueGoods> {
  const found = await api<{ goods_list: { list: { goods_no: string; goods_name: string }[] } }>(
    baseURL,
    `/api/trade_bff/v1/goods/search?keyword=${encodeURIComponent(name)}&size=50`,
  );
  const goods = found.goods_list.list.find((item) => item.goods_name === name);
  if (!goods) throw new Error(`no goods named ${name}`);
  interface SkuItem {
    sku: { sku_no: string; sku_name: string } | null;
    child: SkuItem[];
  }
  const { goods_detail } = await api<{ goods_detail: { sku_item: SkuItem[] } }>(baseURL, `/api/trade_bff/v2/goods/${goods.goods_no}`);
  const skus: CatalogueGoods["skus"] = [];
  const collect = (items: SkuItem[]) => {
    for (const item of items) {
      if (item.sku) skus.push({ skuNo: item.sku.sku_no, name: item.sku.sku_name });
      collect(item.child);
    }
  };
  collect(goods_detail.sku_item);
  return { goodsNo: goods.goods_no, skus };
}

/**
 * Closes a second tab (the cashier) as a browser does: the tab behind it comes to the front. A page
 * left hidden behind a closed tab at times never reached the load event of its next reload.
 */
/**
 * A page of the shop opened in a tab of its own, as a shopper opens it from 我的订单, and the tab it leaves closed.
 * Without JavaScript the pay page reloads itself every few seconds (a meta refresh, which also moves on to pay-wait
 * once paid): on a busy machine that reload cut short a navigation from it that had not answered yet ("interrupted by
 * another navigation to /settle/pay…").
 */
export async function inItsOwnTab(from: Page, path: string): Promise<Page> {
  const tab = await from.context().newPage();
  await tab.goto(path);
  await closePage(from);
  return tab;
}

/** Closes a tab and brings the one left on top to the front. */
export async function closeTab(tab: Page) {
  const context = tab.context();
  await closePage(tab);
  await context.pages().at(-1)?.bringToFront();
}

/**
 * Closes a page, also one that navigates by itself (a meta refresh, the cashier's return). Chromium can acknowledge a
 * close that meets a navigation's commit and drop it, and page.close() then waits forever (Playwright 1.65,
 * microsoft/playwright#42366, crbug.com/536385539; 8 of 60 closes of a page refreshing itself hung here). So the page's
 * own navigations are held first (answered 204, which commits nothing), and the close is asked for again until the page
 * is gone, for a navigation that was already on its way (0 of 60 hung).
 */
export async function closePage(page: Page) {
  if (page.isClosed()) return;
  await holdOwnNavigations(page);
  const { targetInfo } = await (await page.context().newCDPSession(page)).send("Target.getTargetInfo");
  const closed = page.close();
  const browser = await page.context().browser()!.newBrowserCDPSession();
  try {
    while (!(await Promise.race([closed.then(() => true), new Promise<false>((done) => setTimeout(done, 1_000, false))]))) {
      await browser.send("Target.closeTarget", { targetId: targetInfo.targetId }).catch(() => undefined);
    }
  } finally {
    await browser.detach();
  }
}

/**
 * Holds the navigations a page makes by itself (a meta refresh, a form the page posts): each is answered 204, which
 * commits nothing and keeps the page as it is. `release` lets them through again and answers the last one held.
 */
export async function holdOwnNavigations(page: Page): Promise<{ release(): Promise<string | null> }> {
  let held: string | null = null;
  const hold = (route: Route) => {
    const request = route.request();
    if (!request.isNavigationRequest() || request.frame() !== page.mainFrame()) return route.fallback();
    held = request.url();
    return route.fulfill({ status: 204 });
  };
  await page.route("**/*", hold);
  return {
    async release() {
      await page.unroute("**/*", hold);
      return held;
    },
  };
}
