// Near misses of a search keyword (issue 26, "Search that forgives"): a typo of a goods or platform
// word ("stema" → steam, "nintendo swich") or one wrong, missing or extra character in a Chinese
// name ("黑神画" → 黑神话：悟空). Pure: the search service finds candidates through its indexes and
// keeps those this module accepts.

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Longest keyword the fuzzy pass takes on (the services' keyword limit); a longer one gets none. */
export const FUZZY_MAX_CHARS = 32;

/**
 * How many edits a keyword of this length may be from the text it finds: none for short keywords
 * (two or three letters, or two Chinese characters, would otherwise match nearly everything), one
 * for a word, two for a long phrase. A Chinese character says more than a letter, so fewer suffice.
 */
export function allowedEdits(keyword: string): number {
  const chars = [...keyword];
  if (chars.length > FUZZY_MAX_CHARS) return 0;
  const shortest = chars.some((c) => CJK.test(c)) ? 3 : 4;
  if (chars.length < shortest) return 0;
  return chars.length >= 8 ? 2 : 1;
}

/**
 * The keyword cut into edits + 1 pieces of nearly equal length: a text within that many edits of
 * the keyword contains at least one of them unchanged (each edit spoils at most one piece), so the
 * rows holding some piece are all the candidates. Blank pieces are dropped.
 */
export function keywordPieces(keyword: string, edits: number): string[] {
  const chars = [...keyword];
  const count = edits + 1;
  const pieces: string[] = [];
  for (let i = 0; i < count; i++) {
    const piece = chars.slice(Math.floor((i * chars.length) / count), Math.floor(((i + 1) * chars.length) / count)).join("");
    if (piece.trim()) pieces.push(piece);
  }
  return pieces;
}

/**
 * Whether some part of `text` is at most `edits` edits from `keyword` (an edit: a character
 * inserted, deleted, replaced, or two neighbours swapped). Both lower-cased already. Costs
 * keyword length × text length steps (Sellers' dynamic programme over code points).
 */
export function containsNearly(text: string, keyword: string, edits: number): boolean {
  const k = [...keyword];
  const t = [...text];
  const m = k.length;
  if (m === 0) return true;
  // column j: the least edits turning the keyword's first i characters into a part of the text ending at j
  let before = new Array<number>(m + 1).fill(0);
  let previous = Array.from({ length: m + 1 }, (_, i) => i);
  for (let j = 1; j <= t.length; j++) {
    const current = new Array<number>(m + 1);
    current[0] = 0;
    for (let i = 1; i <= m; i++) {
      const same = k[i - 1] === t[j - 1];
      let best = Math.min(previous[i] + 1, current[i - 1] + 1, previous[i - 1] + (same ? 0 : 1));
      if (i > 1 && j > 1 && k[i - 1] === t[j - 2] && k[i - 2] === t[j - 1]) best = Math.min(best, before[i - 2] + 1);
      current[i] = best;
    }
    if (current[m] <= edits) return true;
    before = previous;
    previous = current;
  }
  return false;
}
