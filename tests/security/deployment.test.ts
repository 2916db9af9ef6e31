// Deployment modes (decision 011, docs/security.md): a production start without DEMO=1 has no sandbox
// cashier, no /dev pages and no accounts with the published password, and answers order creation
// with 503 支付通道未开通 instead of handing out a free code; NODE_ENV unset behaves as production;
// the demo (DEMO=1) keeps its cashier.
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createCookie } from "@remix-run/node";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { derivedKey } from "../../server/config";
import { verifyPassword } from "../../server/trade/domain/password";
import type { PayNotification } from "../../server/trade/providers/pay";
import { signNotification } from "../../server/trade/providers/pay-sandbox";
import { skuToBuy } from "../bench/data";
import { SESSION_SECRET } from "../bench/server";
import { postOrder } from "./open-order";
import { startShop, type Shop } from "./shop";
import { startup } from "./startup";

const ORDER = "/api/trade_bff/v1/order";
const PUBLISHED_PASSWORD = "demo123456";

function rows<T>(dbFile: string, query: string, ...params: unknown[]): T[] {
  const db = new Database(dbFile, { readonly: true });
  try {
    return db.prepare(query).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** What the attacker of review finding 1 (decision 011) does with a pay_url: posts the cashier's SUCCESS button. */
async function payInSandbox(shop: Shop, orderNo: string, payUrl: string) {
  const sig = new URL(payUrl, shop.url).searchParams.get("sig") ?? "";
  return fetch(`${shop.url}/mock-pay/${orderNo}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ sig, result: "SUCCESS" }),
  });
}

async function deliveredCodes(shop: Shop, orderNo: string, waitMs: number): Promise<string[]> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const codes = rows<{ code: string }>(shop.dbFile, "SELECT code FROM cdkeys WHERE order_no = ?", orderNo).map((r) => r.code);
    if (codes.length || Date.now() > deadline) return codes;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** GET and POST of a cashier address, as anyone can send them. */
async function cashierAnswers(shop: Shop, orderNo: string) {
  const get = await fetch(`${shop.url}/mock-pay/${orderNo}?sig=${"0".repeat(32)}`);
  const post = await fetch(`${shop.url}/mock-pay/${orderNo}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ sig: "0".repeat(32), result: "SUCCESS" }),
  });
  return [
    { method: "GET", status: get.status, cashier: (await get.text()).includes("收银台") },
    { method: "POST", status: post.status, cashier: (await post.text()).includes("收银台") },
  ];
}

const anyOrderNo = (shop: Shop) => rows<{ order_no: string }>(shop.dbFile, "SELECT order_no FROM orders WHERE member_id = 1 LIMIT 1")[0]!.order_no;

describe("a production start without DEMO=1", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop({ env: { DEMO: undefined, FULFIL_DELAY_MS: "100" } });
  }, 90_000);
  afterAll(() => shop?.close());

  it("gives a member no code without paying: order creation answers 503 支付通道未开通 and creates nothing", async () => {
    const before = rows(shop.dbFile, "SELECT order_no FROM orders").length;
    const { status, body } = await postOrder(shop);
    const created = { status, body };
    let codes: string[] = [];
    if (created.body.success) {
      // the shop handed out a pay_url: follow finding 1 to its end
      const { order_no, third_pay_detail } = created.body.result;
      await payInSandbox(shop, order_no, third_pay_detail.pay_url);
      codes = await deliveredCodes(shop, order_no, 5_000);
    }
    expect(codes, "codes delivered for an order nobody paid").toEqual([]);
    expect(created).toEqual({ status: 503, body: { success: false, result: { error_code: 503, error_msg: "支付通道未开通" } } });
    expect(rows(shop.dbFile, "SELECT order_no FROM orders").length).toBe(before);
  });

  it("shows the shopper an error on the pay page, not a cashier link", async () => {
    const sku = skuToBuy(shop.dbFile, "G1001");
    // the settle cookie as pay-confirm sets it: signed with the storefront's key (decision 015)
    const signed = createCookie("settle", { secrets: [derivedKey(SESSION_SECRET, "storefront-cookies")] });
    const settle = (await signed.serialize({ goodsNo: sku.goodsNo, skuNo: sku.skuNo, couponNo: null, email: "buyer@example.com" })).split(";")[0]!;
    const before = rows(shop.dbFile, "SELECT order_no FROM orders").length;
    const page = await fetch(`${shop.url}/settle/pay`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: `${shop.memberCookie(1)}; ${settle}` },
      body: new URLSearchParams({ pay_way: "WX", request_id: "deploy-test-0001" }),
      redirect: "manual",
    });
    const html = await page.text();
    expect(page.status).toBe(503);
    expect(html).toContain("创建订单失败");
    expect(html).not.toContain("/mock-pay/");
    expect(rows(shop.dbFile, "SELECT order_no FROM orders").length).toBe(before);
  });

  it("takes no payment notification and reissues no payment: both answer 503 支付通道未开通", async () => {
    const orderNo = anyOrderNo(shop);
    const n: PayNotification = { notify_id: "N-deploy-0001", order_no: orderNo, trade_status: "SUCCESS", amount: 1, pay_way: "WX" };
    const notify = await fetch(`${shop.url}/api/pay_gateway/notify`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...n, sign: signNotification(derivedKey(SESSION_SECRET, "pay-notify"), n) }),
    });
    const reissue = await fetch(`${shop.url}${ORDER}/pay_way`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: shop.memberCookie(1) },
      body: JSON.stringify({ order_no: orderNo, pay_way: "ALIPAY" }),
    });
    const unavailable = { success: false, result: { error_code: 503, error_msg: "支付通道未开通" } };
    expect({ status: notify.status, body: await notify.json() }).toEqual({ status: 503, body: unavailable });
    expect({ status: reissue.status, body: await reissue.json() }).toEqual({ status: 503, body: unavailable });
    expect(rows(shop.dbFile, "SELECT notify_id FROM payment_notifications WHERE notify_id = ?", n.notify_id)).toEqual([]);
  });

  it("has no sandbox cashier: /mock-pay answers 404, GET and POST", async () => {
    expect(await cashierAnswers(shop, anyOrderNo(shop))).toEqual([
      { method: "GET", status: 404, cashier: false },
      { method: "POST", status: 404, cashier: false },
    ]);
  });

  it("has no demo pages: /dev and /dev/sms answer 404, GET and POST", async () => {
    const answers = [];
    for (const path of ["/dev", "/dev/sms"]) {
      for (const method of ["GET", "POST"]) answers.push(`${method} ${path} ${(await fetch(shop.url + path, { method })).status}`);
    }
    expect(answers).toEqual(["GET /dev 404", "POST /dev 404", "GET /dev/sms 404", "POST /dev/sms 404"]);
  });

  it("hands out no cashier link for an open order", async () => {
    const list = await fetch(`${shop.url}${ORDER}/list?user_id=1&order_status=WAIT_PAY`, { headers: { Cookie: shop.memberCookie(1) } });
    const body = (await list.json()) as any;
    expect(body.result.list.length).toBeGreaterThan(0);
    expect(body.result.list.map((o: any) => o.third_pay_detail.pay_url).filter(Boolean)).toEqual([]);
  });
});

describe("a production start without DEMO=1 on an empty database", () => {
  let shop: Shop;
  beforeAll(async () => {
    // the first start of a new shop: told to create its database (a missing DB_FILE is refused otherwise)
    shop = await startShop({ seeded: false, env: { DEMO: undefined, DB_CREATE: "1" } });
  }, 90_000);
  afterAll(() => shop?.close());

  it("creates no member with the published password demo123456", () => {
    const members = rows<{ mobile: string; password_hash: string | null }>(shop.dbFile, "SELECT mobile, password_hash FROM members");
    expect(members.filter((m) => m.password_hash && verifyPassword(PUBLISHED_PASSWORD, m.password_hash)).map((m) => m.mobile)).toEqual([]);
  });

  it("seeds no codes anyone can read in the repository, nor orders", () => {
    expect(rows(shop.dbFile, "SELECT id FROM cdkeys").length).toBe(0);
    expect(rows(shop.dbFile, "SELECT order_no FROM orders").length).toBe(0);
  });

  it("has no demo goods, coupon activities or layout, and is not marked a demo database (decision 049)", () => {
    for (const table of ["goods", "skus", "coupon_activities", "coupons", "layout_blocks", "popup_adverts"]) {
      expect(rows(shop.dbFile, `SELECT rowid FROM ${table}`).length, table).toBe(0);
    }
    expect(rows(shop.dbFile, "SELECT key FROM shop_settings WHERE key = 'demo'")).toEqual([]);
  });

  it("tells a visitor the shop is being set up, on a page search engines leave out; no demo goods page exists", async () => {
    const home = await fetch(`${shop.url}/`);
    const html = await home.text();
    expect(home.status).toBe(200);
    expect(html).toContain("商城正在筹备中，敬请期待");
    expect(html).toMatch(/<meta name="robots" content="noindex, follow"/);
    expect((await fetch(`${shop.url}/topic/G1001`)).status).toBe(404);
  });
});

describe("NODE_ENV unset", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop({ env: { NODE_ENV: undefined, DEMO: undefined } });
  }, 90_000);
  afterAll(() => shop?.close());

  it("behaves as production: no /dev pages, no sandbox cashier", async () => {
    expect((await fetch(`${shop.url}/dev/sms`)).status).toBe(404);
    expect(await cashierAnswers(shop, anyOrderNo(shop))).toEqual([
      { method: "GET", status: 404, cashier: false },
      { method: "POST", status: 404, cashier: false },
    ]);
  });

  it("shows no error details (paths, stack traces) on an error page", async () => {
    const missing = await fetch(`${shop.url}/media/no-such-image.png`);
    expect(missing.status).toBe(404);
    const text = await missing.text();
    expect(text).not.toContain(shop.dir);
    expect(text).not.toMatch(/\bat \S+ \(/);
  });
});

describe("PAY_PROVIDER=sandbox", () => {
  it("stops a production start without DEMO=1 with a message", async () => {
    const dir = mkdtempSync(join(tmpdir(), "shop-deploy-"));
    const result = await startup({ DB_FILE: join(dir, "shop.sqlite"), DEMO: undefined, PAY_PROVIDER: "sandbox" });
    rmSync(dir, { recursive: true, force: true });
    expect(result.exited, `the server started:\n${result.output}`).toBe(true);
    expect(result.code).not.toBe(0);
    expect(result.output).toContain("PAY_PROVIDER=sandbox");
  }, 60_000);
});

describe("the demo (DEMO=1)", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop({ env: { DEMO: "1", FULFIL_DELAY_MS: "100" } });
  }, 90_000);
  afterAll(() => shop?.close());

  it("keeps the sandbox cashier: an order paid there is delivered", async () => {
    const { status, body } = await postOrder(shop);
    const created = { status, body };
    expect(created.status).toBe(200);
    const { order_no, third_pay_detail } = created.body.result;
    const page = await fetch(new URL(third_pay_detail.pay_url, shop.url));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("确认支付");
    const paid = await payInSandbox(shop, order_no, third_pay_detail.pay_url);
    expect(await paid.text()).toContain("支付成功");
    expect((await deliveredCodes(shop, order_no, 10_000)).length).toBe(1);
  });

  it("keeps the /dev pages", async () => {
    expect((await fetch(`${shop.url}/dev/sms`)).status).toBe(200);
  });
});

describe("start-up says what is wrong (operator trial M8, L1)", () => {
  const production = { DEMO: undefined, SESSION_SECRET, CN_BASE_URL: "https://shop.example" };

  it("refuses a production DB_FILE that does not exist, naming it, and creates nothing", async () => {
    const dir = mkdtempSync(join(tmpdir(), "shop-deploy-"));
    try {
      const mistyped = join(dir, "shpo.sqlite");
      const result = await startup({ ...production, DB_FILE: mistyped });
      expect(result.exited, `the server started:\n${result.output}`).toBe(true);
      expect(result.code).toBe(1);
      expect(result.output).toContain(`数据库文件不存在: ${mistyped}`);
      expect(result.output).toContain("DB_CREATE=1");
      expect(existsSync(mistyped)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("names the database and the cause when the file is not a database, without a stack", async () => {
    const dir = mkdtempSync(join(tmpdir(), "shop-deploy-"));
    try {
      const notADatabase = join(dir, "shop.sqlite");
      writeFileSync(notADatabase, "this is not a database, it is a note the operator left here ".repeat(100));
      const result = await startup({ ...production, DB_FILE: notADatabase });
      expect(result.exited).toBe(true);
      expect(result.code).toBe(1);
      expect(result.output).toContain(`无法打开数据库 ${notADatabase}：文件不是 SQLite 数据库或已损坏`);
      expect(result.output).not.toMatch(/\bat \S+ \(/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("warns of the demo in production and of a public origin over plain HTTP, and prints no secret", async () => {
    const secret = "a-session-secret-nobody-may-read-0123456789";
    const dir = mkdtempSync(join(tmpdir(), "shop-deploy-"));
    cpSync(inject("seededTemplate"), dir, { recursive: true });
    const result = await startup({ DB_FILE: join(dir, "shop.sqlite"), DEMO: "1", SESSION_SECRET: secret, CN_BASE_URL: "http://shop.example" });
    rmSync(dir, { recursive: true, force: true });
    expect(result.exited, result.output).toBe(false);
    expect(result.output).toContain("DEMO=1 用于正式环境");
    expect(result.output).toContain("CN_BASE_URL 是 http:// 地址");
    expect(result.output).not.toContain(secret);
  }, 60_000);
});
