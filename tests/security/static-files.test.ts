// The built client's files as the production server serves them: hashed assets for a year, the
// public folder's files (favicon, images) for an hour at their own paths, and anything else is a
// page of the shop (its 404 included), never a file read from elsewhere.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sharedShop } from "./shop";

describe("static files", () => {
  const shop = sharedShop();

  it("a hashed asset is immutable for a year", async () => {
    const css = readdirSync(join(import.meta.dirname, "../../build/client/assets")).find((f) => f.endsWith(".css"))!;
    const res = await fetch(`${shop.url}/assets/${css}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    await res.arrayBuffer();
  });

  it.each(["/favicon.svg", "/images/not-found.svg"])("%s is served for an hour", async (path) => {
    const res = await fetch(shop.url + path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("image/svg+xml");
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    await res.arrayBuffer();
  });

  it.each(["/favicon.svg.bak", "/images/../package.json", "/package.json", "/images/nothing-here.svg"])("%s is the shop's 404 page", async (path) => {
    const res = await fetch(shop.url + path);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(await res.text()).not.toContain('"name": "game-goods-storefront"');
  });
});
