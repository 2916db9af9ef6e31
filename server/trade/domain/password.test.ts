import { describe, expect, it } from "vitest";
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

  it("refuses a malformed stored value", () => {
    expect(verifyPassword("demo123456", "plain:demo123456")).toBe(false);
  });
});
