// A short-lived cache of read-mostly catalogue answers (layouts and page content, goods details,
// search results), so that a page view does not rebuild them from SQLite on every request. It pays
// beside the storefront's HTTP cache (decision 025): `shopping/page_content` is a POST no HTTP cache
// may keep, and one copy here serves every storefront process. The TTL is short enough that a change
// to prices, stock flags or the layout shows within seconds, made by this process or by another one
// writing the same file (the admin script). Answers are shared: callers must not mutate them.
//
// The TTL is the configuration's readCacheTtlMs (TRADE_CACHE_TTL_MS, server/config.ts), set per
// database connection when the services are built; a connection nobody configured is not cached,
// so tests that edit the database between requests see their edits at once.
import { LRUCache } from "lru-cache";
import type { Db } from "../../../db/client";

/** The bytes the answers of one connection may hold (as JSON), least recently used out first. */
export const READ_CACHE_MAX_BYTES = 32 * 1024 * 1024;

const ttls = new WeakMap<Db, number>();

/** The TTL of the answers read through this connection (0 turns the cache off). */
export function configureReadCache(db: Db, ttlMs: number) {
  ttls.set(db, ttlMs);
}

/** One cache per database connection; an answer is boxed, as it may be null. */
const caches = new WeakMap<Db, LRUCache<string, { value: unknown }>>();

const newCache = () =>
  new LRUCache<string, { value: unknown }>({
    maxSize: READ_CACHE_MAX_BYTES,
    sizeCalculation: ({ value }) => Math.max(1, JSON.stringify(value)?.length ?? 0),
  });

/**
 * The answer for `key` of this `kind`, computed at most once per TTL. Uses the wall clock (not a
 * test clock): the TTL bounds staleness in real time.
 */
export function cachedRead<T>(db: Db, kind: string, key: string, compute: () => T, ttlMs = ttls.get(db) ?? 0): T {
  if (ttlMs <= 0) return compute();
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = newCache()));
  const id = `${kind}\n${key}`;
  const hit = cache.get(id);
  if (hit) return hit.value as T;
  const value = compute();
  cache.set(id, { value }, { ttl: ttlMs });
  return value;
}

/** Forgets this connection's answers: a back-office change shows on the next request, not after the TTL. */
export function forgetReadCache(db: Db): void {
  caches.get(db)?.clear();
}
