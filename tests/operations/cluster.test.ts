// WEB_CONCURRENCY=2 (issue 15): the real server as `npm start` runs it, two node:cluster workers
// on one port. Orders created and paid through both workers at once are each delivered exactly
// once, by background jobs that run in one process only; SIGTERM drains every worker.
import Database from "better-sqlite3";
import { execFileSync, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { signNotification } from "../../server/trade/providers/pay-sandbox";
import { addStock, credentialFor, skuToBuy } from "../bench/data";
import { freePort, PAY_NOTIFY_SECRET } from "../bench/server";
import { SERVER_NODE_ARGS } from "../../scripts/setup.mjs";
import { startShop, type Shop } from "../security/shop";

const ORDERS = 60;
let shop: Shop;
let metricsPort: number;
beforeAll(async () => {
  metricsPort = await freePort();
  shop = await startShop({ env: { WEB_CONCURRENCY: "2", FULFIL_DELAY_MS: "50", METRICS_PORT: String(metricsPort) } });
}, 90_000);
afterAll(() => shop?.close());

/** The processes whose parent is the server process and that run the server's bundle: its cluster workers (by their
 * command line: Node 24 names its main thread, so `comm` is not "node"). */
const workerPids = () =>
  execFileSync("ps", ["--ppid", String(shop.pid), "-o", "pid=,args="], { encoding: "utf8" })
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.some((arg) => arg.endsWith("boot.js")))
    .map(([pid]) => Number(pid));

/** The pid of every log line with this message. */
const pidsLogging = (message: string) =>
  shop
    .log()
    .split("\n")
    .filter((line) => line.includes(`"msg":"${message}"`))
    .map((line) => (JSON.parse(line) as { pid: number }).pid);

it("serves from two workers and runs the jobs once: every order paid through either is delivered exactly once", async () => {
  // ready means one worker answered: on a busy machine the other may still be starting, and a
  // worker that is not listening yet is given no connections
  await expect.poll(() => shop.log().match(/商城已启动/g)?.length ?? 0, { timeout: 30_000 }).toBe(2);
  expect(workerPids()).toHaveLength(2);
  const buy = skuToBuy(shop.dbFile, "G1001");
  addStock(shop.dbFile, buy.skuNo, ORDERS);
  const member = { "Login-Credential": credentialFor(shop.dbFile, 1), "content-type": "application/json", origin: shop.url };
  const body = JSON.stringify({
    customer: { user_id: "1", user_phone: "", user_email: "" },
    units: [{ goods_no: buy.goodsNo, sku_no: buy.skuNo, sku_num: 1 }],
    pay_way: "WX",
    coupons: [],
  });

  // all at once: the primary hands connections to both workers while the jobs deliver
  const orderNos = await Promise.all(
    Array.from({ length: ORDERS }, async () => {
      const created = await fetch(`${shop.url}/api/trade_bff/v1/order`, { method: "POST", headers: member, body });
      expect(created.status).toBe(200);
      const orderNo = ((await created.json()) as { result: { order_no: string } }).result.order_no;
      const notice = { notify_id: `cluster-${orderNo}`, order_no: orderNo, trade_status: "SUCCESS" as const, amount: buy.priceCents, pay_way: "WX" };
      const paid = await fetch(`${shop.url}/api/pay_gateway/notify`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...notice, sign: signNotification(PAY_NOTIFY_SECRET, notice) }),
      });
      expect(paid.status).toBe(200);
      return orderNo;
    }),
  );
  expect(new Set(orderNos).size).toBe(ORDERS);

  const db = new Database(shop.dbFile, { readonly: true });
  try {
    const placeholders = orderNos.map(() => "?").join(",");
    const delivered = () =>
      db
        .prepare(`SELECT count(*) FROM orders WHERE status = 'SEND_SUCCESS' AND order_no IN (${placeholders})`)
        .pluck()
        .get(...orderNos);
    await expect.poll(delivered, { timeout: 20_000, interval: 200 }).toBe(ORDERS);
    // one code per order, one delivery mail per order
    const codes = db.prepare(`SELECT order_no, count(*) AS n FROM cdkeys WHERE order_no IN (${placeholders}) GROUP BY order_no`).all(...orderNos) as {
      n: number;
    }[];
    expect(codes).toHaveLength(ORDERS);
    expect(codes.every((row) => row.n === 1)).toBe(true);
    const mails = db
      .prepare(`SELECT order_no, count(*) AS n FROM outbox_messages WHERE channel = 'MAIL' AND order_no IN (${placeholders}) GROUP BY order_no`)
      .all(...orderNos) as { n: number }[];
    expect(mails.every((row) => row.n === 1)).toBe(true);
  } finally {
    db.close();
  }

  // the deliveries were logged by the primary alone, and both workers answered requests
  expect(new Set(pidsLogging("delivered orders"))).toEqual(new Set([shop.pid]));
  const served = new Set(pidsLogging("request completed"));
  for (const pid of workerPids()) expect(served).toContain(pid);
}, 120_000);

it("a background job failing in the primary, which serves no requests, is counted on the cluster's /metrics", async () => {
  const expiryFailures = async () =>
    (await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text())
      .split("\n")
      .filter((line) => line.startsWith('shop_job_failures_total{job="expiry"'));
  expect(await expiryFailures()).toEqual(['shop_job_failures_total{job="expiry",cause="not_database"} 0']);
  const buy = skuToBuy(shop.dbFile, "G1001");
  const created = await fetch(`${shop.url}/api/trade_bff/v1/order`, {
    method: "POST",
    headers: { "Login-Credential": credentialFor(shop.dbFile, 1), "content-type": "application/json", origin: shop.url },
    body: JSON.stringify({
      customer: { user_id: "1", user_phone: "", user_email: "" },
      units: [{ goods_no: buy.goodsNo, sku_no: buy.skuNo, sku_num: 1 }],
      pay_way: "WX",
      coupons: [],
    }),
  });
  expect(created.status).toBe(200);
  const orderNo = ((await created.json()) as { result: { order_no: string } }).result.order_no;
  const db = new Database(shop.dbFile);
  try {
    // an unpaid order past its window whose closing the database refuses: each expiry pass fails
    db.exec(
      `CREATE TRIGGER refuse_closing BEFORE UPDATE OF status ON orders WHEN OLD.order_no = '${orderNo}' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`,
    );
    db.prepare("UPDATE orders SET pay_expire_at = 0 WHERE order_no = ?").run(orderNo);
    await expect
      .poll(async () => (await expiryFailures()).find((line) => line.includes('cause="other"')), { timeout: 20_000, interval: 500 })
      .toMatch(/^shop_job_failures_total\{job="expiry",cause="other"\} [1-9]\d*$/);
    expect(new Set(pidsLogging("background job failed"))).toEqual(new Set([shop.pid]));
  } finally {
    db.exec("DROP TRIGGER IF EXISTS refuse_closing");
    db.close();
  }
}, 60_000);

it("every worker runs with the old generation capped, so garbage does not pile up (decision 034)", () => {
  const workers = workerPids();
  expect(workers).toHaveLength(2);
  for (const pid of workers) expect(readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")).toContain("--max-old-space-size=512");
  // npm start runs the server as the tests and the bench do
  const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
  expect(scripts.start).toContain(`node ${SERVER_NODE_ARGS.join(" ")}`);
});

it("SIGTERM drains both workers, then the primary exits", async () => {
  const workers = workerPids();
  await shop.stop();
  expect(pidsLogging("stopped").sort()).toEqual([...workers, shop.pid].sort());
});

it("a cluster whose workers cannot start (the port is taken) backs off, then exits non-zero with the cause", async () => {
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
  const { port } = taken.address() as AddressInfo;
  const dir = mkdtempSync(join(tmpdir(), "shop-crash-loop-"));
  cpSync(inject("seededTemplate"), dir, { recursive: true });
  try {
    const child = spawn(process.execPath, SERVER_NODE_ARGS, {
      env: {
        ...process.env,
        NODE_ENV: "production",
        DEMO: "1",
        HOST: "127.0.0.1",
        PORT: String(port),
        WEB_CONCURRENCY: "2",
        DB_FILE: join(dir, "shop.sqlite"),
        SESSION_SECRET: "s".repeat(40),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let log = "";
    child.stdout.on("data", (chunk) => (log += chunk));
    child.stderr.on("data", (chunk) => (log += chunk));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    const lines = log
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string; time: string; cause?: string; retryInMs?: number });
    expect(code).toBe(1);
    const fatal = lines.find((line) => line.msg === "workers cannot start: stopping the cluster");
    expect(fatal?.cause).toBe(`EADDRINUSE: 127.0.0.1:${port}`);
    // it waited longer each time, and gave up within seconds instead of forking forever
    const pauses = lines.flatMap((line) => (line.msg === "worker failed to start; trying again" ? [line.retryInMs] : []));
    expect(pauses).toEqual([500, 1000, 2000]);
    // the pauses themselves add up to 3.5 s; each try also waits for a worker to load the bundle, which on a busy
    // machine takes many seconds, so the bound is loose: what matters is that it ends
    const firstFailure = lines.find((line) => line.msg === "worker failed to start; trying again")!.time;
    expect(Date.parse(fatal!.time) - Date.parse(firstFailure)).toBeLessThan(120_000);
  } finally {
    taken.close();
    rmSync(dir, { recursive: true, force: true });
  }
}, 240_000);
