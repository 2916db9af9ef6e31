import { describe, expect, it } from "vitest";
import { splitHighlight } from "./highlight";

describe("splitHighlight", () => {
  it.each([
    [
      "黑神话：悟空",
      "悟空",
      [
        { text: "黑神话：", hit: false },
        { text: "悟空", hit: true },
      ],
    ],
    [
      "Steam 充值卡",
      "steam",
      [
        { text: "Steam", hit: true },
        { text: " 充值卡", hit: false },
      ],
    ],
    [
      "PS Plus PS5",
      "ps",
      [
        { text: "PS", hit: true },
        { text: " Plus ", hit: false },
        { text: "PS", hit: true },
        { text: "5", hit: false },
      ],
    ],
    ["原神", "", [{ text: "原神", hit: false }]],
    ["原神", "  ", [{ text: "原神", hit: false }]],
    ["原神", "星穹", [{ text: "原神", hit: false }]],
    ["", "x", []],
    [
      "a.b(c)",
      ".b(",
      [
        { text: "a", hit: false },
        { text: ".b(", hit: true },
        { text: "c)", hit: false },
      ],
    ],
  ])("%j with %j", (text, keyword, parts) => {
    expect(splitHighlight(text, keyword)).toEqual(parts);
  });
  it("never loses text", () => {
    const text = "王者荣耀 点券 王者";
    expect(
      splitHighlight(text, "王者")
        .map((p) => p.text)
        .join(""),
    ).toBe(text);
  });
});
