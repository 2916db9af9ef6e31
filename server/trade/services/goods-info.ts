// The goods summary that layout items, search results and recommendations carry (goods_info).
import type { Db } from "../../../db/client";
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

/**
 * What a goods card links and labels (issue 26): the SKU whose price is the card's
 * sale_off_price_cny, so the card opens the goods page on it, and how many different prices the
 * goods' SKUs have, so a lowest-of-several price says 起. The card SKU is the view goods_cards'
 * (migration 0013): the cheapest enabled SKU, of the region the goods' tags name when it has one.
 */
export interface GoodsCardInfo extends GoodsInfo {
  sale_sku_no: string | null;
  sku_prices: number;
}

/** Goods on sale among the given numbers, keyed by number. */
export function goodsInfoByNo(db: Db, goodsNos: string[]): Map<string, GoodsCardInfo> {
  const rows = cardRows(db, [...new Set(goodsNos)]).filter((row) => row.status === "ON_SALE");
  return new Map(rows.map((row) => [row.goods_no, toCardInfo(row)]));
}

/** A SKU's first spec choice (its region where the goods has regions: 港服, 日服…), as goods_cards reads it. */
const FIRST_CHOICE = "json_extract(s.sku_spec, '$[0].sku_spec_value')";

/**
 * goods_info straight from SQLite: only its columns, no drizzle mapping (search answers up to 100
 * per request), with the card's SKU, price and price count from the goods' enabled SKUs (skus_goods_idx).
 */
const CARD_SELECT = `SELECT g.goods_no, g.goods_name, g.goods_desc, g.goods_tags, g.covers, c.origin_price AS price_turn_cny,
  c.sale_price AS sale_off_price_cny, g.origin_currency, g.is_presale, g.presale_performance_at, g.sale_end_at, g.status,
  c.card_sku_no AS sale_sku_no,
  (SELECT count(DISTINCT s.price_turn_cny) FROM skus s WHERE s.goods_no = g.goods_no AND s.disabled = 0) AS sku_prices,
  (SELECT json_group_array(DISTINCT ${FIRST_CHOICE}) FROM skus s WHERE s.goods_no = g.goods_no AND json_valid(s.sku_spec)) AS regions,
  c.card_region
  FROM goods g JOIN goods_cards c ON c.goods_no = g.goods_no WHERE g.goods_no IN (SELECT value FROM json_each(?))`;

interface CardRow extends Omit<GoodsCardInfo, "goods_tags" | "covers" | "is_presale"> {
  goods_tags: string;
  /** The first spec choices of the goods' SKUs (a JSON array), and the card SKU's. */
  regions: string;
  card_region: string | null;
  covers: string;
  is_presale: number;
  status: string;
}

const cardRows = (db: Db, goodsNos: readonly string[]) =>
  goodsNos.length === 0 ? [] : (statement(db, CARD_SELECT).all(JSON.stringify(goodsNos)) as CardRow[]);

/**
 * The tags a card may show: a tag that names a region of the goods' own SKUs (a first spec choice)
 * other than its card SKU's is left out: a card never says a region its price and SKU are not of.
 */
function cardTags(row: CardRow): string[] {
  const regions = JSON.parse(row.regions) as (string | null)[];
  return (JSON.parse(row.goods_tags) as string[]).filter((tag) => tag === row.card_region || !regions.includes(tag));
}

function toCardInfo(row: CardRow): GoodsCardInfo {
  return {
    goods_no: row.goods_no,
    goods_name: row.goods_name,
    goods_desc: row.goods_desc,
    goods_tags: cardTags(row),
    covers: JSON.parse(row.covers) as string[],
    price_turn_cny: row.price_turn_cny,
    sale_off_price_cny: row.sale_off_price_cny,
    origin_currency: row.origin_currency,
    is_presale: row.is_presale !== 0,
    presale_performance_at: row.presale_performance_at,
    sale_end_at: row.sale_end_at,
    sale_sku_no: row.sale_sku_no,
    sku_prices: row.sku_prices,
  };
}

/** The goods_info of these goods in the order given; numbers not in the catalogue are left out. */
export function goodsInfoInOrder(db: Db, goodsNos: readonly string[]): GoodsCardInfo[] {
  const byNo = new Map(cardRows(db, goodsNos).map((row) => [row.goods_no, row]));
  return goodsNos.flatMap((goodsNo) => {
    const row = byNo.get(goodsNo);
    return row ? [toCardInfo(row)] : [];
  });
}
