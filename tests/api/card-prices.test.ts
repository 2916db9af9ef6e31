// Cards and search take their prices from the SKUs (issue 41 "prices stored once", operator trial
// M7) and never say a region their price and SKU are not of (issue 37, shopper trial 11b #2).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LayoutSchema, type GoodsInfo } from "../../app/api/layout.server";
import { skus } from "../../db/schema";
import { expectedCard } from "./card-prices";
import { startHarness, type Harness } from "./harness";
import { GOODS } from "../../seed/data";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const everyCard = async (): Promise<GoodsInfo[]> =>
  (await h.api("/api/trade_bff/v1/goods/search?keyword=&order_by=sale_price&order_type=asc&size=100")).body.result.goods_list.list;
const homeCards = async (): Promise<GoodsInfo[]> =>
  LayoutSchema.parse((await h.api("/api/trade_bff/v1/shopping/layout?page_type=HOME")).body.result).list.flatMap((b) =>
    b.content.flatMap((i) => (i.assembly.GOODS?.goods_info ? [i.assembly.GOODS.goods_info] : [])),
  );
interface DetailSku {
  sku_no: string;
  price_turn_cny: number;
  sku_spec: { sku_spec_key: string; sku_spec_value: string }[];
}
interface DetailTag {
  sku: DetailSku | null;
  child: DetailTag[];
}
const skusOf = (tags: DetailTag[]): DetailSku[] => tags.flatMap((t) => [...(t.sku ? [t.sku] : []), ...skusOf(t.child)]);

describe("a card's region tag, price and opened SKU agree", () => {
  it("on every seeded goods: the card's price is its SKU's, and a region tag it shows is that SKU's region", async () => {
    const cards = await everyCard();
    // every goods of the seed is on some card list
    expect(cards.length).toBe(GOODS.length);
    for (const card of cards) {
      const want = expectedCard(h.store.db, card.goods_no);
      expect(card.sale_sku_no, card.goods_no).toBe(want.skuNo);
      expect(card.sale_off_price_cny, card.goods_no).toBe(want.sale);
      expect(card.price_turn_cny, card.goods_no).toBe(want.origin);
      // the goods page the card opens (?sku=sale_sku_no) offers that SKU at that price, with that region first
      const detail = (await h.api(`/api/trade_bff/v2/goods/${card.goods_no}`)).body.result.goods_detail;
      const all = skusOf(detail.sku_item);
      const opened = all.find((s) => s.sku_no === card.sale_sku_no)!;
      expect(opened.price_turn_cny, card.goods_no).toBe(card.sale_off_price_cny);
      const regions = new Set(all.map((s) => s.sku_spec[0]?.sku_spec_value));
      for (const tag of card.goods_tags.filter((t) => regions.has(t))) expect(tag, card.goods_no).toBe(opened.sku_spec[0].sku_spec_value);
      expect(detail.sale_off_price_cny, card.goods_no).toBe(card.sale_off_price_cny);
    }
  });

  it("塞尔达传说 王国之泪 (港服; 日服 is cheaper): the card says 港服 at the cheapest 港服 price and opens on that SKU", async () => {
    const card = (await everyCard()).find((c) => c.goods_name === "塞尔达传说 王国之泪")!;
    expect(card.goods_tags).toContain("港服");
    const hk = h.store.db
      .select()
      .from(skus)
      .where(eq(skus.goodsNo, card.goods_no))
      .all()
      .filter((s) => !s.disabled && s.skuSpec[0]?.sku_spec_value === "港服");
    const cheapestHk = Math.min(...hk.map((s) => s.priceTurnCny));
    expect(card.sale_off_price_cny).toBe(cheapestHk);
    expect(hk.map((s) => s.skuNo)).toContain(card.sale_sku_no);
  });
});

describe("one write to a SKU's price reaches cards and search", () => {
  it("the card SKU's new price shows on the home card, in search and in its order, with nothing else written", async () => {
    const before = (await homeCards())[0];
    const sku = before.sale_sku_no!;
    h.store.db.update(skus).set({ priceTurnCny: 100, originPriceCny: 200 }).where(eq(skus.skuNo, sku)).run();
    const home = (await homeCards()).find((c) => c.goods_no === before.goods_no)!;
    expect([home.sale_off_price_cny, home.price_turn_cny, home.sale_sku_no]).toEqual([100, 200, sku]);
    const cheapest = (await everyCard())[0];
    expect([cheapest.goods_no, cheapest.sale_off_price_cny]).toEqual([before.goods_no, 100]);
    const found = (await h.api(`/api/trade_bff/v1/goods/search?keyword=${encodeURIComponent(before.goods_name)}`)).body.result.goods_list.list[0];
    expect(found.sale_off_price_cny).toBe(100);
    const detail = (await h.api(`/api/trade_bff/v2/goods/${before.goods_no}`)).body.result.goods_detail;
    expect(detail.goods_extra.find((e: { extra_key: string }) => e.extra_key === "SALE_OFF")?.extra_value).toBe("-50%");

    // disabling that SKU moves the card to the next one, in search too
    h.store.db.update(skus).set({ disabled: true }).where(eq(skus.skuNo, sku)).run();
    const moved = (await everyCard()).find((c) => c.goods_no === before.goods_no)!;
    expect(moved.sale_sku_no).not.toBe(sku);
    expect(moved.sale_off_price_cny).toBe(expectedCard(h.store.db, before.goods_no).sale);
  });
});
