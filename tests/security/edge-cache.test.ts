// The edge cache (review 2026-11b, M2, L2, L3 and the Info items on pay-status and /readyz):
// deploy/nginx/shop.conf run by a real nginx in front of the production build. Nothing a client
// sends in X-Forwarded-Host reaches a page, robots.txt or the sitemap another visitor gets; no
// cookie is replayed from a cache; member answers are never stored; the probes stay off the edge.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureNginx, startNginx, type Nginx } from "../support/nginx";
import { rawGet } from "../support/raw-http";
import { sharedShop } from "./shop";
import { startup } from "./startup";

const EVIL = { "X-Forwarded-Host": "evil.example" };

const shop = sharedShop();
let nginx: Nginx;
beforeAll(async () => {
  const binary = ensureNginx();
  if (!binary) throw new Error("nginx is missing: `apt-get install nginx-light` (npm test installs it as root)");
  nginx = await startNginx(binary, { storefronts: [shop.url, shop.url], trade: shop.url });
}, 90_000);
afterAll(async () => {
  await nginx?.stop();
});

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(nginx.url + path, { headers, redirect: "manual" });
  return { res, body: await res.text(), cache: res.headers.get("x-cache-status") };
}

describe("nginx in front of the shop (deploy/nginx/shop.conf)", () => {
  it("robots.txt asked for with X-Forwarded-Host: evil.example never names it, to that client or the next", async () => {
    const poisoned = await get("/robots.txt", EVIL);
    const victim = await get("/robots.txt");
    expect(poisoned.body).not.toContain("evil.example");
    expect(victim.body, `X-Cache-Status: ${victim.cache}`).not.toContain("evil.example");
    expect(victim.body).toContain(`Sitemap: http://localhost:${new URL(shop.url).port}/sitemap.xml`);
  });

  it("a search page rendered twice for X-Forwarded-Host: evil.example is not what a later visitor gets", async () => {
    await get("/search-result/xbox", EVIL);
    await get("/search-result/xbox", EVIL);
    const victim = await get("/search-result/xbox");
    expect(victim.body).toContain("application/ld+json");
    expect(victim.body, `X-Cache-Status: ${victim.cache}`).not.toContain("evil.example");
  });

  it("the sitemap sets no cookie, and nginx replays none of a visitor's cookies from its cache", async () => {
    const first = await get("/sitemap.xml", EVIL);
    const second = await get("/sitemap.xml");
    expect(first.res.headers.get("set-cookie")).toBeNull();
    expect(second.res.headers.get("set-cookie"), `X-Cache-Status: ${second.cache}`).toBeNull();
    expect(second.body).not.toContain("evil.example");
  });

  it("keeps the visitor home page, replaying no cookie but the pop-up's records", async () => {
    const cookie = await settledVisitorCookie();
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const page = await get("/", { cookie });
      for (const set of page.res.headers.getSetCookie()) expect(set).toMatch(/^DIALOG_DATE_KEY=/);
      statuses.push(page.cache);
    }
    expect(statuses.at(-1)).toBe("HIT");
  });

  it("keeps /readyz and /healthz off the public edge, in any spelling (review 2026-11c L3)", async () => {
    for (const path of ["/readyz", "/healthz", "/readyz/", "/READYZ", "/Healthz", "/HEALTHZ/", "/Readyz?x=1", "/healthz/?x"]) {
      const { res, body } = await get(path);
      expect(res.status, path).toBe(404);
      expect(body, path).not.toMatch(/"status":"(ready|ok)"/);
    }
  });

  it("a Host whose port is not a port is a 400 through nginx, never a 500 (review 2026-11c L2)", async () => {
    for (const host of ["127.0.0.1:99999", "127.0.0.1:abc"])
      for (const path of ["/", "/topic/G1001", "/search-result/steam", "/robots.txt"]) {
        const res = await rawGet(nginx.url, path, { Host: host }, { ca: nginx.ca });
        expect(res.status, `${host} ${path}`).toBe(400);
      }
  });
});

describe("nginx's member test (review 2026-11c I3)", () => {
  it("sees the login cookie however it is spaced, so a member's request never goes to the cache", async () => {
    let answers = 0;
    // an upstream that wrongly marks every answer public: only nginx's own member test keeps it out
    const upstream = createServer((_req, res) => {
      answers += 1;
      res.setHeader("Cache-Control", "public, max-age=0, s-maxage=60");
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.end(`<p>会员页 ${answers}</p>`);
    });
    await new Promise<void>((done) => upstream.listen(0, "127.0.0.1", done));
    const origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const edge = await startNginx(ensureNginx()!, { storefronts: [origin, origin], trade: origin });
    try {
      for (const cookie of ["login_credential =tok", "a=1; login_credential  =tok", "login_credential= tok", "login_credential=tok"]) {
        const before = answers;
        for (let i = 0; i < 2; i++) {
          const res = await fetch(`${edge.url}/topic/G1001`, { headers: { cookie } });
          await res.arrayBuffer();
          expect(res.headers.get("x-cache-status"), cookie).toBe("BYPASS");
        }
        expect(answers - before, cookie).toBe(2);
      }
    } finally {
      await edge.stop();
      upstream.close();
    }
  });
});

/** A visitor's cookies once their first pages have set them all (saas-token, the pop-up records). */
async function settledVisitorCookie(): Promise<string> {
  const jar = new Map<string, string>();
  for (let i = 0; i < 6; i++) {
    const page = await get("/", { cookie: [...jar].map(([n, v]) => `${n}=${v}`).join("; ") });
    const set = page.res.headers.getSetCookie();
    if (!set.length) break;
    for (const c of set) {
      const [pair] = c.split(";");
      jar.set(pair!.slice(0, pair!.indexOf("=")), pair!.slice(pair!.indexOf("=") + 1));
    }
  }
  return [...jar].map(([n, v]) => `${n}=${v}`).join("; ");
}

describe("nginx on its own, in front of an upstream that wrongly marks a cookie-setting answer public", () => {
  it("never replays that cookie from its cache", async () => {
    let answers = 0;
    const upstream = createServer((_req, res) => {
      answers += 1;
      res.setHeader("Set-Cookie", [`saas-token=visitor-${answers}; Path=/; HttpOnly`, "DIALOG_DATE_KEY=2026-11-26%3A1; Path=/"]);
      res.setHeader("Cache-Control", "public, max-age=0, s-maxage=60");
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.end("<p>首页</p>");
    });
    await new Promise<void>((done) => upstream.listen(0, "127.0.0.1", done));
    const origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const edge = await startNginx(ensureNginx()!, { storefronts: [origin, origin], trade: origin });
    try {
      const cookies = [];
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${edge.url}/`);
        await res.arrayBuffer();
        cookies.push(res.headers.getSetCookie()[0]?.split(";")[0]);
      }
      // each visitor its own token, straight from the upstream
      expect(new Set(cookies).size, cookies.join(", ")).toBe(3);
    } finally {
      await edge.stop();
      upstream.close();
    }
  });
});

describe("what the storefront lets shared caches keep", () => {
  it("a member's order status (a resource route) is private, no-store", async () => {
    const cookie = shop.memberCookie();
    for (const path of ["/settle/pay-status/TT20261124000003", "/settle/pay-status/TT20261124000003.data", "/resources/search-suggest?keyword=steam"]) {
      const res = await fetch(shop.url + path, { headers: { cookie } });
      await res.arrayBuffer();
      expect(res.headers.get("cache-control"), path).toBe("private, no-store");
    }
  });

  it("the login modal is never replayed, however many parameters come before ?login= (L2)", async () => {
    const path = `/protocols/privacy?${Array.from({ length: 1_000 }, (_, i) => `a${i}=`).join("&")}&login=pwd`;
    await (await fetch(shop.url + path)).arrayBuffer();
    const again = await fetch(shop.url + path);
    await again.arrayBuffer();
    expect(again.headers.get("x-page-cache")).not.toBe("HIT");
  });

  it("a replayed page that depends on a visitor's cookie is not public (L3)", async () => {
    const cookie = "serach_cache=%5B%22my-private-search%22%5D";
    await (await fetch(`${shop.url}/search-result/steam`, { headers: { cookie } })).arrayBuffer();
    const hit = await fetch(`${shop.url}/search-result/steam`, { headers: { cookie } });
    await hit.arrayBuffer();
    expect(hit.headers.get("x-page-cache")).toBe("HIT");
    expect(hit.headers.get("cache-control")).not.toMatch(/public|s-maxage/);
    expect(hit.headers.get("vary")).toMatch(/Cookie/);
  });
});

describe("a production storefront knows its public origin", () => {
  // which values are refused is server/config.test.ts's; here, that a real start-up stops on one
  it("refuses to start without CN_BASE_URL", async () => {
    const result = await startup({ DB_FILE: join(shop.dir, "refused.sqlite"), DEMO: undefined, SESSION_SECRET: "edge-test-session-secret-0123456789" });
    expect(result.exited).toBe(true);
    expect(result.output).toContain("CN_BASE_URL");
  }, 60_000);
});
