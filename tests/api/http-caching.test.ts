// HTTP caching on the contract (decision 019): the catalogue's public reads carry Cache-Control and
// a validator, everything else is no-store, and an RFC 9111 cache (undici's, as the storefront uses
// it) reuses the public reads and never a member's answer.
import { eq } from "drizzle-orm";
import { Agent, cacheStores, interceptors, request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { goods } from "../../db/schema";
import { startHarness, type Harness } from "./harness";
import { credentialHeaders, DEMO_MOBILE_1, memberIdOf } from "./promotion-fixtures";

const PUBLIC_READS = [
  "/api/trade_bff/v1/shopping/layout?page_type=HOME",
  "/api/trade_bff/v1/shopping/dialog/show?page_type=HOME",
  "/api/trade_bff/v2/goods/G1001",
  "/api/trade_bff/v1/goods/search?keyword=steam",
  // the spec's POST page_content as a GET: an extension (docs/api.md)
  "/api/trade_bff/v1/shopping/page_content?page_type=PROMOTION_RENDER&render_type=goods&render_id=G1001",
  "/api/trade_bff/v1/shopping/page_content?page_type=PRODUCT_DETAIL&exclude_goods_no=G1001",
];

describe("with a TTL (production: TRADE_CACHE_TTL_MS)", () => {
  let h: Harness;
  let member: Record<string, string>;
  let memberId: number;
  beforeAll(async () => {
    h = await startHarness({ TRADE_CACHE_TTL_MS: "5000" });
    memberId = memberIdOf(h.store.db, DEMO_MOBILE_1);
    member = credentialHeaders(h, memberId);
  });
  afterAll(() => h.close());

  it.each(PUBLIC_READS)("%s is public for 5 s, stale for 25 s more, with a weak ETag", async (path) => {
    const { status, headers } = await h.api(path, { headers: { "saas-token": "" } });
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe('public, max-age=5, stale-while-revalidate=25, private="set-saas-token"');
    expect(headers.get("etag")).toMatch(/^W\/"[\w-]{27}"$/);
    // a tokenless request is issued one (spec/03 §2): named private, a shared cache drops it
    expect(headers.get("set-saas-token")).toBeTruthy();
  });

  it("keeps member answers, writes and failures out of every cache", async () => {
    for (const path of [
      "/api/common_bll/v1/member/login_status",
      "/api/trade_bff/v1/promotion/my_coupon?page=1&size=3",
      `/api/trade_bff/v1/order/list?user_id=${memberId}&size=5`,
    ]) {
      const { status, headers } = await h.api(path, { headers: member });
      expect(status, path).toBe(200);
      expect(headers.get("cache-control"), path).toBe("no-store");
      expect(headers.get("etag"), path).toBeNull();
    }
    for (const path of [
      "/api/trade_bff/v2/goods/G9999",
      "/api/trade_bff/v1/shopping/layout?page_type=NOPE",
      "/api/trade_bff/v1/shopping/page_content?page_type=NOPE",
      // a repeated parameter is a list, not the string the read takes
      "/api/trade_bff/v1/shopping/page_content?page_type=PRODUCT_DETAIL&exclude_goods_no=G1001&exclude_goods_no=G1002",
    ]) {
      const { status, headers } = await h.api(path);
      expect(status, path).toBeGreaterThanOrEqual(400);
      expect(headers.get("cache-control"), path).toBe("no-store");
    }
    const posted = await h.api("/api/trade_bff/v1/shopping/page_content", { method: "POST", json: { page_type: "HOME" } });
    expect(posted.headers.get("cache-control")).toBe("no-store");
  });

  it("the page_content read answers a member exactly what it answers anyone (nothing of theirs in a public answer)", async () => {
    for (const path of PUBLIC_READS.filter((p) => p.includes("page_content"))) {
      const visitor = await h.api(path);
      const asMember = await h.api(path, { headers: member });
      expect(asMember.status, path).toBe(200);
      expect(asMember.headers.get("cache-control"), path).toMatch(/^public/);
      expect(asMember.body, path).toEqual(visitor.body);
    }
    // and the same content as the spec's POST
    const posted = await h.api("/api/trade_bff/v1/shopping/page_content", { method: "POST", json: { page_type: "PRODUCT_DETAIL", exclude_goods_no: "G1001" } });
    const read = await h.api(PUBLIC_READS.at(-1)!);
    expect(read.body).toEqual(posted.body);
    expect(read.body.result.list.length).toBeGreaterThan(0);
  });

  it("an RFC 9111 shared cache (undici's) reuses public reads without their token and never a member's answer", async () => {
    const dispatcher = new Agent().compose(interceptors.cache({ store: new cacheStores.MemoryCacheStore() }));
    const get = async (path: string, headers: Record<string, string> = {}) => {
      const answer = await request(h.url + path, { dispatcher, headers });
      const body = await answer.body.text();
      return { age: answer.headers.age, token: answer.headers["set-saas-token"], body };
    };
    const layout = PUBLIC_READS[0]!;
    const first = await get(layout);
    expect(first.age).toBeUndefined();
    const second = await get(layout);
    expect(second.age).toBeDefined();
    expect(second.body).toBe(first.body);
    expect(second.token).toBeUndefined();

    const status = "/api/common_bll/v1/member/login_status";
    await get(status, member);
    expect((await get(status, member)).age).toBeUndefined();
    await dispatcher.close();
  });
});

describe("without a TTL (development and tests)", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ TRADE_CACHE_TTL_MS: "0" });
  });
  afterAll(() => h.close());

  it("public reads may be stored but are revalidated before every reuse", async () => {
    const { headers } = await h.api(PUBLIC_READS[2]!);
    expect(headers.get("cache-control")).toBe('public, no-cache, private="set-saas-token"');
    expect(headers.get("etag")).toBeTruthy();
  });

  it("answers 304 without a body when the client's copy is current, 200 once it changed", async () => {
    const path = "/api/trade_bff/v2/goods/G1002";
    const first = await h.api(path);
    const etag = first.headers.get("etag")!;
    // undici's request, not fetch: fetch turns a conditional request into an end-to-end reload
    const again = await request(h.url + path, { headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(await again.body.text()).toBe("");
    // without a TTL the services' own read cache is off too: the edit shows at once
    h.store.db.update(goods).set({ goodsName: "改名后的商品" }).where(eq(goods.goodsNo, "G1002")).run();
    const changed = await request(h.url + path, { headers: { "if-none-match": etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(await changed.body.text()).toContain("改名后的商品");
  });
});
