// Finding 9 (member pages are cacheable): every page rendered for a member, and its single-fetch
// data, says `Cache-Control: private, no-store`, so no browser or shared cache keeps a member's
// codes; a visitor's catalogue pages keep their caching.
import { beforeAll, describe, expect, it } from "vitest";
import { withStore } from "../bench/data";
import { openOrder } from "./open-order";
import { sharedShop } from "./shop";

describe("what a member is shown is never stored by a cache", () => {
  const shop = sharedShop();
  let delivered: string;
  let unpaid: string;
  beforeAll(async () => {
    delivered = withStore(
      shop.dbFile,
      (store) => store.sqlite.prepare("SELECT order_no FROM orders WHERE member_id = 1 AND status = 'SEND_SUCCESS' LIMIT 1").pluck().get() as string,
    );
    ({ orderNo: unpaid } = await openOrder(shop, 1));
    expect(delivered).toBeTruthy();
    expect(unpaid).toBeTruthy();
  }, 90_000);

  const memberPages = () => [
    "/order/list",
    "/order/list?status=PAY_SUCCESS",
    `/order/detail/${delivered}`,
    `/settle/pay-success/${delivered}`,
    `/settle/pay-wait/${unpaid}`,
    "/coupon",
    "/coupon?tab=used",
    "/",
    "/topic/G1001",
    "/coupon-collection",
    "/search-result/steam",
  ];

  it("every member page, as a document, is private and not stored", async () => {
    for (const path of memberPages()) {
      const response = await fetch(shop.url + path, { headers: { cookie: shop.memberCookie() }, redirect: "manual" });
      await response.arrayBuffer();
      expect(response.status, path).toBe(200);
      const cacheControl = response.headers.get("cache-control") ?? "";
      expect(cacheControl, path).toContain("private");
      expect(cacheControl, path).toContain("no-store");
    }
  });

  it("every member page's single-fetch data is private and not stored", async () => {
    for (const path of memberPages()) {
      const url = new URL(path, shop.url);
      url.pathname = url.pathname === "/" ? "/_root.data" : `${url.pathname}.data`;
      const response = await fetch(url, { headers: { cookie: shop.memberCookie() }, redirect: "manual" });
      const body = await response.text();
      expect(response.status, path).toBe(200);
      const cacheControl = response.headers.get("cache-control") ?? "";
      expect(cacheControl, `${path} (.data)`).toContain("private");
      expect(cacheControl, `${path} (.data)`).toContain("no-store");
      if (path.startsWith("/order/detail/")) expect(body).toContain(delivered);
    }
  });

  it("a visitor's catalogue pages are still served from the page cache", async () => {
    for (const path of ["/", "/topic/G1001", "/coupon-collection"]) {
      const first = await fetch(shop.url + path);
      await first.arrayBuffer();
      expect(first.headers.get("cache-control") ?? "", path).not.toContain("no-store");
      const second = await fetch(shop.url + path);
      await second.arrayBuffer();
      expect(second.headers.get("x-page-cache"), path).toBe("HIT");
    }
  });
});
