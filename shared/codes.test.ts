import { describe, expect, it } from "vitest";
import { CODE_PATTERN } from "./codes";

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
