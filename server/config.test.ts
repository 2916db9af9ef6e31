import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const dbFile = join(mkdtempSync(join(tmpdir(), "shop-config-")), "shop.sqlite");

describe("loadConfig", () => {
  it("has a working default for everything", () => {
    const config = loadConfig({ DB_FILE: dbFile });
    expect(config).toMatchObject({ port: 3000, orderPayMinutes: 15, fulfilDelayMs: 1500, devPages: true, production: false });
    expect(config.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
  });

  it("keeps the generated session secret beside the database", () => {
    expect(loadConfig({ DB_FILE: dbFile }).sessionSecret).toBe(loadConfig({ DB_FILE: dbFile }).sessionSecret);
  });

  it.each([
    [{ PORT: "http" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ ORDER_PAY_MINUTES: "0" }, "ORDER_PAY_MINUTES"],
    [{ FULFIL_DELAY_MS: "-1" }, "FULFIL_DELAY_MS"],
    [{ TRADE_API_URL: "ftp://x" }, "TRADE_API_URL"],
    [{ DEMO: "maybe" }, "DEMO"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
  ])("stops on %j naming %s", (env, name) => {
    expect(() => loadConfig({ DB_FILE: dbFile, ...env })).toThrowError(new RegExp(name));
  });

  it("refuses the captcha test pass in production", () => {
    expect(() => loadConfig({ DB_FILE: dbFile, NODE_ENV: "production", CAPTCHA_TEST_PASS: "letmein-123" })).toThrow(ConfigError);
  });

  it("serves the demo pages in production only with DEMO=1", () => {
    expect(loadConfig({ DB_FILE: dbFile, NODE_ENV: "production" }).devPages).toBe(false);
    expect(loadConfig({ DB_FILE: dbFile, NODE_ENV: "production", DEMO: "1" }).devPages).toBe(true);
  });
});
