// goods/search finds a goods by its search aliases (issue 37, decision 043): the catalogue's
// goods.search_aliases, one per line, indexed with the tags; every hot search of the layout finds the
// goods it advertises.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchGoodsApi } from "./goods-search";
import { startHarness, type Harness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const search = async (keyword: string) => {
  const { status, list } = await searchGoodsApi(h, { keyword });
  expect(status).toBe(200);
  return list;
};
const numbersFound = async (keyword: string) => (await search(keyword)).list.map((g) => g.goods_no);

describe("GET /api/trade_bff/v1/goods/search: search aliases", () => {
  it("every hot search of the layout finds the goods it advertises, as typed", async () => {
    const { body } = await h.api("/api/trade_bff/v1/shopping/layout?page_type=HOT_SEARCH");
    const items = body.result.list[0].content as { assembly: { TEXT?: { value: string }; GOODS: { value: string; goods_info?: { goods_name: string } } } }[];
    expect(items.length).toBeGreaterThanOrEqual(8);
    for (const { assembly } of items) {
      // the word the header shows: the item's text, else its goods' name (app/api/search.server.ts)
      const word = assembly.TEXT?.value || assembly.GOODS.goods_info!.goods_name;
      const found = await search(word);
      expect(found.approximate, word).toBeUndefined();
      expect(
        found.list.map((g) => g.goods_no),
        word,
      ).toContain(assembly.GOODS.value);
    }
  });

  it("an alias is matched whole or in part, in any case, by the FTS index and without it (1–2 characters)", async () => {
    expect(await numbersFound("Elden Ring")).toContain("G1002");
    expect(await numbersFound("ELDEN")).toContain("G1002");
    expect(await numbersFound("老头环")).toContain("G1002");
    expect(await numbersFound("mc")).toContain("G1050");
  });

  it("aliases live in the catalogue: editing a goods' search_aliases re-indexes it, removing one forgets it", async () => {
    expect(await numbersFound("blue dragon")).toEqual([]);
    const setAliases = (aliases: string) => h.store.sqlite.prepare("UPDATE goods SET search_aliases = ? WHERE goods_no = 'G1013'").run(aliases);
    setAliases("Dyson Sphere Program\r\nblue dragon");
    expect(await numbersFound("blue dragon")).toEqual(["G1013"]);
    // one alias per line: a keyword spanning two aliases is no exact match (at most a near miss, decision 030)
    expect((await search("program blue")).approximate).toBe(true);
    setAliases("Dyson Sphere Program");
    expect(await numbersFound("blue dragon")).toEqual([]);
    expect(await numbersFound("sphere program")).toEqual(["G1013"]);
  });

  it("a goods taken off sale is not found by its aliases", async () => {
    h.store.sqlite.prepare("UPDATE goods SET status = 'OFF_SHELF' WHERE goods_no = 'G1049'").run();
    expect(await numbersFound("GTA5")).toEqual([]);
    h.store.sqlite.prepare("UPDATE goods SET status = 'ON_SALE' WHERE goods_no = 'G1049'").run();
    expect(await numbersFound("GTA5")).toEqual(["G1049"]);
  });
});
