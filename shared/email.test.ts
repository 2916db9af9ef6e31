import { describe, expect, it } from "vitest";
import { filterEmailInput, isValidEmail } from "./email";

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
