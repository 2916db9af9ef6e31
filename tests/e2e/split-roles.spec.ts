import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSeededDb } from "../bench/data";
import { startServer, type BenchServer } from "../bench/server";
import { startBalancer, type Balancer } from "./balancer";
import { expect, test } from "./fixtures";
import { loginByPassword } from "./login-steps";

// SERVER_ROLE (issue 15, docs/deploy.md): one trade process and two storefront processes behind a
// balancer that sends each page request to the next storefront in turn. A shopper logs in, buys
// and gets a code with JavaScript on, every page from whichever storefront: one session, one order,
// one code — the storefronts hold no state of their own.
test.describe.configure({ mode: "serial" });

let dir: string;
let dbFile: string;
let trade: BenchServer;
let storefronts: BenchServer[];
let balancer: Balancer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dir = mkdtempSync(join(tmpdir(), "shop-roles-"));
  dbFile = createSeededDb(dir).dbFile;
  const common = { FULFIL_DELAY_MS: "300" };
  trade = await startServer({ dbFile, logDir: dir, env: { ...common, SERVER_ROLE: "trade" } });
  const storefront = { ...common, SERVER_ROLE: "storefront", TRADE_API_URL: trade.url, DB_FILE: join(dir, "absent", "storefront.sqlite") };
  storefronts = await Promise.all([0, 1].map(() => startServer({ dbFile, logDir: dir, env: storefront })));
  balancer = await startBalancer(
    trade.url,
    storefronts.map((s) => s.url),
  );
});

test.afterAll(async () => {
  await balancer?.close();
  for (const server of [...(storefronts ?? []), trade]) await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// the journey runs with JavaScript on
test("a shopper logs in, pays and gets the code while two storefronts take turns", { tag: "@js-only" }, async ({ page, context }) => {
  test.setTimeout(90_000);
  const orders = () => new Database(dbFile, { readonly: true });
  const before = orders().prepare("SELECT count(*) FROM orders WHERE member_id = 1").pluck().get() as number;

  await page.goto(`${balancer.url}/topic/G1001`);
  await page.getByRole("banner").getByRole("link", { name: "登录" }).click();
  await loginByPassword(page, true, "13800138000");
  await expect(page.getByRole("status").filter({ hasText: "登录成功" })).toBeVisible();
  await expect(page.getByTestId("member-name")).toBeVisible();
  // the demo member's coupons are not new in this visit: no coupon pop-up (decision 027)
  await expect(page.getByRole("heading", { name: "恭喜您" })).toHaveCount(0);

  await page.getByRole("button", { name: /立即购买|券后价/ }).click();
  await expect(page).toHaveURL(/\/settle\/pay-confirm\/G1001/);
  await page.getByRole("textbox", { name: "收货邮箱" }).fill("roles@example.com");
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(/\/settle\/pay$/);
  await page.getByLabel("支付宝").check();
  const cashierOpened = context.waitForEvent("page");
  await page.getByRole("button", { name: "点击付款" }).click();
  const cashier = await cashierOpened;
  await cashier.waitForURL(/\/mock-pay\//);
  await cashier.getByRole("button", { name: /确认支付/ }).click();
  await expect(cashier.getByRole("heading", { name: "支付成功" })).toBeVisible();

  await page.waitForURL(/\/settle\/pay-success\//, { timeout: 20_000 });
  await expect(page.getByTestId("delivered-code").first()).toBeVisible({ timeout: 20_000 });
  const orderNo = page.url().split("/").pop()!;
  await page.goto(`${balancer.url}/order/detail/${orderNo}`);
  const code = (await page.getByTestId("delivered-code").first().textContent())!.trim();

  const db = orders();
  try {
    expect(db.prepare("SELECT count(*) FROM orders WHERE member_id = 1").pluck().get()).toBe(before + 1);
    expect(db.prepare("SELECT code FROM cdkeys WHERE order_no = ?").pluck().all(orderNo)).toEqual([code]);
  } finally {
    db.close();
  }
  // both storefronts served this shopper's pages, taking turns
  const pages = balancer.served.map((paths) => paths.filter((p) => /^GET \/(topic|settle|order)/.test(p)));
  expect(pages[0]!.length).toBeGreaterThan(0);
  expect(pages[1]!.length).toBeGreaterThan(0);
});
