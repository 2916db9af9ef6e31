// What a load balancer and an operator get from a running shop (the real server process, as
// `npm start` runs it): /healthz and /readyz, and Prometheus metrics on a port of their own that
// shoppers never reach.
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../bench/server";
import { startShop, type Shop } from "../security/shop";

let shop: Shop;
let metricsUrl: string;
beforeAll(async () => {
  const port = await freePort();
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
  shop = await startShop({ env: { METRICS_PORT: String(port) } });
}, 90_000);
afterAll(() => shop?.close());

describe("probes", () => {
  it("/healthz: the process answers; /readyz: the database answers", async () => {
    for (const [path, body] of [
      ["/healthz", { status: "ok" }],
      ["/readyz", { status: "ready" }],
    ] as const) {
      const answer = await fetch(shop.url + path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(await answer.json()).toEqual(body);
    }
  });

  it("are not written to the access log (a probe every few seconds would drown it)", async () => {
    await fetch(`${shop.url}/healthz?probe=unique-marker`);
    await fetch(`${shop.url}/?log=visible-marker`);
    await expect.poll(() => shop.log().includes("visible-marker"), { timeout: 5_000 }).toBe(true);
    expect(shop.log()).not.toContain("unique-marker");
  });
});

describe("metrics", () => {
  it("are served on METRICS_PORT, never on the shop's port", async () => {
    expect((await fetch(`${shop.url}/metrics`)).status).toBe(404);
    const answer = await fetch(metricsUrl);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/plain/);
  });

  it("count requests by matched route and status, the page cache, orders by status and the backlog", async () => {
    await fetch(`${shop.url}/topic/G1001`);
    await fetch(`${shop.url}/topic/G1001`);
    await fetch(`${shop.url}/api/trade_bff/v2/goods/G9999`);
    const text = await (await fetch(metricsUrl)).text();
    expect(text).toMatch(/^http_request_duration_seconds_count\{route="\/topic\/:goodId",method="GET",status="200"\} [1-9]/m);
    expect(text).toMatch(/^http_request_duration_seconds_count\{route="\/api\/trade_bff\/v2\/goods\/:goodsNo",method="GET",status="404"\} 1$/m);
    expect(text).toMatch(/^page_cache_requests_total\{result="(hit|miss)"\} [1-9]/m);
    // the demo's seeded orders, read from the database at scrape time
    expect(text).toMatch(/^shop_orders\{status="SEND_SUCCESS"\} [1-9]/m);
    expect(text).toMatch(/^shop_fulfilment_backlog \d+$/m);
    expect(text).toMatch(/^process_cpu_seconds_total /m);
  });

  it("count the storefront's answers from its HTTP cache of the services, and SMS and login refusals", async () => {
    // a visitor's pages ask the same public reads (layouts, adverts): over the wire once, then cached
    await fetch(`${shop.url}/search-result/abc`);
    await fetch(`${shop.url}/search-result/abcd`);
    const login = (body: object) =>
      fetch(`${shop.url}/api/common_bll/v1/member/action/captcha_login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: shop.url },
        body: JSON.stringify(body),
      });
    expect((await login({ mobile: "+86-13800009999", sms_code: "000000" })).status).toBe(400);
    const text = await (await fetch(metricsUrl)).text();
    expect(text).toMatch(/^trade_api_answers_total\{result="hit"\} [1-9]/m);
    expect(text).toMatch(/^trade_api_answers_total\{result="miss"\} [1-9]/m);
    // the second page's layout read: the cached version's parsed result, not parsed again (issue 40)
    expect(text).toMatch(/^trade_api_results_reused_total [1-9]/m);
    expect(text).toMatch(/^shop_refusals_total\{action="sms_login",status="400"\} 1$/m);
  });

  it("count the SKUs on sale and those sold out, read from the database at scrape time (operator trial L7)", async () => {
    const gauge = async (name: string) => Number((await (await fetch(metricsUrl)).text()).match(new RegExp(`^${name} (\\d+)$`, "m"))?.[1]);
    const [onSale, soldOut] = [await gauge("shop_skus_on_sale"), await gauge("shop_skus_sold_out")];
    expect(onSale).toBeGreaterThan(0);
    expect(soldOut).toBeGreaterThanOrEqual(0);
    // the codes of one SKU on sale that has some are all sold, by another connection (the admin script's way)
    const db = new Database(shop.dbFile);
    try {
      const sku = db
        .prepare(
          `SELECT s.sku_no FROM skus s JOIN goods g ON g.goods_no = s.goods_no WHERE g.status = 'ON_SALE' AND s.disabled = 0
           AND EXISTS (SELECT 1 FROM cdkeys c WHERE c.sku_no = s.sku_no AND c.status = 'UNUSED') LIMIT 1`,
        )
        .pluck()
        .get() as string;
      db.prepare("UPDATE cdkeys SET status = 'DELIVERED' WHERE sku_no = ? AND status = 'UNUSED'").run(sku);
    } finally {
      db.close();
    }
    expect(await gauge("shop_skus_sold_out")).toBe(soldOut + 1);
    expect(await gauge("shop_skus_on_sale")).toBe(onSale);
  });

  it("count database errors by cause, every cause present from the start, and call shop_orders a gauge", async () => {
    const text = await (await fetch(metricsUrl)).text();
    for (const cause of ["full", "readonly", "io", "busy", "corrupt", "other"])
      expect(text).toMatch(new RegExp(`^shop_database_errors_total\\{cause="${cause}"\\} 0$`, "m"));
    const help = text.match(/^# HELP shop_orders (.*)$/m)?.[1];
    expect(help).toContain("never rate()");
  });
});
