// Split roles (review finding M3, issue 22, decision 023): storefronts call the trade tier directly,
// so its TRUST_PROXY must list their addresses, or every shopper a storefront serves shares that
// storefront's limit bucket. Start-up warns when SERVER_ROLE=trade runs with a TRUST_PROXY that
// cannot be right: loopback only (the default), or a hop count (any peer's X-Forwarded-For).
// tests/security/split-roles-netns.test.ts shows the limits themselves on separate addresses. Which settings warn is
// server/config.test.ts's (trustWarning, every case); here, that a real start-up logs it, and only when it should.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startup } from "./startup";

const WARNING = "SERVER_ROLE=trade 的 TRUST_PROXY";
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function trade(env: Record<string, string | undefined>) {
  dir = mkdtempSync(join(tmpdir(), "shop-trade-trust-"));
  // the first start of a new trade tier: told to create its database (DB_CREATE, operator trial M8)
  return startup({ DB_FILE: join(dir, "shop.sqlite"), DB_CREATE: "1", SESSION_SECRET: undefined, TRUST_PROXY: undefined, ...env });
}

describe("start-up of the trade tier", () => {
  it("warns with TRUST_PROXY's default (loopback only)", async () => {
    const result = await trade({ SERVER_ROLE: "trade" });
    expect(result.exited, result.output).toBe(false);
    const warning = result.output.split("\n").find((line) => line.includes(WARNING));
    expect(warning, `no warning in:\n${result.output}`).toContain("只有 loopback");
    expect(JSON.parse(warning!)).toMatchObject({ level: 40 });
  }, 60_000);

  it("does not warn when TRUST_PROXY lists the storefronts' network", async () => {
    const result = await trade({ SERVER_ROLE: "trade", TRUST_PROXY: "10.231.0.0/16" });
    expect(result.exited, result.output).toBe(false);
    expect(result.output).not.toContain(WARNING);
  }, 60_000);
});
