// Search history (spec 01 §3): entries of goods number and title, newest first, de-duplicated by
// goods number, kept in the `serach_cache` cookie (the spec's spelling; decisions §8) so the server
// can render the dropdown without JavaScript. The browser writes the same format when it has JS.
import { z } from "zod";

export const SEARCH_HISTORY_COOKIE = "serach_cache";
/** How many entries the dropdown shows (spec 01 §9). */
export const HISTORY_SHOWN = 3;
/** How many entries the cookie keeps (a few more than shown, well inside the 4 kB cookie limit). */
export const HISTORY_KEPT = 5;
const TITLE_MAX = 40;
const YEAR = 60 * 60 * 24 * 365;

export const HistoryEntrySchema = z.object({
  goodsNo: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/),
  title: z.string().trim().min(1).transform((t) => t.slice(0, TITLE_MAX)),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

/** The entry goes first; an older entry of the same goods disappears; at most HISTORY_KEPT stay. */
export function addToHistory(history: HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  return [entry, ...history.filter((h) => h.goodsNo !== entry.goodsNo)].slice(0, HISTORY_KEPT);
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
  const entries = json.flatMap((item) => {
    const parsed = HistoryEntrySchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
  // de-duplicate a hand-edited cookie too, keeping the newest (first) of each goods
  return entries.reduceRight<HistoryEntry[]>((list, entry) => addToHistory(list, entry), []);
}

/** The cookie value (to be URI-encoded by whoever writes the header). */
export function serializeHistory(history: HistoryEntry[]): string {
  return JSON.stringify(history.slice(0, HISTORY_KEPT).map(({ goodsNo, title }) => ({ goodsNo, title })));
}

/** A complete `document.cookie` assignment / Set-Cookie value for the history. */
export function historyCookie(history: HistoryEntry[]): string {
  const maxAge = history.length ? YEAR : 0;
  return `${SEARCH_HISTORY_COOKIE}=${encodeURIComponent(serializeHistory(history))}; Path=/; Max-Age=${maxAge}; SameSite=Lax`;
}

/** Reads the history from a Cookie header or `document.cookie`. */
export function historyFromCookieHeader(header: string | null | undefined): HistoryEntry[] {
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at < 0 || part.slice(0, at).trim() !== SEARCH_HISTORY_COOKIE) continue;
    try {
      return parseHistory(decodeURIComponent(part.slice(at + 1).trim()));
    } catch {
      return [];
    }
  }
  return [];
}
