// Backing up the live database while the shop writes, and restoring a backup without selling a code twice
// (operator trial H2, H3; decision 055).
import Database from "better-sqlite3";
import { randomBytes } from "node:crypto";
import { copyFileSync, existsSync, linkSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

/** A refused backup or restore: the message says why and what to do. */
export class BackupError extends Error {}

/**
 * Pages copied per step of SQLite's online backup: all of them. In steps of 100 pages (the default) a write by
 * another connection (the shop) between two steps restarts the copy, which on a large database under load never
 * finishes (operator trial 3a); in one step the copy is one read transaction, which in WAL mode does not hold up
 * the shop's writes.
 */
const ALL_PAGES = 0x7fffffff;

export interface FileSummary {
  bytes: number;
  orders: number;
  deliveredCodes: number;
  /** When the newest order in the file was created (epoch ms), null without orders. */
  newestOrderAt: number | null;
}

/** The -wal and -shm files beside a database that exist: SQLite's live state of a connection that has it open. */
function sidecars(file: string): string[] {
  return ["-wal", "-shm"].map((suffix) => file + suffix).filter((path) => existsSync(path));
}

/** A temporary name beside `file`, in the same directory (so that a rename or link is atomic). */
const partialBeside = (file: string) => join(dirname(file), `.${basename(file)}.partial-${randomBytes(4).toString("hex")}`);

function removeFile(file: string) {
  for (const path of [file, `${file}-journal`, `${file}-wal`, `${file}-shm`]) rmSync(path, { force: true });
}

/** Refuses a file that SQLite does not find whole or that is not the shop's database; counts what it holds. */
function checkShopFile(sqlite: Database.Database, file: string, what: string): FileSummary {
  let problems: string[];
  try {
    problems = (sqlite.pragma("integrity_check") as { integrity_check: string }[]).map((row) => row.integrity_check);
  } catch (error) {
    throw new BackupError(`${what} ${file} 不是完好的 SQLite 数据库：${(error as Error).message}`);
  }
  if (problems.join() !== "ok") throw new BackupError(`${what} ${file} 已损坏（integrity_check：${problems.slice(0, 5).join("；")}）`);
  const tables = new Set((sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name));
  if (!tables.has("orders") || !tables.has("cdkeys")) throw new BackupError(`${what} ${file} 不是商城的数据库（没有 orders、cdkeys 表）`);
  const counts = sqlite
    .prepare(
      "SELECT (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM cdkeys WHERE status = 'DELIVERED') AS deliveredCodes, (SELECT max(created_at) FROM orders) AS newestOrderAt",
    )
    .get() as Omit<FileSummary, "bytes">;
  return { bytes: statSync(file).size, ...counts };
}

function openFile(file: string, what: string, options: Database.Options = {}): Database.Database {
  try {
    return new Database(file, { fileMustExist: true, ...options });
  } catch (error) {
    throw new BackupError(`无法打开${what} ${file}：${(error as Error).message}`);
  }
}

/**
 * Copies the database of `sqlite` (the live one, while the shop writes) to `file` with SQLite's online backup: a
 * consistent snapshot, checked, in one self-contained file (rollback journal mode: nothing beside it). An existing
 * `file` is never overwritten, and a failed backup leaves nothing at `file`.
 */
export async function backupDatabase(sqlite: Database.Database, file: string): Promise<FileSummary> {
  const target = resolve(file);
  if (existsSync(target)) throw new BackupError(`备份文件已存在：${file}（不覆盖已有文件，请换一个文件名）`);
  if (!existsSync(dirname(target))) throw new BackupError(`目录不存在：${dirname(target)}`);
  const partial = partialBeside(target);
  try {
    await sqlite.backup(partial, { progress: () => ALL_PAGES });
    const copy = openFile(partial, "备份");
    let summary;
    try {
      copy.pragma("journal_mode = DELETE");
      summary = checkShopFile(copy, partial, "备份");
    } finally {
      copy.close();
    }
    try {
      // a link, unlike a rename, fails if a file appeared at `target` meanwhile
      linkSync(partial, target);
    } catch (error) {
      if ((error as { code?: string }).code === "EEXIST") throw new BackupError(`备份文件已存在：${file}（不覆盖已有文件，请换一个文件名）`);
      throw error;
    }
    return summary;
  } finally {
    removeFile(partial);
  }
}

export interface CodeSoldSinceBackup {
  skuNo: string;
  code: string;
  orderNo: string | null;
  deliveredAt: number | null;
  /** Marked delivered in the restored database (false: the code is not in the backup, so it is not on sale there). */
  carriedOver: boolean;
}

export interface OrderPaidSinceBackup {
  orderNo: string;
  status: string;
  payPrice: number;
  payAt: number;
}

export interface RestoreReport {
  backup: FileSummary;
  /** Where the database that was at the target is kept (null when there was none). */
  replacedFile: string | null;
  codesSold: CodeSoldSinceBackup[];
  ordersPaid: OrderPaidSinceBackup[];
}

/**
 * Puts `backupFile` in place of the database `targetFile` (the shop stopped). The database it replaces is kept
 * beside it (`<target>.before-restore-<time>`), and every code delivered there but not in the backup is marked
 * delivered in the restored one, so that the shop does not sell it again; those codes and the orders paid since
 * the backup are listed for the operator to reconcile (decision 055).
 */
export function restoreDatabase(backupFile: string, targetFile: string, now: number): RestoreReport {
  const target = resolve(targetFile);
  const backup = resolve(backupFile);
  if (!existsSync(backup)) throw new BackupError(`备份文件不存在：${backupFile}`);
  if (backup === target) throw new BackupError("备份文件和要恢复的数据库是同一个文件");
  const besideBackup = sidecars(backup);
  if (besideBackup.length) {
    throw new BackupError(
      `备份文件旁有 ${besideBackup.map((p) => basename(p)).join("、")}：它正被使用或不是完整的备份。请用 npm run admin -- backup 生成的备份`,
    );
  }
  const besideTarget = sidecars(target);
  if (besideTarget.length) {
    throw new BackupError(
      `${targetFile} 旁有 ${besideTarget.map((p) => basename(p)).join("、")}：商城可能仍在使用这个数据库，或上次没有正常停止。` +
        "先停止商城；若停止后这些文件仍在（异常退出留下的），其中有最近的交易，不要删除：" +
        `运行 sqlite3 ${targetFile} "PRAGMA wal_checkpoint(TRUNCATE)" 把它们并入数据库后再恢复`,
    );
  }
  if (!existsSync(dirname(target))) throw new BackupError(`目录不存在：${dirname(target)}`);

  const source = openFile(backup, "备份", { readonly: true });
  let summary;
  try {
    summary = checkShopFile(source, backup, "备份");
  } finally {
    source.close();
  }

  const partial = partialBeside(target);
  let replacedFile: string | null = null;
  try {
    copyFileSync(backup, partial);
    if (existsSync(target)) {
      replacedFile = `${target}.before-restore-${new Date(now).toISOString().replace(/[:.]/g, "-")}`;
      renameSync(target, replacedFile);
    }
    renameSync(partial, target);
  } finally {
    removeFile(partial);
  }
  if (!replacedFile) return { backup: summary, replacedFile, codesSold: [], ordersPaid: [] };

  const restored = openFile(target, "恢复后的数据库");
  try {
    restored.prepare("ATTACH DATABASE ? AS replaced").run(replacedFile);
    const codes = restored
      .prepare(
        `SELECT r.sku_no AS skuNo, r.code, r.order_no AS orderNo, r.delivered_at AS deliveredAt, b.id AS restoredId
         FROM replaced.cdkeys r LEFT JOIN main.cdkeys b ON b.sku_no = r.sku_no AND b.code = r.code
         WHERE r.status = 'DELIVERED' AND (b.id IS NULL OR b.status <> 'DELIVERED')
         ORDER BY r.delivered_at, r.id`,
      )
      .all() as (Omit<CodeSoldSinceBackup, "carriedOver"> & { restoredId: number | null })[];
    const ordersPaid = restored
      .prepare(
        `SELECT r.order_no AS orderNo, r.status, r.pay_price AS payPrice, r.pay_at AS payAt
         FROM replaced.orders r LEFT JOIN main.orders b ON b.order_no = r.order_no
         WHERE r.pay_at IS NOT NULL AND (b.order_no IS NULL OR b.pay_at IS NULL)
         ORDER BY r.pay_at, r.order_no`,
      )
      .all() as OrderPaidSinceBackup[];
    const markSold = restored.prepare("UPDATE main.cdkeys SET status = 'DELIVERED', order_no = ?, delivered_at = ? WHERE id = ?");
    restored.transaction(() => {
      for (const c of codes) if (c.restoredId !== null) markSold.run(c.orderNo, c.deliveredAt, c.restoredId);
    })();
    restored.prepare("DETACH DATABASE replaced").run();
    return {
      backup: summary,
      replacedFile,
      codesSold: codes.map(({ restoredId, ...c }) => ({ ...c, carriedOver: restoredId !== null })),
      ordersPaid,
    };
  } finally {
    restored.close();
  }
}
