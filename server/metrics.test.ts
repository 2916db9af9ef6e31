import { randomBytes } from "node:crypto";
import diagnostics from "node:diagnostics_channel";
import type { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { openStore } from "../db/client";
import { JOB_FAILED, UNEXPECTED_ERROR } from "../shared/channels";
import { databaseErrorCause, pageRoutes, requestMetrics, storeMetrics } from "./metrics";

// the shape of a Remix build's `routes`: flat routes under root, an index, a splat
const pages = pageRoutes({
  root: { path: "" },
  "routes/_index": { parentId: "root" },
  "routes/topic.$goodId": { parentId: "root", path: "topic/:goodId" },
  "routes/search-result._index": { parentId: "root", path: "search-result" },
  "routes/search-result.$keyword": { parentId: "root", path: "search-result/:keyword" },
  "routes/robots[.]txt": { parentId: "root", path: "robots.txt" },
  "routes/$": { parentId: "root", path: "*" },
});

describe("pageRoutes", () => {
  it.each([
    ["/", "/"],
    ["/topic/G1001", "/topic/:goodId"],
    ["/topic/G1001/", "/topic/:goodId"],
    ["/search-result", "/search-result"],
    ["/search-result/%E5%85%85%E5%80%BC", "/search-result/:keyword"],
    ["/robots.txt", "/robots.txt"],
  ])("%s → %s", (path, pattern) => {
    expect(pages(path)).toBe(pattern);
  });

  it.each(["/robotsxtxt", "/qwerty", "/qwerty/qwerty/qwerty", "/topic/G1001/extra", "/api/trade_bff/v1/goods/search"])(
    "matches no pattern for %s (only the splat route would)",
    (path) => {
      expect(pages(path)).toBeUndefined();
    },
  );
});

describe("shop_database_errors_total (operator trial L7)", () => {
  const series = async (registry: Registry) => (await registry.metrics()).split("\n").filter((line) => line.startsWith("shop_database_errors_total{"));

  it("sorts SQLite's codes into a fixed set of causes, through a wrapping error too; other errors are not the database's", () => {
    const sqlite = (code: string) => Object.assign(new Error("x"), { code });
    expect(databaseErrorCause(sqlite("SQLITE_FULL"))).toBe("full");
    expect(databaseErrorCause(sqlite("SQLITE_READONLY_DBMOVED"))).toBe("readonly");
    expect(databaseErrorCause(sqlite("SQLITE_IOERR_WRITE"))).toBe("io");
    expect(databaseErrorCause(sqlite("SQLITE_BUSY_SNAPSHOT"))).toBe("busy");
    expect(databaseErrorCause(sqlite("SQLITE_CORRUPT"))).toBe("corrupt");
    expect(databaseErrorCause(sqlite("SQLITE_CONSTRAINT_UNIQUE"))).toBe("other");
    expect(databaseErrorCause(new Error("query failed", { cause: sqlite("SQLITE_FULL") }))).toBe("full");
    expect(databaseErrorCause(sqlite("ECONNRESET"))).toBeNull();
    expect(databaseErrorCause(new TypeError("x"))).toBeNull();
    expect(databaseErrorCause(undefined)).toBeNull();
  });

  it("counts each failure under its cause, and a thousand made-up codes add no series", async () => {
    const { registry } = requestMetrics();
    const before = await series(registry);
    expect(before).toHaveLength(6);
    const unexpected = diagnostics.channel(UNEXPECTED_ERROR);
    unexpected.publish(Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" }));
    for (let i = 0; i < 1_000; i++) {
      unexpected.publish(Object.assign(new Error(`made up ${i}`), { code: `SQLITE_${randomBytes(6).toString("hex")}` }));
      unexpected.publish(Object.assign(new Error(`not sqlite ${i}`), { code: `E${i}` }));
    }
    const after = await series(registry);
    expect(after.map((line) => line.split(" ")[0])).toEqual(before.map((line) => line.split(" ")[0]));
    expect(after).toContain('shop_database_errors_total{cause="full"} 1');
    expect(after).toContain('shop_database_errors_total{cause="other"} 1000');
    expect((await registry.metrics()).includes("made up")).toBe(false);
  });
});

describe("shop_job_failures_total", () => {
  it("counts a job's failed passes in the store's registry (a cluster's primary serves it), by job and cause", async () => {
    const store = openStore(":memory:");
    try {
      const registry = storeMetrics(store);
      const series = async () => (await registry.metrics()).split("\n").filter((line) => line.startsWith("shop_job_failures_total{"));
      expect(await series()).toContain('shop_job_failures_total{job="refunds",cause="not_database"} 0');
      const failed = diagnostics.channel(JOB_FAILED);
      failed.publish({ job: "refunds", error: new Error("provider said no") });
      failed.publish({ job: "fulfilment", error: Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" }) });
      expect(await series()).toEqual(
        expect.arrayContaining(['shop_job_failures_total{job="refunds",cause="not_database"} 1', 'shop_job_failures_total{job="fulfilment",cause="busy"} 1']),
      );
    } finally {
      store.close();
    }
  });
});
