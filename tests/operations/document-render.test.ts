// Which render a document takes (app/entry.server.tsx, issue 40): renderToString when the loaders' data holds no
// pending promise, React's stream when it does, so that <Await> still fills the page for shoppers without
// JavaScript. Told by the metrics (storefront_document_renders_total), from the real server process.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../bench/server";
import { startShop, type Shop } from "../security/shop";

let shop: Shop;
let metricsUrl: string;
beforeAll(async () => {
  const port = await freePort();
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
  // every request rendered: the visitors' page cache would answer a repeated page without a render
  shop = await startShop({ env: { METRICS_PORT: String(port), PAGE_CACHE_TTL_MS: "0" } });
}, 90_000);
afterAll(() => shop?.close());

async function renders(): Promise<{ string: number; stream: number }> {
  const text = await (await fetch(metricsUrl)).text();
  const count = (render: string) => Number(new RegExp(`^storefront_document_renders_total\\{render="${render}"\\} (\\d+)$`, "m").exec(text)?.[1] ?? 0);
  return { string: count("string"), stream: count("stream") };
}

/** The document at `path`, and the renders it took. */
async function render(path: string): Promise<{ html: string; took: { string: number; stream: number } }> {
  const before = await renders();
  const answer = await fetch(shop.url + path);
  expect(answer.status, path).toBe(200);
  const html = await answer.text();
  const after = await renders();
  return { html, took: { string: after.string - before.string, stream: after.stream - before.stream } };
}

describe("the document's render", () => {
  it("streams a page whose data is deferred (<Await>), and its HTML holds what the promise brought", async () => {
    const { html, took } = await render("/coupon-collection");
    expect(took).toEqual({ string: 0, stream: 1 });
    // the coupons themselves, not the eight skeletons renderToString would have left in their place
    expect(html).toMatch(/立即领取|已领取|已抢光/);
    expect(html).not.toContain("<!--$!-->");
  });

  it("renders a page without deferred data in one piece, complete and with its data for hydration", async () => {
    for (const path of ["/", "/topic/G1001", "/search-result/%E5%8E%9F%E7%A5%9E"]) {
      const { html, took } = await render(path);
      expect(took, path).toEqual({ string: 1, stream: 0 });
      expect(html.startsWith("<!DOCTYPE html><html"), path).toBe(true);
      expect(html, path).toContain("window.__remixContext.streamController.enqueue(");
      expect(html, path).toContain("window.__remixContext.streamController.close();");
      expect(html, path).not.toContain("\0");
    }
  });
});
