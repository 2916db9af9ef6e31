// A bad retention setting (decision 056) stops the production start-up naming the setting and what it must be,
// before the database is touched: a typo must not keep delivered codes forever, nor delete them all at once.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { SESSION_SECRET } from "../bench/server";
import { startup } from "./startup";

const dir = mkdtempSync(join(tmpdir(), "shop-retention-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const production = { DEMO: undefined, SESSION_SECRET, CN_BASE_URL: "https://shop.example", DB_CREATE: "1", DB_FILE: join(dir, "shop.sqlite") };

it.each([
  ["OUTBOX_RETENTION_DAYS", "0", "至少保留 1 天"],
  ["LOGIN_RECORD_RETENTION_DAYS", "30d", "应为天数（1 至 3650 的整数）"],
])(
  "refuses %s=%s with a clear message and creates nothing",
  async (name, value, message) => {
    const result = await startup({ ...production, [name]: value });
    expect(result.exited, `the server started:\n${result.output}`).toBe(true);
    expect(result.code).toBe(1);
    expect(result.output).toContain(`${name}="${value}": ${message}`);
    expect(result.output).not.toMatch(/\bat \S+ \(/);
    expect(existsSync(production.DB_FILE)).toBe(false);
  },
  60_000,
);
