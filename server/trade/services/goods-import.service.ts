// Importing goods and their SKUs from CSV (one row a SKU, goods columns repeated) or JSON (an array of
// goods, each with `skus`) (issue 39; decision 050). All or nothing, like the code import: every
// problem is listed (CSV: by line; JSON: by goods) and nothing is written unless all is good. New
// goods only: a goods or SKU number the store already has is refused, never overwritten. Imported
// goods go on sale and onto the home page's 全部商品 block, so a new shop stops saying 正在筹备中.
import { and, eq, max, sql } from "drizzle-orm";
import { z } from "zod";
import type { DbTx } from "../../../db/client";
import { goods, layoutBlocks, layoutItems, skus, specNodes } from "../../../db/schema";
import type { ServiceDeps } from "../deps";
import { csvFields, ImportFileError, importText, numberedLines, type ImportProblem } from "./import-file";

export const CODE_KINDS = ["GAME_KEY", "WALLET_CODE", "GIFT_CARD", "TOP_UP"] as const;
/** The home block imported goods are listed in (created on the first import). */
export const ALL_GOODS_BLOCK = "全部商品";
export const SPEC_NAME = "规格";

export const number = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/, `${what}只能是字母、数字、- 或 _，最长 32 位`);
/** Yuan as written ("38", "38.00") to cents; a negative, zero or malformed amount is refused. */
export const yuan = (what: string) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => /^\d{1,6}(\.\d{1,2})?$/.test(v) && Number(v) > 0, `${what}须为大于 0 的金额（元，最多两位小数，如 38.00）`)
    .transform((v) => Math.round(Number(v) * 100));

export const SkuInput = z.object({
  sku_no: number("SKU 编号"),
  sku_name: z.string().trim().min(1, "SKU 名称不能为空").max(60, "SKU 名称最长 60 字"),
  price: yuan("售价"),
  origin_price: yuan("原价").optional(),
});
const GoodsInput = z.object({
  goods_no: number("商品编号"),
  goods_name: z.string().trim().min(1, "商品名称不能为空").max(60, "商品名称最长 60 字"),
  platform: z.string().trim().toUpperCase(),
  code_kind: z.enum(CODE_KINDS, { message: `兑换码类型只能是 ${CODE_KINDS.join("、")}` }).default("GAME_KEY"),
  desc: z.string().trim().max(500, "简介最长 500 字").default(""),
  tags: z.array(z.string().trim().min(1).max(12, "标签最长 12 字")).max(5, "标签最多 5 个").default([]),
  cover: z
    .string()
    .trim()
    .regex(/^\/media\/[A-Za-z0-9/_.-]+$/, "封面须为商城 /media/ 下的图片地址")
    .optional(),
  skus: z.array(SkuInput).min(1, "每个商品至少一个 SKU").max(100, "每个商品最多 100 个 SKU"),
});
type GoodsInput = z.infer<typeof GoodsInput>;

export interface GoodsImportReport {
  written: boolean;
  /** CSV problems are numbered by line, JSON ones by goods. */
  numberedBy: "line" | "goods";
  goods: { goodsNo: string; name: string; skus: number; lowestPrice: number }[];
  problems: ImportProblem[];
}

const CSV_COLUMNS = ["goods_no", "goods_name", "platform", "sku_no", "sku_name", "price"] as const;
const CSV_OPTIONAL = ["origin_price", "code_kind", "tags", "desc", "cover"] as const;

/** Each goods of the file with the line (CSV) or position (JSON) its problems are reported at. */
type Parsed = { items: { at: number; lines: number[]; raw: unknown }[]; problems: ImportProblem[]; numberedBy: "line" | "goods" };

function parseCsv(text: string): Parsed {
  const lines = numberedLines(text);
  const head = lines.shift();
  const columns = head ? csvFields(head.text).map((c) => c.toLowerCase()) : [];
  const missing = CSV_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length) throw new ImportFileError(`第一行须为列名，缺少 ${missing.join("、")}（列：${[...CSV_COLUMNS, ...CSV_OPTIONAL].join(",")}）`);
  const problems: ImportProblem[] = [];
  const byGoods = new Map<string, { at: number; lines: number[]; raw: Record<string, unknown> & { skus: unknown[] } }>();
  for (const { line, text: row } of lines) {
    const fields = csvFields(row);
    if (fields.length !== columns.length) {
      problems.push({ line, reason: `列数不对：有 ${fields.length} 列，第一行有 ${columns.length} 列（字段里不能有逗号）` });
      continue;
    }
    const cell = (name: string) => {
      const i = columns.indexOf(name);
      return i < 0 || fields[i] === "" ? undefined : fields[i];
    };
    const goodsNo = cell("goods_no") ?? "";
    const sku = { sku_no: cell("sku_no") ?? "", sku_name: cell("sku_name") ?? "", price: cell("price") ?? "", origin_price: cell("origin_price") };
    const entry = byGoods.get(goodsNo);
    if (entry) {
      if ((cell("goods_name") ?? "") !== entry.raw.goods_name) problems.push({ line, reason: `同一商品 ${goodsNo} 的名称与第 ${entry.at} 行不同` });
      entry.raw.skus.push(sku);
      entry.lines.push(line);
      continue;
    }
    const tags = cell("tags");
    byGoods.set(goodsNo, {
      at: line,
      lines: [line],
      raw: {
        goods_no: goodsNo,
        goods_name: cell("goods_name") ?? "",
        platform: cell("platform") ?? "",
        code_kind: cell("code_kind"),
        desc: cell("desc"),
        tags: tags ? tags.split("|").map((t) => t.trim()) : undefined,
        cover: cell("cover"),
        skus: [sku],
      },
    });
  }
  return { items: [...byGoods.values()], problems, numberedBy: "line" };
}

function parseJson(text: string): Parsed {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ImportFileError("JSON 格式错误：请检查括号、引号和逗号");
  }
  const list = Array.isArray(data) ? data : [data];
  return { items: list.map((raw, i) => ({ at: i + 1, lines: [i + 1], raw })), problems: [], numberedBy: "goods" };
}

function check(db: DbTx, parsed: Parsed): { goods: GoodsInput[]; problems: ImportProblem[] } {
  const problems = [...parsed.problems];
  const platforms = new Set(db.all<{ platform: string }>(sql`select platform from platforms`).map((p) => p.platform));
  const seenSku = new Map<string, number>();
  const valid: GoodsInput[] = [];
  const unit = parsed.numberedBy === "line" ? "行" : "个商品";
  for (const item of parsed.items) {
    const at = (i: number) => (parsed.numberedBy === "line" ? (item.lines[i] ?? item.at) : item.at);
    // a SKU number twice in the file, whatever else is wrong with either goods
    const rawSkus = (item.raw as { skus?: unknown } | null)?.skus;
    (Array.isArray(rawSkus) ? rawSkus : []).forEach((s: unknown, i) => {
      const skuNo = typeof (s as { sku_no?: unknown })?.sku_no === "string" ? (s as { sku_no: string }).sku_no.trim() : "";
      if (!skuNo) return;
      const earlier = seenSku.get(skuNo);
      if (earlier !== undefined) problems.push({ line: at(i), reason: `SKU 编号重复：${skuNo}（第 ${earlier} ${unit}已有）` });
      else seenSku.set(skuNo, at(i));
    });
    const result = GoodsInput.safeParse(item.raw);
    if (!result.success) {
      for (const issue of result.error.issues) {
        // a SKU's problem is reported at its own CSV line
        const skuIndex = issue.path[0] === "skus" && typeof issue.path[1] === "number" ? issue.path[1] : null;
        const line = parsed.numberedBy === "line" && skuIndex !== null ? (item.lines[skuIndex] ?? item.at) : item.at;
        problems.push({ line, reason: issue.message });
      }
      continue;
    }
    const g = result.data;
    let ok = !problems.some((p) => item.lines.includes(p.line));
    const fail = (line: number, reason: string) => {
      problems.push({ line, reason });
      ok = false;
    };
    if (!platforms.has(g.platform)) fail(item.at, `平台不存在：${g.platform}（可选：${[...platforms].join("、")}）`);
    if (db.select({ n: goods.goodsNo }).from(goods).where(eq(goods.goodsNo, g.goods_no)).get())
      fail(item.at, `商品编号已存在：${g.goods_no}（导入只新建商品）`);
    g.skus.forEach((s, i) => {
      if (db.select({ n: skus.skuNo }).from(skus).where(eq(skus.skuNo, s.sku_no)).get()) fail(at(i), `SKU 编号已存在：${s.sku_no}`);
      if (s.origin_price !== undefined && s.origin_price < s.price) fail(at(i), `原价不能低于售价（SKU ${s.sku_no}）`);
    });
    if (ok) valid.push(g);
  }
  return { goods: valid, problems: problems.sort((a, b) => a.line - b.line) };
}

/** The lowest SKU's price and its original price: what the dry run reports for a goods. */
function cheapestSku(g: GoodsInput): { price: number; origin: number } {
  const cheapest = g.skus.reduce((min, s) => (s.price < min.price ? s : min));
  return { price: cheapest.price, origin: cheapest.origin_price ?? cheapest.price };
}

function insertGoods(db: DbTx, list: GoodsInput[], now: number): void {
  const sortBase =
    db
      .select({ n: max(goods.sort) })
      .from(goods)
      .get()?.n ?? 0;
  let block = db
    .select({ id: layoutBlocks.id })
    .from(layoutBlocks)
    .where(and(eq(layoutBlocks.pageType, "HOME"), eq(layoutBlocks.name, ALL_GOODS_BLOCK)))
    .get();
  if (!block) {
    const sort =
      (db
        .select({ n: max(layoutBlocks.sort) })
        .from(layoutBlocks)
        .where(eq(layoutBlocks.pageType, "HOME"))
        .get()?.n ?? 0) + 1;
    block = db
      .insert(layoutBlocks)
      .values({ pageType: "HOME", name: ALL_GOODS_BLOCK, styleType: "COLUMN_TILING", settings: { TILING: { tiling_num: 5 } }, sort })
      .returning({ id: layoutBlocks.id })
      .get();
  }
  let itemSort =
    db
      .select({ n: max(layoutItems.sort) })
      .from(layoutItems)
      .where(eq(layoutItems.blockId, block.id))
      .get()?.n ?? 0;
  list.forEach((g, index) => {
    db.insert(goods)
      .values({
        goodsNo: g.goods_no,
        goodsName: g.goods_name,
        goodsDesc: g.desc,
        platform: g.platform,
        codeKind: g.code_kind,
        covers: g.cover ? [g.cover] : [],
        goodsTags: g.tags,
        status: "ON_SALE",
        sort: sortBase + index + 1,
        createdAt: now,
      })
      .run();
    g.skus.forEach((s, sort) => insertSku(db, g.goods_no, s, sort));
    // no SALE_OFF extra: the goods detail works the discount out from the card SKU's prices (decision 041)
    db.insert(layoutItems)
      .values({ blockId: block.id, goodsNo: g.goods_no, assembly: { GOODS: { value: g.goods_no }, JUMP: { value: "GOODS_DETAIL" } }, sort: ++itemSort })
      .run();
  });
}

/** A SKU of a goods with a one-level 规格 tree (imported goods), and its node in the tree at `sort`. */
export function insertSku(db: DbTx, goodsNo: string, s: z.infer<typeof SkuInput>, sort: number): void {
  const skuOrigin = s.origin_price ?? s.price;
  db.insert(skus)
    .values({
      skuNo: s.sku_no,
      goodsNo,
      skuName: s.sku_name,
      priceTurnCny: s.price,
      originPriceCny: skuOrigin,
      skuSpec: [
        { sku_spec_key: SPEC_NAME, sku_spec_value: s.sku_name },
        { sku_spec_key: "SALE_OFF", sku_spec_value: String(skuOrigin) },
      ],
    })
    .run();
  db.insert(specNodes).values({ goodsNo, parentId: null, specName: SPEC_NAME, specValue: s.sku_name, skuNo: s.sku_no, sort }).run();
}

/** Imports the goods of a CSV or JSON file: all checked, then all written in one write transaction, or none. */
export function importGoods(deps: ServiceDeps, file: Uint8Array | string, options: { dryRun?: boolean } = {}): GoodsImportReport {
  const text = typeof file === "string" ? file : importText(file);
  if (!text.trim()) throw new ImportFileError("文件里没有商品");
  const parsed = /^\s*[[{]/.test(text) ? parseJson(text) : parseCsv(text);
  if (!parsed.items.length && !parsed.problems.length) throw new ImportFileError("文件里没有商品");
  const { db } = deps.store;
  const run = () => {
    const checked = check(db, parsed);
    const write = !checked.problems.length && !options.dryRun;
    if (write) insertGoods(db, checked.goods, deps.now());
    return {
      written: write,
      numberedBy: parsed.numberedBy,
      goods: checked.goods.map((g) => ({ goodsNo: g.goods_no, name: g.goods_name, skus: g.skus.length, lowestPrice: cheapestSku(g).price })),
      problems: checked.problems,
    };
  };
  return options.dryRun ? run() : db.transaction(run, { behavior: "immediate" });
}
