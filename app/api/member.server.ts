// member/*: login status, logins by SMS code and by password, logout, the auth check, the login
// cookie sync, and the captcha of the local geetest v4 stand-in (spec/01 §7, spec/03 §4).
import { z } from "zod";
import { TradeUnavailable, type TradeApi } from "./client.server";
import { askExtension } from "./extensions.server";
import { NotifyBySchema } from "~/lib/notify-channels";

export const MemberSchema = z.object({
  member_id: z.number(),
  member_name: z.string(),
  mobile: z.string(),
  channel_id: z.string().default("1"),
  /** An extension (docs/api.md): whether the member has a password; a backend without it leaves it out. */
  has_password: z.boolean().optional(),
});
export type Member = z.infer<typeof MemberSchema>;

export const LoginResultSchema = MemberSchema.extend({ login_credential: z.string().min(16) });
export type LoginResult = z.infer<typeof LoginResultSchema>;

const EmptySchema = z.object({}).loose();

/**
 * The login status a request's client was answered, asked once per request (issue 40: the root loader and the home
 * page's advert both asked); forgotten when the request logs in, out or sets a password through the same client.
 */
const loginStatusAsked = new WeakMap<TradeApi, ReturnType<typeof askLoginStatus>>();

function askLoginStatus(api: TradeApi) {
  return api.get("/api/common_bll/v1/member/login_status", MemberSchema);
}

export function getLoginStatus(api: TradeApi) {
  let status = loginStatusAsked.get(api);
  if (!status) loginStatusAsked.set(api, (status = askLoginStatus(api)));
  return status;
}

/** A call that changes who is logged in: the status asked before it no longer holds. */
function changingLogin<T>(api: TradeApi, call: () => T): T {
  loginStatusAsked.delete(api);
  return call();
}

const AuthCheckSchema = z.object({ member_id: z.number() });

/** The auth verification before guarded actions (spec/03 §4): 401 with error_code 401 when not valid. */
export function authCheck(api: TradeApi) {
  return api.get("/api/common_bll/v1/member/auth_check", AuthCheckSchema);
}

/** Sends a code to "+86-13800138000" (SET_PASSWORD: the extension's, for set_password); needs a lot validated by the captcha. */
export function sendSmsCode(api: TradeApi, body: { mobile: string; lot_number: string; sms_type: "LOGIN" | "SET_PASSWORD" }) {
  return api.post("/api/common_bll/v1/member/sms_captcha", EmptySchema, body);
}

// ─── 设置密码 / 忘记密码: an optional extension of the contract (docs/api.md) ──

const PasswordRulesSchema = z.object({ min_length: z.number().int(), max_length: z.number().int() });

/**
 * Whether to offer 忘记密码 / 设置密码: a public read, cached an hour. Only an answer says the extension is not
 * there (a 404, remembered: decision 059); an outage (no answer, a 5xx) is not an absence, so a click on
 * 忘记密码 during one still opens 重置密码, whose own calls then say 服务繁忙, instead of falling back to the
 * password tab without a word.
 */
export async function hasPasswordReset(api: TradeApi): Promise<boolean> {
  try {
    const rules = await askExtension("password_rules", () => api.get("/api/common_bll/v1/member/password/rules", PasswordRulesSchema));
    return rules.ok || (rules.status >= 500 && rules.status !== 501);
  } catch (error) {
    return error instanceof TradeUnavailable;
  }
}

/** Sets the password after a SET_PASSWORD code: every other login ends; the answer is this browser's new login. */
export function setPassword(api: TradeApi, body: { mobile: string; sms_code: string; password: string }) {
  return changingLogin(api, () => api.post("/api/common_bll/v1/member/action/set_password", LoginResultSchema, body));
}

export function captchaLogin(api: TradeApi, body: { mobile: string; sms_code: string }) {
  return changingLogin(api, () => api.post("/api/common_bll/v1/member/action/captcha_login", LoginResultSchema, body));
}

export function pwdLogin(api: TradeApi, body: { username: string; password: string; csrf: string; lot_number: string }) {
  return changingLogin(api, () => api.post("/api/common_bll/v1/member/action/pwd_login", LoginResultSchema, body));
}

export function logout(api: TradeApi) {
  return changingLogin(api, () => api.post("/api/common_bll/v1/member/action/logout", EmptySchema, {}));
}

/**
 * Asks the services for the login cookie of one configured host (spec/01 §7 [5]). Right after a
 * login the request carries no credential yet, so the new one is passed explicitly.
 */
export function syncLoginCookie(api: TradeApi, baseDomain: string, credential: string) {
  return api.get("/api/common_bll/v1/client/ttsgame/login/set", EmptySchema, undefined, {
    "Base-Domain": baseDomain,
    "Login-Credential": credential,
  });
}

// ─── captcha ─────────────────────────────────────────────────────────────

export const CaptchaChallengeSchema = z.object({
  lot_number: z.string().regex(/^[\w-]{1,64}$/),
  captcha_type: z.enum(["slide", "text"]),
  prompt: z.string().default(""),
  bg_url: z.string(),
  image_width: z.number().int().positive(),
  image_height: z.number().int().positive(),
  /** slide: the track is as wide as the picture; the piece is a square of piece_size at piece_y. */
  track_width: z.number().int().positive().optional(),
  piece_size: z.number().int().positive().optional(),
  piece_y: z.number().int().min(0).optional(),
  /** text: how many characters the answer has at most. */
  answer_max_length: z.number().int().positive().optional(),
  expires_in: z.number(),
});
export type CaptchaChallenge = z.infer<typeof CaptchaChallengeSchema>;

export function loadCaptcha(api: TradeApi, type: "slide" | "text") {
  return api.get("/api/common_bll/v1/geetest4/load", CaptchaChallengeSchema, { type });
}

const CaptchaValidSchema = z.object({ result: z.literal("success"), lot_number: z.string(), pass_token: z.string() });

/** Validates the widget's answer (geetest v4 field names); the lot then passes one SMS send or password login. */
export function validateCaptcha(api: TradeApi, body: { lot_number: string; captcha_output: string; pass_token?: string; gen_time?: string }) {
  return api.post("/api/common_bll/v1/geetest4/action/valid", CaptchaValidSchema, {
    pass_token: "",
    gen_time: String(Math.floor(Date.now() / 1000)),
    ...body,
  });
}

// ─── 我的账户's e-mail: an optional extension of the contract (docs/api.md, decision 058) ──
// A backend without it answers 404: the account page then shows no e-mail field and checkout no default.

const ContactSchema = z.object({
  email: z.string().nullable(),
  email_max_length: z.number().int().positive().optional(),
  /** The channels an order's codes go by today (decision 062); absent from a backend that does not say. */
  delivery_by: NotifyBySchema,
});
export type MemberContact = z.infer<typeof ContactSchema>;

const CONTACT = "/api/common_bll/ext/member/contact";

export function getMemberContact(api: TradeApi) {
  return askExtension("member_contact", () => api.get(CONTACT, ContactSchema));
}

/** Keeps the e-mail on the account; "" removes it. */
export function setMemberEmail(api: TradeApi, email: string) {
  return api.post(`${CONTACT}/email`, ContactSchema, { email });
}
