// Review 2026-11c L2: a Host (or a trusted X-Forwarded-Host) whose port is not a port made every
// storefront page a 500 (the adapter's and the session's `new URL` threw). Now a 400 before any
// page, and a good Host still serves. nginx in front: tests/security/edge-cache.test.ts.
import { describe, expect, it } from "vitest";
import { rawGet } from "../support/raw-http";
import { sharedShop } from "./shop";

const shop = sharedShop();
const PAGES = ["/", "/topic/G1001", "/topic/G1001.data", "/search-result/steam", "/robots.txt", "/sitemap.xml", "/order/list"];
const BAD_PORTS = ["127.0.0.1:99999", "127.0.0.1:abc", "127.0.0.1:0"];

describe("an odd Host port", () => {
  it.each(BAD_PORTS)("Host %s: 400 on every storefront page, never 500, for a visitor and a member", async (host) => {
    for (const path of PAGES) {
      for (const cookie of ["", shop.memberCookie()]) {
        const res = await rawGet(shop.url, path, { Host: host, cookie });
        expect(res.status, `${path} ${cookie ? "member" : "visitor"}`).toBe(400);
        expect(res.body).not.toMatch(/at .*\.js|Internal Server Error/);
      }
    }
  });

  it.each(BAD_PORTS)("X-Forwarded-Host %s from a trusted proxy (loopback): 400 too", async (host) => {
    for (const path of PAGES) expect((await rawGet(shop.url, path, { Host: new URL(shop.url).host, "X-Forwarded-Host": host })).status, path).toBe(400);
  });

  it("a Host with a real port, or none, still gets the page", async () => {
    for (const host of [new URL(shop.url).host, "127.0.0.1", "localhost:65535"])
      expect((await rawGet(shop.url, "/topic/G1001", { Host: host })).status, host).toBe(200);
  });
});
