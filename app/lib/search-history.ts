// Search history (spec/01 §3): entries of goods number and title, newest first, de-duplicated by
// goods number, kept in the `serach_cache` cookie (the spec's spelling; spec/03 §8) so the server
// can render the dropdown without JavaScript. A keyword sent with Enter is an entry too (issue 26,
// docs/spec-parity.md): `{ keyword }`, de-duplicated by the keyword, leading back to its results. The browser writes the same format when it has JS,
// through the same helpers and the same cookie library as the server (app/server-only/session.server.ts).
import { parse, serialize } from "cookie";
import { CODE_PATTERN } from "../../shared/codes";

export const SEARCH_HISTORY_COOKIE = "serach_cache";
/** How many entries the dropdown shows (spec/01 §9). */
export const HISTORY_SHOWN = 3;
/** How many entries the cookie keeps (a few more than shown, well inside the 4 kB cookie limit). */
export const HISTORY_KEPT = 5;
const TITLE_MAX = 40;
/** The search box's maximum length (spec/01 §9). */
export const KEYWORD_MAX = 32;
const YEAR = 60 * 60 * 24 * 365;

/** A goods chosen in the dropdown (hot search, history, suggestion). */
export interface GoodsEntry {
  goodsNo: string;
  title: string;
}
/** A keyword sent with Enter. */
export interface KeywordEntry {
  keyword: string;
}
export type HistoryEntry = GoodsEntry | KeywordEntry;

/** What an entry says in the dropdown. */
export const entryLabel = (entry: HistoryEntry) => ("keyword" in entry ? entry.keyword : entry.title);
/** What tells entries apart (an older one with the same key is replaced). */
export const entryKey = (entry: HistoryEntry) => ("keyword" in entry ? `k:${entry.keyword.toLowerCase()}` : `g:${entry.goodsNo}`);

/**
 * An entry from untrusted input (the cookie, a query), or null: a goods number of 1–32 letters,
 * digits, `_` or `-` with a title, or a keyword; title and keyword not blank (trimmed, cut to 40
 * and 32 characters) and without control characters. Hand-written rather than a zod schema because
 * the header's search box runs it in the browser on every page.
 */
export function parseHistoryEntry(value: unknown): HistoryEntry | null {
  if (typeof value !== "object" || value === null) return null;
  const { goodsNo, title, keyword } = value as Record<string, unknown>;
  if (goodsNo === undefined) {
    const words = printable(keyword, KEYWORD_MAX);
    return words ? { keyword: words } : null;
  }
  if (typeof goodsNo !== "string" || !CODE_PATTERN.test(goodsNo)) return null;
  const shown = printable(title, TITLE_MAX);
  return shown ? { goodsNo, title: shown } : null;
}

function printable(value: unknown, max: number): string | null {
  if (typeof value !== "string" || /\p{Cc}/u.test(value)) return null;
  return [...value.trim()].slice(0, max).join("").trim() || null;
}

/** The entry goes first; an older one of the same goods or keyword disappears; at most HISTORY_KEPT stay. */
export function addToHistory(history: HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  return [entry, ...history.filter((h) => entryKey(h) !== entryKey(entry))].slice(0, HISTORY_KEPT);
}

/** The stored list from a cookie value (already URI-decoded); anything malformed reads as empty. */
export function parseHistory(value: string | null | undefined): HistoryEntry[] {
  if (!value) return [];
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return [];
  }
  if (!Array.isArray(json)) return [];
  const entries = json.flatMap((item) => parseHistoryEntry(item) ?? []);
  // de-duplicate a hand-edited cookie too, keeping the newest (first) of each goods
  return entries.reduceRight<HistoryEntry[]>((list, entry) => addToHistory(list, entry), []);
}

/** The cookie value (to be URI-encoded by whoever writes the header). */
export function serializeHistory(history: HistoryEntry[]): string {
  return JSON.stringify(
    history.slice(0, HISTORY_KEPT).map((entry) => ("keyword" in entry ? { keyword: entry.keyword } : { goodsNo: entry.goodsNo, title: entry.title })),
  );
}

/**
 * The history's Set-Cookie header, or `document.cookie` assignment: readable by the scripts (not
 * HttpOnly), kept a year, expired when the history is empty; Secure where the page's cookies are.
 */
export function historyCookie(history: HistoryEntry[], { secure = false } = {}): string {
  return serialize(SEARCH_HISTORY_COOKIE, serializeHistory(history), { path: "/", maxAge: history.length ? YEAR : 0, sameSite: "lax", secure });
}

/** Reads the history from a Cookie header or `document.cookie`. */
export function historyFromCookieHeader(header: string | null | undefined): HistoryEntry[] {
  return parseHistory(parse(header ?? "")[SEARCH_HISTORY_COOKIE]);
}

/**
 * Where a chosen goods (history, hot search, suggestion) goes without JavaScript: the server
 * records the goods under its own name, then opens it.
 */
export function historyAddHref(entry: Pick<GoodsEntry, "goodsNo">): string {
  return `/search-history/add?${new URLSearchParams({ goods_no: entry.goodsNo })}`;
}

/**
 * Where a history entry leads without JavaScript: a goods through historyAddHref, a keyword through
 * the search form's own address (which records it again, then shows its results).
 */
export function historyEntryHref(entry: HistoryEntry): string {
  return "keyword" in entry ? `/search-result?${new URLSearchParams({ keyword: entry.keyword })}` : historyAddHref(entry);
}

/** A keyword as the shop searches for it: trimmed, at most KEYWORD_MAX characters (never half an emoji). */
export function searchKeyword(raw: string): string {
  return [...raw.trim()].slice(0, KEYWORD_MAX).join("").trim();
}

/** The results page of a keyword. */
export function searchResultPath(keyword: string): string {
  return `/search-result/${encodeURIComponent(keyword.trim())}`;
}
