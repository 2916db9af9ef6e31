// The login modal's fields and their rules (spec/01 §5, §9), shared by the browser (messages on
// change, the submit button's state) and the /login action (the same messages with status 400).
// Every message is word for word from the spec. The zod schemas over these rules are in
// login-schema.ts.
import type { CaptchaChallenge } from "~/api/member.server";
import { newPasswordError } from "../../shared/password-rules";

/** The two login tabs, and 设置密码 / 忘记密码 (issue 25), which the same panel shows without tabs. */
export const LOGIN_TABS = ["captcha", "pwd", "reset"] as const;
export type LoginTab = (typeof LOGIN_TABS)[number];

export const SMS_CODE_LENGTH = 6;
export const SMS_RESEND_SECONDS = 60;
export const PHONE_MAX_LENGTH = 11;
/** Password login always uses the mainland prefix (spec/01 §9). */
export const PWD_LOGIN_PREFIX = "+86-";
/** The fixed string of the original client: kept in the payload for compatibility (spec/03 §3). */
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
  LOGOUT_FAILED: "退出失败，请重试",
  SERVICE_BUSY: "服务繁忙，请稍后重试",
  PASSWORD_SET: "密码已设置，其他设备上的登录已退出",
} as const;

/** The login modal over a page (`?login=captcha|pwd|reset`), as the root loader finds it in the address. */
export interface LoginModalState {
  tab: LoginTab;
  /** The services have the password extension: 忘记密码 and 设置密码 are shown. */
  passwordReset: boolean;
  /** A member setting their password: their number, filled in, and whether they have one (null: the backend did not say). */
  member: ResetMember | null;
  redirectTo: string;
  /** Where the close button goes: this page without the modal. */
  closeHref: string;
  /** The no-script captcha (a picture and an answer field); null when it could not be set up. */
  challenge: CaptchaChallenge | null;
}

export interface ResetMember {
  region: string;
  phone: string;
  hasPassword: boolean | null;
}

/**
 * The title of the `reset` panel and of the member menu's entry: 重置密码 for a visitor (reached by
 * 忘记密码), 修改密码 for a member who has a password, else 设置密码 (shopper trial 11b).
 */
export function resetTitle(member: { hasPassword: boolean | null } | null): string {
  if (!member) return "重置密码";
  return member.hasPassword ? "修改密码" : "设置密码";
}

export function loginTabOf(value: string | null | undefined): LoginTab {
  return value === "pwd" || value === "reset" ? value : "captcha";
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

/** A new password (设置密码): the shop's rules (shared/password-rules.ts) for this number. */
export function newPasswordFieldError(password: string, region: string, phone: string): string | null {
  return newPasswordError(password, fullMobile(region, phone));
}

/** "+86-13800138000" as the form's region and phone. */
export function splitMobile(mobile: string): { region: string; phone: string } {
  const at = mobile.lastIndexOf("-");
  return { region: mobile.slice(0, at), phone: mobile.slice(at + 1) };
}

/** A member on the `reset` panel: their number, and whether they have a password (has_password, an extension). */
export function resetMember(member: { mobile: string; has_password?: boolean }): ResetMember {
  return { ...splitMobile(member.mobile), hasPassword: member.has_password ?? null };
}

/** The number as the member API takes it: "+86-13800138000". */
export function fullMobile(region: string, phone: string): string {
  return `${region}-${phone.trim()}`;
}

export type LoginIntent = "send-code" | "captcha-login" | "pwd-login" | "set-password" | "logout";
export type LoginField = "phone" | "sms_code" | "account" | "password" | "new_password" | "captcha";

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
  /** Seconds until another code may be sent (after a send, or the services' "请N秒后重试"): the button shows them without JavaScript. */
  resendIn?: number;
  /** What the shopper typed, to fill the form again without JavaScript (never the password). */
  values?: { region?: string; phone?: string; sms_code?: string; account?: string; purpose?: "set-password" };
}
