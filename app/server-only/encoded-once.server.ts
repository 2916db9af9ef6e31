// Loader data that is the same for every shopper, encoded once per version into each page's data (decision 070).
// Remix encodes a page's loader data with turbo-stream for every request; the home blocks are most of a member home
// page's data and the same for everyone shown the same layout. The turbo-stream patch (patches/turbo-stream+*.patch)
// encodes a registered value once, on its own, and splices its entries into each payload. What is registered must
// be the same object while its version holds and never change: derived once from a kept (frozen) answer and frozen.

const registry = ((globalThis as Record<symbol, unknown>)[Symbol.for("turbo-stream.shared")] ??= new WeakMap()) as WeakMap<object, unknown>;

const derived = new WeakMap<object, Map<string, object>>();

/**
 * `derive(source)`, kept per source object and `key` while the source lives, frozen and registered to be encoded once,
 * when the source is a kept answer (frozen: app/api/parsed-answers.server.ts); derived afresh for every call otherwise
 * (a backend whose answers are not shared), which costs what it always did.
 */
export function derivedOnce<S extends object, T extends object>(source: S, key: string, derive: (source: S) => T): T {
  if (!Object.isFrozen(source)) return derive(source);
  let byKey = derived.get(source);
  if (!byKey) derived.set(source, (byKey = new Map()));
  let value = byKey.get(key) as T | undefined;
  if (value === undefined) {
    value = deepFreeze(derive(source));
    registry.set(value, true);
    byKey.set(key, value);
  }
  return value;
}

/** Whether `value` is encoded once (for the tests). */
export const isEncodedOnce = (value: object) => registry.has(value);

export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}
