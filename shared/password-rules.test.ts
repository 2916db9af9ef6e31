import { describe, expect, it } from "vitest";
import { newPasswordError, PASSWORD_MESSAGES } from "./password-rules";

describe("newPasswordError", () => {
  it.each([
    ["", PASSWORD_MESSAGES.REQUIRED],
    ["        ", PASSWORD_MESSAGES.REQUIRED],
    ["abc1234", PASSWORD_MESSAGES.LENGTH],
    ["a".repeat(33), PASSWORD_MESSAGES.LENGTH],
    ["13800138000", PASSWORD_MESSAGES.IS_MOBILE],
    ["+86-13800138000", PASSWORD_MESSAGES.IS_MOBILE],
    ["8613800138000", PASSWORD_MESSAGES.IS_MOBILE],
    ["138 0013 8000", PASSWORD_MESSAGES.IS_MOBILE],
  ])("refuses %j with %s", (password, message) => {
    expect(newPasswordError(password, "+86-13800138000")).toBe(message);
  });

  it.each(["abcd1234", "a".repeat(32), "密码密码密码密码", "13800138001", "x13800138000"])("accepts %j", (password) => {
    expect(newPasswordError(password, "+86-13800138000")).toBeNull();
  });

  it("counts characters, not UTF-16 units", () => {
    expect(newPasswordError("😀".repeat(8), "+86-13800138000")).toBeNull();
    expect(newPasswordError("😀".repeat(33), "+86-13800138000")).toBe(PASSWORD_MESSAGES.LENGTH);
  });
});
