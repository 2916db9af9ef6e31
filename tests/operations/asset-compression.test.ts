// The browser's built files are sent in the brotli and gzip copies the build wrote at the best
// levels (decision 036), not compressed per request at the pages' cheap ones: read from the real
// process, as `npm start` runs it, and compared with the file compressed here at each level.
import { request } from "node:http";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import { beforeAll, expect, it } from "vitest";
import { INERT_PRELOAD } from "../../app/lib/scripts-after-hero";
import { sharedShop, type Shop } from "../security/shop";

let shop: Shop;
let stylesheet: string;
let scripts: string[];
beforeAll(async () => {
  shop = sharedShop();
  const html = await (await fetch(`${shop.url}/search-result`)).text();
  stylesheet = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/.exec(html)![1]!;
  // the module preloads, inert until the page's hero image has loaded (decision 039)
  scripts = [...html.matchAll(new RegExp(`<link rel="${INERT_PRELOAD}" href="(/assets/[^"]+\\.js)"`, "g"))].map((m) => m[1]!);
  expect(scripts.length).toBeGreaterThan(1);
});

/** A file as sent (node's http client: fetch would inflate it). */
function asset(path: string, encoding: string): Promise<{ encoding: string | null; type: string | undefined; vary: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${shop.url}${path}`, { headers: { "accept-encoding": encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        expect(res.statusCode).toBe(200);
        resolve({ encoding: res.headers["content-encoding"] ?? null, type: res.headers["content-type"], vary: res.headers.vary, body: Buffer.concat(chunks) });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

const brotli = (bytes: Buffer, quality: number) =>
  brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });

it("a browser gets the stylesheet and the scripts in brotli at its best quality, with their own types", async () => {
  for (const path of [stylesheet, ...scripts]) {
    const plain = await asset(path, "identity");
    expect(plain.encoding).toBeNull();
    const sent = await asset(path, "gzip, deflate, br, zstd");
    expect(sent.encoding).toBe("br");
    expect(sent.type?.toLowerCase()).toBe(path.endsWith(".css") ? "text/css; charset=utf-8" : "application/javascript; charset=utf-8");
    expect(sent.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(sent.body).equals(plain.body)).toBe(true);
    if (plain.body.length > 2000) expect(sent.body.length, path).toBe(brotli(plain.body, 11).length);
  }
  const css = await asset(stylesheet, "gzip, deflate, br, zstd");
  expect(css.body.length).toBeLessThan(brotli(brotliDecompressSync(css.body), 2).length);
});

it("a client that takes gzip only gets the build's level-9 copy; one that prefers the plain bytes gets them", async () => {
  const plain = (await asset(stylesheet, "identity")).body;
  const gzip = await asset(stylesheet, "gzip");
  expect(gzip.encoding).toBe("gzip");
  expect(gunzipSync(gzip.body).equals(plain)).toBe(true);
  expect(gzip.body.length).toBe(gzipSync(plain, { level: 9 }).length);
  expect((await asset(stylesheet, "identity;q=0.5, gzip")).encoding).toBe("gzip");
  expect((await asset(stylesheet, "gzip;q=0, identity")).encoding).toBeNull();
});

it("only the build's own files are sent from a copy: a path reaching out of the folder is the shop's 404 page", async () => {
  const name = stylesheet.slice("/assets/".length);
  for (const path of [`/assets/../../package.json`, `/assets/..%2f..%2fpackage.json`, `/assets/${name}/../../../package.json`, `/assets/%2e%2e/${name}`]) {
    const res = await fetch(`${shop.url}${path}`, { headers: { "accept-encoding": "br, gzip" } });
    expect(res.status, path).toBe(404);
    expect(await res.text()).not.toContain('"name": "game-goods-storefront"');
  }
});
