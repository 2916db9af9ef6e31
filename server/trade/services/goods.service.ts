// The catalogue: keyword search over names and tags, and the goods detail with its SKU tree.
import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { goods, goodsExtras, skus, specNodes } from "../../../db/schema";
import { toGoodsInfo, type GoodsInfo } from "./goods-info";
import { cachedRead } from "./read-cache";

export interface SearchQuery {
  keyword: string;
  orderBy: "origin_price" | "sale_price";
  orderType: "asc" | "desc";
  page: number;
  size: number;
}

/** Keywords this long use the goods_fts trigram index (trigrams need 3 characters). */
const FTS_MIN_CHARS = 3;
/**
 * Shorter keywords cannot use the index; their LIKE scan is bounded to this many on-sale goods in
 * the requested order (the whole catalogue of this shop; a cap on the work for a far larger one).
 */
export const SHORT_KEYWORD_WINDOW = 10_000;

export function searchGoods(db: Db, q: SearchQuery): { list: GoodsInfo[]; page: number; total: number } {
  return cachedRead(db, "search", JSON.stringify([q.keyword, q.orderBy, q.orderType, q.page, q.size]), () => querySearch(db, q));
}

function querySearch(db: Db, q: SearchQuery): { list: GoodsInfo[]; page: number; total: number } {
  const column = q.orderBy === "sale_price" ? goods.saleOffPriceCny : goods.priceTurnCny;
  const order = [q.orderType === "desc" ? desc(column) : asc(column), asc(goods.sort), asc(goods.goodsNo)];
  const onSale = eq(goods.status, "ON_SALE");
  const pattern = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // the exact condition (case-insensitive substring of the name or the tags' JSON text); the
  // index below only narrows the rows it is checked on
  const matches = or(sql`${goods.goodsName} like ${pattern} escape '\\'`, sql`${goods.goodsTags} like ${pattern} escape '\\'`);
  let narrowed;
  if (!q.keyword) narrowed = undefined;
  else if ([...q.keyword].length >= FTS_MIN_CHARS) {
    const phrase = `"${q.keyword.replace(/"/g, '""')}"`;
    narrowed = and(sql`${goods.goodsNo} in (select goods_no from goods_fts where goods_fts match ${phrase})`, matches);
  } else {
    const window = db.select({ goodsNo: goods.goodsNo }).from(goods).where(onSale).orderBy(...order).limit(SHORT_KEYWORD_WINDOW);
    narrowed = and(inArray(goods.goodsNo, window), matches);
  }
  // with a keyword the narrowed list drives the query: `+status` keeps SQLite from walking the whole
  // catalogue along the status index and probing the list for every row instead
  const where = narrowed ? and(sql`+${goods.status} = 'ON_SALE'`, narrowed) : onSale;
  const total = db.select({ n: sql<number>`count(*)` }).from(goods).where(where).get()?.n ?? 0;
  const rows = db
    .select()
    .from(goods)
    .where(where)
    .orderBy(...order)
    .limit(q.size)
    .offset((q.page - 1) * q.size)
    .all();
  return { list: rows.map(toGoodsInfo), page: q.page, total };
}

export interface SpecTag {
  spec_name: string;
  spec_value: string;
  spec_desc: string;
  disabled: boolean;
  sku: WireSku | null;
  child: SpecTag[];
}

export interface WireSku {
  sku_no: string;
  goods_no: string;
  sku_name: string;
  price_turn_cny: number;
  sku_spec: { sku_spec_key: string; sku_spec_value: string }[];
}

export function toWireSku(row: typeof skus.$inferSelect): WireSku {
  return {
    sku_no: row.skuNo,
    goods_no: row.goodsNo,
    sku_name: row.skuName,
    price_turn_cny: row.priceTurnCny,
    sku_spec: row.skuSpec,
  };
}

export function goodsDetail(db: Db, goodsNo: string) {
  return cachedRead(db, "goods-detail", goodsNo, () => readGoodsDetail(db, goodsNo));
}

function readGoodsDetail(db: Db, goodsNo: string) {
  const row = db.select().from(goods).where(eq(goods.goodsNo, goodsNo)).get();
  if (!row || row.status !== "ON_SALE") return null;
  const extras = db.select().from(goodsExtras).where(eq(goodsExtras.goodsNo, goodsNo)).all();
  const skuByNo = new Map(db.select().from(skus).where(eq(skus.goodsNo, goodsNo)).all().map((s) => [s.skuNo, s]));
  const nodes = db
    .select()
    .from(specNodes)
    .where(eq(specNodes.goodsNo, goodsNo))
    .orderBy(asc(specNodes.sort), asc(specNodes.id))
    .all();

  const tree = (parentId: number | null): SpecTag[] =>
    nodes
      .filter((n) => n.parentId === parentId)
      .map((n) => {
        const sku = n.skuNo ? skuByNo.get(n.skuNo) : undefined;
        return {
          spec_name: n.specName,
          spec_value: n.specValue,
          spec_desc: n.specDesc,
          disabled: n.disabled || Boolean(sku?.disabled),
          sku: sku ? toWireSku(sku) : null,
          child: tree(n.id),
        };
      });

  const { goods_no, goods_name, goods_desc, covers, goods_tags, is_presale, presale_performance_at, sale_end_at, sale_off_price_cny, price_turn_cny } =
    toGoodsInfo(row);
  return {
    goods_no,
    goods_name,
    goods_desc,
    covers,
    goods_tags,
    is_presale,
    presale_performance_at,
    sale_end_at,
    sale_off_price_cny,
    price_turn_cny,
    region_restricted: row.regionRestricted,
    sku_item: tree(null),
    goods_extra: extras.map((e) => ({ extra_key: e.extraKey, extra_value: e.extraValue })),
  };
}

