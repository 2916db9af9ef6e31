// An upgrade's migrations are logged (operator trial L5: "Migrations ran at start, but silently"):
// a start on a database an older release left logs each migration it applies, once, by its tag; the
// next start on the same file, now current, logs none.
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { startShop } from "../security/shop";

const MIGRATIONS = join(import.meta.dirname, "../../db/migrations");
/** How many of the newest migrations the older release lacks. */
const MISSING = 3;

const dir = mkdtempSync(join(tmpdir(), "shop-migrations-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A database as an older release left it: every migration but the newest MISSING, applied by drizzle's migrator. */
function olderDatabase(file: string): string[] {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
  const older = join(dir, "older-migrations");
  mkdirSync(join(older, "meta"), { recursive: true });
  const kept = journal.entries.slice(0, -MISSING);
  for (const { tag } of kept) copyFileSync(join(MIGRATIONS, `${tag}.sql`), join(older, `${tag}.sql`));
  writeFileSync(join(older, "meta/_journal.json"), JSON.stringify({ ...journal, entries: kept }));
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  migrate(drizzle(sqlite), { migrationsFolder: older });
  sqlite.close();
  return journal.entries.slice(-MISSING).map((entry) => entry.tag);
}

/** The "migration applied" lines of a start, by tag. */
function appliedIn(log: string): string[] {
  return log
    .split("\n")
    .filter((line) => line.includes('"msg":"migration applied"'))
    .map((line) => (JSON.parse(line) as { migration: string }).migration);
}

it("a start on an older database logs each migration it applies, once; the next start logs none", async () => {
  const dbFile = join(dir, "shop.sqlite");
  const newer = olderDatabase(dbFile);
  const upgrade = await startShop({ env: { DB_FILE: dbFile } });
  const upgradeLog = upgrade.log();
  await upgrade.close();
  expect(appliedIn(upgradeLog)).toEqual(newer);
  for (const line of upgradeLog.split("\n").filter((l) => l.includes("migration applied"))) expect(JSON.parse(line)).toMatchObject({ level: 30, dbFile });

  const again = await startShop({ env: { DB_FILE: dbFile } });
  const againLog = again.log();
  await again.close();
  expect(againLog).toContain("商城已启动");
  expect(appliedIn(againLog)).toEqual([]);
}, 120_000);
