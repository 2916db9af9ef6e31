// Split roles on different addresses (review finding M3, issue 22, decision 023): the trade tier,
// two storefronts and nginx each in a network namespace of its own on 10.231.0.0/16, and shoppers
// on addresses of their own. Storefronts call the trade tier directly, so its TRUST_PROXY lists
// the storefronts' addresses (and nginx's, for /api through nginx); X-Forwarded-For from anyone
// else is ignored. Shown here: per-shopper login limits through the storefronts, no bucket picked
// by a shopper's own X-Forwarded-For (through nginx or straight to the trade tier), no
// X-Forwarded-Host reaching a page, no member page from nginx's cache. Root and `ip netns` needed;
// skipped with a message otherwise.
import Database from "better-sqlite3";
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVER_NODE_ARGS } from "../../scripts/setup.mjs";
import { createSeededDb, credentialFor } from "../bench/data";
import { COOKIE_SECRET, PAY_NOTIFY_SECRET, SESSION_SECRET } from "../bench/server";
import { ensureNginx, writeNginxConfig } from "../support/nginx";
import { createNetwork, netnsUnavailable, removeNamespaces, runIn, startShoppers, type NodeProcess, type Shoppers } from "./netns/network";

const ADDRESS = { trade: "10.231.0.10", sf1: "10.231.0.11", sf2: "10.231.0.12", nginx: "10.231.0.13", client: "10.231.0.100" };
/** 20 shoppers for the limit, one who makes 21 attempts, and a few for the other checks. */
const SHOPPERS = Array.from({ length: 30 }, (_, i) => `10.231.1.${i + 1}`);
const TRADE = `http://${ADDRESS.trade}:3100`;
/** nginx's TLS server (its plain http server on 8080 only redirects here). */
const NGINX = `https://${ADDRESS.nginx}:8443`;
const STOREFRONTS = [`http://${ADDRESS.sf1}:3001`, `http://${ADDRESS.sf2}:3002`];
/** As decision 023 and docs/deploy.md say: the storefronts' addresses and nginx's. */
const TRADE_TRUST_PROXY = `${ADDRESS.sf1}, ${ADDRESS.sf2}, ${ADDRESS.nginx}`;
const LOCKED = "登录失败次数过多";

const unavailable = netnsUnavailable();
const nginxBinary = unavailable ? null : ensureNginx();
const skipped = unavailable ?? (nginxBinary ? null : "nginx is not installed (apt-get install nginx-light; npm test does it as root)");
if (skipped) console.warn(`split roles on separate addresses: skipped, ${skipped}`);

let dir: string;
let dbFile: string;
let shoppers: Shoppers;
const processes: NodeProcess[] = [];

function node(name: keyof typeof ADDRESS, port: number, env: Record<string, string>): NodeProcess {
  const started = runIn(name, [process.execPath, ...SERVER_NODE_ARGS], {
    logDir: dir,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DEMO: "1",
      HOST: ADDRESS[name],
      PORT: String(port),
      LOG_LEVEL: "warn",
      WEB_CONCURRENCY: "1",
      ...env,
    },
  });
  processes.push(started);
  return started;
}

/** deploy/nginx/shop.conf as shipped, with the namespaces' addresses and a cache directory of its own; its certificate. */
function startNginx(binary: string): string {
  const prefix = join(dir, "nginx");
  mkdirSync(prefix, { recursive: true });
  chmodSync(dir, 0o755);
  const { cert } = writeNginxConfig(prefix, {
    storefronts: [`${ADDRESS.sf1}:3001`, `${ADDRESS.sf2}:3002`],
    trade: `${ADDRESS.trade}:3100`,
    listen: `${ADDRESS.nginx}:8443`,
    plain: `${ADDRESS.nginx}:8080`,
  });
  processes.push(runIn("nginx", [binary, "-p", `${prefix}/`, "-c", "nginx.conf", "-g", "daemon off;"], { logDir: dir, env: process.env }));
  return cert;
}

async function ready(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const answer = await shoppers.send(ADDRESS.client, url).catch(() => null);
    if (answer?.status === 200) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within 60 s; logs in ${dir}`);
}

/** A wrong SMS-code login through the storefront's login form (no JavaScript), as shopper `from`. */
async function wrongLogin(from: string, mobile: string, headers: Record<string, string> = {}) {
  const answer = await shoppers.send(from, `${NGINX}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams({ intent: "captcha-login", phone: mobile, sms_code: "000000" }).toString(),
  });
  return { status: answer.status, locked: answer.body.includes(LOCKED) };
}

/** A wrong SMS-code login sent to the trade tier's API by whoever `from` is. */
async function wrongApiLogin(from: string, base: string, mobile: string, headers: Record<string, string> = {}) {
  const answer = await shoppers.send(from, `${base}/api/common_bll/v1/member/action/captcha_login`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ mobile: `+86-${mobile}`, sms_code: "000000" }),
  });
  return { status: answer.status, locked: answer.body.includes(LOCKED) };
}

/** Failed SMS-code logins the trade tier recorded, by the address it counted them under. */
function failuresByAddress(): Record<string, number> {
  const db = new Database(dbFile, { readonly: true });
  try {
    const rows = db.prepare("SELECT client_ip AS ip, count(*) AS n FROM login_attempts WHERE success = 0 GROUP BY client_ip").all() as {
      ip: string;
      n: number;
    }[];
    return Object.fromEntries(rows.map((row) => [row.ip, row.n]));
  } finally {
    db.close();
  }
}

let mobiles = 13700000000;
const nextMobile = () => String(mobiles++);

describe.skipIf(skipped)("split roles on separate addresses (trade, two storefronts, nginx in namespaces of their own)", () => {
  beforeAll(async () => {
    removeNamespaces();
    dir = mkdtempSync(join(tmpdir(), "shop-netns-"));
    dbFile = createSeededDb(dir).dbFile;
    createNetwork({
      trade: [ADDRESS.trade],
      sf1: [ADDRESS.sf1],
      sf2: [ADDRESS.sf2],
      nginx: [ADDRESS.nginx],
      client: [ADDRESS.client, ...SHOPPERS],
    });
    node("trade", 3100, { SERVER_ROLE: "trade", DB_FILE: dbFile, SESSION_SECRET, PAY_NOTIFY_SECRET, TRUST_PROXY: TRADE_TRUST_PROXY });
    const storefront = {
      SERVER_ROLE: "storefront",
      TRADE_API_URL: TRADE,
      COOKIE_SECRET,
      TRUST_PROXY: ADDRESS.nginx,
      DB_FILE: join(dir, "absent", "storefront.sqlite"),
    };
    node("sf1", 3001, storefront);
    node("sf2", 3002, storefront);
    const cert = startNginx(nginxBinary!);
    shoppers = startShoppers("client", dir, { ...process.env, NODE_EXTRA_CA_CERTS: cert });
    await ready(`${TRADE}/readyz`);
    await Promise.all(STOREFRONTS.map((url) => ready(`${url}/readyz`)));
    await ready(`${NGINX}/favicon.svg`);
  }, 120_000);

  afterAll(async () => {
    await shoppers?.stop();
    for (const started of processes.reverse()) await started.stop();
    removeNamespaces();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it("counts a wrong login under the shopper's address: 20 shoppers do not lock out the 21st, one shopper's 21st attempt is refused", async () => {
    const twenty = SHOPPERS.slice(0, 20);
    for (const from of twenty) expect(await wrongLogin(from, nextMobile())).toEqual({ status: 400, locked: false });
    const failures = failuresByAddress();
    for (const from of twenty) expect(failures[from], from).toBe(1);
    expect(failures[ADDRESS.sf1] ?? 0).toBe(0);
    expect(failures[ADDRESS.sf2] ?? 0).toBe(0);

    // the 21st shopper is not locked out by the others
    expect(await wrongLogin(SHOPPERS[20]!, nextMobile())).toEqual({ status: 400, locked: false });
    // one shopper's 20 failures, through whichever storefront nginx picks, lock that shopper
    const one = SHOPPERS[21]!;
    for (let i = 0; i < 19; i++) expect((await wrongLogin(one, nextMobile())).locked).toBe(false);
    expect(failuresByAddress()[one]).toBe(19);
    expect(await wrongLogin(one, nextMobile())).toEqual({ status: 400, locked: false });
    expect(await wrongLogin(one, nextMobile())).toEqual({ status: 429, locked: true });
  }, 120_000);

  it("does not let a shopper pick another bucket with X-Forwarded-For", async () => {
    const locked = SHOPPERS[21]!;
    // through nginx to a storefront: still the shopper's own address
    expect(await wrongLogin(locked, nextMobile(), { "x-forwarded-for": SHOPPERS[29]! })).toEqual({ status: 429, locked: true });
    // through nginx to the trade tier's API
    expect(await wrongApiLogin(locked, NGINX, nextMobile(), { "x-forwarded-for": SHOPPERS[29]! })).toMatchObject({ status: 429, locked: true });
    // straight to the trade tier, from a peer it does not trust: counted under the peer's address
    const direct = SHOPPERS[22]!;
    expect(await wrongApiLogin(direct, TRADE, nextMobile(), { "x-forwarded-for": SHOPPERS[28]! })).toMatchObject({ status: 400, locked: false });
    const failures = failuresByAddress();
    expect(failures[direct]).toBe(1);
    expect(failures[SHOPPERS[28]!] ?? 0).toBe(0);
    expect(failures[SHOPPERS[29]!] ?? 0).toBe(0);
  }, 60_000);

  it("keeps a client's X-Forwarded-Host out of pages, nginx's cache included", async () => {
    const evil = { "x-forwarded-host": "evil.example" };
    const from = SHOPPERS[23]!;
    for (const path of ["/search-result/xbox", "/robots.txt", "/topic/G1032"]) {
      for (let i = 0; i < 3; i++) {
        const poisoned = await shoppers.send(from, NGINX + path, { headers: evil });
        expect(poisoned.body, `${path} with X-Forwarded-Host`).not.toContain("evil.example");
      }
      const plain = await shoppers.send(SHOPPERS[24]!, NGINX + path);
      expect(plain.status).toBe(200);
      expect(plain.body, `${path} after a poisoning attempt`).not.toContain("evil.example");
    }
    // nor straight to a storefront, which trusts only nginx's forwarded headers
    for (const url of STOREFRONTS) expect((await shoppers.send(from, `${url}/robots.txt`, { headers: evil })).body).not.toContain("evil.example");
  }, 60_000);

  it("never serves one member's page to another from nginx's cache, whichever storefront renders it", async () => {
    const db = new Database(dbFile, { readonly: true });
    const orderOf = (member: number) =>
      (db.prepare("SELECT order_no FROM orders WHERE member_id = ? ORDER BY order_no LIMIT 1").pluck().get(member) as string) ?? "";
    const [first, second] = [orderOf(1), orderOf(2)];
    db.close();
    expect(first).not.toBe("");
    expect(second).not.toBe("");
    const cookie = (member: number) => `login_credential=${credentialFor(dbFile, member)}`;
    const [one, two] = [cookie(1), cookie(2)];
    for (let i = 0; i < 4; i++) {
      const page = await shoppers.send(SHOPPERS[25]!, `${NGINX}/order/list`, { headers: { cookie: one } });
      expect(page.status).toBe(200);
      expect(page.body).toContain(first);
      expect(page.headers["x-cache-status"]).not.toBe("HIT");
    }
    for (let i = 0; i < 4; i++) {
      const page = await shoppers.send(SHOPPERS[26]!, `${NGINX}/order/list`, { headers: { cookie: two } });
      expect(page.status).toBe(200);
      expect(page.body).toContain(second);
      expect(page.body).not.toContain(first);
      expect(page.headers["x-cache-status"]).not.toBe("HIT");
    }
  }, 60_000);
});
