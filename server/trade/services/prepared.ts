// Statements compiled once per connection (decision 009). Building a drizzle query and compiling its
// SQL costs about 100 µs; running the compiled statement costs a few. Prepared statements run on
// the connection, so inside a transaction opened on it they take part in that transaction.
import type Database from "better-sqlite3";
import type { Db } from "../../../db/client";

/** Drizzle queries built and prepared once per Db: `const q = preparedFor((db) => ({ … .prepare() }))`, then `q(db).name.get({…})`. */
export function preparedFor<T>(build: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let prepared = cache.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      cache.set(db, prepared);
    }
    return prepared;
  };
}

const statements = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/** A raw SQL statement (for what drizzle cannot express, e.g. FTS5 tables), compiled once per connection and text. */
export function statement(db: Db, text: string): Database.Statement {
  const sqlite = db.$client;
  let byText = statements.get(sqlite);
  if (!byText) statements.set(sqlite, (byText = new Map()));
  let stmt = byText.get(text);
  if (!stmt) byText.set(text, (stmt = sqlite.prepare(text)));
  return stmt;
}

type Runner = Database.Transaction<(work: () => unknown) => unknown>;
const runners = new WeakMap<Database.Database, Runner>();

/**
 * Runs `work` in a write transaction on db's connection, taking the write lock up front (BEGIN
 * IMMEDIATE: another process writing the file makes it wait instead of failing a read-then-write
 * upgrade), or in a savepoint when a transaction is already open. better-sqlite3's own wrapper,
 * made once per connection: drizzle's db.transaction builds a transaction object per call, a
 * noticeable part of a request that does little else (decision 009).
 */
export function writeTransaction<T>(db: Db, work: () => T): T {
  const sqlite = db.$client;
  let run = runners.get(sqlite);
  if (!run) runners.set(sqlite, (run = sqlite.transaction((w: () => unknown) => w())));
  return run.immediate(work) as T;
}
