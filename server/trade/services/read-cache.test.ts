import { describe, expect, it } from "vitest";
import type { Db } from "../../../db/client";
import { cachedRead, configureReadCache, READ_CACHE_MAX_BYTES } from "./read-cache";

const connection = () => ({}) as Db;

describe("cachedRead", () => {
  it("computes an answer once per TTL (real time), null answers included", async () => {
    const db = connection();
    configureReadCache(db, 30);
    let computed = 0;
    const read = () => cachedRead(db, "goods-detail", "G1", () => (computed++, null));
    expect([read(), read()]).toEqual([null, null]);
    expect(computed).toBe(1);
    await new Promise((done) => setTimeout(done, 60));
    read();
    expect(computed).toBe(2);
  });

  it("keeps kinds, keys and connections apart", () => {
    const [a, b] = [connection(), connection()];
    configureReadCache(a, 5_000);
    configureReadCache(b, 5_000);
    expect(cachedRead(a, "layout", "HOME", () => "a layout")).toBe("a layout");
    expect(cachedRead(a, "search", "HOME", () => "a search")).toBe("a search");
    expect(cachedRead(a, "layout", "HOT_SEARCH", () => "a hot")).toBe("a hot");
    expect(cachedRead(b, "layout", "HOME", () => "b layout")).toBe("b layout");
    expect(cachedRead(a, "layout", "HOME", () => "again")).toBe("a layout");
  });

  it("does not cache a connection nobody configured, nor with a TTL of 0", () => {
    const db = connection();
    let computed = 0;
    cachedRead(db, "layout", "HOME", () => computed++);
    cachedRead(db, "layout", "HOME", () => computed++);
    configureReadCache(db, 0);
    cachedRead(db, "layout", "HOME", () => computed++);
    expect(computed).toBe(3);
  });

  it("is bounded by bytes: the least recently used answers leave first", () => {
    const db = connection();
    configureReadCache(db, 60_000);
    const big = "x".repeat(READ_CACHE_MAX_BYTES / 4);
    for (const key of ["1", "2", "3", "4", "5"]) cachedRead(db, "search", key, () => big);
    let computed = 0;
    cachedRead(db, "search", "1", () => (computed++, big));
    cachedRead(db, "search", "5", () => (computed++, big));
    expect(computed).toBe(1);
  });
});
