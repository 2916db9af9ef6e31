import { describe, expect, it } from "vitest";
import { arithmeticFrom, canAnswer, CAPTCHA, checkLotUse, questionText, sliderMatches, solve, textMatches } from "./captcha";

const NOW = 5_000_000;
const lot = (l: Partial<{ expiresAt: number; validatedAt: number | null; consumedAt: number | null }> = {}) => ({
  expiresAt: NOW + 60_000,
  validatedAt: null,
  consumedAt: null,
  ...l,
});

describe("canAnswer", () => {
  it.each([
    { case: "a fresh lot", l: lot(), expected: true },
    { case: "an unknown lot", l: null, expected: false },
    { case: "an expired lot", l: lot({ expiresAt: NOW }), expected: false },
    { case: "a lot 1 ms before expiry", l: lot({ expiresAt: NOW + 1 }), expected: true },
    { case: "a validated lot (single use)", l: lot({ validatedAt: NOW - 1000 }), expected: false },
    { case: "a consumed lot", l: lot({ validatedAt: NOW - 1000, consumedAt: NOW - 500 }), expected: false },
  ])("$case → $expected", ({ l, expected }) => {
    expect(canAnswer(l, NOW)).toBe(expected);
  });
});

describe("checkLotUse", () => {
  it.each([
    { case: "validated 10 s ago", l: lot({ validatedAt: NOW - 10_000 }), expected: { ok: true } },
    { case: "unknown", l: null, expected: { ok: false, message: "请先完成安全验证" } },
    { case: "never validated", l: lot(), expected: { ok: false, message: "请先完成安全验证" } },
    { case: "already used", l: lot({ validatedAt: NOW - 10_000, consumedAt: NOW - 5_000 }), expected: { ok: false, message: "安全验证已失效，请重新验证" } },
    { case: "validated 2 minutes ago", l: lot({ validatedAt: NOW - CAPTCHA.passTtlMs }), expected: { ok: false, message: "安全验证已失效，请重新验证" } },
    { case: "validated just under 2 minutes ago", l: lot({ validatedAt: NOW - CAPTCHA.passTtlMs + 1 }), expected: { ok: true } },
    { case: "validated in the future (clock moved back)", l: lot({ validatedAt: NOW + 1 }), expected: { ok: false, message: "安全验证已失效，请重新验证" } },
  ])("$case", ({ l, expected }) => {
    expect(checkLotUse(l, NOW)).toEqual(expected);
  });
});

describe("sliderMatches (target 120)", () => {
  it.each([
    ["120", true],
    ["114", true],
    ["126", true],
    ["113", false],
    ["127", false],
    ["120.5", true],
    [" 121 ", true],
    ["-120", false],
    ["1e2", false],
    ["abc", false],
    ["", false],
    ["12345", false],
    ["Infinity", false],
  ])("%j → %s", (output, expected) => {
    expect(sliderMatches(120, output)).toBe(expected);
  });
});

describe("textMatches (expected 12)", () => {
  it.each([
    ["12", true],
    [" 12 ", true],
    ["１２", true],
    ["012", true],
    ["13", false],
    ["12.0", false],
    ["十二", false],
    ["", false],
    ["12; DROP TABLE", false],
  ])("%j → %s", (output, expected) => {
    expect(textMatches(12, output)).toBe(expected);
  });
});

describe("arithmetic questions", () => {
  it.each([
    [[0, 0, 0], { a: 1, op: "加", b: 1 }, 2, "1 加 1 等于几？"],
    [[0.2, 0.999, 0.999], { a: 9, op: "加", b: 9 }, 18, "9 加 9 等于几？"],
    [[0.5, 0, 0], { a: 5, op: "减", b: 1 }, 4, "5 减 1 等于几？"],
    [[0.5, 0.999, 0.999], { a: 9, op: "减", b: 8 }, 1, "9 减 8 等于几？"],
    [[0.9, 0.5, 0.3], { a: 4, op: "乘", b: 3 }, 12, "4 乘 3 等于几？"],
    [[0.9999, 0.999, 0.999], { a: 5, op: "乘", b: 5 }, 25, "5 乘 5 等于几？"],
  ] as const)("%j → %j = %i", (r, question, answer, text) => {
    const q = arithmeticFrom(r[0], r[1], r[2]);
    expect(q).toEqual(question);
    expect(solve(q)).toBe(answer);
    expect(questionText(q)).toBe(text);
  });

  it("always has a small positive answer", () => {
    for (let i = 0; i < 500; i++) {
      const answer = solve(arithmeticFrom(Math.random(), Math.random(), Math.random()));
      expect(answer).toBeGreaterThan(0);
      expect(answer).toBeLessThanOrEqual(25);
    }
  });
});
