// The QA admin script's commands on a temp database (DB_FILE), checked by their exit code, their output and the rows
// they changed. They run in this process, the way seed/admin.ts runs them; the script itself (its bundle, as
// `npm run admin` runs it, rebuilt by vitest's global set-up when a source is newer) runs as a child process in the
// first tests, as QA runs it.
import { execFile } from "node:child_process";
import { format } from "node:util";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openStore, type Store } from "../db/client";
import { ADMIN_ENTRY } from "../scripts/setup.mjs";
import { cdkeys, coupons, members, orderPerformances, orders, orderUnits, outboxMessages, paymentNotifications, refunds, sandboxRefunds } from "../db/schema";
import { yuanText } from "../shared/money";
import { unitShares } from "../server/trade/domain/refund-shares";
import { runRefunds } from "../server/trade/jobs/refunds";
import { REFUND_REASONS } from "../server/trade/services/order-admin";
import { refundNotice } from "../server/trade/services/refund.service";
import { loadConfig } from "../server/config";
import { createLogger } from "../server/logger";
import type { TradeDeps } from "../server/trade/deps";
import { fulfilOrder, OUT_OF_STOCK_NOTICE, runFulfilment } from "../server/trade/jobs/fulfilment";
import { queueSms } from "../server/trade/providers/outbox";
import { createOrder } from "../server/trade/services/order-commands";
import type { PayNotification } from "../server/trade/providers/pay";
import { signNotification } from "../server/trade/providers/pay-sandbox";
import { applyNotification } from "../server/trade/services/payment.service";
import { runAdmin } from "./admin-commands";
import { seedDatabase } from "./seed";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const COMMANDS = [
  "help",
  "reset",
  "orders",
  "order:advance",
  "order:set",
  "order:pay",
  "order:fail",
  "order:expire",
  "order:refund",
  "sms",
  "coupon:grant",
  "cdkeys:add",
  "codes:import",
  "goods:import",
];

let dir: string;
let dbFile: string;
let store: Store;
let deps: TradeDeps;
/** Orders the seed makes. */
let seededOrders: number;

interface AdminRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** The environment QA runs the script in, on this file's database. */
const adminEnv = (): NodeJS.ProcessEnv => ({ ...process.env, DB_FILE: dbFile, NODE_ENV: "test" });

/** `npm run admin -- …` as QA runs it: a child process. */
function adminProcess(...args: string[]): Promise<AdminRun> {
  return new Promise((done) => {
    execFile(process.execPath, [ADMIN_ENTRY, ...args], { cwd: root, env: adminEnv() }, (error, stdout, stderr) =>
      done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The same command line run in this process, its console output captured (a command runs synchronously). */
function admin(...args: string[]): AdminRun {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const log = vi.spyOn(console, "log").mockImplementation((...line) => void stdout.push(`${format(...line)}\n`));
  const error = vi.spyOn(console, "error").mockImplementation((...line) => void stderr.push(`${format(...line)}\n`));
  try {
    const code = runAdmin(args, adminEnv());
    if (typeof code !== "number") throw new Error(`${args[0]} waits: run it with an awaiting helper`);
    return { code, stdout: stdout.join(""), stderr: stderr.join("") };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

const orderOf = (orderNo: string) => store.db.select().from(orders).where(eq(orders.orderNo, orderNo)).get()!;

/** A fresh WAIT_PAY order of the first demo member, made by the API's own service. */
function freshOrder(over: { coupons?: string[]; mobile?: string; skus?: string[] } = {}): string {
  const member = store.db
    .select()
    .from(members)
    .where(eq(members.mobile, over.mobile ?? "+86-13800138000"))
    .get()!;
  const { order_no } = createOrder(
    deps,
    member,
    {
      customer: { user_id: String(member.memberId), user_phone: "", user_email: "qa@example.com" },
      units: (over.skus ?? ["G1001-S01"]).map((sku_no) => ({ goods_no: sku_no.split("-")[0]!, sku_no, sku_num: 1 })),
      channel: { channel_name: "", channel_no: "1" },
      pay_way: "WX",
      coupons: over.coupons ?? [],
    },
    { key: null, storeLine: "official" },
  );
  return order_no;
}

/** A fresh order paid and delivered in-process, as the cashier and the worker would. */
function deliveredOrder(over: Parameters<typeof freshOrder>[0] = {}): string {
  const orderNo = freshOrder(over);
  const n: PayNotification = { notify_id: `SETUP-${orderNo}`, order_no: orderNo, trade_status: "SUCCESS", amount: orderOf(orderNo).payPrice, pay_way: "WX" };
  applyNotification(deps, n, signNotification(deps.config.payNotifySecret, n));
  if (fulfilOrder(deps, orderNo, Date.now()) !== "delivered") throw new Error("setup: no code to deliver");
  return orderNo;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "shop-admin-"));
  dbFile = join(dir, "shop.sqlite");
  // the demo's database, as npm run demo creates it: the demo commands refuse any other (decision 049)
  const created = openStore(dbFile);
  seedDatabase(created, { mediaDir: join(dir, "media") });
  created.close();
  const config = loadConfig({ NODE_ENV: "test", DB_FILE: dbFile });
  store = openStore(config.dbFile);
  deps = { config, store, logger: createLogger("silent"), now: Date.now };
  seededOrders = store.db.select().from(orders).all().length;
}, 120_000);

afterAll(() => {
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("npm run admin: help and bad input", () => {
  it("the script, run as QA runs it, lists every command with one line each (no command is help too) and exits 1 on bad input", async () => {
    // three Node processes at once: about a second of CPU each, many more on a busy machine
    const [help, bare, bogus] = await Promise.all([adminProcess("help"), adminProcess(), adminProcess("bogus")]);
    expect(help.code).toBe(0);
    for (const command of COMMANDS) expect(help.stdout).toMatch(new RegExp(`^  ${command}\\b.*\\S`, "m"));
    expect(bare.stdout).toBe(help.stdout);
    expect(admin("help")).toEqual(help);
    expect(bogus).toMatchObject({ code: 1, stdout: "" });
    expect(bogus.stderr).toContain("未知命令：bogus");
  }, 120_000);

  it.each([
    [["bogus"], /未知命令：bogus/],
    [["order:advance"], /缺少参数 <order_no>/],
    [["order:advance", "TT20000101000000"], /订单不存在/],
    [["order:advance", "'; DROP TABLE orders; --"], /订单号格式错误/],
    [["order:set", "<first WAIT_PAY>", "DONE"], /未知状态：DONE/],
    [["orders", "--mobile", "12"], /手机号格式错误/],
    [["orders", "--mobile", "13700000000"], /没有手机号为 \+86-13700000000 的会员/],
    [["orders", "--frobnicate"], /不认识的选项 --frobnicate/],
    [["cdkeys:add", "NOPE-S1", "3"], /SKU 不存在/],
    [["cdkeys:add", "G1001-S01", "1.5"], /数量无效/],
    [["coupon:grant", "13800138000", "NOPE"], /优惠券活动不存在/],
    [["sms", "13700000000"], /没有发给 \+86-13700000000 的验证码短信/],
  ])("%j exits 1 with a clear message", async (args, message) => {
    const waiting = store.db.select().from(orders).where(eq(orders.status, "WAIT_PAY")).get()!.orderNo;
    const res = admin(...args.map((a) => (a === "<first WAIT_PAY>" ? waiting : a)));
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(message);
    expect(res.stderr).not.toMatch(/at .*\.ts:\d+/); // a message, not a stack trace
  });
});

describe("npm run admin: changing orders, coupons and codes", () => {
  it("advances a fresh order WAIT_PAY → PAY_SUCCESS → SENDING → SEND_SUCCESS, as payment and the worker do", async () => {
    const orderNo = freshOrder();
    const pay = admin("order:advance", orderNo);
    expect(pay.code, pay.stderr).toBe(0);
    expect(pay.stdout).toContain(`${orderNo}: WAIT_PAY → PAY_SUCCESS`);
    expect(orderOf(orderNo)).toMatchObject({ status: "PAY_SUCCESS", payAt: expect.any(Number), fulfilAfter: expect.any(Number) });
    expect(store.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, orderNo)).all()).toEqual([
      expect.objectContaining({ tradeStatus: "SUCCESS", outcome: "APPLIED" }),
    ]);

    const send = admin("order:advance", orderNo);
    expect(send.stdout).toContain(`${orderNo}: PAY_SUCCESS → SENDING`);
    expect(orderOf(orderNo).status).toBe("SENDING");

    const deliver = admin("order:advance", orderNo);
    expect(deliver.stdout).toContain(`${orderNo}: SENDING → SEND_SUCCESS`);
    const code = store.db.select().from(cdkeys).where(eq(cdkeys.orderNo, orderNo)).get()!;
    expect(code.status).toBe("DELIVERED");
    expect(deliver.stdout).toContain(code.code);
    expect(store.db.select().from(orderPerformances).where(eq(orderPerformances.orderNo, orderNo)).all()).toHaveLength(1);
    const messages = store.db.select().from(outboxMessages).where(eq(outboxMessages.orderNo, orderNo)).all();
    expect(messages.map((m) => [m.channel, m.recipient]).sort()).toEqual([
      ["MAIL", "qa@example.com"],
      ["SMS", "+86-13800138000"],
    ]);

    const beyond = admin("order:advance", orderNo);
    expect(beyond.code).toBe(1);
    expect(beyond.stderr).toContain("没有下一个正常状态");
  });

  it("order:set refuses a transition the state machine does not allow, and --force applies it printed FORCED", async () => {
    const orderNo = deliveredOrder();
    const refused = admin("order:set", orderNo, "WAIT_PAY");
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("不允许的状态变更：SEND_SUCCESS → WAIT_PAY");
    expect(refused.stderr).toContain("--force");
    expect(orderOf(orderNo).status).toBe("SEND_SUCCESS");

    const forced = admin("order:set", orderNo, "WAIT_PAY", "--force");
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain(`FORCED ${orderNo}: SEND_SUCCESS → WAIT_PAY`);
    const row = orderOf(orderNo);
    expect(row.status).toBe("WAIT_PAY");
    expect(row.payExpireAt).toBeGreaterThan(Date.now()); // not closed by the sweeper at once
  });

  it("order:set applies an allowed transition through the same code as the API", async () => {
    const orderNo = freshOrder();
    const failed = admin("order:set", orderNo, "pay_fail");
    expect(failed.stdout).toContain(`${orderNo}: WAIT_PAY → PAY_FAIL`);
    const closed = admin("order:set", orderNo, "CLOSE");
    expect(closed.stdout).toContain(`${orderNo}: PAY_FAIL → CLOSE`);
    expect(orderOf(orderNo)).toMatchObject({ status: "CLOSE", closedAt: expect.any(Number) });
  });

  it("coupon:grant, then a locked coupon returns on order:expire and is consumed by order:pay", async () => {
    const grant = admin("coupon:grant", "13900139000", "ACT002");
    expect(grant.code, grant.stderr).toBe(0);
    const couponNo = /CP\d{10}/.exec(grant.stdout)![0];
    expect(store.db.select().from(coupons).where(eq(coupons.couponNo, couponNo)).get()).toMatchObject({ status: "UNUSED", activityNo: "ACT002" });

    // ACT002 takes ￥10 off ￥100; G1001-S01 is above it
    const first = freshOrder({ coupons: [couponNo], mobile: "+86-13900139000" });
    expect(store.db.select().from(coupons).where(eq(coupons.couponNo, couponNo)).get()).toMatchObject({ status: "LOCKED", orderNo: first });
    const expire = admin("order:expire", first);
    expect(expire.stdout).toContain(`${first}: WAIT_PAY → CLOSE`);
    expect(expire.stdout).toContain("已退回优惠券 1 张");
    expect(store.db.select().from(coupons).where(eq(coupons.couponNo, couponNo)).get()).toMatchObject({ status: "UNUSED", orderNo: null });

    const second = freshOrder({ coupons: [couponNo], mobile: "+86-13900139000" });
    const pay = admin("order:pay", second);
    expect(pay.stdout).toContain(`${second}: WAIT_PAY → PAY_SUCCESS`);
    expect(pay.stdout).toContain(`优惠券 ${couponNo} 已核销`);
    expect(store.db.select().from(coupons).where(eq(coupons.couponNo, couponNo)).get()).toMatchObject({ status: "USED", orderNo: second });

    const again = admin("order:pay", second);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("不能支付");
  });

  it("order:fail fails a payment that can then be paid", async () => {
    const orderNo = freshOrder();
    expect(admin("order:fail", orderNo).stdout).toContain(`${orderNo}: WAIT_PAY → PAY_FAIL`);
    expect(admin("order:fail", orderNo).code).toBe(1);
    expect(admin("order:pay", orderNo).stdout).toContain(`${orderNo}: PAY_FAIL → PAY_SUCCESS`);
  });

  it("order:refund --part refunds the units' share of the price after coupons, then in full the rest: the refunds add up to what was paid", async () => {
    const grant = admin("coupon:grant", "13900139000", "ACT002");
    const couponNo = /CP\d{10}/.exec(grant.stdout)![0];
    const orderNo = deliveredOrder({ skus: ["G1024-S05", "G1001-S01"], coupons: [couponNo], mobile: "+86-13900139000" });
    const order = orderOf(orderNo);
    const units = store.db.select().from(orderUnits).where(eq(orderUnits.orderNo, orderNo)).orderBy(orderUnits.id).all();
    expect(order.couponAmount).toBe(1000);
    const [g1024Share, g1001Share] = unitShares(
      units.map((u) => u.unitPrice),
      order.payPrice,
    );

    const part = admin("order:refund", orderNo, "--part", "G1024-S05");
    expect(part.code, part.stderr).toBe(0);
    expect(part.stdout).toContain(`${orderNo}: SEND_SUCCESS → PART_REFUND`);
    expect(part.stdout).toContain(`部分退款（G1024-S05），金额 ${yuanText(g1024Share!)}（实付 ${yuanText(order.payPrice)}）`);
    // by SKU a part only once: a second could name the unit refunded already (decision 067)
    const again = admin("order:refund", orderNo, "--part", "G1024-S05");
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain(`订单 ${orderNo} 当前为 PART_REFUND，不能部分退款（仅 SEND_SUCCESS 可以）`);
    const all = admin("order:refund", orderNo);
    expect(all.stdout).toContain(`${orderNo}: PART_REFUND → ALL_REFUND`);
    expect(all.stdout).toContain(`全额退款，金额 ${yuanText(g1001Share!)}`);
    console.info(
      `order:refund figures: units ${units.map((u) => `${u.skuNo} ${u.unitPrice}`).join(" + ")}, coupon ${order.couponAmount}, paid ${order.payPrice}; --part G1024-S05 ${g1024Share}, then the rest ${g1001Share}`,
    );

    const queued = store.db.select().from(refunds).where(eq(refunds.orderNo, orderNo)).orderBy(refunds.id).all();
    expect(queued.map((r) => [r.idempotencyKey, r.amount, r.status])).toEqual([
      [`${orderNo}:1`, g1024Share, "PENDING"],
      [`${orderNo}:2`, g1001Share, "PENDING"],
    ]);
    expect(g1024Share! + g1001Share!).toBe(order.payPrice);
    expect(orderOf(orderNo).notice).toBe(refundNotice("PENDING", REFUND_REASONS.REST, g1001Share!));

    // the server's refund job pays both out through the provider; the shopper is told each amount
    await runRefunds(deps);
    expect(
      store.db
        .select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.orderNo, orderNo))
        .all()
        .map((r) => r.amount),
    ).toEqual([g1024Share, g1001Share]);
    const sms = store.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.orderNo, orderNo), eq(outboxMessages.channel, "SMS")))
      .all()
      .map((m) => m.body);
    for (const share of [g1024Share!, g1001Share!]) {
      expect(sms.filter((body) => body.includes(`退款 ${yuanText(share)} 处理中`))).toHaveLength(1);
      expect(sms.filter((body) => body.includes(`退款 ${yuanText(share)} 已退回原支付账户`))).toHaveLength(1);
    }
  });

  it("the seed's refunded orders carry the refunds they had, so order:refund on its PART_REFUND order gives back only the rest", async () => {
    const seeded = store.db.select().from(orders).where(eq(orders.status, "PART_REFUND")).all();
    expect(seeded.length).toBeGreaterThan(0);
    const order = seeded.find((o) => store.db.select().from(refunds).where(eq(refunds.orderNo, o.orderNo)).all().length === 1)!;
    const [first] = store.db.select().from(refunds).where(eq(refunds.orderNo, order.orderNo)).all();
    expect([first!.status, first!.amount > 0, first!.amount < order.payPrice]).toEqual(["SUCCEEDED", true, true]);
    const rest = order.payPrice - first!.amount;
    const all = admin("order:refund", order.orderNo);
    expect(all.code, all.stderr).toBe(0);
    expect(all.stdout).toContain(`${order.orderNo}: PART_REFUND → ALL_REFUND`);
    expect(all.stdout).toContain(`全额退款，金额 ${yuanText(rest)}`);
    // every fully refunded order, the seed's and this one, has refunds that add up to what was paid
    for (const o of store.db.select().from(orders).where(eq(orders.status, "ALL_REFUND")).all()) {
      const refunded = store.db
        .select()
        .from(refunds)
        .where(eq(refunds.orderNo, o.orderNo))
        .all()
        .reduce((sum, r) => sum + r.amount, 0);
      expect(refunded, o.orderNo).toBe(o.payPrice);
    }
  });

  it("order:refund refuses an unpaid order, a part naming a SKU not in the order, and a part that is the whole order", async () => {
    const unpaid = admin("order:refund", freshOrder());
    expect(unpaid.code).toBe(1);
    expect(unpaid.stderr).toContain("不能全额退款");
    const orderNo = deliveredOrder();
    const before = store.db.select().from(refunds).all().length;
    const stranger = admin("order:refund", orderNo, "--part", "G1024-S05");
    expect(stranger.code).toBe(1);
    expect(stranger.stderr).toContain("没有 SKU G1024-S05");
    const whole = admin("order:refund", orderNo, "--part", "G1001-S01");
    expect(whole.code).toBe(1);
    expect(whole.stderr).toContain("请用全额退款");
    expect(orderOf(orderNo).status).toBe("SEND_SUCCESS");
    expect(store.db.select().from(refunds).all()).toHaveLength(before);
  });

  it("sms prints the last login code sent to a number", async () => {
    queueSms(store.db, "+86-13900139000", { kind: "LOGIN_CODE", params: { code: "111111" }, now: Date.now() - 1000 });
    queueSms(store.db, "+86-13900139000", { kind: "LOGIN_CODE", params: { code: "482913" }, now: Date.now() });
    const res = admin("sms", "13900139000");
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout.split("\n")[0]).toBe("482913");
    expect(res.stdout).toContain("+86-13900139000");
  });
});

describe("npm run admin: the worker, listing and reset", () => {
  it("cdkeys:add restocks a sold-out SKU; the worker then delivers the order waiting for it", async () => {
    const waiting = store.db
      .select()
      .from(orders)
      .where(and(eq(orders.status, "SENDING"), eq(orders.notice, OUT_OF_STOCK_NOTICE)))
      .get()!;
    const unit = store.sqlite.prepare("SELECT sku_no FROM order_units WHERE order_no = ?").get(waiting.orderNo) as { sku_no: string };
    const add = admin("cdkeys:add", unit.sku_no, "2");
    expect(add.code, add.stderr).toBe(0);
    expect(add.stdout).toContain(`添加 2 个兑换码，现有未使用 2 个`);
    expect(add.stdout).toContain(waiting.orderNo);
    const result = runFulfilment(deps);
    expect(result.delivered).toContain(waiting.orderNo);
    expect(orderOf(waiting.orderNo)).toMatchObject({ status: "SEND_SUCCESS", notice: null });
  });

  it("codes:import (JSON goods first) gives codes to an order waiting in SENDING, which the worker then delivers", async () => {
    const goodsFile = join(dir, "goods.json");
    writeFileSync(
      goodsFile,
      JSON.stringify([{ goods_no: "G9200", goods_name: "导入的游戏", platform: "steam", skus: [{ sku_no: "G9200-S01", sku_name: "标准版", price: "12.50" }] }]),
    );
    expect(admin("goods:import", goodsFile)).toMatchObject({ code: 0 });
    const orderNo = freshOrder({ skus: ["G9200-S01"] });
    const n: PayNotification = { notify_id: `WAIT-${orderNo}`, order_no: orderNo, trade_status: "SUCCESS", amount: orderOf(orderNo).payPrice, pay_way: "WX" };
    applyNotification(deps, n, signNotification(deps.config.payNotifySecret, n));
    expect(fulfilOrder(deps, orderNo, Date.now())).not.toBe("delivered");
    expect(orderOf(orderNo).status).toBe("SENDING");
    const codes = join(dir, "codes.txt");
    writeFileSync(codes, "IMPORTED-0001\n");
    const res = admin("codes:import", codes, "--sku", "G9200-S01");
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain(`等待发货的订单 ${orderNo} 将由发货任务发货`);
    expect(runFulfilment(deps).delivered).toContain(orderNo);
    expect(
      store.db
        .select()
        .from(orderPerformances)
        .where(eq(orderPerformances.orderNo, orderNo))
        .all()
        .map((p) => p.value),
    ).toEqual(["IMPORTED-0001"]);
  });

  it("orders prints a table filtered by mobile and status", async () => {
    const res = admin("orders", "--mobile", "13800138000", "--status", "SEND_SUCCESS");
    expect(res.code, res.stderr).toBe(0);
    const lines = res.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^订单号\s+状态\s+会员\s+实付/);
    const rows = lines.slice(2, -1);
    const expected = store.db
      .select()
      .from(orders)
      .where(and(eq(orders.status, "SEND_SUCCESS"), eq(orders.memberId, 1)))
      .all();
    expect(rows).toHaveLength(expected.length);
    for (const row of rows) expect(row).toMatch(/^TT\d{14}\s+SEND_SUCCESS\s+\+86-13800138000\s+￥\d+\.\d{2}/);
    expect(lines.at(-1)).toBe(`共 ${expected.length} 个订单`);
  });

  it("reset recreates the demo data", async () => {
    const res = admin("reset");
    expect(res.code, res.stderr).toBe(0);
    expect(store.db.select().from(orders).all()).toHaveLength(seededOrders);
    expect(res.stdout).toContain("演示账户 +86-13800138000 / demo123456");
    expect(
      store.db
        .select()
        .from(coupons)
        .where(eq(coupons.activityNo, "ACT002"))
        .all()
        .filter((c) => c.memberId === 2),
    ).toEqual([]);
  });
});

describe("npm run admin on a shop's own database (decision 049)", () => {
  let shopDir: string;
  let shopFile: string;
  let shop: Store;
  /** The script as an operator runs it on that database, SESSION_SECRET unset. */
  const onShop = (...args: string[]) => {
    const env = { ...process.env, DB_FILE: shopFile, NODE_ENV: "production", SESSION_SECRET: undefined, CN_BASE_URL: undefined } as NodeJS.ProcessEnv;
    const stdout: string[] = [];
    const stderr: string[] = [];
    const log = vi.spyOn(console, "log").mockImplementation((...line) => void stdout.push(format(...line)));
    const error = vi.spyOn(console, "error").mockImplementation((...line) => void stderr.push(format(...line)));
    try {
      return { code: runAdmin(args, env), stdout: stdout.join("\n"), stderr: stderr.join("\n") };
    } finally {
      log.mockRestore();
      error.mockRestore();
    }
  };
  beforeAll(() => {
    shopDir = mkdtempSync(join(tmpdir(), "shop-own-"));
    shopFile = join(shopDir, "shop.sqlite");
    // a production start's database: migrated, empty, no demo mark; one real goods with one real code
    shop = openStore(shopFile);
    shop.sqlite.exec(`INSERT INTO goods (goods_no, goods_name, platform) VALUES ('G9001', '真游戏', 'STEAM');
      INSERT INTO skus (sku_no, goods_no, sku_name, price_turn_cny, origin_price_cny) VALUES ('G9001-S01', 'G9001', '标准版', 1000, 1000);
      INSERT INTO cdkeys (sku_no, code) VALUES ('G9001-S01', 'REAL-CODE-0001');`);
  });
  afterAll(() => {
    shop?.close();
    rmSync(shopDir, { recursive: true, force: true });
  });

  it("refuses reset, cdkeys:add and a made-up payment, changes nothing, and writes no session-secret", () => {
    const before = shop.sqlite.prepare("SELECT (SELECT count(*) FROM members) m, (SELECT count(*) FROM cdkeys) c, (SELECT count(*) FROM goods) g").get();
    for (const args of [
      ["reset"],
      ["cdkeys:add", "G9001-S01", "5"],
      ["order:pay", "TT20261127000001"],
      ["order:set", "TT20261127000001", "SEND_SUCCESS", "--force"],
    ]) {
      const res = onShop(...args);
      expect(res.code, args.join(" ")).toBe(1);
      expect(res.stderr).toContain(`${args[0]} 只能用于演示数据库`);
    }
    expect(shop.sqlite.prepare("SELECT (SELECT count(*) FROM members) m, (SELECT count(*) FROM cdkeys) c, (SELECT count(*) FROM goods) g").get()).toEqual(
      before,
    );
    expect(shop.sqlite.prepare("SELECT code FROM cdkeys").pluck().all()).toEqual(["REAL-CODE-0001"]);
    // a command for any database runs, without the storefront's CN_BASE_URL
    expect(onShop("orders")).toMatchObject({ code: 0, stdout: expect.stringContaining("共 0 个订单") });
    expect(readdirSync(shopDir).filter((f) => f.includes("secret"))).toEqual([]);
  });

  it("refuses a database that does not exist (a mistyped DB_FILE) and creates none", () => {
    const typo = join(shopDir, "shp.sqlite");
    const res = runAdminOn(typo);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`数据库不存在：${typo}`);
    expect(existsSync(typo)).toBe(false);
  });

  it("npm run seed refuses it too and leaves it as it was", async () => {
    const res = await new Promise<AdminRun>((done) =>
      execFile(process.execPath, ["--import", "tsx", "seed/run.ts"], { cwd: root, env: { ...process.env, DB_FILE: shopFile } }, (error, stdout, stderr) =>
        done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      ),
    );
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("npm run seed 只能重建演示数据库");
    expect(shop.sqlite.prepare("SELECT count(*) FROM goods").pluck().get()).toBe(1);
    expect(shop.sqlite.prepare("SELECT count(*) FROM members").pluck().get()).toBe(0);
  });

  /** A file of this test's own in the shop's directory. */
  const fileOf = (name: string, content: string | Buffer) => {
    const path = join(shopDir, name);
    writeFileSync(path, content);
    return path;
  };
  const snapshot = () =>
    shop.sqlite
      .prepare("SELECT (SELECT count(*) FROM goods) g, (SELECT count(*) FROM skus) s, (SELECT count(*) FROM cdkeys) c, (SELECT count(*) FROM layout_items) l")
      .get();

  it("goods:import lists every bad line of a CSV and writes nothing; a dry run writes nothing; the good file puts the goods on sale and on the home page", () => {
    const head = "goods_no,goods_name,platform,sku_no,sku_name,price,origin_price,tags";
    const bad = fileOf(
      "goods-bad.csv",
      [
        head,
        "G9100,星露谷物语,STEAM,G9100-S01,标准版,38.00,48.00,独立|农场",
        "G9100,星露谷物语,STEAM,G9100-S02,豪华版,-5,,",
        "G9101,空洞骑士,STEAM,G9100-S01,标准版,30,,",
        "G9102,哈迪斯,EPIC,G9001-S01,标准版,50,,",
        "G9103,缺一列,STEAM,G9103-S01,标准版",
      ].join("\r\n"),
    );
    const before = snapshot();
    const refused = onShop("goods:import", bad);
    expect(refused.code).toBe(1);
    expect(refused.stdout.split("\n")[0]).toBe("有 5 处问题，未写入任何数据：");
    expect(refused.stdout).toContain("第 3 行：售价须为大于 0 的金额");
    expect(refused.stdout).toContain("第 4 行：SKU 编号重复：G9100-S01（第 2 行已有）");
    expect(refused.stdout).toContain("第 5 行：平台不存在：EPIC");
    expect(refused.stdout).toContain("第 5 行：SKU 编号已存在：G9001-S01");
    expect(refused.stdout).toContain("第 6 行：列数不对");
    expect(snapshot()).toEqual(before);

    const good = fileOf(
      "goods.csv",
      [head, "G9100,星露谷物语,STEAM,G9100-S01,标准版,38.00,48.00,独立|农场", "G9100,星露谷物语,STEAM,G9100-S02,豪华版,58,,"].join("\n"),
    );
    expect(onShop("goods:import", good, "--dry-run")).toMatchObject({
      code: 0,
      stdout: expect.stringContaining("检查通过（--dry-run，未写入）：1 个商品可以导入"),
    });
    expect(snapshot()).toEqual(before);
    const done = onShop("goods:import", good);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain("G9100 星露谷物语：2 个 SKU，最低 ￥38.00");
    // the card's price is its cheapest SKU's (the goods_cards view, migration 0013): stored once, on the SKUs
    const card =
      "SELECT g.goods_name, g.status, c.sale_price, c.origin_price, g.goods_tags FROM goods g JOIN goods_cards c USING (goods_no) WHERE goods_no = 'G9100'";
    expect(shop.sqlite.prepare(card).get()).toEqual({
      goods_name: "星露谷物语",
      status: "ON_SALE",
      sale_price: 3800,
      origin_price: 4800,
      goods_tags: '["独立","农场"]',
    });
    expect(shop.sqlite.prepare("SELECT sku_no, price_turn_cny, origin_price_cny FROM skus WHERE goods_no = 'G9100' ORDER BY sku_no").all()).toEqual([
      { sku_no: "G9100-S01", price_turn_cny: 3800, origin_price_cny: 4800 },
      { sku_no: "G9100-S02", price_turn_cny: 5800, origin_price_cny: 5800 },
    ]);
    expect(shop.sqlite.prepare("SELECT count(*) FROM spec_nodes WHERE goods_no = 'G9100'").pluck().get()).toBe(2);
    expect(shop.sqlite.prepare("SELECT b.name FROM layout_items i JOIN layout_blocks b ON b.id = i.block_id WHERE i.goods_no = 'G9100'").pluck().all()).toEqual(
      ["全部商品"],
    );
    // the same file again: the goods exist, nothing is overwritten
    expect(onShop("goods:import", good).stdout).toContain("第 2 行：商品编号已存在：G9100（导入只新建商品）");
  });

  it("codes:import takes a supplier's file (CRLF, a header, blank lines, spaces) only when every line is good, and lists the bad ones", () => {
    const before = snapshot();
    const bad = fileOf(
      "codes-bad.txt",
      "code\r\nSTAR-0001-AAAA\r\n\r\nSTAR-0002-BBBB \r\nSTAR-0001-AAAA\r\nREAL-CODE-0001\r\nnot a code\r\nG0000-S99,STAR-0003-CCCC\r\n",
    );
    const refused = onShop("codes:import", bad, "--sku", "G9100-S01");
    expect(refused.code).toBe(1);
    expect(refused.stdout.split("\n")).toEqual([
      "有 4 处问题，未写入任何数据：",
      "  第 5 行：兑换码与第 2 行重复",
      "  第 6 行：兑换码已在库中（SKU G9001-S01，未售出）",
      "  第 7 行：兑换码格式错误：应为 4–128 个英文字母、数字或符号，不能有空格、逗号、引号或中文",
      "  第 8 行：SKU G0000-S99 与指定的 G9100-S01 不符",
    ]);
    expect(refused.stderr).toContain("导入失败：请修改文件后重新导入（4 处问题）");
    expect(snapshot()).toEqual(before);

    const good = fileOf("codes.csv", "sku_no,code\nG9100-S01,STAR-0001-AAAA\nG9100-S01,STAR-0002-BBBB\nG9100-S02,STAR-0003-CCCC\n");
    expect(onShop("codes:import", good, "--dry-run").stdout).toContain("检查通过（--dry-run，未写入）：3 个兑换码可以导入");
    expect(snapshot()).toEqual(before);
    const done = onShop("codes:import", good);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain("已导入 3 个兑换码");
    expect(done.stdout).toContain("G9100-S01（星露谷物语 · 标准版）2 个，现有未售出 2 个");
    expect(shop.sqlite.prepare("SELECT sku_no, code, status FROM cdkeys WHERE sku_no LIKE 'G9100-%' ORDER BY code").all()).toEqual([
      { sku_no: "G9100-S01", code: "STAR-0001-AAAA", status: "UNUSED" },
      { sku_no: "G9100-S01", code: "STAR-0002-BBBB", status: "UNUSED" },
      { sku_no: "G9100-S02", code: "STAR-0003-CCCC", status: "UNUSED" },
    ]);
  });

  it("refuses a file that is huge or not text, unread, and a file without codes", () => {
    const before = snapshot();
    const huge = fileOf("huge.txt", Buffer.alloc(3 * 1024 * 1024, "ABCD-EFGH-IJKL\n"));
    const binary = fileOf("codes.xlsx", Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x41, 0x42]));
    const latin1 = fileOf("codes-gbk.txt", Buffer.from([0xbf, 0xa8, 0xc3, 0xdc, 0x0a]));
    expect(onShop("codes:import", huge, "--sku", "G9100-S01").stderr).toContain("文件过大（3.0 MB）：一次最多导入 2 MB");
    expect(onShop("codes:import", binary, "--sku", "G9100-S01").stderr).toContain("不是文本文件");
    expect(onShop("goods:import", binary).stderr).toContain("不是文本文件");
    expect(onShop("codes:import", latin1, "--sku", "G9100-S01").stderr).toContain("文件不是 UTF-8 编码");
    expect(onShop("codes:import", fileOf("empty.txt", "\r\n\r\n"), "--sku", "G9100-S01").stderr).toContain("文件里没有兑换码");
    expect(onShop("goods:import", fileOf("bad.json", "[{")).stderr).toContain("JSON 格式错误");
    expect(snapshot()).toEqual(before);
  });

  /** `orders` on another file, as a typo would name it. */
  function runAdminOn(file: string) {
    const stderr: string[] = [];
    const error = vi.spyOn(console, "error").mockImplementation((...line) => void stderr.push(format(...line)));
    try {
      return { code: runAdmin(["orders"], { ...process.env, DB_FILE: file, NODE_ENV: "production" } as NodeJS.ProcessEnv), stderr: stderr.join("\n") };
    } finally {
      error.mockRestore();
    }
  }
});
