import { describe, expect, it } from "vitest";
import { defaultMemberName, maskMobile, MOBILE_MAX_LENGTH, parseMobile } from "./phone";

describe("parseMobile", () => {
  it.each([
    ["+86-13800138000", { regionCode: "+86", phone: "13800138000", full: "+86-13800138000" }],
    [" +852-91234567 ", { regionCode: "+852", phone: "91234567", full: "+852-91234567" }],
    ["+1-2025550", { regionCode: "+1", phone: "2025550", full: "+1-2025550" }],
    ["+1234-12345678901", { regionCode: "+1234", phone: "12345678901", full: "+1234-12345678901" }],
  ])("accepts %j", (input, expected) => {
    expect(parseMobile(input)).toEqual(expected);
  });

  it.each([
    ["13800138000", "no region code"],
    ["86-13800138000", "region code without +"],
    ["+-13800138000", "empty region code"],
    ["+12345-13800138000", "region code of 5 digits"],
    ["+86-123456", "6 digits"],
    ["+86-123456789012", "12 digits"],
    ["+86 13800138000", "space instead of hyphen"],
    ["+86-1380013800a", "a letter"],
    ["+86-１３８００１３８０００", "full-width digits"],
    ["+86-13800138000;DROP TABLE members", "SQL"],
    ["<b>+86-13800138000</b>", "HTML"],
    ["", "empty"],
  ])("refuses %j (%s)", (input) => {
    expect(parseMobile(input)).toBeNull();
  });

  it("knows the longest well-formed number", () => {
    expect("+1234-12345678901").toHaveLength(MOBILE_MAX_LENGTH);
  });
});

describe("defaultMemberName", () => {
  it.each([
    ["+86-13800138000", "玩家8000"],
    ["+852-91234567", "玩家4567"],
    ["+1-2025550", "玩家5550"],
  ])("names %s %s", (mobile, name) => {
    expect(defaultMemberName(mobile)).toBe(name);
  });
});

describe("maskMobile", () => {
  it.each([
    ["+86-13800138000", "+86-138****8000"],
    ["+852-91234567", "+852-91**4567"],
    ["+1-2025550", "+1-20*5550"],
    ["nonsense", "***"],
  ])("masks %s as %s", (mobile, masked) => {
    expect(maskMobile(mobile)).toBe(masked);
  });
});
