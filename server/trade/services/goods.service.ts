// The catalogue: keyword search over names and tags, and the goods detail with its SKU tree.
import { and, asc, desc, eq, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { goods, goodsExtras, skus, specNodes } from "../../../db/schema";
import { toGoodsInfo, type GoodsInfo } from "./goods-info";

export interface SearchQuery {
  keyword: string;
  orderBy: "origin_price" | "sale_price";
  orderType: "asc" | "desc";
  page: number;
  size: number;
}

export function searchGoods(db: Db, q: SearchQuery): { list: GoodsInfo[]; page: number; total: number } {
  const pattern = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = and(
    eq(goods.status, "ON_SALE"),
    q.keyword
      ? or(
          sql`${goods.goodsName} like ${pattern} escape '\\'`,
          sql`${goods.goodsTags} like ${pattern} escape '\\'`,
        )
      : undefined,
  );
  const column = q.orderBy === "sale_price" ? goods.saleOffPriceCny : goods.priceTurnCny;
  const total = db.select({ n: sql<number>`count(*)` }).from(goods).where(where).get()?.n ?? 0;
  const rows = db
    .select()
    .from(goods)
    .where(where)
    .orderBy(q.orderType === "desc" ? desc(column) : asc(column), asc(goods.sort), asc(goods.goodsNo))
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

