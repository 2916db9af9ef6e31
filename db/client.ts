// The one SQLite connection of the process: WAL, foreign keys on, migrations applied on open.
import Database from "better-sqlite3";
import type { RunResult } from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as schema from "./schema";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
/** The connection or a transaction of it: what code that runs inside a caller's transaction takes. */
export type DbTx = BaseSQLiteDatabase<"sync", RunResult, typeof schema>;
export interface Store {
  db: Db;
  sqlite: Database.Database;
  /** The migrations this open applied, by tag, in order (none on a database already current). */
  migrationsApplied: string[];
  close(): void;
}

/**
 * SQLite's page cache per connection (KiB): one connection per process, so this is what SQLite adds
 * to a worker's memory (docs/deploy.md). better-sqlite3's compiled default, stated here so that an
 * upgrade cannot change the budget unseen.
 */
export const SQLITE_CACHE_KIB = 16_000;

// from the project's root, one level above this file and above the production server's bundle (build/boot.js,
// scripts/build-server.mjs), which this module is part of
const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), "..", "db", "migrations");

/** A database that cannot be opened or migrated, named by its path and the likely cause (operator trial L1). */
export class StoreError extends Error {}

export function openStore(file: string): Store {
  try {
    return open(file);
  } catch (error) {
    if (error instanceof StoreError) throw error;
    const code = (error as { code?: string }).code ?? "";
    const cause = /READONLY|EACCES|EPERM|CANTOPEN/.test(code)
      ? "文件或目录不可写（权限或只读文件系统）"
      : /NOTADB|CORRUPT/.test(code)
        ? "文件不是 SQLite 数据库或已损坏"
        : /FULL/.test(code)
          ? "磁盘已满"
          : "";
    throw new StoreError(`无法打开数据库 ${file}${cause ? `：${cause}` : ""} (${code || (error as Error).message})`, { cause: error });
  }
}

function open(file: string): Store {
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  // WAL with synchronous NORMAL: a commit is not flushed to disk, the WAL is at each checkpoint. A process crash
  // loses nothing; a power loss or OS crash may undo the last commits (never corrupts the file). FULL would flush
  // every commit. Decision 057 and docs/deploy.md § "Durability" say why NORMAL stays, and what it means for codes.
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  // no memory-mapped reads: the file's pages would count in the process's resident memory
  sqlite.pragma("mmap_size = 0");
  const db = drizzle(sqlite, { schema });
  const migrationsApplied = migrateLogged(db, sqlite);
  return {
    db,
    sqlite,
    migrationsApplied,
    close() {
      if (!sqlite.open) return;
      sqlite.pragma("wal_checkpoint(TRUNCATE)");
      sqlite.close();
    },
  };
}

/**
 * drizzle's migrator, and what it applied (operator trial L5: an upgrade's migrations ran silently).
 * It applies, in one transaction, every migration of the journal newer than the newest one the
 * database records (`__drizzle_migrations.created_at` is the journal's `when`).
 */
function migrateLogged(db: Db, sqlite: Database.Database): string[] {
  const newest = () =>
    sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'").get()
      ? Number(sqlite.prepare("SELECT max(created_at) FROM __drizzle_migrations").pluck().get() ?? 0)
      : 0;
  const before = newest();
  migrate(db, { migrationsFolder });
  const after = newest();
  if (after === before) return [];
  const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: { when: number; tag: string }[] };
  return journal.entries.filter((entry) => entry.when > before && entry.when <= after).map((entry) => entry.tag);
}

export { schema };
