import { describe, expect, it } from "vitest";
import { CODE_PATTERN, filterEmailInput, isValidEmail } from "./codes";

describe("delivery e-mail", () => {
  it.each([
    ["player8000@example.com", true],
    ["a.b-c_d@mail.qq.com", true],
    ["a@b.c", false],
    ["a@b", false],
    ["@example.com", false],
    ["player@", false],
    ["", false],
    [`${"a".repeat(40)}@example.com`, false],
  ])("%j is valid: %s", (value, valid) => {
    expect(isValidEmail(value)).toBe(valid);
  });

  it("filters what can be typed", () => {
    expect(filterEmailInput(" 玩家 a+b@ex ample.com<>")).toBe("ab@example.com");
    expect(filterEmailInput("x".repeat(60))).toHaveLength(50);
  });
});

describe("codes", () => {
  it.each([
    ["G2024-001", true],
    ["TT20261122000001", true],
    ["a_b", true],
    ["x".repeat(32), true],
    ["x".repeat(33), false],
    ["", false],
    ["a b", false],
    ["../x", false],
    ["券", false],
  ])("%j is a code: %s", (value, ok) => {
    expect(CODE_PATTERN.test(value)).toBe(ok);
  });
});
