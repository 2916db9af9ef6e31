// Backups and restores of the shop's database file (operator trial H2, H3; decision 055), as `npm run admin -- backup`
// and `restore` make them, on copies of the seeded demo database.
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { format } from "node:util";
import Database from "better-sqlite3";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { runAdmin } from "../seed/admin-commands";
import { createSeededDb } from "../tests/bench/data";
import { openStore, type Store } from "./client";

let template: string;
let dir: string;
let live: string;
let opened: Store[] = [];

beforeAll(() => {
  template = mkdtempSync(join(tmpdir(), "shop-backup-template-"));
  createSeededDb(template);
}, 60_000);
afterAll(() => rmSync(template, { recursive: true, force: true }));
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "shop-backup-"));
  live = join(dir, "shop.sqlite");
  copyFileSync(join(template, "shop.sqlite"), live);
});
afterEach(() => {
  for (const store of opened) store.close();
  opened = [];
  rmSync(dir, { recursive: true, force: true });
});

/** `npm run admin -- …` on `dbFile`, in this process: its exit code and output. */
async function admin(dbFile: string, ...args: string[]) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const log = vi.spyOn(console, "log").mockImplementation((...line) => void stdout.push(format(...line)));
  const error = vi.spyOn(console, "error").mockImplementation((...line) => void stderr.push(format(...line)));
  try {
    const code = await runAdmin(args, { ...process.env, DB_FILE: dbFile, NODE_ENV: "test" } as NodeJS.ProcessEnv);
    return { code, stdout: stdout.join("\n"), stderr: stderr.join("\n") };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

/** A read with a connection of its own (read-write: a read-only one cannot remove the -wal and -shm it leaves). */
function query<T>(file: string, sql: string, ...params: unknown[]): T[] {
  const db = new Database(file, { fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

const sidecarsOf = (file: string) => ["-wal", "-shm", "-journal"].filter((suffix) => existsSync(file + suffix));

/** Pays and delivers a waiting order of the seed as the shop would (through the admin script's service calls). */
async function sellAnOrder(dbFile: string): Promise<{ orderNo: string; codes: string[] }> {
  const [open] = query<{ order_no: string }>(dbFile, "SELECT order_no FROM orders WHERE status = 'WAIT_PAY' ORDER BY order_no LIMIT 1");
  const orderNo = open!.order_no;
  for (const step of ["order:pay", "order:advance", "order:advance"]) expect((await admin(dbFile, step, orderNo)).code).toBe(0);
  const codes = query<{ code: string }>(dbFile, "SELECT code FROM cdkeys WHERE order_no = ? AND status = 'DELIVERED'", orderNo).map((r) => r.code);
  expect(codes.length).toBeGreaterThan(0);
  return { orderNo, codes };
}

describe("npm run admin -- backup FILE", () => {
  it("writes one checked, self-contained file with the live database's content, even while the shop holds it open", async () => {
    const shop = openStore(live);
    opened.push(shop);
    const backup = join(dir, "backup.sqlite");
    const run = await admin(live, "backup", backup);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.stdout).toContain("完整性检查通过");
    expect(sidecarsOf(backup)).toEqual([]);
    expect(query(backup, "PRAGMA integrity_check")).toEqual([{ integrity_check: "ok" }]);
    const count = "SELECT count(*) AS n FROM orders";
    expect(query(backup, count)).toEqual(query(live, count));
  });

  it("refuses to overwrite an existing file, which stays as it was", async () => {
    const backup = join(dir, "backup.sqlite");
    writeFileSync(backup, "yesterday's backup");
    const run = await admin(live, "backup", backup);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`备份文件已存在：${backup}`);
    expect(readFileSync(backup, "utf8")).toBe("yesterday's backup");
  });
});

describe("npm run admin -- restore BACKUP TARGET", () => {
  let backup: string;
  beforeEach(async () => {
    backup = join(dir, "backup.sqlite");
    expect((await admin(live, "backup", backup)).code).toBe(0);
  });

  it("refuses while the shop is running on the target (its -wal and -shm are beside it), and changes nothing", async () => {
    const shop = openStore(live);
    opened.push(shop);
    const { orderNo } = await sellAnOrder(live);
    const run = await admin(live, "restore", backup, live);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("商城可能仍在使用这个数据库");
    expect(run.stderr).toContain("shop.sqlite-wal");
    expect(query(live, "SELECT status FROM orders WHERE order_no = ?", orderNo)).toEqual([{ status: "SEND_SUCCESS" }]);
  });

  it("refuses a target with a stale -wal left by a crash, which holds its latest sales, and does not delete it", async () => {
    const shop = openStore(live);
    await sellAnOrder(live);
    // the WAL as a killed process leaves it: copied while the connection was open, back after it closed
    const stale = join(dir, "stale-wal");
    copyFileSync(`${live}-wal`, stale);
    shop.close();
    copyFileSync(stale, `${live}-wal`);
    const run = await admin(live, "restore", backup, live);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("不要删除");
    expect(run.stderr).toContain("wal_checkpoint(TRUNCATE)");
    expect(existsSync(`${live}-wal`)).toBe(true);
  });

  it("refuses a damaged backup or a file that is not the shop's database, leaving the target as it was", async () => {
    const damaged = join(dir, "damaged.sqlite");
    const bytes = readFileSync(backup);
    bytes.fill(0x55, 4096 * 3, 4096 * 6);
    writeFileSync(damaged, bytes);
    const other = join(dir, "other.sqlite");
    new Database(other).exec("CREATE TABLE notes (text TEXT)").close();
    const before = readFileSync(live);

    const broken = await admin(live, "restore", damaged, live);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/已损坏|不是完好的 SQLite 数据库/);
    const foreign = await admin(live, "restore", other, live);
    expect(foreign.code).toBe(1);
    expect(foreign.stderr).toContain("不是商城的数据库");
    expect(readFileSync(live).equals(before)).toBe(true);
  });

  it("keeps the replaced database, marks the codes delivered since the backup as delivered and lists them with the orders paid since", async () => {
    const sold = await sellAnOrder(live);
    const run = await admin(live, "restore", backup, live);
    expect(run).toMatchObject({ code: 0, stderr: "" });

    // the restored file is the backup's: the order is unpaid there
    expect(query(live, "SELECT status FROM orders WHERE order_no = ?", sold.orderNo)).toEqual([{ status: "WAIT_PAY" }]);
    // but its codes are not for sale again
    const codes = query<{ code: string; status: string; order_no: string }>(
      live,
      `SELECT code, status, order_no FROM cdkeys WHERE code IN (${sold.codes.map(() => "?").join(",")})`,
      ...sold.codes,
    );
    expect(codes).toEqual(sold.codes.map((code) => ({ code, status: "DELIVERED", order_no: sold.orderNo })));
    // the operator reads them and the payment to reconcile
    expect(run.stdout).toContain(`备份之后发放的兑换码 ${sold.codes.length} 个`);
    for (const code of sold.codes) expect(run.stdout).toContain(code);
    expect(run.stdout).toContain("备份之后支付的订单 1 个");
    expect(run.stdout).toMatch(new RegExp(`${sold.orderNo}\\s+SEND_SUCCESS`));
    // the database it replaced is kept, whole
    const kept = /原数据库保留为 (\S+)/.exec(run.stdout)![1]!;
    expect(query(kept, "SELECT status FROM orders WHERE order_no = ?", sold.orderNo)).toEqual([{ status: "SEND_SUCCESS" }]);
    expect(sidecarsOf(live)).toEqual([]);
  });
});
