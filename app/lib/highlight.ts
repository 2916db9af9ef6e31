// Splits a goods name around the typed keyword so the search dropdown can highlight it (spec/01 §2).

export interface TextPart {
  text: string;
  hit: boolean;
}

/** Every case-insensitive occurrence of the keyword becomes a hit part; the rest stays as is. */
export function splitHighlight(text: string, keyword: string): TextPart[] {
  const needle = keyword.trim();
  if (!needle || !text) return text ? [{ text, hit: false }] : [];
  const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(new RegExp(escaped, "gi"))) {
    const at = match.index ?? 0;
    if (at > last) parts.push({ text: text.slice(last, at), hit: false });
    parts.push({ text: match[0], hit: true });
    last = at + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), hit: false });
  return parts;
}
