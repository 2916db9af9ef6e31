// What a goods card must say, worked out in TypeScript from the SKU rows (independently of the view
// goods_cards that the services read, migration 0013): the card SKU is the cheapest enabled SKU,
// preferring the SKUs whose first spec choice (the region) is one of the goods' tags; ties go to the
// lower number. The card's prices are that SKU's.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { goods, skus } from "../../db/schema";

export interface CardExpectation {
  skuNo: string | null;
  /** The card SKU's first spec choice (its region when the goods has regions). */
  region: string | null;
  sale: number;
  origin: number;
}

export function expectedCard(db: Db, goodsNo: string): CardExpectation {
  const tags = db.select({ tags: goods.goodsTags }).from(goods).where(eq(goods.goodsNo, goodsNo)).get()?.tags ?? [];
  const regionOf = (sku: typeof skus.$inferSelect) => sku.skuSpec[0]?.sku_spec_value ?? null;
  const enabled = db
    .select()
    .from(skus)
    .where(eq(skus.goodsNo, goodsNo))
    .all()
    .filter((s) => !s.disabled)
    .sort((a, b) => a.priceTurnCny - b.priceTurnCny || (a.skuNo < b.skuNo ? -1 : 1));
  const card = enabled.find((s) => tags.includes(regionOf(s) ?? "")) ?? enabled[0];
  return card
    ? { skuNo: card.skuNo, region: regionOf(card), sale: card.priceTurnCny, origin: card.originPriceCny }
    : { skuNo: null, region: null, sale: 0, origin: 0 };
}
