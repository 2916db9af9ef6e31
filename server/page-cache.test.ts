import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import { request, type Server } from "node:http";
import { brotliDecompressSync } from "node:zlib";
import compression from "compression";
import express, { type Request, type Response as ExpressResponse } from "express";
import { afterEach, describe, expect, it } from "vitest";
import { inlineScriptHashes, pageCache, type PageCacheOptions } from "./page-cache";
import { sendResponse } from "./remix-handler";

/** What stands in for Remix: the web Response of a request. */
type Render = (req: Request, res: ExpressResponse) => Response | Promise<Response>;

const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

interface Harness {
  url: string;
  renders: () => number;
  hits: string[];
  clock: { now: number };
  cache: ReturnType<typeof pageCache>;
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) server.closeAllConnections();
});

/** An Express app shaped like server/app.ts: serve, a nonce CSP, compression, then a "renderer" sent as Remix's handler sends it. */
async function start(render: Render, overrides: Partial<PageCacheOptions> = {}, trustProxy: string | false = false): Promise<Harness> {
  let renders = 0;
  const hits: string[] = [];
  const clock = { now: 1_000_000 };
  const cache = pageCache({
    ttlMs: 5_000,
    paths: [/^\/$/, /^\/topic\/[^/]+$/],
    bypassCookies: ["login_credential"],
    ignoredCookies: ["saas-token"],
    repeatableCookies: ["DIALOG_DATE_KEY"],
    bypassParams: ["login"],
    onHit: (_req, _res, path) => hits.push(path),
    now: () => clock.now,
    ...overrides,
  });
  const app = express();
  app.set("trust proxy", trustProxy);
  app.use(cache.serve);
  app.use((_req, res, next) => {
    res.locals.nonce = `n${renders}`;
    res.setHeader("Content-Security-Policy", `script-src 'self' 'nonce-${res.locals.nonce}'; object-src 'none'`);
    res.setHeader("X-Content-Type-Options", "nosniff");
    next();
  });
  app.use(compression({ threshold: 0 }));
  app.use(async (req, res) => {
    renders += 1;
    await sendResponse(req, res, await render(req, res));
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  server.unref();
  await new Promise((done) => server.once("listening", done));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, renders: () => renders, hits, clock, cache };
}

const html = (body: string, init: ResponseInit = {}) =>
  new Response(body, { ...init, headers: { "Content-Type": "text/html; charset=utf-8", ...(init.headers as Record<string, string>) } });

/** A page streamed in three chunks, as React writes it, with the saas-token and the popup's record. */
const page: Render = (req, res) => {
  const parts = [
    `<html><body><h1>${req.path}</h1>`,
    `<script nonce="${res.locals.nonce}">window.x = 1;</script><script type="module" nonce="${res.locals.nonce}" src="/assets/a.js"></script>`,
    `<p>${"商品".repeat(200)}</p></body></html>`,
  ];
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const part = parts.shift();
      if (part === undefined) controller.close();
      else controller.enqueue(new TextEncoder().encode(part));
    },
  });
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
  headers.append("Set-Cookie", "saas-token=fresh; Path=/");
  headers.append("Set-Cookie", "DIALOG_DATE_KEY=2026-11-22%3A1; Path=/");
  return new Response(body, { headers });
};

const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers });

describe("page cache", () => {
  it("keys on the host the page is rendered for: a forwarded host from a trusted proxy gets its own copy", async () => {
    const h = await start((req) => html(`<p>${req.protocol}://${req.hostname}</p>`), {}, "loopback");
    const forwarded = await get(`${h.url}/`, { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" });
    expect(await forwarded.text()).toBe("<p>https://evil.example</p>");
    const plain = await get(`${h.url}/`);
    expect(plain.headers.get("x-page-cache")).toBe("MISS");
    expect(await plain.text()).toBe("<p>http://127.0.0.1</p>");
    const again = await get(`${h.url}/`, { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" });
    expect(again.headers.get("x-page-cache")).toBe("HIT");
    expect(h.renders()).toBe(2);
  });

  it("serves the second visitor from the cache, gzipped, with the render's headers and repeatable cookies only", async () => {
    const h = await start(page);
    const first = await get(`${h.url}/topic/G1001`);
    const firstBody = await first.text();
    expect(first.headers.get("x-page-cache")).toBe("MISS");
    expect(first.headers.get("set-cookie")).toContain("saas-token=fresh");

    const second = await fetch(`${h.url}/topic/G1001`, { headers: { "accept-encoding": "gzip" } });
    expect(second.headers.get("x-page-cache")).toBe("HIT");
    expect(second.headers.get("content-encoding")).toBe("gzip");
    expect(await second.text()).toBe(firstBody);
    expect(h.renders()).toBe(1);
    expect(second.headers.get("x-content-type-options")).toBe("nosniff");
    expect(second.headers.get("set-cookie")).toBe("DIALOG_DATE_KEY=2026-11-22%3A1; Path=/");
    expect(h.hits).toEqual(["/topic/G1001"]);
  });

  it("lets a shared cache in front keep a stored page (s-maxage, Age), never the render with its one-time nonce", async () => {
    const h = await start(page);
    const first = await get(`${h.url}/`);
    expect(first.headers.get("x-page-cache")).toBe("MISS");
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    // the entry is stored once the answer has been sent: read it whole before asking again
    await first.arrayBuffer();
    expect((await get(`${h.url}/`)).headers.get("x-page-cache")).toBe("HIT");
    h.clock.now += 2_000;
    const stored = await get(`${h.url}/`);
    expect(stored.headers.get("x-page-cache")).toBe("HIT");
    expect(stored.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=5, stale-while-revalidate=60");
    expect(stored.headers.get("age")).toBe("2");
    expect(stored.headers.get("content-security-policy")).not.toContain("nonce-");
    expect(stored.headers.get("vary")).toBe("Accept-Encoding");
  });

  it("answers clients that do not take gzip with the plain bytes and a correct length", async () => {
    const h = await start(page);
    const body = await (await get(`${h.url}/`)).text();
    const plain = await get(`${h.url}/`, { "accept-encoding": "identity" });
    expect(plain.headers.get("x-page-cache")).toBe("HIT");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(Number(plain.headers.get("content-length"))).toBe(Buffer.byteLength(body));
    expect(await plain.text()).toBe(body);
  });

  it("decides the encoding by each request's own Accept-Encoding, however many hits came before with another", async () => {
    const h = await start(page);
    await (await get(`${h.url}/`)).text();
    const encoding = async (acceptEncoding: string) => {
      const res = await get(`${h.url}/`, { "accept-encoding": acceptEncoding });
      await res.arrayBuffer();
      return [res.headers.get("x-page-cache"), res.headers.get("content-encoding")];
    };
    const long = `br;q=0, ${"x-unknown;q=0.1, ".repeat(20)}gzip;q=0`;
    for (let round = 0; round < 2; round += 1) {
      expect(await encoding("gzip, deflate, br")).toEqual(["HIT", "br"]);
      expect(await encoding("gzip, deflate")).toEqual(["HIT", "gzip"]);
      expect(await encoding("gzip;q=0, identity")).toEqual(["HIT", null]);
      expect(await encoding(long)).toEqual(["HIT", null]);
      expect(await encoding("identity;q=0.5, gzip")).toEqual(["HIT", "gzip"]);
    }
  });

  it("serves a browser that takes brotli the stored page in brotli, smaller than its gzip", async () => {
    const h = await start(page);
    const body = await (await get(`${h.url}/`)).text();
    const raw = (acceptEncoding: string) =>
      new Promise<{ encoding: string | undefined; bytes: Buffer }>((resolve, reject) => {
        const req = request(`${h.url}/`, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ encoding: res.headers["content-encoding"], bytes: Buffer.concat(chunks) }));
        });
        req.on("error", reject);
        req.end();
      });
    const br = await raw("gzip, deflate, br, zstd");
    const gzip = await raw("gzip");
    expect(br.encoding).toBe("br");
    expect(brotliDecompressSync(br.bytes).toString("utf8")).toBe(body);
    expect(br.bytes.length).toBeLessThan(gzip.bytes.length);
  });

  it("answers a browser that already has the page with 304", async () => {
    const h = await start(page);
    await (await get(`${h.url}/`)).text();
    const hit = await get(`${h.url}/`);
    const etag = hit.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const again = await get(`${h.url}/`, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect((await get(`${h.url}/`, { "if-none-match": '"other"' })).status).toBe(200);
  });

  it("replaces the render's nonce with the hashes of its inline scripts", async () => {
    const h = await start(page);
    await (await get(`${h.url}/`)).text();
    const hit = await get(`${h.url}/`);
    const policy = hit.headers.get("content-security-policy")!;
    expect(policy).not.toContain("nonce-");
    expect(policy).toBe(`script-src 'self' ${sha("window.x = 1;")}; object-src 'none'`);
  });

  it("never serves nor stores a member's page", async () => {
    const h = await start(page);
    const member = { cookie: "login_credential=secret-of-member-1" };
    await (await get(`${h.url}/`, member)).text();
    const again = await get(`${h.url}/`, member);
    expect(again.headers.get("x-page-cache")).toBeNull();
    const visitor = await get(`${h.url}/`);
    expect(visitor.headers.get("x-page-cache")).toBe("MISS");
    expect(h.renders()).toBe(3);
  });

  it("keys by the shopper's cookies except the saas-token", async () => {
    const h = await start(page);
    await (await get(`${h.url}/`, { cookie: "saas-token=a; serach_cache=%5B%22steam%22%5D" })).text();
    expect((await get(`${h.url}/`, { cookie: "saas-token=b; serach_cache=%5B%22steam%22%5D" })).headers.get("x-page-cache")).toBe("HIT");
    expect((await get(`${h.url}/`, { cookie: "serach_cache=%5B%22switch%22%5D" })).headers.get("x-page-cache")).toBe("MISS");
    expect((await get(`${h.url}/?sku=2`)).headers.get("x-page-cache")).toBe("MISS");
  });

  it("never serves the login modal from the cache, however many parameters come before ?login= (review 2026-11b, L2)", async () => {
    const h = await start(page);
    const padded = `${h.url}/?${Array.from({ length: 1_000 }, (_, i) => `a${i}=`).join("&")}&login=pwd`;
    await (await get(padded)).arrayBuffer();
    const again = await get(padded);
    expect(again.headers.get("x-page-cache")).toBeNull();
    expect(h.renders()).toBe(2);
  });

  it("says public only when the key holds no cookie but the repeatable ones (review 2026-11b, L3)", async () => {
    const h = await start(page);
    const replayed = async (cookie: string) => {
      await (await get(`${h.url}/`, { cookie })).arrayBuffer();
      const hit = await get(`${h.url}/`, { cookie });
      expect(hit.headers.get("x-page-cache")).toBe("HIT");
      return { cacheControl: hit.headers.get("cache-control"), vary: hit.headers.get("vary") };
    };
    expect(await replayed("saas-token=a; DIALOG_DATE_KEY=2026-11-22%3A1")).toEqual({
      cacheControl: "public, max-age=0, s-maxage=5, stale-while-revalidate=60",
      vary: "Accept-Encoding",
    });
    expect(await replayed("saas-token=a; serach_cache=%5B%22my-private-search%22%5D")).toEqual({
      cacheControl: "private, max-age=0",
      vary: "Accept-Encoding, Cookie",
    });
  });

  it("does not store answers that set other cookies, are not 200, or are private", async () => {
    const flash: Render = () => html("<p>消息</p>", { headers: { "Set-Cookie": "flash=; Max-Age=0" } });
    const missing: Render = () => html("<p>不存在</p>", { status: 404 });
    const privateAnswer: Render = () => html("<p>私有</p>", { headers: { "Cache-Control": "private" } });
    for (const render of [flash, missing, privateAnswer]) {
      const h = await start(render);
      await (await get(`${h.url}/`)).text();
      expect((await get(`${h.url}/`)).headers.get("x-page-cache")).toBe("MISS");
      expect(h.renders()).toBe(2);
      expect(h.cache.size()).toBe(0);
    }
  });

  it("sends a page too big to keep whole, and does not keep it", async () => {
    const big = `<p>${"x".repeat(3 * 1024 * 1024)}</p>`;
    const h = await start(() => html(big));
    expect(await (await get(`${h.url}/`)).text()).toBe(big);
    expect((await get(`${h.url}/`)).headers.get("x-page-cache")).toBe("MISS");
    expect(h.cache.size()).toBe(0);
  });

  it("leaves other paths, the login modal's address and writes alone", async () => {
    const h = await start(page);
    for (const path of ["/order/list", "/?login=pwd"]) {
      await (await get(h.url + path)).text();
      expect((await get(h.url + path)).headers.get("x-page-cache")).toBeNull();
    }
    await (await fetch(`${h.url}/`, { method: "POST" })).text();
    expect(h.cache.size()).toBe(0);
  });

  it("keeps single-fetch data answers of a page, without counting them as page views", async () => {
    const data: Render = () => new Response('[{"goods":1}]', { headers: { "Content-Type": "text/x-script" } });
    const h = await start(data);
    await (await get(`${h.url}/topic/G1001.data`)).text();
    const hit = await get(`${h.url}/topic/G1001.data`);
    expect(hit.headers.get("x-page-cache")).toBe("HIT");
    expect(await hit.text()).toBe('[{"goods":1}]');
    expect(h.hits).toEqual([]);
  });

  it("re-renders after the TTL, serving the old copy to others while one request renders", async () => {
    let release: () => void = () => {};
    let slow = false;
    const h = await start(async (req, res) => {
      if (slow) await new Promise<void>((done) => (release = done));
      return page(req, res);
    });
    await (await get(`${h.url}/`)).text();
    h.clock.now += 5_001;
    slow = true;
    const refreshing = get(`${h.url}/`);
    await new Promise((r) => setTimeout(r, 50));
    const stale = await get(`${h.url}/`);
    expect(stale.headers.get("x-page-cache")).toBe("HIT");
    expect(stale.headers.get("age")).toBe("5");
    release();
    const refreshed = await refreshing;
    expect(refreshed.headers.get("x-page-cache")).toBe("MISS");
    await refreshed.text();
    expect((await get(`${h.url}/`)).headers.get("age")).toBe("0");
    expect(h.renders()).toBe(2);
  });

  it("evicts the least recently used pages beyond its byte budget", async () => {
    const h = await start(page, { maxBytes: 4_000 });
    for (const goods of ["G1", "G2", "G3"]) await (await get(`${h.url}/topic/${goods}`)).text();
    expect(h.cache.size()).toBeLessThan(3);
    expect((await get(`${h.url}/topic/G3`)).headers.get("x-page-cache")).toBe("HIT");
    expect((await get(`${h.url}/topic/G1`)).headers.get("x-page-cache")).toBe("MISS");
  });

  it("is off with a TTL of 0", async () => {
    const h = await start(page, { ttlMs: 0 });
    await (await get(`${h.url}/`)).text();
    expect((await get(`${h.url}/`)).headers.get("x-page-cache")).toBeNull();
    expect(h.renders()).toBe(2);
  });
});

describe("inlineScriptHashes", () => {
  it("hashes inline scripts only, each once", () => {
    const html = `<script>a()</script><script src="/x.js"></script><script type="module" nonce="n">import "/y.js";</script><script>a()</script>`;
    expect(inlineScriptHashes(html)).toEqual([sha("a()"), sha('import "/y.js";')]);
  });
});
