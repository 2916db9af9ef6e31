// Metrics labels stay bounded (review finding M4, issue 22): a request is labelled by the route
// that matched it, anything else is `other`, so paths a client makes up add no series and search
// keywords never reach the metrics.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../bench/server";
import { startShop, type Shop } from "./shop";

let shop: Shop;
let metricsUrl: string;
beforeAll(async () => {
  const port = await freePort();
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
  shop = await startShop({ env: { METRICS_PORT: String(port) } });
}, 90_000);
afterAll(() => shop?.close());

/**
 * The label sets of the request-duration histogram for GET requests (the storefront reports page
 * views to the services by POST, in batches of its own timing).
 */
async function requestSeries(): Promise<Set<string>> {
  const text = await (await fetch(metricsUrl)).text();
  return new Set([...text.matchAll(/^http_request_duration_seconds_count\{(.*,method="GET",.*)\} /gm)].map((m) => m[1]!));
}

const word = () =>
  randomBytes(6)
    .toString("hex")
    .replace(/\d/g, (d) => "abcdefghij"[Number(d)]!);

/** What a scanner or a curious shopper asks: made-up pages, API paths and search keywords. */
const madeUpPaths = () => [`/${word()}`, `/${word()}/${word()}/${word()}`, `/api/${word()}`, `/search-result/${word()}`, `/topic/${word()}/${word()}`];

describe("request metrics", () => {
  it("label 100 made-up paths without a single new series, and copy no keyword into metrics", async () => {
    // the first of each kind may add its route's series (`other` with a 404, the search page)
    for (const path of madeUpPaths()) await (await fetch(shop.url + path)).arrayBuffer();
    const before = await requestSeries();
    const asked: string[] = [];
    for (let i = 0; i < 20; i++) {
      for (const path of madeUpPaths()) {
        asked.push(path);
        await (await fetch(shop.url + path)).arrayBuffer();
      }
    }
    expect(asked).toHaveLength(100);
    const after = await requestSeries();
    expect([...after].filter((labels) => !before.has(labels))).toEqual([]);
    const text = await (await fetch(metricsUrl)).text();
    for (const path of asked) expect(text).not.toContain(path.split("/").at(-1));
    expect([...after]).toEqual(
      expect.arrayContaining(['route="other",method="GET",status="404"', 'route="/search-result/:keyword",method="GET",status="200"']),
    );
  }, 120_000);
});
