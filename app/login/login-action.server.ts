// The /login route's server half: the one action of the login modal (intents send-code,
// captcha-login, pwd-login, set-password, logout) and the loader of the /login page, which shows the form again
// with its errors after a post without JavaScript; `?captcha=slide` answers a slider challenge for
// the JavaScript captcha widget.
import { data, redirect, redirectDocument, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { TradeUnavailable, type TradeApi } from "~/api/client.server";
import { captchaLogin, getLoginStatus, hasPasswordReset, loadCaptcha, logout, pwdLogin, sendSmsCode, setPassword, validateCaptcha } from "~/api/member.server";
import { setFlash } from "~/server-only/flash.server";
import { readForm } from "~/server-only/form.server";
import { optional } from "~/server-only/http.server";
import {
  fullMobile,
  HONEYPOT_FIELD,
  LOGIN_MESSAGES,
  loginTabOf,
  PWD_LOGIN_CSRF,
  resetMember,
  PWD_LOGIN_PREFIX,
  SMS_RESEND_SECONDS,
  type LoginActionData,
  type LoginIntent,
} from "./login-fields";
import { fieldErrorsOf, LoginActionSchema } from "./login-schema.server";
import { failureStatus, returnToOf, syncLoginCookies } from "./login.server";

const INTENTS: readonly LoginIntent[] = ["send-code", "captcha-login", "pwd-login", "set-password", "logout"];

export async function loginLoader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const api = context.session.api;
  const redirectTo = returnToOf(url, url.searchParams.get("redirectTo"));
  const captchaType = url.searchParams.get("captcha") === "slide" ? "slide" : "text";
  const [passwordReset, status] = await Promise.all([hasPasswordReset(api), captchaType === "text" && api.credential ? getLoginStatus(api) : null]);
  const asked = loginTabOf(url.searchParams.get("login"));
  // without the extension, 忘记密码 is not offered: an old link opens the password tab
  const tab = asked === "reset" && !passwordReset ? "pwd" : asked;
  // already logged in: nothing to do here but 设置密码
  if (status?.ok && tab !== "reset") throw redirect(redirectTo);
  const challenge = await optional(api.log, "captcha challenge", loadCaptcha(api, captchaType));
  return {
    tab,
    passwordReset,
    member: status?.ok ? resetMember(status.result) : null,
    redirectTo,
    challenge,
  };
}

export async function loginAction({ request, context }: ActionFunctionArgs) {
  const form = (await readForm(request)) ?? {};
  const rawIntent = String(form.intent ?? "");
  const intent: LoginIntent | "unknown" = (INTENTS as readonly string[]).includes(rawIntent) ? (rawIntent as LoginIntent) : "unknown";
  const values = {
    region: typeof form.region === "string" ? form.region : undefined,
    phone: typeof form.phone === "string" ? form.phone.trim() : undefined,
    sms_code: typeof form.sms_code === "string" ? form.sms_code.trim().slice(0, 6) : undefined,
    account: typeof form.account === "string" ? form.account.trim() : undefined,
    purpose: form.purpose === "set-password" ? ("set-password" as const) : undefined,
  };
  const fail = (body: Omit<LoginActionData, "ok" | "intent" | "values">, status = 400) =>
    data<LoginActionData>({ ok: false, intent, values, ...body }, { status: failureStatus(request, status) });

  const parsed = LoginActionSchema.safeParse(form);
  if (!parsed.success) {
    if (intent === "unknown") return fail({ formError: LOGIN_MESSAGES.LOGIN_FAILED });
    return fail({ fieldErrors: fieldErrorsOf(parsed.error) });
  }
  const input = parsed.data;
  const api = context.session.api;
  if (input.intent === "logout") return logOut(request, context, api);
  try {
    // A filled honeypot is a bot: it is told nothing useful and nothing is sent.
    if (input[HONEYPOT_FIELD]) {
      return input.intent === "send-code"
        ? data<LoginActionData>({ ok: true, intent, values, notice: LOGIN_MESSAGES.CODE_SENT, sentAt: Date.now(), resendIn: SMS_RESEND_SECONDS })
        : fail({ formError: LOGIN_MESSAGES.LOGIN_FAILED });
    }

    const redirectTo = returnToOf(new URL(request.url), input.redirectTo);

    switch (input.intent) {
      case "send-code": {
        const captcha = await passCaptcha(api, input);
        if (captcha) return fail(captcha);
        const sent = await sendSmsCode(api, {
          mobile: fullMobile(input.region, input.phone),
          lot_number: input.lot_number,
          sms_type: input.purpose === "set-password" ? "SET_PASSWORD" : "LOGIN",
        });
        if (!sent.ok) {
          // the services' wait, as their message words it ("验证码已发送，请N秒后重试")
          const wait = sent.status === 429 ? Number(/(\d+)秒/.exec(sent.errorMsg)?.[1] ?? 0) : 0;
          return fail({ formError: sent.errorMsg, ...(wait > 0 ? { resendIn: Math.min(wait, SMS_RESEND_SECONDS) } : {}) }, sent.status);
        }
        return data<LoginActionData>({ ok: true, intent, values, notice: LOGIN_MESSAGES.CODE_SENT, sentAt: Date.now(), resendIn: SMS_RESEND_SECONDS });
      }
      case "captcha-login": {
        const result = await captchaLogin(api, { mobile: fullMobile(input.region, input.phone), sms_code: input.sms_code });
        if (!result.ok) return fail({ formError: result.errorMsg || LOGIN_MESSAGES.LOGIN_FAILED }, result.status);
        return loggedIn(request, context, api, result.result.login_credential, redirectTo);
      }
      case "pwd-login": {
        const captcha = await passCaptcha(api, input);
        if (captcha) return fail(captcha);
        // the API takes only well-formed numbers; anything else cannot be an account
        if (!/^\d{7,11}$/.test(input.account)) return fail({ formError: "账号或密码错误" });
        const result = await pwdLogin(api, {
          username: PWD_LOGIN_PREFIX + input.account,
          password: input.password,
          csrf: PWD_LOGIN_CSRF,
          lot_number: input.lot_number,
        });
        if (!result.ok) return fail({ formError: result.errorMsg || LOGIN_MESSAGES.LOGIN_FAILED }, result.status);
        return loggedIn(request, context, api, result.result.login_credential, redirectTo);
      }
      case "set-password": {
        // every login of the member ends, this browser's too: it keeps the new login the answer brings
        const result = await setPassword(api, { mobile: fullMobile(input.region, input.phone), sms_code: input.sms_code, password: input.new_password });
        if (!result.ok) return fail({ formError: result.errorMsg || LOGIN_MESSAGES.LOGIN_FAILED }, result.status);
        return loggedIn(request, context, api, result.result.login_credential, redirectTo, LOGIN_MESSAGES.PASSWORD_SET);
      }
    }
  } catch (error) {
    // the services out of reach: the form says so, its values kept, instead of a failed page
    if (error instanceof TradeUnavailable) return fail({ formError: LOGIN_MESSAGES.SERVICE_BUSY }, 503);
    throw error;
  }
}

/**
 * The session ends only when the services have revoked the credential (or say it is no longer
 * valid): clearing the cookie alone would leave a token that still works while the shopper
 * believes it gone. A failed revocation keeps the session and says 退出失败，请重试. The settle
 * cookie (the last order's e-mail) goes with the session, so the next shopper on a shared device
 * does not see it.
 */
async function logOut(request: Request, context: ActionFunctionArgs["context"], api: TradeApi) {
  if (api.credential) {
    const revoked = await logout(api).catch((error: unknown) => {
      if (error instanceof TradeUnavailable) return null;
      throw error;
    });
    if (!revoked || (!revoked.ok && revoked.status !== 401)) {
      await setFlash(context, { type: "error", message: LOGIN_MESSAGES.LOGOUT_FAILED });
      return redirect("/");
    }
  }
  context.session.set("login", null);
  await context.session.write("settle", null);
  await setFlash(context, { type: "info", message: LOGIN_MESSAGES.LOGGED_OUT });
  return redirect("/");
}

// ─── steps ───────────────────────────────────────────────────────────────

/** Validates the captcha answer sent with the form; the failure to show, or null when passed. */
async function passCaptcha(api: TradeApi, input: { lot_number: string; captcha_output: string }) {
  if (!input.lot_number || !input.captcha_output) {
    return { captchaError: LOGIN_MESSAGES.CAPTCHA_REQUIRED, fieldErrors: { captcha: LOGIN_MESSAGES.CAPTCHA_REQUIRED } };
  }
  const valid = await validateCaptcha(api, { lot_number: input.lot_number, captcha_output: input.captcha_output });
  if (valid.ok) return null;
  const message = valid.errorMsg || LOGIN_MESSAGES.CAPTCHA_FAILED;
  return { captchaError: message, fieldErrors: { captcha: message } };
}

/** Keeps the credential in the HttpOnly cookie, syncs the hosts, and reloads the page it came from. */
async function loggedIn(
  request: Request,
  context: ActionFunctionArgs["context"],
  api: TradeApi,
  credential: string,
  redirectTo: string,
  message: string = LOGIN_MESSAGES.LOGIN_SUCCESS,
) {
  context.session.set("login", credential);
  await syncLoginCookies(api, credential, context.env);
  await setFlash(context, { type: "success", message });
  // the page after a login mounts the layout anew: auto-granted coupons and their pop-up
  context.session.set("couponPopup", null);
  // spec/01 §4: after login the page reloads
  return redirectDocument(redirectTo);
}
