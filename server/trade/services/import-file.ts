// What every import (codes, goods) accepts as a file or pasted text: UTF-8 text up to a size, split
// into numbered lines. A file that is too big or not text is refused whole, before any line is read.
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

/** A whole file refused (too big, not text, nothing in it): nothing is read or written. */
export class ImportFileError extends Error {}

/** One line (or, in JSON, one item) that cannot be imported, numbered from 1 as an editor shows it. */
export interface ImportProblem {
  line: number;
  reason: string;
}

/** Refuses a file larger than IMPORT_MAX_BYTES (callers check a file's size before reading it). */
export function checkImportSize(size: number): void {
  if (size > IMPORT_MAX_BYTES) {
    throw new ImportFileError(`文件过大（${(size / 1024 / 1024).toFixed(1)} MB）：一次最多导入 ${IMPORT_MAX_BYTES / 1024 / 1024} MB，请分成几个文件`);
  }
}

/** The file's text: refused when larger than IMPORT_MAX_BYTES, binary, or not UTF-8 (a BOM is dropped). */
export function importText(bytes: Uint8Array): string {
  checkImportSize(bytes.length);
  if (bytes.includes(0)) throw new ImportFileError("不是文本文件：请导入 UTF-8 编码的 CSV 或 TXT 文件（Excel 表格请先另存为 CSV UTF-8）");
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ImportFileError("文件不是 UTF-8 编码：请另存为 UTF-8 编码的 CSV 或 TXT 后再导入");
  }
}

/** The lines of a text, numbered from 1; CRLF, LF and CR endings alike. Blank lines are left out. */
export function numberedLines(text: string): { line: number; text: string }[] {
  return text
    .split(/\r\n|\n|\r/)
    .map((t, i) => ({ line: i + 1, text: t.trim() }))
    .filter((l) => l.text !== "");
}

/** A CSV line's fields: comma-separated, each trimmed and unquoted ("a","b" or a,b; no commas inside a field). */
export const csvFields = (line: string): string[] =>
  line.split(",").map((f) =>
    f
      .trim()
      .replace(/^"(.*)"$/, "$1")
      .trim(),
  );
