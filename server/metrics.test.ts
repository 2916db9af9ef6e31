import { describe, expect, it } from "vitest";
import { routeFamily } from "./metrics";

describe("routeFamily", () => {
  it.each([
    ["/", "/"],
    ["/topic/G1001", "/topic/:id"],
    ["/search-result/%E5%85%85%E5%80%BC", "/search-result/:id"],
    ["/order/detail/TT20261124000001", "/order/detail/:id"],
    ["/api/trade_bff/v1/goods/search", "/api/trade_bff/v1/goods/search"],
    ["/api/trade_bff/v2/goods/G1001", "/api/trade_bff/v2/goods/:id"],
    ["/coupon-collection", "/coupon-collection"],
    ["/assets/entry.client-Bv_uwnjZ.js", "/assets/*"],
    ["/media/goods/G1001/cover.svg", "/media/*"],
  ])("%s → %s", (path, family) => {
    expect(routeFamily(path)).toBe(family);
  });

  it("keeps the number of labels small whatever the path", () => {
    expect(routeFamily(`/${"a/".repeat(50)}`).split("/").length).toBeLessThanOrEqual(7);
    expect(routeFamily("/x".repeat(3) + "/ÄÖ")).toBe("/x/x/x/:id");
  });
});
