// Loader data encoded once per version (decision 070): a registered value's turbo-stream entries are spliced into each
// payload with their references moved, and what the browser decodes is what the loader returned, whatever sits before
// the value, however often it appears, whatever it holds. Encoded and decoded by Remix's own pair (the server
// runtime's encoder, which loads the patched CommonJS build, and the client's decoder).
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { deepFreeze, derivedOnce, isEncodedOnce } from "./encoded-once.server";

const require = createRequire(import.meta.url);
const { encodeViaTurboStream } = require("@remix-run/server-runtime/dist/single-fetch.js") as {
  encodeViaTurboStream(data: unknown, signal: AbortSignal, timeout: number, mode: string): ReadableStream<Uint8Array>;
};
const { decodeViaTurboStream } = require("@remix-run/react/dist/single-fetch.js") as {
  decodeViaTurboStream(body: ReadableStream<Uint8Array>, global: object): Promise<{ value: unknown; done: Promise<void> }>;
};
const registry = (globalThis as Record<symbol, unknown>)[Symbol.for("turbo-stream.shared")] as WeakMap<object, unknown>;

const encode = (data: unknown) => encodeViaTurboStream(data, new AbortController().signal, 4950, "production");
const text = (data: unknown) => new Response(encode(data)).text();
async function roundTrip(data: unknown): Promise<unknown> {
  const decoded = await decodeViaTurboStream(encode(data), globalThis);
  await decoded.done;
  return decoded.value;
}

/** Shared data with what the home blocks hold: nested objects and arrays, repeated strings, null, empty containers. */
const blocks = () =>
  deepFreeze([
    { id: 1, name: "首页轮播", style_type: "BANNER", setting: {}, content: [{ id: 1, href: "/topic/G1001", tags: ["国区", "秒发"], price: 22800 }] },
    { id: 2, name: "热门", style_type: "GRID", setting: { cols: 4 }, content: [{ id: 2, href: "/topic/G1001", tags: ["国区"], presale_at: null, none: [] }] },
  ]);

/** A member's part before the shared one, of any length, sharing some strings with it. */
const memberPart = (n: number) => ({ member_id: n, names: Array.from({ length: n }, (_, i) => `玩家${i}`), tag: "国区", gone: undefined });

function registered<T extends object>(value: T): T {
  registry.set(value, true);
  return value;
}

describe("a registered value's entries are spliced into every payload", () => {
  it("decodes to what an unregistered encoding decodes to, whatever comes before it (0, 1 and 40 entries of a member's data)", async () => {
    const shared = registered(blocks());
    for (const n of [0, 1, 40]) {
      const payload = { loaderData: { root: memberPart(n), "routes/_index": { blocks: shared, popup: null } }, actionData: null, errors: null };
      const plain = { ...payload, loaderData: { ...payload.loaderData, "routes/_index": { blocks: blocks(), popup: null } } };
      expect(await roundTrip(payload), `${n} entries before`).toEqual(await roundTrip(plain));
      expect(await roundTrip(payload)).toEqual(JSON.parse(JSON.stringify(plain)));
    }
    // the segment was made (the patch engaged), and once
    const segment = registry.get(shared);
    expect(Array.isArray(segment)).toBe(true);
    await roundTrip({ again: shared });
    expect(registry.get(shared)).toBe(segment);
  });

  it("the same value twice, and a registered value inside another, decode whole", async () => {
    const inner = registered(deepFreeze({ label: "内层", list: [1, 2, 3] }));
    const outer = registered(deepFreeze({ inner, other: [inner, "外层"] }));
    const decoded = (await roundTrip({ a: outer, b: [outer, inner], c: "内层" })) as Record<string, unknown>;
    expect(decoded).toEqual({ a: { inner, other: [inner, "外层"] }, b: [{ inner, other: [inner, "外层"] }, inner], c: "内层" });
  });

  it("a value the segment cannot hold (a date, a promise) is encoded as ever", async () => {
    const dated = registered(deepFreeze({ at: new Date(1_700_000_000_000), name: "日期" }));
    expect(await roundTrip({ x: memberPart(2), dated })).toEqual({ x: JSON.parse(JSON.stringify(memberPart(2))), dated });
    expect(registry.get(dated)).toBeNull();
    const pending = registered({ later: Promise.resolve("稍后") });
    const decoded = (await roundTrip({ pending })) as { pending: { later: Promise<string> } };
    expect(await decoded.pending.later).toBe("稍后");
    expect(registry.get(pending)).toBeNull();
  });

  it("the payload's text is the same length as an unregistered one's when nothing is shared between the parts", async () => {
    const shared = registered(deepFreeze({ only: ["甲", "乙"], n: 7 }));
    const registeredText = await text({ m: { x: 1 }, s: shared });
    const plainText = await text({ m: { x: 1 }, s: { only: ["甲", "乙"], n: 7 } });
    expect(registeredText).toBe(plainText);
  });
});

describe("derivedOnce", () => {
  it("derives once per kept (frozen) source and key, frozen and registered", () => {
    const source = deepFreeze({ list: [1, 2] });
    let calls = 0;
    const derive = (s: { list: number[] }) => ({ doubled: s.list.map((n) => n * 2), at: ++calls });
    const first = derivedOnce(source, "cn", derive);
    expect(derivedOnce(source, "cn", derive)).toBe(first);
    expect(derivedOnce(source, "hk", derive)).not.toBe(first);
    expect(calls).toBe(2);
    expect(Object.isFrozen(first.doubled)).toBe(true);
    expect(isEncodedOnce(first)).toBe(true);
  });

  it("derives afresh from a source that is not kept, and registers nothing (abuse case: a member's own answer)", () => {
    const source = { list: [1] };
    const a = derivedOnce(source, "cn", (s) => ({ list: [...s.list] }));
    const b = derivedOnce(source, "cn", (s) => ({ list: [...s.list] }));
    expect(a).not.toBe(b);
    expect(isEncodedOnce(a)).toBe(false);
    expect(Object.isFrozen(a)).toBe(false);
  });
});
