// A rendered page leaves nothing behind (issue 24): the timer that abandons a render stuck past its
// deadline is cleared once the document is whole, instead of holding the render and its document
// for six more seconds on every page.
import { afterAll, beforeAll, expect, it } from "vitest";
import { type FakeTradeApi, GOODS_G1001, startStorefront, type StorefrontRequest } from "./storefront";

const PAGES = 5;

let api: FakeTradeApi;
let request: StorefrontRequest;
beforeAll(async () => {
  ({ api, request } = await startStorefront());
  api.on("GET /api/trade_bff/v2/goods/G1001", { result: GOODS_G1001 });
});
afterAll(() => api.close());

const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;

/** A page as Express serves it: its request's signal aborts once the answer is sent (which clears Remix's own stream timer). */
async function page(path: string) {
  const sent = new AbortController();
  const answer = await request(path, { signal: sent.signal });
  sent.abort();
  return answer;
}

it("rendering pages leaves no timer per page behind", async () => {
  // the first render sets up what lives as long as the process (clients, caches)
  expect((await page("/topic/G1001")).status).toBe(200);
  const before = timers();
  for (let i = 0; i < PAGES; i += 1) expect((await page("/topic/G1001")).status).toBe(200);
  // not one more per page (it was one per page); a timer of the process's own (a page-view batch, a
  // kept-alive connection) may end meanwhile, so the count can also fall
  expect(timers() - before).toBeLessThanOrEqual(0);
});
