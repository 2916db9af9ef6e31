import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { goods, skus } from "../../db/schema";
import { expectedCard } from "./card-prices";
import { startHarness, type Harness } from "./harness";
import { createGoods } from "./promotion-fixtures";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const search = (query: string) => h.api(`/api/trade_bff/v1/goods/search?${query}`);

describe("GET /api/trade_bff/v1/goods/search", () => {
  it("finds goods by a Chinese keyword in the name, 10 to a page", async () => {
    const all = h.store.db.select().from(goods).all();
    const steam = all.filter((g) => g.status === "ON_SALE" && (g.platform === "STEAM" || g.goodsName.includes("Steam")));
    const { status, body } = await search(`keyword=${encodeURIComponent("steam")}`);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.result.goods_list.total).toBe(steam.length);
    expect(body.result.goods_list.page).toBe(1);
    expect(body.result.goods_list.list.length).toBe(Math.min(10, steam.length));
  });

  it("matches tags too, case-insensitively", async () => {
    const tagged = h.store.db
      .select()
      .from(goods)
      .all()
      .filter((g) => g.goodsTags.includes("预售"));
    expect(tagged.length).toBeGreaterThan(0);
    const { body } = await search(`keyword=${encodeURIComponent("预售")}&size=100`);
    const found = body.result.goods_list.list.map((g: { goods_no: string }) => g.goods_no);
    for (const g of tagged) expect(found).toContain(g.goodsNo);
  });

  it("orders by sale or origin price, ascending or descending, and pages", async () => {
    const asc = (await search("keyword=&order_by=sale_price&order_type=asc&size=100")).body.result.goods_list.list;
    const prices = asc.map((g: { sale_off_price_cny: number }) => g.sale_off_price_cny);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = (await search("keyword=&order_by=origin_price&order_type=desc&size=100")).body.result.goods_list.list;
    const origins = desc.map((g: { price_turn_cny: number }) => g.price_turn_cny);
    expect(origins).toEqual([...origins].sort((a, b) => b - a));
    const page2 = (await search("keyword=&order_by=sale_price&page=2")).body.result.goods_list;
    expect(page2.page).toBe(2);
    expect(page2.list[0].goods_no).toBe(asc[10].goods_no);
  });

  it("answers 5 suggestions in preview mode", async () => {
    const { body } = await search("keyword=&preview=1");
    expect(body.result.goods_list.list.length).toBe(5);
  });

  it("answers an empty list for a keyword that matches nothing, and treats % and _ literally", async () => {
    for (const keyword of ["不存在的商品名称", "%", "_", "' OR 1=1 --"]) {
      const { status, body } = await search(`keyword=${encodeURIComponent(keyword)}`);
      expect(status).toBe(200);
      expect(body.result.goods_list).toEqual({ list: [], page: 1, total: 0, platforms: [] });
    }
  });

  it("leaves off-shelf goods out", async () => {
    const first = h.store.db.select().from(goods).limit(1).get()!;
    h.store.db.update(goods).set({ status: "OFF_SHELF" }).where(eq(goods.goodsNo, first.goodsNo)).run();
    const { body } = await search(`keyword=${encodeURIComponent(first.goodsName)}`);
    expect(body.result.goods_list.list.map((g: { goods_no: string }) => g.goods_no)).not.toContain(first.goodsNo);
    expect((await h.api(`/api/trade_bff/v2/goods/${first.goodsNo}`)).status).toBe(404);
    h.store.db.update(goods).set({ status: "ON_SALE" }).where(eq(goods.goodsNo, first.goodsNo)).run();
  });

  const onSale = (platform: string) =>
    h.store.db
      .select()
      .from(goods)
      .all()
      .filter((g) => g.status === "ON_SALE" && g.platform === platform)
      .map((g) => g.goodsNo)
      .sort();
  const goodsNosOf = (body: { result: { goods_list: { list: { goods_no: string }[] } } }) => body.result.goods_list.list.map((g) => g.goods_no).sort();

  it.each([
    ["Switch", "NINTENDO"],
    ["NS", "NINTENDO"],
    ["任天堂", "NINTENDO"],
    ["PS5", "PSN"],
    ["ps4", "PSN"],
    ["PlayStation", "PSN"],
    ["XGP", "XBOX"],
    ["Steam", "STEAM"],
    ["蒸汽平台", "STEAM"],
    ["手游", "MOBILE"],
  ])("finds every goods of the platform by the word shoppers type for it: %s", async (keyword, platform) => {
    const want = onSale(platform);
    expect(want.length).toBeGreaterThan(1);
    const { body } = await search(`keyword=${encodeURIComponent(keyword)}&size=100`);
    for (const goodsNo of want) expect(goodsNosOf(body)).toContain(goodsNo);
  });

  it("filters by platform and counts the keyword's matches per platform, whatever the filter", async () => {
    const all = (await search(`keyword=${encodeURIComponent("充值")}&size=100`)).body.result.goods_list;
    expect(all.platforms.length).toBeGreaterThan(1);
    expect(all.platforms.reduce((sum: number, p: { total: number }) => sum + p.total, 0)).toBe(all.total);
    const mobile = (await search(`keyword=${encodeURIComponent("充值")}&platform=MOBILE&size=100`)).body.result.goods_list;
    expect(mobile.total).toBe(all.platforms.find((p: { platform: string }) => p.platform === "MOBILE").total);
    expect(mobile.list.length).toBe(mobile.total);
    expect(goodsNosOf({ result: { goods_list: mobile } }).every((no) => onSale("MOBILE").includes(no))).toBe(true);
    expect(mobile.platforms).toEqual(all.platforms);
    // without a keyword: the platform's whole shelf; suggestions carry no counts
    const shelf = (await search("keyword=&platform=GIFT_CARD&size=100")).body;
    expect(goodsNosOf(shelf)).toEqual(onSale("GIFT_CARD"));
    expect((await search("keyword=steam&preview=1")).body.result.goods_list.platforms).toBeUndefined();
  });

  it.each([
    ["platform=steam", "参数 platform 格式错误"],
    ["keyword=" + "长".repeat(33), "参数 keyword 过长，最多 32 个字符"],
    ["keyword=a%00b", "参数 keyword 格式错误"],
    ["keyword=a%01", "参数 keyword 格式错误"],
    ["order_by=price", "参数 order_by 取值无效"],
    ["order_type=up", "参数 order_type 取值无效"],
    ["page=0", "参数 page 不能小于 1"],
    ["page=-5", "参数 page 不能小于 1"],
    ["page=1e99", "参数 page 数值过大"],
    ["page=99999", "参数 page 不能大于 10000"],
    ["page=abc", "参数 page 类型错误"],
    ["size=1000", "参数 size 不能大于 100"],
    ["preview=2", "参数 preview 取值无效"],
  ])("refuses %s with 400 naming the field", async (query, message) => {
    const { status, body } = await search(query);
    expect(status).toBe(400);
    expect(body.result).toEqual({ error_code: 400, error_msg: message });
  });
});

describe("GET /api/trade_bff/v1/goods/search: every match, counted and paged (goods_search and its indexes)", () => {
  type Row = typeof goods.$inferSelect;
  type Order = { orderBy: "origin_price" | "sale_price"; orderType: "asc" | "desc" };
  const lower = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
  const platformWords = (platform: string) =>
    (h.store.sqlite.prepare("SELECT search_words FROM platforms WHERE platform = ?").pluck().get(platform) as string | undefined) ?? lower(platform);
  /**
   * What the search must answer, worked out from every row: on sale, the name, the tags (as words) or
   * the words for the goods' platform containing the keyword (ASCII case folded).
   */
  function expected(keyword: string, { orderBy, orderType }: Order): string[] {
    const price = (g: Row) => {
      const card = expectedCard(h.store.db, g.goodsNo);
      return orderBy === "sale_price" ? card.sale : card.origin;
    };
    const k = lower(keyword);
    return h.store.db
      .select()
      .from(goods)
      .all()
      .filter(
        (g) =>
          g.status === "ON_SALE" && (!k || lower(g.goodsName).includes(k) || lower(g.goodsTags.join(" ")).includes(k) || platformWords(g.platform).includes(k)),
      )
      .sort((a, b) => (orderType === "asc" ? price(a) - price(b) : price(b) - price(a)) || a.sort - b.sort || (a.goodsNo < b.goodsNo ? -1 : 1))
      .map((g) => g.goodsNo);
  }
  async function allPages(keyword: string, order: Order, size: number) {
    const seen: string[] = [];
    const totals = new Set<number>();
    for (let page = 1; ; page += 1) {
      const { status, body } = await search(
        `keyword=${encodeURIComponent(keyword)}&order_by=${order.orderBy}&order_type=${order.orderType}&page=${page}&size=${size}`,
      );
      expect(status).toBe(200);
      totals.add(body.result.goods_list.total);
      if (body.result.goods_list.list.length === 0) break;
      seen.push(...body.result.goods_list.list.map((g: { goods_no: string }) => g.goods_no));
    }
    return { seen, totals: [...totals] };
  }

  beforeAll(() => {
    // 60 goods sharing a word (many matches among ~100: the search reads them along the price
    // index for the first pages and from the trigram index for the last), with equal prices to
    // exercise the tie-breaks, upper-case letters, a match in the tags only, and two off the shelf
    for (let i = 0; i < 60; i++) {
      createGoods(h.store.db, [1000 + (i % 7) * 100], {
        goodsName: i % 10 === 9 ? `别名商品${i}` : `共鸣测试Alpha版${i}`,
        goodsTags: i % 10 === 9 ? ["共鸣测试Alpha版", "国区"] : ["全球"],
        sort: i % 3,
        status: i % 25 === 24 ? "OFF_SHELF" : "ON_SALE",
      });
    }
    // rare characters for the 1- and 2-character index
    createGoods(h.store.db, [2000], { goodsName: "鑫淼 典藏版" });
    createGoods(h.store.db, [1500], { goodsName: "淼鑫", goodsTags: ["鑫"] });
    createGoods(h.store.db, [2500], { goodsName: "Zq 礼包" });
  });

  it.each([
    ["共鸣测试Alpha版", { orderBy: "origin_price", orderType: "asc" }, 7],
    ["共鸣测试alpha", { orderBy: "sale_price", orderType: "desc" }, 9],
    ["ALPHA", { orderBy: "origin_price", orderType: "desc" }, 10],
    ["共鸣", { orderBy: "sale_price", orderType: "asc" }, 8],
    ["鸣", { orderBy: "origin_price", orderType: "asc" }, 11],
    ["", { orderBy: "sale_price", orderType: "desc" }, 13],
  ] as const)("keyword %j (%o, size %i): the exact total on every page, and the pages add up to every match in order", async (keyword, order, size) => {
    const want = expected(keyword, order);
    expect(want.length).toBeGreaterThan(keyword === "" ? 100 : 50);
    const { seen, totals } = await allPages(keyword, order, size);
    expect(totals).toEqual([want.length]);
    expect(seen).toEqual(want);
  });

  it.each(["鑫", "淼", "鑫淼", "淼鑫", "zq", "ZQ", "Zq 礼", "q", '"', '"]', "[", ",", "版1", "alpha版 国"])(
    "keyword %j finds exactly the goods containing it",
    async (keyword) => {
      const order = { orderBy: "origin_price", orderType: "asc" } as const;
      const want = expected(keyword, order);
      const { body } = await search(`keyword=${encodeURIComponent(keyword)}&size=100`);
      expect(body.result.goods_list.total).toBe(want.length);
      expect(body.result.goods_list.list.map((g: { goods_no: string }) => g.goods_no)).toEqual(want.slice(0, 100));
    },
  );

  it("follows renames, price changes and the shelf at once (the index is kept by triggers)", async () => {
    const { goodsNo } = createGoods(h.store.db, [900], { goodsName: "旧名字甲乙丙" });
    const found = async (keyword: string) =>
      (await search(`keyword=${encodeURIComponent(keyword)}&size=100`)).body.result.goods_list.list.map((g: { goods_no: string }) => g.goods_no);
    expect(await found("甲乙丙")).toEqual([goodsNo]);
    h.store.db.update(goods).set({ goodsName: "新名字丁戊" }).where(eq(goods.goodsNo, goodsNo)).run();
    expect(await found("甲乙丙")).toEqual([]);
    expect(await found("丁戊")).toEqual([goodsNo]);
    h.store.db
      .update(goods)
      .set({ goodsTags: ["己庚辛"] })
      .where(eq(goods.goodsNo, goodsNo))
      .run();
    expect(await found("庚")).toEqual([goodsNo]);
    h.store.db.update(goods).set({ status: "OFF_SHELF" }).where(eq(goods.goodsNo, goodsNo)).run();
    expect(await found("丁戊")).toEqual([]);
    h.store.db.update(goods).set({ status: "ON_SALE" }).where(eq(goods.goodsNo, goodsNo)).run();
    expect(await found("丁戊")).toEqual([goodsNo]);
    // one write, to the SKU: search orders by the new price
    h.store.db.update(skus).set({ originPriceCny: 1 }).where(eq(skus.goodsNo, goodsNo)).run();
    const cheapest = (await search("keyword=&order_by=origin_price&order_type=asc&size=1")).body.result.goods_list.list[0];
    expect(cheapest.goods_no).toBe(goodsNo);
  });
});

describe("GET /api/trade_bff/v2/goods/{goodsNo}", () => {
  it("answers the goods detail with its SKU spec tree and extras", async () => {
    const { status, body } = await h.api("/api/trade_bff/v2/goods/G1001");
    expect(status).toBe(200);
    const detail = body.result.goods_detail;
    expect(detail).toMatchObject({ goods_no: "G1001", goods_name: expect.any(String), covers: expect.any(Array) });
    expect(detail.sku_item.length).toBeGreaterThan(0);
    const leaves: { sku: { sku_no: string; price_turn_cny: number } }[] = [];
    const walk = (nodes: { sku: unknown; child: unknown[] }[]) => nodes.forEach((n) => (n.child.length ? walk(n.child as never) : leaves.push(n as never)));
    walk(detail.sku_item);
    expect(leaves.length).toBeGreaterThan(0);
    for (const leaf of leaves) expect(Number.isInteger(leaf.sku.price_turn_cny)).toBe(true);
    const keys = detail.goods_extra.map((e: { extra_key: string }) => e.extra_key);
    expect(keys).toEqual(expect.arrayContaining(["TOPIC_BG_IMAGE", "TOPIC_MAIN_IMAGE", "TOPIC_TAGS"]));
  });

  it("answers 404 for unknown goods and 400 for a malformed number", async () => {
    const unknown = await h.api("/api/trade_bff/v2/goods/G9999");
    expect(unknown.status).toBe(404);
    expect(unknown.body.result).toEqual({ error_code: 404, error_msg: "商品不存在" });
    const bad = await h.api(`/api/trade_bff/v2/goods/${encodeURIComponent("<script>")}`);
    expect(bad.status).toBe(400);
    expect(bad.body.result.error_msg).toContain("goodsNo");
  });
});
