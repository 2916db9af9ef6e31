// common_bll/v1: member status and logins (spec/01 §7, spec/03 §3, §4), the login cookie sync,
// and the captcha of the local geetest v4 stand-in (spec/03 §6). Mounted at /api/common_bll/v1.
import { Router } from "express";
import { z } from "zod";
import type { TradeDeps } from "../deps";
import { CAPTCHA_MESSAGES } from "../domain/captcha";
import { cookieDomains, normalizeDomain } from "../domain/cookie-domain";
import { MOBILE_MAX_LENGTH, MOBILE_PATTERN } from "../domain/phone";
import { SMS_CODE, SMS_TYPES } from "../domain/sms-code";
import { requireMember } from "./member-auth";
import { clientOf } from "../http/client-context";
import { clearLoginCookie, setLoginCookie } from "../http/login-cookie";
import { ApiError, ERROR } from "../http/api-error";
import { parse, send } from "../http/envelope";
import { challengeImage, loadChallenge, validateAnswer } from "../services/captcha.service";
import { loginWithPassword, loginWithSmsCode, logout, setPassword, userInfo } from "../services/member.service";
import { publicRead } from "../http/cache-control";
import { PASSWORD_LENGTH } from "../../../shared/password-rules";
import { CREDENTIAL_DAYS } from "../services/session.service";
import { sendCode } from "../services/sms.service";

const Mobile = z.string().trim().min(1).max(MOBILE_MAX_LENGTH).regex(MOBILE_PATTERN);
const LotNumber = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/);
const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v ?? "").trim());

export const SmsCaptchaSchema = z.object({
  mobile: Mobile,
  sms_type: z.enum(SMS_TYPES),
  lot_number: LotNumber,
});
export const CaptchaLoginSchema = z.object({
  mobile: Mobile,
  sms_code: z
    .string()
    .trim()
    .min(1)
    .max(SMS_CODE.length)
    .regex(/^\d{6}$/),
});
export const PwdLoginSchema = z.object({
  username: Mobile,
  password: z.string().min(1).max(128),
  /** The fixed string of the original client: accepted for compatibility, not a defence. */
  csrf: z.string().max(256).optional(),
  lot_number: LotNumber,
});
/** An extension (issue 25): the rules are checked by the service, so its message names them. */
export const SetPasswordSchema = CaptchaLoginSchema.extend({ password: z.string().max(256) });
const EmptyBody = z.object({});
const EmptyQuery = z.strictObject({});
/** The password rules change with a release, not with the catalogue. */
const RULES_TTL_MS = 3_600_000;
const LoadQuery = z.object({ type: z.enum(["slide", "text"]).default("slide") });
const ImageParams = z.object({ lot_number: z.string().regex(/^[\w-]{1,64}$/) });
export const CaptchaValidSchema = z.object({
  lot_number: optionalText(64).pipe(z.string().regex(/^[\w-]*$/)),
  captcha_output: optionalText(1024),
  pass_token: optionalText(256),
  gen_time: z
    .union([z.string().max(32).regex(/^\d*$/), z.number().int().min(0).max(1e13)])
    .nullish()
    .transform((v) => String(v ?? "")),
});
const BaseDomainHeader = z.object({ "Base-Domain": z.string().trim().min(1).max(300) });

export function memberRouter(deps: TradeDeps) {
  const router = Router();

  // ─── member ──────────────────────────────────────────────────────────
  router.get("/member/login_status", (_req, res) => {
    send(res, userInfo(requireMember(deps, res), clientOf(res).channelId));
  });

  router.get("/member/auth_check", (_req, res) => {
    send(res, { member_id: requireMember(deps, res).memberId });
  });

  router.post("/member/sms_captcha", (req, res) => {
    const input = parse(SmsCaptchaSchema, req.body);
    sendCode(deps, { mobile: input.mobile, smsType: input.sms_type, lotNumber: input.lot_number, clientIp: clientOf(res).clientIp });
    send(res, {});
  });

  router.post("/member/action/captcha_login", (req, res) => {
    const input = parse(CaptchaLoginSchema, req.body);
    const { clientIp, channelId, credential } = clientOf(res);
    const result = loginWithSmsCode(deps, { mobile: input.mobile, smsCode: input.sms_code, clientIp, channelId, replaces: credential });
    setLoginCookie(req, res, result.login_credential, { days: CREDENTIAL_DAYS });
    send(res, result);
  });

  router.post("/member/action/pwd_login", (req, res) => {
    const input = parse(PwdLoginSchema, req.body);
    const { clientIp, channelId, credential } = clientOf(res);
    const result = loginWithPassword(deps, {
      username: input.username,
      password: input.password,
      lotNumber: input.lot_number,
      clientIp,
      channelId,
      replaces: credential,
    });
    setLoginCookie(req, res, result.login_credential, { days: CREDENTIAL_DAYS });
    send(res, result);
  });

  // ─── 设置密码 / 忘记密码: an extension of the contract (issue 25) ───────
  // GET …/password/rules also tells the storefront the extension is there (404 from a backend without it).
  router.get("/member/password/rules", publicRead(RULES_TTL_MS), (req, res) => {
    parse(EmptyQuery, req.query);
    send(res, { min_length: PASSWORD_LENGTH.min, max_length: PASSWORD_LENGTH.max });
  });

  router.post("/member/action/set_password", (req, res) => {
    const input = parse(SetPasswordSchema, req.body);
    const { clientIp, channelId } = clientOf(res);
    const result = setPassword(deps, { mobile: input.mobile, smsCode: input.sms_code, password: input.password, clientIp, channelId });
    setLoginCookie(req, res, result.login_credential, { days: CREDENTIAL_DAYS });
    send(res, result);
  });

  router.post("/member/action/logout", (req, res) => {
    parse(EmptyBody, req.body);
    clearLoginCookie(req, res);
    requireMember(deps, res);
    logout(deps, clientOf(res).credential!);
    send(res, {});
  });

  // ─── login cookie sync ───────────────────────────────────────────────
  router.get("/client/ttsgame/login/set", (req, res) => {
    const header = parse(BaseDomainHeader, { "Base-Domain": req.get("Base-Domain") }, "请求头");
    const domain = normalizeDomain(header["Base-Domain"]);
    if (!domain) throw new ApiError(ERROR.BAD_INPUT, "请求头 Base-Domain 格式错误");
    if (!cookieDomains(deps.config.cnBaseUrl, deps.config.hkBaseUrl, req.hostname).includes(domain)) {
      throw new ApiError(ERROR.BAD_INPUT, "请求头 Base-Domain 不是本站配置的域名");
    }
    requireMember(deps, res);
    setLoginCookie(req, res, clientOf(res).credential!, { days: CREDENTIAL_DAYS, domain: domain === req.hostname ? undefined : domain });
    send(res, {});
  });

  // ─── captcha (local geetest v4 stand-in) ─────────────────────────────
  router.get("/geetest4/load", (req, res) => {
    const { type } = parse(LoadQuery, req.query);
    send(
      res,
      loadChallenge(deps, type, (lot) => `${req.baseUrl}/geetest4/image/${lot}.svg`),
    );
  });

  router.get("/geetest4/image/:lot_number.svg", (req, res) => {
    const { lot_number } = parse(ImageParams, req.params);
    const svg = challengeImage(deps, lot_number); // throws the 404 envelope before the type is set
    res.type("image/svg+xml").send(svg);
  });

  router.post("/geetest4/action/valid", (req, res, next) => {
    const input = parse(CaptchaValidSchema, req.body);
    if (!input.lot_number && !input.captcha_output && !input.pass_token && !input.gen_time) {
      throw new ApiError(ERROR.BAD_INPUT, CAPTCHA_MESSAGES.FAILED);
    }
    if (!input.lot_number) throw new ApiError(ERROR.BAD_INPUT, "缺少参数 lot_number");
    validateAnswer(deps, {
      lotNumber: input.lot_number,
      captchaOutput: input.captcha_output,
      passToken: input.pass_token,
      genTime: input.gen_time,
    }).then((result) => send(res, result), next);
  });

  return router;
}
