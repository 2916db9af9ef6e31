// A small in-memory cache with a short time-to-live for read-mostly answers of the catalogue
// (layouts and page content, goods details, search results), so that a page view does not rebuild
// them from SQLite on every request (measured in docs/benchmarks.md). The TTL is short
// enough that a change to prices, stock flags or the layout shows within seconds, made by this
// process or by another one writing the same file (the admin script). Answers are shared: callers
// must not mutate them.
//
// The TTL is the configuration's readCacheTtlMs (TRADE_CACHE_TTL_MS, server/config.ts), set per
// database connection when the services are built; a connection nobody configured is not cached,
// so tests that edit the database between requests see their edits at once.
import type { Db } from "../../../db/client";

const MAX_ENTRIES = 500;

const ttls = new WeakMap<Db, number>();

/** The TTL of the answers read through this connection (0 turns the cache off). */
export function configureReadCache(db: Db, ttlMs: number) {
  ttls.set(db, ttlMs);
}

interface Entry {
  value: unknown;
  expiresAt: number;
}

/** One cache per database connection and kind of answer. */
const caches = new WeakMap<Db, Map<string, Map<string, Entry>>>();

/**
 * The answer for `key`, computed at most once per TTL. Uses the wall clock (not a test clock): the
 * TTL bounds staleness in real time.
 */
export function cachedRead<T>(db: Db, kind: string, key: string, compute: () => T, ttlMs = ttls.get(db) ?? 0): T {
  if (ttlMs <= 0) return compute();
  let kinds = caches.get(db);
  if (!kinds) caches.set(db, (kinds = new Map()));
  let entries = kinds.get(kind);
  if (!entries) kinds.set(kind, (entries = new Map()));
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expiresAt > now) return hit.value as T;
  const value = compute();
  if (hit) entries.delete(key);
  else if (entries.size >= MAX_ENTRIES) {
    // drop the expired, then the oldest (a Map iterates in insertion order)
    for (const [k, e] of entries) if (e.expiresAt <= now) entries.delete(k);
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  }
  entries.set(key, { value, expiresAt: now + ttlMs });
  return value;
}
