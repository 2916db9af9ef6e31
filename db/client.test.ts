import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { openStore, SQLITE_CACHE_KIB, type Store } from "./client";

let store: Store | undefined;
let dir: string | undefined;
afterEach(() => {
  store?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it("bounds SQLite's memory per connection: a page cache of SQLITE_CACHE_KIB, no memory-mapped file", () => {
  dir = mkdtempSync(join(tmpdir(), "shop-store-"));
  store = openStore(join(dir, "shop.sqlite"));
  expect(store.sqlite.pragma("cache_size", { simple: true })).toBe(-SQLITE_CACHE_KIB);
  expect(store.sqlite.pragma("mmap_size", { simple: true })).toBe(0);
});
