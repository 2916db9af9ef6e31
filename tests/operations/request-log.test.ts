// Logs an operator can follow (operator trial M1): every access line names its request by id and the client's
// address; a page's id travels to its calls to the services (X-Request-Id) and comes back in the trade tier's lines;
// one process serving both tiers writes one info line per page (its own calls to the services are debug lines); and
// nothing but JSON reaches the log.
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { credentialFor } from "../bench/data";
import { freePort, startServer, type BenchServer } from "../bench/server";
import { startShop, type Shop } from "../security/shop";

interface Line {
  level: number;
  msg: string;
  req?: { id?: string; method: string; url: string; remoteAddress?: string };
}

const linesOf = (log: string): Line[] =>
  log
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Line);

describe("one process (SERVER_ROLE=all)", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop({ env: { LOG_LEVEL: "debug" } });
  }, 90_000);
  afterAll(() => shop?.close());

  it("a member page is one info line with the proxy's request id and the client's address; its calls carry the id at debug", async () => {
    const page = await fetch(`${shop.url}/order/list`, { headers: { cookie: shop.memberCookie(), "x-request-id": "op-trace-123" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("x-request-id")).toBe("op-trace-123");
    await page.arrayBuffer();
    await expect.poll(() => linesOf(shop.log()).some((line) => line.req?.url === "/order/list")).toBe(true);
    const traced = linesOf(shop.log()).filter((line) => line.req?.id === "op-trace-123");
    const info = traced.filter((line) => line.level === 30);
    expect(info.map((line) => line.req?.url)).toEqual(["/order/list"]);
    expect(info[0].req?.remoteAddress).toBe("127.0.0.1");
    const calls = traced.filter((line) => line.level === 20).map((line) => line.req?.url ?? "");
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((url) => url.startsWith("/api/"))).toBe(true);
  });

  it("a missing media file is a 404 and a JSON line, never a raw stack", async () => {
    const missing = await fetch(`${shop.url}/media/goods/none-such.svg`);
    expect(missing.status).toBe(404);
    await missing.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(shop.log()).not.toContain("ENOENT");
    for (const line of shop.log().split("\n").filter(Boolean)) expect(() => JSON.parse(line), line).not.toThrow();
  });
});

describe("split roles", () => {
  let dir: string;
  let trade: BenchServer;
  let storefront: BenchServer;
  let storefrontPort: number;
  beforeAll(async () => {
    const shop = await startShop();
    dir = shop.dir;
    await shop.stop();
    trade = await startServer({ dbFile: join(dir, "shop.sqlite"), logDir: dir, env: { SERVER_ROLE: "trade", LOG_LEVEL: "info" } });
    const port = (storefrontPort = await freePort());
    storefront = await startServer({
      dbFile: join(dir, "absent", "storefront.sqlite"),
      logDir: dir,
      port,
      env: { SERVER_ROLE: "storefront", TRADE_API_URL: trade.url, CN_BASE_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: "info" },
    });
  }, 120_000);
  afterAll(async () => {
    await storefront?.stop();
    await trade?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("the storefront's page id comes back in the trade tier's lines of its calls", async () => {
    const cookie = `login_credential=${credentialFor(join(dir, "shop.sqlite"), 1)}`;
    const page = await fetch(`${storefront.url}/order/list`, { headers: { cookie } });
    expect(page.status).toBe(200);
    await page.arrayBuffer();
    const id = page.headers.get("x-request-id");
    expect(id).toMatch(/^[\w.-]+$/);
    const tradeLog = () => linesOf(readFileSync(join(dir, `server-${new URL(trade.url).port}.log`), "utf8"));
    await expect.poll(() => tradeLog().filter((line) => line.req?.id === id).length).toBeGreaterThan(0);
    const calls = tradeLog().filter((line) => line.req?.id === id);
    expect(calls.every((line) => line.level === 30 && line.req!.url.startsWith("/api/"))).toBe(true);
  });

  // last: it stops the trade tier
  it("the storefront's own warnings are JSON lines of the same logger, with the page's request id", async () => {
    await trade.stop();
    const cookie = `login_credential=${credentialFor(join(dir, "shop.sqlite"), 1)}`;
    const page = await fetch(`${storefront.url}/order/list`, { headers: { cookie, "x-request-id": "storefront-trace-7" } });
    expect(page.status).toBe(503);
    await page.arrayBuffer();
    const storefrontLog = () => linesOf(readFileSync(join(dir, `server-${storefrontPort}.log`), "utf8"));
    await expect.poll(() => storefrontLog().some((line) => line.msg === "trade api unavailable")).toBe(true);
    const warning = storefrontLog().find((line) => line.msg === "trade api unavailable")!;
    expect(warning).toMatchObject({ level: 40, req: { id: "storefront-trace-7", url: "/order/list" } });
    expect((warning as Line & { reason?: string }).reason).toMatch(/^trade API GET \/api\//);
  });
});
