// The login modal's fields and their rules (spec 01 §5, §9), shared by the browser (messages on
// change, the submit button's state) and the /login action (the same messages with status 400).
// Every message is word for word from the spec.
import { z } from "zod";
import { DEFAULT_REGION_CODE, isKnownRegionCode } from "./country-codes";

export const LOGIN_TABS = ["captcha", "pwd"] as const;
export type LoginTab = (typeof LOGIN_TABS)[number];

export const SMS_CODE_LENGTH = 6;
export const SMS_RESEND_SECONDS = 60;
export const PHONE_MAX_LENGTH = 11;
/** Password login always uses the mainland prefix (spec 01 §9). */
export const PWD_LOGIN_PREFIX = "+86-";
/** The fixed string of the original client: kept in the payload for compatibility (decisions §3). */
export const PWD_LOGIN_CSRF = "ttsgame-web-login";
/** A field no person fills: it is hidden from people and assistive technology. */
export const HONEYPOT_FIELD = "website";

export const LOGIN_MESSAGES = {
  PHONE_REQUIRED: "手机号码不能为空",
  PHONE_FORMAT: "手机号码格式错误",
  CODE_REQUIRED: "验证码不能为空",
  CODE_FORMAT: "请输入正确的验证码",
  ACCOUNT_REQUIRED: "账号不能为空",
  PASSWORD_REQUIRED: "密码不能为空",
  CAPTCHA_REQUIRED: "请完成安全验证",
  CAPTCHA_FAILED: "验证失败",
  CAPTCHA_INIT_FAILED: "极验证初始化失败，请重新进入页面！",
  LOGIN_SUCCESS: "登录成功",
  LOGIN_FAILED: "登录失败",
  CODE_SENT: "验证码已发送",
  LOGGED_OUT: "已退出登录",
} as const;

export function loginTabOf(value: string | null | undefined): LoginTab {
  return value === "pwd" ? "pwd" : "captcha";
}

/** Phone (on change): required, then 7–11 digits; the value is trimmed first. */
export function phoneError(value: string): string | null {
  const phone = value.trim();
  if (!phone) return LOGIN_MESSAGES.PHONE_REQUIRED;
  if (!/^\d{7,11}$/.test(phone)) return LOGIN_MESSAGES.PHONE_FORMAT;
  return null;
}

/** Verification code: required, then exactly 6 digits. */
export function codeError(value: string): string | null {
  const code = value.trim();
  if (!code) return LOGIN_MESSAGES.CODE_REQUIRED;
  if (!new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`).test(code)) return LOGIN_MESSAGES.CODE_FORMAT;
  return null;
}

export function accountError(value: string): string | null {
  return value.trim() ? null : LOGIN_MESSAGES.ACCOUNT_REQUIRED;
}

export function passwordError(value: string): string | null {
  return value.trim() ? null : LOGIN_MESSAGES.PASSWORD_REQUIRED;
}

/** The number as the member API takes it: "+86-13800138000". */
export function fullMobile(region: string, phone: string): string {
  return `${region}-${phone.trim()}`;
}

// ─── the action's input ──────────────────────────────────────────────────

const text = (max: number) =>
  z
    .string()
    .nullish()
    .transform((v) => (v ?? "").trim().slice(0, max));
const checked = (check: (v: string) => string | null) => (value: string, ctx: z.RefinementCtx) => {
  const message = check(value);
  if (message) ctx.addIssue({ code: "custom", message });
};
const Region = z
  .string()
  .nullish()
  .transform((v) => (v && isKnownRegionCode(v) ? v : DEFAULT_REGION_CODE));
const Phone = text(32).superRefine(checked(phoneError));
const Captcha = {
  lot_number: text(64),
  captcha_output: text(1024),
};
const Common = {
  redirectTo: text(500),
  [HONEYPOT_FIELD]: text(200),
};

export const SendCodeSchema = z.object({ intent: z.literal("send-code"), region: Region, phone: Phone, ...Captcha, ...Common });
export const CaptchaLoginSchema = z.object({
  intent: z.literal("captcha-login"),
  region: Region,
  phone: Phone,
  sms_code: text(SMS_CODE_LENGTH * 2).superRefine(checked(codeError)),
  ...Common,
});
export const PwdLoginSchema = z.object({
  intent: z.literal("pwd-login"),
  account: text(64).superRefine(checked(accountError)),
  // passwords are not trimmed for the API, only checked for being blank
  password: z
    .string()
    .nullish()
    .transform((v) => (v ?? "").slice(0, 128))
    .superRefine(checked(passwordError)),
  ...Captcha,
  ...Common,
});
export const LogoutSchema = z.object({ intent: z.literal("logout") });

export const LoginActionSchema = z.discriminatedUnion("intent", [SendCodeSchema, CaptchaLoginSchema, PwdLoginSchema, LogoutSchema]);
export type LoginAction = z.infer<typeof LoginActionSchema>;
export type LoginIntent = LoginAction["intent"];
export type LoginField = "phone" | "sms_code" | "account" | "password" | "captcha";

/** The first message of each field of a failed parse. */
export function fieldErrorsOf(error: z.ZodError): Partial<Record<LoginField, string>> {
  const errors: Partial<Record<LoginField, string>> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "") as LoginField;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** What the login action answers when it does not redirect. */
export interface LoginActionData {
  ok: boolean;
  intent: LoginIntent | "unknown";
  /** Per field messages (status 400). */
  fieldErrors?: Partial<Record<LoginField, string>>;
  /** A failure of the whole request: the server's error_msg, a 429 message. */
  formError?: string;
  /** The captcha was not passed: the widget asks again. */
  captchaError?: string;
  /** A success note (验证码已发送). */
  notice?: string;
  /** When a code was sent (ms), for the resend countdown. */
  sentAt?: number;
  /** What the shopper typed, to fill the form again without JavaScript (never the password). */
  values?: { region?: string; phone?: string; sms_code?: string; account?: string };
}
