// Importing real codes (卡密) from a supplier's file or pasted text (issue 39; decision 050): one code
// a line, or `SKU,兑换码`. All or nothing: any bad line — a malformed code, an unknown SKU, a code
// twice in the file or already in the store — is listed with its line number and nothing is written.
// The admin script (`codes:import`) and the back office call this one function. Orders waiting in
// SENDING for a SKU that receives codes become due at once and the fulfilment worker delivers them.
import { eq } from "drizzle-orm";
import type { DbTx } from "../../../db/client";
import { cdkeys, goods, skus } from "../../../db/schema";
import type { ServiceDeps } from "../deps";
import { addCodes } from "../jobs/fulfilment";
import { csvFields, ImportFileError, importText, numberedLines, type ImportProblem } from "./import-file";

/** A code: 4–128 visible ASCII characters, no spaces, commas or quotes (what suppliers' keys are). */
const CODE_PATTERN = /^[!#-&(-+\--~]{4,128}$/;
const HEADERS = new Set(["code", "codes", "cdkey", "兑换码", "卡密", "sku_no,code", "sku,code", "sku,兑换码"]);
const STATUS_TEXT: Record<string, string> = { UNUSED: "未售出", DELIVERED: "已发出" };

export interface CodeImportOptions {
  /** The SKU of lines that name none. */
  skuNo?: string;
  /** Check everything, write nothing. */
  dryRun?: boolean;
}

export interface CodeImportReport {
  /** Whether the codes were written (false on a dry run or when any line is bad). */
  written: boolean;
  /** Codes in the file (good lines). */
  codes: number;
  /** Per SKU: the codes of the file, and after writing the unused stock and the orders made due. */
  skus: { skuNo: string; name: string; codes: number; unused: number | null; waitingOrders: string[] }[];
  problems: ImportProblem[];
}

interface CodeLine {
  line: number;
  skuNo: string;
  code: string;
}

/** The file's lines as codes, and the problems a line shows by itself or against an earlier line. */
export function parseCodeLines(text: string, defaultSku: string | undefined): { lines: CodeLine[]; problems: ImportProblem[] } {
  const lines: CodeLine[] = [];
  const problems: ImportProblem[] = [];
  const firstLine = new Map<string, number>();
  numberedLines(text).forEach(({ line, text: raw }, index) => {
    if (index === 0 && HEADERS.has(csvFields(raw).join(",").toLowerCase())) return;
    const fields = csvFields(raw);
    if (fields.length > 2) return void problems.push({ line, reason: "列数不对：每行应为「兑换码」或「SKU,兑换码」" });
    const [skuNo, code] = fields.length === 2 ? [fields[0]!, fields[1]!] : [defaultSku, fields[0]!];
    if (!skuNo) return void problems.push({ line, reason: "没有 SKU：每行写作「SKU,兑换码」，或导入时指定 SKU" });
    if (defaultSku && skuNo !== defaultSku) return void problems.push({ line, reason: `SKU ${skuNo} 与指定的 ${defaultSku} 不符` });
    if (!CODE_PATTERN.test(code)) {
      return void problems.push({ line, reason: "兑换码格式错误：应为 4–128 个英文字母、数字或符号，不能有空格、逗号、引号或中文" });
    }
    const earlier = firstLine.get(code);
    if (earlier !== undefined) return void problems.push({ line, reason: `兑换码与第 ${earlier} 行重复` });
    firstLine.set(code, line);
    lines.push({ line, skuNo, code });
  });
  return { lines, problems };
}

/** The problems only the store can tell: unknown SKUs, codes it already holds. */
function storeProblems(db: DbTx, lines: CodeLine[]): { problems: ImportProblem[]; names: Map<string, string> } {
  const problems: ImportProblem[] = [];
  const names = new Map<string, string>();
  for (const skuNo of new Set(lines.map((l) => l.skuNo))) {
    const sku = db
      .select({ skuName: skus.skuName, goodsName: goods.goodsName })
      .from(skus)
      .innerJoin(goods, eq(goods.goodsNo, skus.goodsNo))
      .where(eq(skus.skuNo, skuNo))
      .get();
    if (sku) names.set(skuNo, `${sku.goodsName} · ${sku.skuName}`);
  }
  for (const l of lines) {
    if (!names.has(l.skuNo)) {
      problems.push({ line: l.line, reason: `SKU 不存在：${l.skuNo}` });
      continue;
    }
    const existing = db.select({ skuNo: cdkeys.skuNo, status: cdkeys.status }).from(cdkeys).where(eq(cdkeys.code, l.code)).limit(1).get();
    if (existing) problems.push({ line: l.line, reason: `兑换码已在库中（SKU ${existing.skuNo}，${STATUS_TEXT[existing.status] ?? existing.status}）` });
  }
  return { problems, names };
}

/**
 * Imports the codes of a file or pasted text: every line checked, then all written in one write
 * transaction, or none. A whole-file refusal (too big, not text, no codes) throws ImportFileError.
 */
export function importCodes(deps: ServiceDeps, file: Uint8Array | string, options: CodeImportOptions = {}): CodeImportReport {
  const text = typeof file === "string" ? file : importText(file);
  const parsed = parseCodeLines(text, options.skuNo?.trim() || undefined);
  if (!parsed.lines.length && !parsed.problems.length) throw new ImportFileError("文件里没有兑换码");
  const { db } = deps.store;
  const now = deps.now();
  const run = () => {
    const checked = storeProblems(db, parsed.lines);
    const problems = [...parsed.problems, ...checked.problems].sort((a, b) => a.line - b.line);
    const bySku = new Map<string, string[]>();
    for (const l of parsed.lines) bySku.set(l.skuNo, [...(bySku.get(l.skuNo) ?? []), l.code]);
    const write = !problems.length && !options.dryRun;
    const report: CodeImportReport = { written: write, codes: parsed.lines.length, skus: [], problems };
    for (const [skuNo, codes] of bySku) {
      const added = write ? addCodes(db, skuNo, codes, now) : null;
      report.skus.push({
        skuNo,
        name: checked.names.get(skuNo) ?? "",
        codes: codes.length,
        unused: added?.unused ?? null,
        waitingOrders: added?.waitingOrders ?? [],
      });
    }
    return report;
  };
  // the checks and the writes in one BEGIN IMMEDIATE: no other process adds a duplicate in between
  return options.dryRun ? run() : db.transaction(run, { behavior: "immediate" });
}
