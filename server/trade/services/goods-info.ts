// The goods summary that layout items, search results and recommendations carry (goods_info).
import { inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { goods } from "../../../db/schema";
import { statement } from "./prepared";

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

/** goods_info straight from SQLite: only its columns, no drizzle mapping (search answers up to 100 per request). */
const INFO_COLUMNS =
  "goods_no, goods_name, goods_desc, goods_tags, covers, price_turn_cny, sale_off_price_cny, origin_currency, is_presale, presale_performance_at, sale_end_at";

interface InfoRow extends Omit<GoodsInfo, "goods_tags" | "covers" | "is_presale"> {
  goods_tags: string;
  covers: string;
  is_presale: number;
}

/** The goods_info of these goods in the order given; numbers not in the catalogue are left out. */
export function goodsInfoInOrder(db: Db, goodsNos: readonly string[]): GoodsInfo[] {
  if (goodsNos.length === 0) return [];
  const rows = statement(db, `SELECT ${INFO_COLUMNS} FROM goods WHERE goods_no IN (SELECT value FROM json_each(?))`).all(JSON.stringify(goodsNos)) as InfoRow[];
  const byNo = new Map(rows.map((row) => [row.goods_no, row]));
  return goodsNos.flatMap((goodsNo) => {
    const row = byNo.get(goodsNo);
    if (!row) return [];
    return [
      {
        goods_no: row.goods_no,
        goods_name: row.goods_name,
        goods_desc: row.goods_desc,
        goods_tags: JSON.parse(row.goods_tags) as string[],
        covers: JSON.parse(row.covers) as string[],
        price_turn_cny: row.price_turn_cny,
        sale_off_price_cny: row.sale_off_price_cny,
        origin_currency: row.origin_currency,
        is_presale: row.is_presale !== 0,
        presale_performance_at: row.presale_performance_at,
        sale_end_at: row.sale_end_at,
      },
    ];
  });
}
