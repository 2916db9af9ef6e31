import { describe, expect, it } from "vitest";
import { allowedEdits, containsNearly, keywordPieces } from "./fuzzy-match";

describe("allowedEdits", () => {
  it.each([
    ["", 0],
    ["ps", 0],
    ["gta", 0],
    ["xbox", 1],
    ["stema", 1],
    ["原神", 0],
    ["黑神画", 1],
    ["赛博朋克2077", 2],
    ["nintendo swich", 2],
    ["a".repeat(33), 0],
  ])("%j may be %i edits away", (keyword, edits) => {
    expect(allowedEdits(keyword)).toBe(edits);
  });
});

describe("keywordPieces", () => {
  it.each([
    ["stema", 1, ["st", "ema"]],
    ["黑神画", 1, ["黑", "神画"]],
    ["nintendo swich", 2, ["nint", "endo ", "swich"]],
    ["ab  cd", 1, ["ab ", " cd"]],
    ["a   ", 1, ["a "]],
  ] as const)("%j with %i edits → %j", (keyword, edits, pieces) => {
    expect(keywordPieces(keyword, edits)).toEqual(pieces);
  });
});

describe("containsNearly", () => {
  const STEAM_TAGS = "热销 steam 蒸汽平台 pc 电脑游戏 激活码";
  const NINTENDO_TAGS = "nintendo switch ns 任天堂 eshop 兑换码";
  it.each([
    // typos of a platform or goods word: swapped, missing, extra, wrong letter
    [STEAM_TAGS, "stema", true],
    [STEAM_TAGS, "staem", true],
    [STEAM_TAGS, "stem", true],
    [STEAM_TAGS, "steeam", true],
    [STEAM_TAGS, "stwam", true],
    [NINTENDO_TAGS, "nintendo swich", true],
    [NINTENDO_TAGS, "nintnedo", true],
    [NINTENDO_TAGS, "nitendo swtch", true],
    // one wrong, missing or extra character in a Chinese name
    ["黑神话：悟空", "黑神画", true],
    ["黑神话：悟空", "黑神话悟空", true],
    ["黑神话：悟空", "黑神话：：悟空", true],
    ["赛博朋克2077 往日之影", "赛博朋客", true],
    // too far: two wrong letters in a short word, other words
    [STEAM_TAGS, "stxmx", false],
    [NINTENDO_TAGS, "nimtemdo swotch", false],
    ["黑神话：悟空", "白神画", false],
    ["原神 创世结晶", "崩坏星穹", false],
    [STEAM_TAGS, "xbox", false],
  ])("%j holds %j nearly: %s", (text, keyword, found) => {
    expect(containsNearly(text, keyword, allowedEdits(keyword))).toBe(found);
  });

  it("with no edits allowed it is plain containment", () => {
    expect(containsNearly(STEAM_TAGS, "steam", 0)).toBe(true);
    expect(containsNearly(STEAM_TAGS, "stema", 0)).toBe(false);
  });

  it("a short keyword is never forgiven, so it cannot match everything", () => {
    const catalogue = [STEAM_TAGS, NINTENDO_TAGS, "黑神话：悟空", "原神 创世结晶", "playstation psn ps5 ps4 索尼 兑换码"];
    for (const keyword of ["zz", "qx", "ab", "xyz", "不在"]) {
      expect(catalogue.filter((text) => containsNearly(text, keyword, allowedEdits(keyword)))).toEqual([]);
    }
  });

  it("counts characters, not UTF-16 units: an emoji is one character", () => {
    expect(containsNearly("游戏🎮礼包", "游戏🎲礼包", 1)).toBe(true);
    expect(allowedEdits("🎮🎮🎮🎮")).toBe(1);
  });

  it("a text made of a keyword's pieces is never a match by accident of a piece", () => {
    // each of stema's pieces ("st", "ema") occurs, but not within one edit of the whole word
    expect(containsNearly("st ema", "stema", 1)).toBe(true);
    expect(containsNearly("st xx ema", "stema", 1)).toBe(false);
  });
});
