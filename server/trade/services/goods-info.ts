// The goods summary that layout items, search results and recommendations carry (goods_info).
import { inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { goods } from "../../../db/schema";

export interface GoodsInfo {
  goods_no: string;
  goods_name: string;
  goods_desc: string;
  goods_tags: string[];
  covers: string[];
  price_turn_cny: number;
  sale_off_price_cny: number;
  origin_currency: string;
  is_presale: boolean;
  presale_performance_at: number | null;
  sale_end_at: number | null;
}

type GoodsRow = typeof goods.$inferSelect;

export function toGoodsInfo(row: GoodsRow): GoodsInfo {
  return {
    goods_no: row.goodsNo,
    goods_name: row.goodsName,
    goods_desc: row.goodsDesc,
    goods_tags: row.goodsTags,
    covers: row.covers,
    price_turn_cny: row.priceTurnCny,
    sale_off_price_cny: row.saleOffPriceCny,
    origin_currency: row.originCurrency,
    is_presale: row.isPresale,
    presale_performance_at: row.presalePerformanceAt,
    sale_end_at: row.saleEndAt,
  };
}

/** Goods on sale among the given numbers, keyed by number. */
export function goodsInfoByNo(db: Db, goodsNos: string[]): Map<string, GoodsInfo> {
  const unique = [...new Set(goodsNos)];
  if (unique.length === 0) return new Map();
  const rows = db.select().from(goods).where(inArray(goods.goodsNo, unique)).all();
  return new Map(rows.filter((r) => r.status === "ON_SALE").map((r) => [r.goodsNo, toGoodsInfo(r)]));
}
