// Page-cache poisoning (decision 012, review finding 7): the cache must key on the host the page was rendered
// for, so a forwarded host can never put its name into the page every later visitor gets.
import { randomBytes } from "node:crypto";
import Database from "better-sqlite3";
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

describe("the page views of pages served from the cache", () => {
  it("records one per hit, under the channel of the visitor's own address (the stored render's key)", async () => {
    // a page of this test's own, so the views it counts are its own
    const path = `/search-result/${randomBytes(6).toString("hex")}`;
    const channel = await fetch(`${shop.url}/?channelId=c${randomBytes(4).toString("hex")}&channelName=hit-test`);
    await channel.arrayBuffer();
    const channelCookie = channel.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0]!)
      .join("; ");
    const visit = async (headers: Record<string, string>) => {
      const res = await fetch(shop.url + path, { headers });
      await res.arrayBuffer();
      return res.headers.get("x-page-cache");
    };
    expect([await visit({}), await visit({}), await visit({}), await visit({})]).toEqual(["MISS", "HIT", "HIT", "HIT"]);
    expect([await visit({ cookie: channelCookie }), await visit({ cookie: channelCookie }), await visit({ cookie: channelCookie })]).toEqual([
      "MISS",
      "HIT",
      "HIT",
    ]);

    const db = new Database(shop.dbFile, { readonly: true });
    const views = () =>
      db
        .prepare(
          "SELECT json_extract(action_extra_info, '$.channel_name') AS channel, count(*) AS n FROM analytics_events WHERE click_name = 'ttsgame_all_show' AND json_extract(action_extra_info, '$.route_name') = ? GROUP BY channel ORDER BY channel",
        )
        .all(path);
    // page views go out in batches, within a second
    await expect
      .poll(() => views(), { timeout: 10_000 })
      .toEqual([
        { channel: "", n: 4 },
        { channel: "hit-test", n: 3 },
      ]);
    db.close();
  });
});
