// `npm run admin -- backup FILE` while shoppers keep ordering and paying (operator trial 3a, H2; decision 055): the
// copy is whole (integrity_check) and consistent (every paid order of the load that the shop had answered before
// the backup started is paid in it, and each order's codes are delivered and shown in the same file), and the shop
// goes on taking orders meanwhile.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ADMIN_ENTRY } from "../../scripts/setup.mjs";
import { addStock, skuToBuy } from "../bench/data";
import { startShop, type Shop } from "../security/shop";

const CLIENTS = 4;
const root = resolve(import.meta.dirname, "../..");

let shop: Shop;
beforeAll(async () => {
  shop = await startShop({ env: { FULFIL_DELAY_MS: "0" } });
}, 90_000);
afterAll(() => shop?.close());

/** The script as an operator runs it beside the running shop: its own process, with the shop's settings (a demo). */
function adminBackup(file: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [ADMIN_ENTRY, "backup", file],
      { cwd: root, env: { ...process.env, DB_FILE: shop.dbFile, NODE_ENV: "production", DEMO: "1" } },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

it("copies a consistent database while orders are placed and paid, without stopping them", async () => {
  const sku = skuToBuy(shop.dbFile, "G1001");
  addStock(shop.dbFile, sku.skuNo, 2_000);
  const cookie = shop.memberCookie();
  const paidAt = new Map<string, number>();
  const failures: string[] = [];
  let stop = false;

  async function buyAndPay() {
    const created = await fetch(`${shop.url}/api/trade_bff/v1/order`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie },
      body: JSON.stringify({
        customer: { user_id: "1", user_phone: "", user_email: "buyer@example.com" },
        units: [{ goods_no: sku.goodsNo, sku_no: sku.skuNo, sku_num: 1 }],
        channel: { channel_name: "", channel_no: "1" },
        pay_way: "ALIPAY",
        coupons: [],
      }),
    });
    const body = (await created.json()) as any;
    if (!body.success) return void failures.push(`create: ${JSON.stringify(body)}`);
    const cashier = new URL(body.result.third_pay_detail.pay_url, shop.url);
    const paid = await fetch(`${shop.url}${cashier.pathname}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: shop.url },
      body: new URLSearchParams({ sig: cashier.searchParams.get("sig") ?? "", result: "SUCCESS" }),
    });
    if (!(await paid.text()).includes("支付成功")) return void failures.push(`pay ${body.result.order_no}: ${paid.status}`);
    paidAt.set(body.result.order_no, Date.now());
  }
  const clients = Array.from({ length: CLIENTS }, async () => {
    while (!stop && failures.length === 0) await buyAndPay();
  });
  const waitFor = async (paid: number) => {
    while (paidAt.size < paid && failures.length === 0) await new Promise((r) => setTimeout(r, 20));
  };

  try {
    await waitFor(20);
    const backup = join(shop.dir, "backup.sqlite");
    const started = Date.now();
    const paidBefore = new Set(paidAt.keys());
    const run = await adminBackup(backup);
    const finished = Date.now();
    // the shop kept selling while the script ran, and after
    await waitFor(paidAt.size + 10);
    stop = true;
    await Promise.all(clients);

    expect(failures).toEqual([]);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.stdout).toContain("完整性检查通过");
    expect([...paidAt.values()].filter((at) => at > started && at < finished).length).toBeGreaterThan(0);
    expect(existsSync(`${backup}-wal`) || existsSync(`${backup}-shm`)).toBe(false);

    const copy = new Database(backup, { readonly: true, fileMustExist: true });
    try {
      expect(copy.pragma("integrity_check")).toEqual([{ integrity_check: "ok" }]);
      const load = [...paidAt.keys()];
      const rows = copy
        .prepare(
          `SELECT o.order_no AS orderNo, o.status, o.pay_at AS payAt,
             (SELECT count(*) FROM cdkeys c WHERE c.order_no = o.order_no AND c.status = 'DELIVERED') AS codes,
             (SELECT count(*) FROM order_performances p WHERE p.order_no = o.order_no) AS shown,
             (SELECT count(*) FROM payment_notifications n WHERE n.order_no = o.order_no AND n.outcome = 'APPLIED') AS notifications
           FROM orders o WHERE o.order_no IN (${load.map(() => "?").join(",")})`,
        )
        .all(...load) as { orderNo: string; status: string; payAt: number | null; codes: number; shown: number; notifications: number }[];
      const inCopy = new Map(rows.map((r) => [r.orderNo, r]));
      // a prefix: every order the shop had answered as paid before the backup began is paid in the copy
      for (const orderNo of paidBefore) expect(inCopy.get(orderNo)?.payAt, orderNo).toBeTypeOf("number");
      // and each order in it is whole: delivered with its one code shown, or not yet delivered with none
      for (const r of rows) {
        const delivered = r.status === "SEND_SUCCESS";
        expect({ orderNo: r.orderNo, codes: r.codes, shown: r.shown }).toEqual({ orderNo: r.orderNo, codes: delivered ? 1 : 0, shown: delivered ? 1 : 0 });
        expect({ orderNo: r.orderNo, notifications: r.notifications }).toEqual({ orderNo: r.orderNo, notifications: r.payAt === null ? 0 : 1 });
      }
      expect(rows.filter((r) => r.status === "SEND_SUCCESS").length).toBeGreaterThan(0);
      // the shop went on: the live database has orders the copy does not
      expect(rows.length).toBeLessThan(load.length);
    } finally {
      copy.close();
    }
  } finally {
    stop = true;
    await Promise.all(clients);
  }
}, 120_000);
