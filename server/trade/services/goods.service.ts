// The catalogue: keyword search over names and tags, and the goods detail with its SKU tree.
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { goods, goodsExtras, skus, specNodes } from "../../../db/schema";
import type { ServiceDeps } from "../deps";
import { allowedEdits, containsNearly, keywordPieces } from "../domain/fuzzy-match";
import { goodsInfoInOrder, type GoodsCardInfo } from "./goods-info";
import { statement } from "./prepared";
import { cachedRead } from "./read-cache";

export interface SearchQuery {
  keyword: string;
  /** Only goods of this platform (STEAM, NINTENDO, …); every platform when absent. */
  platform?: string;
  orderBy: "origin_price" | "sale_price";
  orderType: "asc" | "desc";
  page: number;
  size: number;
  /** Also count the keyword's matches per platform (the results page's filter; not suggestions). */
  withPlatforms?: boolean;
}

export interface SearchPage {
  list: GoodsCardInfo[];
  page: number;
  total: number;
  /** The keyword's matches per platform, whatever platform was asked for (withPlatforms only). */
  platforms?: { platform: string; total: number }[];
  /** The keyword matched nothing as typed: these are its near misses (see nearSearch). */
  approximate?: true;
}

export function searchGoods(deps: ServiceDeps, q: SearchQuery): SearchPage {
  const db = deps.store.db;
  const key = JSON.stringify([q.keyword, q.platform ?? "", q.orderBy, q.orderType, q.page, q.size, q.withPlatforms ?? false]);
  return cachedRead(db, "search", key, () => {
    const exact = querySearch(db, q);
    // widen only when the keyword as typed finds nothing, on any platform
    return exact.total > 0 || exact.platforms?.length ? exact : (nearSearch(db, q) ?? exact);
  });
}

/**
 * The search runs on goods_search and its two FTS5 indexes (db/migrations/0003_goods_search.sql,
 * 0005_search_by_platform.sql): on-sale goods only, the name and tags (with the words shoppers type
 * for the goods' platform) lower-cased as SQLite's lower() does (ASCII letters), so "contains the
 * lower-cased keyword" is the case-insensitive match LIKE made before.
 */
const asciiLower = (text: string) => text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;
/** The separator goods_search_grams spreads text with; a keyword containing it cannot use that index. */
const SPREAD = "\u0001";

const ORDER_COLUMNS = { origin_price: "price_turn_cny", sale_price: "sale_off_price_cny" } as const;

/**
 * The FTS5 index and MATCH expression that find exactly the rows containing `text` (3+ characters:
 * the trigram phrase; 1–2: one term of the spread index), or null when no index can (empty, or
 * 1–2 characters holding the spread separator).
 */
function indexLookup(text: string): { table: "goods_search_fts" | "goods_search_grams"; match: string } | null {
  const chars = [...text];
  if (chars.length >= 3) return { table: "goods_search_fts", match: ftsPhrase(text) };
  if (chars.length === 0 || text.includes(SPREAD)) return null;
  return { table: "goods_search_grams", match: ftsPhrase(chars.length === 1 ? SPREAD + text + SPREAD : chars.join(SPREAD)) };
}

function querySearch(db: Db, q: SearchQuery): SearchPage {
  const keyword = asciiLower(q.keyword);
  const offset = (q.page - 1) * q.size;
  const column = ORDER_COLUMNS[q.orderBy];
  const index = `goods_search_${q.orderBy === "sale_price" ? "sale" : "origin"}_${q.orderType}_idx`;
  const orderBy = `${column} ${q.orderType}, sort, goods_no`;

  // the matching rows, as FROM … WHERE: an FTS index lookup, else a test of each row of goods_search
  const scan = keyword ? { where: "(instr(s.name_lc, @keyword) > 0 OR instr(s.tags_lc, @keyword) > 0)", params: { keyword } } : { where: "1", params: {} };
  const lookup = indexLookup(keyword);
  const fts = lookup && {
    from: `${lookup.table} f JOIN goods_search s ON s.id = f.rowid`,
    where: `${lookup.table} MATCH @match`,
    params: { match: lookup.match },
  };
  const matches = fts ?? { from: "goods_search s", ...scan };
  const platforms = q.withPlatforms
    ? (statement(
        db,
        `SELECT s.platform, count(*) AS total FROM ${matches.from} WHERE ${matches.where} GROUP BY s.platform ORDER BY total DESC, s.platform`,
      ).all(matches.params) as { platform: string; total: number }[])
    : undefined;
  const onPlatform = (where: string, params: Record<string, unknown>) =>
    q.platform ? { where: `${where} AND s.platform = @platform`, params: { ...params, platform: q.platform } } : { where, params };

  const count = (text: string, params: Record<string, unknown> = {}) => statement(db, text).pluck().get(params) as number;
  const onSale = () => count("SELECT count(*) FROM goods_search");
  const counted = onPlatform(matches.where, matches.params);
  const total = count(`SELECT count(*) FROM ${matches.from} WHERE ${counted.where}`, counted.params);
  if (total === 0 || offset >= total) return { list: [], page: q.page, total, platforms };

  // which page: walking the ordering's index and testing each row stops after about
  // (offset + size) × onSale / total rows, sorting the matches costs about `total`: take the cheaper
  // (a keyword with fewer matches than the page reaches needs no count of the catalogue to know)
  const page = (text: string, params: Record<string, unknown>) =>
    statement(db, text)
      .pluck()
      .all({ ...params, size: q.size, offset }) as string[];
  const walked = onPlatform(scan.where, scan.params);
  const goodsNos =
    fts && (total <= offset + q.size || ((offset + q.size) * onSale()) / total > total)
      ? page(
          `SELECT s.goods_no FROM ${fts.from} WHERE ${counted.where} ORDER BY s.${column} ${q.orderType}, s.sort, s.goods_no LIMIT @size OFFSET @offset`,
          counted.params,
        )
      : page(`SELECT goods_no FROM goods_search s INDEXED BY ${index} WHERE ${walked.where} ORDER BY ${orderBy} LIMIT @size OFFSET @offset`, walked.params);
  return { list: goodsInfoInOrder(db, goodsNos), page: q.page, total, platforms };
}

/** The most rows the fuzzy pass reads and tests: what bounds its cost on any catalogue. */
const NEAR_CANDIDATES = 400;

interface NearRow {
  goods_no: string;
  name_lc: string;
  tags_lc: string;
  platform: string;
  price_turn_cny: number;
  sale_off_price_cny: number;
  sort: number;
}

/**
 * The second pass, only when the keyword as typed matches nothing (so every exact answer stays as it
 * was): goods whose name or tags hold the keyword with a few edits (domain/fuzzy-match.ts). The
 * same indexes find the candidates, the rows holding one of the keyword's pieces unchanged (at most
 * NEAR_CANDIDATES of them); each is then tested, and the matches are ordered, counted per platform
 * and paged as the exact search does. Null when the keyword is too short to forgive.
 */
function nearSearch(db: Db, q: SearchQuery): SearchPage | null {
  const keyword = asciiLower(q.keyword).trim();
  const edits = allowedEdits(keyword);
  if (edits === 0) return null;
  const lookups = keywordPieces(keyword, edits).map(indexLookup);
  if (lookups.length === 0 || lookups.some((l) => l === null)) return null;
  const candidates = lookups.map((l, i) => `SELECT rowid FROM ${l!.table} WHERE ${l!.table} MATCH @m${i}`).join(" UNION ");
  const rows = statement(
    db,
    `SELECT goods_no, name_lc, tags_lc, platform, price_turn_cny, sale_off_price_cny, sort FROM goods_search WHERE id IN (${candidates}) LIMIT ${NEAR_CANDIDATES}`,
  ).all(Object.fromEntries(lookups.map((l, i) => [`m${i}`, l!.match]))) as NearRow[];
  const matches = rows.filter((row) => containsNearly(row.name_lc, keyword, edits) || containsNearly(row.tags_lc, keyword, edits));
  if (matches.length === 0) return null;

  const perPlatform = new Map<string, number>();
  for (const row of matches) perPlatform.set(row.platform, (perPlatform.get(row.platform) ?? 0) + 1);
  const platforms = q.withPlatforms
    ? [...perPlatform].map(([platform, total]) => ({ platform, total })).sort((a, b) => b.total - a.total || (a.platform < b.platform ? -1 : 1))
    : undefined;
  const column = ORDER_COLUMNS[q.orderBy];
  const direction = q.orderType === "asc" ? 1 : -1;
  const shown = matches
    .filter((row) => !q.platform || row.platform === q.platform)
    .sort((a, b) => direction * (a[column] - b[column]) || a.sort - b.sort || (a.goods_no < b.goods_no ? -1 : 1));
  const offset = (q.page - 1) * q.size;
  const goodsNos = shown.slice(offset, offset + q.size).map((row) => row.goods_no);
  return { list: goodsInfoInOrder(db, goodsNos), page: q.page, total: shown.length, platforms, approximate: true };
}

/**
 * Merges each search index into one b-tree. Rows added one by one (or many in one transaction, as
 * a bulk import does) leave the FTS5 indexes in many segments, and a query visits every segment:
 * after an import of 100k goods a rare keyword costs about half as much again as on a merged index.
 * Takes a few hundred milliseconds at that size: for imports and maintenance, not requests.
 */
export function optimizeSearchIndexes(db: Db): void {
  for (const table of ["goods_search_fts", "goods_search_grams"]) statement(db, `INSERT INTO ${table} (${table}) VALUES ('optimize')`).run();
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
    // the original price travels as the SALE_OFF spec (spec/02 §3): always the SKU's own column, never a stored copy
    sku_spec: [...row.skuSpec.filter((spec) => spec.sku_spec_key !== "SALE_OFF"), { sku_spec_key: "SALE_OFF", sku_spec_value: String(row.originPriceCny) }],
  };
}

export function goodsDetail(deps: ServiceDeps, goodsNo: string) {
  const db = deps.store.db;
  return cachedRead(db, "goods-detail", goodsNo, () => readGoodsDetail(db, goodsNo));
}

/** The SALE_OFF extra ("-15%"), worked out from the prices it describes (a stored one is ignored); empty without a discount. */
function percentOff(card: GoodsCardInfo | undefined): string {
  const off = card && card.price_turn_cny > 0 ? Math.round((1 - card.sale_off_price_cny / card.price_turn_cny) * 100) : 0;
  return off > 0 ? `-${off}%` : "";
}

function readGoodsDetail(db: Db, goodsNo: string) {
  const row = db.select().from(goods).where(eq(goods.goodsNo, goodsNo)).get();
  if (!row || row.status !== "ON_SALE") return null;
  const extras = db.select().from(goodsExtras).where(eq(goodsExtras.goodsNo, goodsNo)).all();
  const skuByNo = new Map(
    db
      .select()
      .from(skus)
      .where(eq(skus.goodsNo, goodsNo))
      .all()
      .map((s) => [s.skuNo, s]),
  );
  const nodes = db.select().from(specNodes).where(eq(specNodes.goodsNo, goodsNo)).orderBy(asc(specNodes.sort), asc(specNodes.id)).all();

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

  // the goods' prices are its card SKU's (goods_cards, migration 0013), as on its cards and in search
  const card = goodsInfoInOrder(db, [goodsNo])[0];
  const off = percentOff(card);
  return {
    goods_no: row.goodsNo,
    goods_name: row.goodsName,
    goods_desc: row.goodsDesc,
    covers: row.covers,
    goods_tags: row.goodsTags,
    is_presale: row.isPresale,
    presale_performance_at: row.presalePerformanceAt,
    sale_end_at: row.saleEndAt,
    sale_off_price_cny: card?.sale_off_price_cny ?? 0,
    price_turn_cny: card?.price_turn_cny ?? 0,
    region_restricted: row.regionRestricted,
    sku_item: tree(null),
    goods_extra: [
      ...(off ? [{ extra_key: "SALE_OFF", extra_value: off }] : []),
      ...extras.filter((e) => e.extraKey !== "SALE_OFF").map((e) => ({ extra_key: e.extraKey, extra_value: e.extraValue })),
    ],
  };
}
