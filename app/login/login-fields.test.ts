import { describe, expect, it } from "vitest";
import { COUNTRY_CODES } from "./country-codes";
import { accountError, codeError, passwordError, phoneError } from "./login-fields";
import { fieldErrorsOf, LoginActionSchema } from "./login-schema.server";

describe("login field rules (spec/01 §5)", () => {
  it.each([
    ["", "手机号码不能为空"],
    ["   ", "手机号码不能为空"],
    ["123456", "手机号码格式错误"],
    ["123456789012", "手机号码格式错误"],
    ["1380013800a", "手机号码格式错误"],
    ["1234567", null],
    [" 13800138000 ", null],
  ])("phone %j → %j", (value, message) => {
    expect(phoneError(value)).toBe(message);
  });

  it.each([
    ["", "验证码不能为空"],
    ["12345", "请输入正确的验证码"],
    ["12345a", "请输入正确的验证码"],
    ["1234567", "请输入正确的验证码"],
    ["123456", null],
  ])("code %j → %j", (value, message) => {
    expect(codeError(value)).toBe(message);
  });

  it("account and password must not be blank", () => {
    expect(accountError("  ")).toBe("账号不能为空");
    expect(passwordError(" ")).toBe("密码不能为空");
    expect(accountError("13800138000")).toBeNull();
    expect(passwordError("demo123456")).toBeNull();
  });
});

describe("the login action's input", () => {
  it("tells the intents apart and names each bad field with the spec's words", () => {
    const parsed = LoginActionSchema.safeParse({ intent: "captcha-login", phone: "12", sms_code: "" });
    expect(parsed.success).toBe(false);
    expect(fieldErrorsOf(parsed.error!)).toEqual({ phone: "手机号码格式错误", sms_code: "验证码不能为空" });
    const pwd = LoginActionSchema.safeParse({ intent: "pwd-login", account: "", password: "" });
    expect(fieldErrorsOf(pwd.error!)).toEqual({ account: "账号不能为空", password: "密码不能为空" });
  });

  it("trims, falls back to +86 for an unknown region and keeps the password as typed", () => {
    const code = LoginActionSchema.parse({ intent: "send-code", region: "+999999", phone: " 13800138000 ", lot_number: "abc", captcha_output: "12" });
    expect(code).toMatchObject({ region: "+86", phone: "13800138000" });
    const pwd = LoginActionSchema.parse({ intent: "pwd-login", account: " 13800138000 ", password: " secret " });
    expect(pwd).toMatchObject({ account: "13800138000", password: " secret " });
  });

  it("refuses an unknown intent", () => {
    expect(LoginActionSchema.safeParse({ intent: "reset-password" }).success).toBe(false);
  });
});

describe("region codes (spec/01 §3)", () => {
  it("lists mainland China, Hong Kong, Taiwan and the USA first, about 230 entries in all", () => {
    expect(COUNTRY_CODES.slice(0, 4).map((c) => `${c.country} ${c.code}`)).toEqual(["中国大陆 +86", "中国香港 +852", "中国台湾 +886", "美国 +1"]);
    expect(COUNTRY_CODES.length).toBeGreaterThanOrEqual(225);
    expect(COUNTRY_CODES.length).toBeLessThanOrEqual(245);
  });

  it("sorts the rest by pinyin and lists each entry once (issue 26: Georgia was there twice)", () => {
    const rest = COUNTRY_CODES.slice(4).map((c) => c.country);
    const collator = new Intl.Collator("zh-CN");
    expect([...rest].sort(collator.compare)).toEqual(rest);
    expect(rest.filter((c) => c === "格鲁吉亚")).toHaveLength(1);
    expect(new Set(COUNTRY_CODES.map((c) => `${c.code} ${c.country}`)).size).toBe(COUNTRY_CODES.length);
    expect(COUNTRY_CODES.filter((c) => c.country === "多米尼加共和国").map((c) => c.code)).toEqual(["+1809", "+1829", "+1849"]);
  });

  it("has only codes the member API accepts", () => {
    for (const { code } of COUNTRY_CODES) expect(code).toMatch(/^\+\d{1,4}$/);
  });
});
