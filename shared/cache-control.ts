// Reading a Cache-Control field as RFC 9111 §5.2 writes it: comma-separated directives, names in any case, arguments
// as tokens or quoted strings (which may hold commas). `private="field"` makes only the named header fields private
// (§5.2.2.7); a bare `private` is the whole answer. Used wherever the shop decides what a cache may share.

const DIRECTIVE = /(?:^|,)\s*([!#$%&'*+.^_`|~0-9a-z-]+)\s*(?:=\s*("(?:[^"\\]|\\.)*"|[^,\s]*))?\s*(?=,|$)/gi;

/** A Cache-Control field's directives: lower-cased name to its argument, null when it has none. */
export function cacheDirectives(field: string): Map<string, string | null> {
  const directives = new Map<string, string | null>();
  for (const [, name, argument] of field.matchAll(DIRECTIVE)) directives.set(name!.toLowerCase(), argument ?? null);
  return directives;
}

/** Whether the whole answer is kept from shared caches: a bare `private`, or `no-store`. */
export function keptFromSharedCaches(directives: Map<string, string | null>): boolean {
  return directives.get("private") === null || directives.has("no-store");
}
