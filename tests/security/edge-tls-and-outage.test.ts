// The nginx recipe as an operator runs it (operator trial M5): deploy/nginx/shop.conf with its TLS
// server (a certificate made here), in front of a trade tier and two storefronts. Plain http only
// redirects to https, so the login cookie goes out Secure; and with the trade tier down a member
// gets the shop's own 503 page on every request, never nginx's 502, and pages again as soon as the
// trade tier is back (the default max_fails=1 marked both storefronts failed on the first 503).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeededDb, credentialFor } from "../bench/data";
import { freePort, startServer, type BenchServer } from "../bench/server";
import { ensureNginx, startNginx, type Nginx } from "../support/nginx";

const TEST_PASS = "test-pass-0000";

let dir: string;
let dbFile: string;
let tradePort: number;
let trade: BenchServer;
const storefronts: BenchServer[] = [];
let nginx: Nginx;

// the captcha's test pass is refused in production: the trade tier runs as in development (the
// cookie's flag is the storefront's, which runs in production)
const startTrade = () =>
  startServer({ dbFile, logDir: dir, port: tradePort, env: { SERVER_ROLE: "trade", NODE_ENV: "development", CAPTCHA_TEST_PASS: TEST_PASS } });

beforeAll(async () => {
  const binary = ensureNginx();
  if (!binary) throw new Error("nginx is missing: `apt-get install nginx-light` (npm test installs it as root)");
  dir = mkdtempSync(join(tmpdir(), "shop-edge-tls-"));
  dbFile = createSeededDb(dir).dbFile;
  tradePort = await freePort();
  trade = await startTrade();
  for (let i = 0; i < 2; i++) {
    storefronts.push(
      await startServer({
        dbFile,
        logDir: dir,
        env: { SERVER_ROLE: "storefront", TRADE_API_URL: trade.url, DB_FILE: join(dir, "absent", "storefront.sqlite") },
      }),
    );
  }
  nginx = await startNginx(binary, { storefronts: [storefronts[0]!.url, storefronts[1]!.url], trade: trade.url });
}, 120_000);

afterAll(async () => {
  await nginx?.stop();
  for (const storefront of storefronts) await storefront.stop();
  await trade?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Logs the demo member in through nginx's TLS server and the storefront's form; its Set-Cookie. */
async function loginThroughNginx(): Promise<string> {
  const load = await fetch(`${nginx.url}/api/common_bll/v1/geetest4/load?type=text`);
  const lot = ((await load.json()) as { result: { lot_number: string } }).result.lot_number;
  const res = await fetch(`${nginx.url}/login?login=pwd`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "pwd-login", account: "13800138000", password: "demo123456", lot_number: lot, captcha_output: TEST_PASS }).toString(),
  });
  const cookies = res.headers.getSetCookie().filter((c) => c.startsWith("login_credential="));
  expect(cookies, `login answered ${res.status}`).toHaveLength(1);
  return cookies[0]!;
}

describe("nginx's TLS server and its http redirect (deploy/nginx/shop.conf)", () => {
  it("plain http answers every path with a redirect to the same address over https, and sets no cookie", async () => {
    for (const path of ["/", "/login?login=pwd", "/order/list", "/api/trade_bff/v2/goods/G1001", "/readyz"]) {
      const res = await fetch(nginx.plainUrl + path, { redirect: "manual" });
      await res.arrayBuffer();
      expect(res.status, path).toBe(301);
      expect(res.headers.get("location"), path).toBe(`https://127.0.0.1${path}`);
      expect(res.headers.getSetCookie(), path).toEqual([]);
    }
  });

  it("a login over https sets the login cookie Secure and HttpOnly", async () => {
    const cookie = await loginThroughNginx();
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
  });

  it("serves the pages over https with the certificate it names", async () => {
    const res = await fetch(`${nginx.url}/topic/G1001`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("G1001");
  });
});

describe("the trade tier down behind nginx", () => {
  it("a member gets the shop's 503 page on every request, never nginx's 502, and pages again once it is back", async () => {
    const cookie = `login_credential=${credentialFor(dbFile, 1)}`;
    const memberPage = async () => {
      const res = await fetch(`${nginx.url}/order/list`, { headers: { cookie } });
      return { status: res.status, retryAfter: res.headers.get("retry-after"), html: await res.text() };
    };
    expect((await memberPage()).status).toBe(200);
    await trade.stop();
    try {
      for (let i = 0; i < 6; i++) {
        const page = await memberPage();
        expect(page.status, `request ${i + 1}`).toBe(503);
        expect(page.html, `request ${i + 1}`).not.toContain("nginx");
        expect(page.html, `request ${i + 1}`).toContain("服务繁忙");
        expect(page.retryAfter).toBe("30");
      }
    } finally {
      trade = await startTrade();
    }
    // the very first member request once the trade tier is back
    expect((await memberPage()).status).toBe(200);
  }, 60_000);
});
