import { describe, expect, it } from "vitest";
import {
  addToHistory,
  historyCookie,
  historyEntryHref,
  historyFromCookieHeader,
  parseHistory,
  parseHistoryEntry,
  searchKeyword,
  serializeHistory,
} from "./search-history";

const e = (goodsNo: string, title = `商品${goodsNo}`) => ({ goodsNo, title });

describe("addToHistory", () => {
  it("puts the newest first", () => {
    expect(addToHistory([e("G1"), e("G2")], e("G3"))).toEqual([e("G3"), e("G1"), e("G2")]);
  });
  it("de-duplicates by goods number, keeping the newest title", () => {
    expect(addToHistory([e("G1"), e("G2"), e("G3")], e("G2", "新标题"))).toEqual([e("G2", "新标题"), e("G1"), e("G3")]);
  });
  it("keeps at most five", () => {
    const list = ["G1", "G2", "G3", "G4", "G5"].map((no) => e(no));
    expect(addToHistory(list, e("G6"))).toEqual([e("G6"), e("G1"), e("G2"), e("G3"), e("G4")]);
  });
  it("keeps keywords beside goods, one entry per keyword whatever its case", () => {
    const list = addToHistory([{ keyword: "Steam" }, e("G1")], { keyword: "原神" });
    expect(list).toEqual([{ keyword: "原神" }, { keyword: "Steam" }, e("G1")]);
    expect(addToHistory(list, { keyword: "steam" })).toEqual([{ keyword: "steam" }, { keyword: "原神" }, e("G1")]);
  });
  it("six searches leave the five newest", () => {
    const words = ["a1", "a2", "a3", "a4", "a5", "a6"];
    const list = words.reduce<ReturnType<typeof addToHistory>>((history, keyword) => addToHistory(history, { keyword }), []);
    expect(list).toEqual(["a6", "a5", "a4", "a3", "a2"].map((keyword) => ({ keyword })));
  });
});

describe("parseHistoryEntry", () => {
  it.each([
    [
      { goodsNo: "G1001", title: " 黑神话 " },
      { goodsNo: "G1001", title: "黑神话" },
    ],
    [
      { goodsNo: "G-1_a", title: "x" },
      { goodsNo: "G-1_a", title: "x" },
    ],
    [{ goodsNo: "G1001", title: "   " }, null],
    [{ goodsNo: "bad no!", title: "x" }, null],
    [{ goodsNo: "G".repeat(33), title: "x" }, null],
    [{ goodsNo: 1001, title: "x" }, null],
    [{ goodsNo: "G1001" }, null],
    [{ goodsNo: null, title: null }, null],
    ["G1001", null],
    [null, null],
  ])("%j reads as %j", (value, entry) => {
    expect(parseHistoryEntry(value)).toEqual(entry);
  });
  it("cuts a long title after trimming it", () => {
    expect(parseHistoryEntry({ goodsNo: "G1", title: ` ${"长".repeat(60)}` })).toEqual(e("G1", "长".repeat(40)));
  });
  it.each([
    [{ keyword: " stema " }, { keyword: "stema" }],
    [{ keyword: "长".repeat(40) }, { keyword: "长".repeat(32) }],
    [{ keyword: `${"长".repeat(31)}🎮🎮` }, { keyword: `${"长".repeat(31)}🎮` }],
    [{ keyword: "  " }, null],
    [{ keyword: "a\u0000b" }, null],
    [{ keyword: 5 }, null],
    [{ keyword: "x", goodsNo: "bad no!" }, null],
  ])("the keyword entry %j reads as %j", (value, entry) => {
    expect(parseHistoryEntry(value)).toEqual(entry);
  });
});

describe("parseHistory", () => {
  it.each([
    [null, []],
    ["", []],
    ["not json", []],
    ['{"goodsNo":"G1"}', []],
    ['[{"goodsNo":"G1","title":"黑神话"},{"goodsNo":"bad no!","title":"x"},{"goodsNo":"G2"}]', [e("G1", "黑神话")]],
    ['[{"goodsNo":"G1","title":"新"},{"goodsNo":"G1","title":"旧"}]', [e("G1", "新")]],
  ])("%j reads as %j", (value, list) => {
    expect(parseHistory(value)).toEqual(list);
  });
  it("cuts long titles", () => {
    expect(parseHistory(JSON.stringify([e("G1", "长".repeat(60))]))).toEqual([e("G1", "长".repeat(40))]);
  });
});

describe("searchKeyword", () => {
  it.each([
    { case: "spaces around", raw: "  黑神话  ", keyword: "黑神话" },
    { case: "10 000 letters", raw: "a".repeat(10_000), keyword: "a".repeat(32) },
    { case: "an emoji as the 32nd character", raw: `${"a".repeat(31)}🎮`, keyword: `${"a".repeat(31)}🎮` },
    { case: "an emoji as the 33rd character, after a space", raw: `${"a".repeat(31)} 🎮`, keyword: "a".repeat(31) },
    { case: "blank", raw: "   ", keyword: "" },
  ])("$case: cut by characters, never half an emoji", ({ raw, keyword }) => {
    expect(searchKeyword(raw)).toBe(keyword);
    expect(() => encodeURIComponent(searchKeyword(raw))).not.toThrow();
  });
});

describe("historyEntryHref", () => {
  it("leads a goods through the recording link, a keyword through the search form's address", () => {
    expect(historyEntryHref(e("G1"))).toBe("/search-history/add?goods_no=G1");
    expect(historyEntryHref({ keyword: "黑神话 & 100%" })).toBe("/search-result?keyword=%E9%BB%91%E7%A5%9E%E8%AF%9D+%26+100%25");
  });
});

describe("the cookie round trip", () => {
  it("writes what it reads, URI-encoded", () => {
    const list = [e("G1001", "黑神话：悟空"), { keyword: "stema; =," }, e("G1004", "博德之门3; =,")];
    const set = historyCookie(list);
    expect(set).toMatch(/^serach_cache=[^;\s]+; Max-Age=31536000; Path=\/; SameSite=Lax$/);
    const pair = set.split(";")[0];
    expect(historyFromCookieHeader(`a=1; ${pair}; b=2`)).toEqual(list);
    expect(serializeHistory(list)).toBe(JSON.stringify(list));
  });
  it("an empty history expires the cookie", () => {
    expect(historyCookie([])).toContain("Max-Age=0");
  });
  it("a broken cookie reads as empty", () => {
    expect(historyFromCookieHeader("serach_cache=%E0%A4%A")).toEqual([]);
  });
});
