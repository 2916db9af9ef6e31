// A storefront takes only COOKIE_SECRET (review finding L5, issue 22): SESSION_SECRET keys the trade
// tier's sessions and, derived from it, the payment-notification and cashier-link keys, so a
// storefront given it holds keys it never uses; nor does it keep a session-secret file.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startup } from "./startup";

const SECRET = "a-storefront-test-secret-0123456789abcdef";
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function storefront(env: Record<string, string | undefined>) {
  dir = mkdtempSync(join(tmpdir(), "shop-storefront-secrets-"));
  return startup({
    SERVER_ROLE: "storefront",
    TRADE_API_URL: "http://127.0.0.1:9",
    CN_BASE_URL: "https://shop.example",
    DB_FILE: join(dir, "shop.sqlite"),
    SESSION_SECRET: undefined,
    PAY_NOTIFY_SECRET: undefined,
    COOKIE_SECRET: undefined,
    ...env,
  });
}

describe("a storefront process", () => {
  it.each([
    ["SESSION_SECRET", { SESSION_SECRET: SECRET, COOKIE_SECRET: SECRET }],
    ["SESSION_SECRET", { SESSION_SECRET: SECRET }],
    ["PAY_NOTIFY_SECRET", { PAY_NOTIFY_SECRET: SECRET, COOKIE_SECRET: SECRET }],
  ])(
    "refuses to start with %s, saying it takes only COOKIE_SECRET",
    async (name, env) => {
      const result = await storefront(env);
      expect(result.exited, `the storefront started with ${name}:\n${result.output}`).toBe(true);
      expect(result.code).not.toBe(0);
      expect(result.output).toContain(`SERVER_ROLE=storefront 不接受 ${name}`);
      expect(existsSync(join(dir, "session-secret"))).toBe(false);
    },
    60_000,
  );

  it("refuses to start without COOKIE_SECRET, in development too", async () => {
    const result = await storefront({ NODE_ENV: "development" });
    expect(result.exited, result.output).toBe(true);
    expect(result.output).toContain("SERVER_ROLE=storefront 须设置 COOKIE_SECRET");
  }, 60_000);

  it("starts with COOKIE_SECRET alone and writes no session-secret file", async () => {
    const result = await storefront({ COOKIE_SECRET: SECRET });
    expect(result.exited, `the storefront did not start:\n${result.output}`).toBe(false);
    expect(existsSync(join(dir, "session-secret"))).toBe(false);
  }, 60_000);
});
