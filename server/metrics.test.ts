import { describe, expect, it } from "vitest";
import { pageRoutes } from "./metrics";

// the shape of a Remix build's `routes`: flat routes under root, an index, a splat
const pages = pageRoutes({
  root: { path: "" },
  "routes/_index": { parentId: "root" },
  "routes/topic.$goodId": { parentId: "root", path: "topic/:goodId" },
  "routes/search-result._index": { parentId: "root", path: "search-result" },
  "routes/search-result.$keyword": { parentId: "root", path: "search-result/:keyword" },
  "routes/robots[.]txt": { parentId: "root", path: "robots.txt" },
  "routes/$": { parentId: "root", path: "*" },
});

describe("pageRoutes", () => {
  it.each([
    ["/", "/"],
    ["/topic/G1001", "/topic/:goodId"],
    ["/topic/G1001/", "/topic/:goodId"],
    ["/search-result", "/search-result"],
    ["/search-result/%E5%85%85%E5%80%BC", "/search-result/:keyword"],
    ["/robots.txt", "/robots.txt"],
  ])("%s → %s", (path, pattern) => {
    expect(pages(path)).toBe(pattern);
  });

  it.each(["/robotsxtxt", "/qwerty", "/qwerty/qwerty/qwerty", "/topic/G1001/extra", "/api/trade_bff/v1/goods/search"])(
    "matches no pattern for %s (only the splat route would)",
    (path) => {
      expect(pages(path)).toBeUndefined();
    },
  );
});
