// Page-cache poisoning (decision 012, review finding 7): the cache must key on the host the page was rendered
// for, so a forwarded host can never put its name into the page every later visitor gets.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShop, type Shop } from "./shop";

const PAGE = "/search-result/steam";

let shop: Shop;
let configured: Shop;
beforeAll(async () => {
  [shop, configured] = await Promise.all([startShop(), startShop({ env: { CN_BASE_URL: "https://shop.example" } })]);
}, 90_000);
afterAll(async () => {
  await Promise.all([shop?.close(), configured?.close()]);
});

const get = async (target: Shop, headers: Record<string, string> = {}) => {
  const res = await fetch(target.url + PAGE, { headers });
  return { cache: res.headers.get("x-page-cache"), body: await res.text() };
};

describe("the page cache and forwarded hosts", () => {
  it("a page rendered for X-Forwarded-Host: evil.example is never served to a plain request", async () => {
    const poisoned = await get(shop, { "X-Forwarded-Host": "evil.example" });
    expect(poisoned.body).toContain("application/ld+json");
    const plain = await get(shop);
    expect(plain.body, `X-Page-Cache: ${plain.cache}`).not.toContain("evil.example");
    expect(plain.body).toContain(`http://localhost:${new URL(shop.url).port}/`);
  });

  it("through the trusted proxy, a forwarded host gets its own copy, and neither names a host from the request", async () => {
    const a = await get(shop, { "X-Forwarded-Host": "a.example" });
    const b = await get(shop, { "X-Forwarded-Host": "b.example" });
    expect(a.body).not.toContain("a.example");
    expect(b.body).not.toContain("b.example");
    // A's copy still serves A
    expect(await get(shop, { "X-Forwarded-Host": "a.example" })).toMatchObject({ cache: "HIT" });
  });

  it("with CN_BASE_URL set, absolute addresses name it whatever the request's host", async () => {
    const page = await get(configured, { "X-Forwarded-Host": "evil.example:8443" });
    expect(page.body).not.toContain("evil.example");
    expect(page.body).toContain("https://shop.example/");
  });
});
