// A member's page is compressed at the cheap levels decision 033 chose (issue 24: the page's gzip
// was a fifth of its CPU): gzip at its fastest level, brotli at quality 2. Read from the real
// process, as `npm start` runs it; the page is compressed again here at each level to compare.
import { request } from "node:http";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import { beforeAll, expect, it } from "vitest";
import { sharedShop, type Shop } from "../security/shop";

let shop: Shop;
beforeAll(() => {
  shop = sharedShop();
});

/** The member's order list as sent (node's http client: fetch would inflate it). */
function memberPage(encoding: string): Promise<{ encoding: string | null; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${shop.url}/order/list`, { headers: { cookie: shop.memberCookie(), "accept-encoding": encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        expect(res.statusCode).toBe(200);
        resolve({ encoding: res.headers["content-encoding"] ?? null, body: Buffer.concat(chunks) });
      });
    });
    req.on("error", reject);
    req.end();
  });
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

it("a member's page in brotli, as browsers take it, is compressed at quality 2", async () => {
  const page = await memberPage("gzip, deflate, br, zstd");
  expect(page.encoding).toBe("br");
  const html = brotliDecompressSync(page.body);
  expect(html.toString("utf8")).toContain("我的订单");
  const atQuality = (quality: number) => brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }).length;
  expect(page.body.length).toBe(atQuality(2));
  expect(atQuality(2)).not.toBe(atQuality(4));
});
