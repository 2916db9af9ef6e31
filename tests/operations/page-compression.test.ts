// A member's page is compressed at the cheap levels decisions 033 and 069 chose (issue 24: the page's
// gzip was a fifth of its CPU): Zstandard at level 1 where the browser takes it, else brotli at
// quality 2, else gzip at its fastest level, the whole document in one call (server/remix-handler.ts),
// sent with its length. Read from the real process, as `npm
// start` runs it; the page is compressed again here at each level to compare.
import { request, type IncomingHttpHeaders } from "node:http";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync, zstdCompressSync, zstdDecompressSync } from "node:zlib";
import { beforeAll, expect, it } from "vitest";
import { sharedShop, type Shop } from "../security/shop";

let shop: Shop;
beforeAll(() => {
  shop = sharedShop();
});

interface Sent {
  status: number;
  headers: IncomingHttpHeaders;
  encoding: string | null;
  body: Buffer;
}

/** An answer as sent (node's http client: fetch would inflate it). */
function sent(path: string, headers: Record<string, string>, method = "GET"): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const req = request(`${shop.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode!, headers: res.headers, encoding: res.headers["content-encoding"] ?? null, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

/** The member's order list as sent. */
async function memberPage(encoding: string, method = "GET"): Promise<Sent> {
  const page = await sent("/order/list", { cookie: shop.memberCookie(), "accept-encoding": encoding }, method);
  expect(page.status).toBe(200);
  return page;
}

it("a member's page in gzip is compressed at the fastest level (the header says so, and the size matches)", async () => {
  const page = await memberPage("gzip");
  expect(page.encoding).toBe("gzip");
  // RFC 1952: XFL 4 = the compressor used its fastest algorithm
  expect(page.body[8]).toBe(4);
  const html = gunzipSync(page.body);
  expect(html.toString("utf8")).toContain("我的订单");
  expect(page.body.length).toBe(gzipSync(html, { level: constants.Z_BEST_SPEED }).length);
});

it("a member's page in Zstandard, as Chrome, Edge and Firefox take it, is compressed at level 1", async () => {
  const page = await memberPage("gzip, deflate, br, zstd");
  expect(page.encoding).toBe("zstd");
  const html = zstdDecompressSync(page.body);
  expect(html.toString("utf8")).toContain("我的订单");
  const atLevel = (level: number) => zstdCompressSync(html, { params: { [constants.ZSTD_c_compressionLevel]: level } }).length;
  expect(page.body.length).toBe(atLevel(1));
  expect(atLevel(1)).not.toBe(atLevel(3));
});

it("a member's page in brotli, as Safari takes it (or a browser that refuses Zstandard), is compressed at quality 2", async () => {
  for (const encoding of ["gzip, deflate, br", "gzip, deflate, br, zstd;q=0"]) {
    const page = await memberPage(encoding);
    expect(page.encoding, encoding).toBe("br");
    expect(brotliDecompressSync(page.body).toString("utf8"), encoding).toContain("我的订单");
  }
  const page = await memberPage("gzip, deflate, br");
  const html = brotliDecompressSync(page.body);
  expect(html.toString("utf8")).toContain("我的订单");
  const atQuality = (quality: number) => brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }).length;
  expect(page.body.length).toBe(atQuality(2));
  expect(atQuality(2)).not.toBe(atQuality(4));
});

it("a document leaves in one piece: its length declared, never chunked, Vary on the coding", async () => {
  for (const [encoding, decode] of [
    ["gzip, deflate, br, zstd", zstdDecompressSync],
    ["gzip, deflate, br", brotliDecompressSync],
    ["gzip", gunzipSync],
    ["identity", (body: Buffer) => body],
  ] as const) {
    const page = await memberPage(encoding);
    expect(page.headers["transfer-encoding"], encoding).toBeUndefined();
    expect(Number(page.headers["content-length"]), encoding).toBe(page.body.length);
    expect(page.headers.vary, encoding).toMatch(/Accept-Encoding/i);
    expect(decode(page.body).toString("utf8"), encoding).toMatch(/^<!DOCTYPE html>[\s\S]*我的订单[\s\S]*streamController\.close\(\);<\/script>/);
  }
});

it("a client that refuses every coding, or sends a coding header made to confuse, gets the plain page", async () => {
  for (const encoding of ["br;q=0, gzip;q=0", "identity;q=0, *;q=0", "x".repeat(8_000), "gzip;q=abc, br;q=-1, ,,;;", "zstd;q=0, identity", "compress"]) {
    const page = await memberPage(encoding);
    expect(page.encoding, encoding.slice(0, 40)).toBeNull();
    expect(page.body.toString("utf8"), encoding.slice(0, 40)).toContain("我的订单");
  }
});

it("HEAD answers the document's headers and no body", async () => {
  const page = await memberPage("gzip, deflate, br", "HEAD");
  expect(page.headers["content-type"]).toMatch(/^text\/html/);
  expect(page.body.length).toBe(0);
});

it("every cookie a document sets arrives as a header of its own", async () => {
  // a member's first page: the services' saas-token and the day's coupon mount come with it
  const login = shop
    .memberCookie()
    .split("; ")
    .find((c) => c.startsWith("login_credential="))!;
  const page = await sent("/", { cookie: login, "accept-encoding": "gzip, deflate, br" });
  expect(page.status).toBe(200);
  const cookies = page.headers["set-cookie"] ?? [];
  expect(cookies.length).toBeGreaterThanOrEqual(2);
  for (const cookie of cookies) expect(cookie).toMatch(/^[\w-]+=[^,;]*(;|$)/);
});

it("what Remix streams (a page's data for the client router) still goes through the compression middleware", async () => {
  const data = await sent("/order/list.data", { cookie: shop.memberCookie(), "accept-encoding": "gzip, deflate, br" });
  expect(data.status).toBe(200);
  expect(data.encoding).toBe("br");
  expect(data.headers["content-type"]).toMatch(/^text\/x-script/);
  expect(brotliDecompressSync(data.body).length).toBeGreaterThan(0);
});
