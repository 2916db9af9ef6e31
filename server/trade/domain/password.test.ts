import { describe, expect, it } from "vitest";
import { medianTimes } from "../../../tests/support/timing";
import { hashPassword, verifyPassword } from "./password";

describe("password hashing", () => {
  const stored = hashPassword("demo123456");

  it("verifies the right password and refuses others", () => {
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(verifyPassword("demo123456", stored)).toBe(true);
    expect(verifyPassword("demo1234567", stored)).toBe(false);
    expect(verifyPassword("", stored)).toBe(false);
  });

  it("salts every hash", () => {
    expect(hashPassword("demo123456")).not.toBe(stored);
  });

  it("answers no without a stored hash, after as much work as a check against one", async () => {
    expect(verifyPassword("demo123456", null)).toBe(false);
    expect(verifyPassword("demo123456", undefined)).toBe(false);
    const times = await medianTimes({ none: () => verifyPassword("demo123456", null), stored: () => verifyPassword("wrong one", stored) });
    expect(times.none).toBeGreaterThan(times.stored / 3);
  });

  it("refuses a malformed stored value", () => {
    expect(verifyPassword("demo123456", "plain:demo123456")).toBe(false);
  });
});
