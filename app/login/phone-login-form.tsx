import { getInputProps } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useEffect, useState, type CSSProperties } from "react";
import { TextCaptcha } from "~/components/captcha-widget";
import { ErrorList, Field } from "~/components/forms";
import { DEFAULT_REGION_CODE } from "./country-codes";
import { useCountdown } from "~/hooks/use-countdown";
import { useHydrated } from "~/hooks/use-hydrated";
import { PASSWORD_LENGTH } from "../../shared/password-rules";
import {
  codeError,
  LOGIN_MESSAGES,
  newPasswordFieldError,
  phoneError,
  PHONE_MAX_LENGTH,
  SMS_CODE_LENGTH,
  SMS_RESEND_SECONDS,
  type LoginActionData,
} from "./login-fields";
import { groupClass, inputClass, LoginForm, messageOf, post, useCaptchaStep, useLoginForm, type FormProps } from "./login-form";
import { RegionSelect } from "./region-select";

/**
 * 手机号登录: the region and number, 获取验证码 behind the captcha, then the SMS code. With
 * `setPassword` it is 设置密码 / 忘记密码 (issue 25): the same steps with a code of its own type,
 * and a new password.
 */
export function PhoneLoginForm({ tab, redirectTo, challenge, actionData, member, setPassword = false }: FormProps & { setPassword?: boolean }) {
  const hydrated = useHydrated();
  const sender = useFetcher<LoginActionData>();
  const login = useFetcher<LoginActionData>();
  const intent = setPassword ? "set-password" : "captcha-login";
  const [region, setRegion] = useState(actionData?.values?.region || member?.region || DEFAULT_REGION_CODE);
  const captcha = useCaptchaStep(actionData);
  const countdown = useCountdown();

  const sending = sender.state !== "idle";
  const loggingIn = login.state !== "idle";

  const [form, fields] = useLoginForm<"phone" | "sms_code" | "new_password">({
    tab,
    actionData,
    defaultValue: member ? { phone: member.phone } : undefined,
    // 获取验证码 needs the number only
    rules: (formData) =>
      formData.get("intent") === "send-code"
        ? { phone: phoneError }
        : {
            phone: phoneError,
            sms_code: codeError,
            ...(setPassword ? { new_password: (value: string) => newPasswordFieldError(value, region, String(formData.get("phone") ?? "")) } : {}),
          },
    onValid(element, intent) {
      if (intent === "send-code") {
        if (countdown.seconds === 0 && !sending) captcha.start();
        return;
      }
      if (loggingIn) return;
      captcha.setMessage(null);
      post(element, login, { intent, phone: phone.trim() });
    },
  });
  const phone = fields.phone.value ?? "";

  // the send-code answer: start the countdown, or ask the captcha again, or say what went wrong
  const sent = sender.state === "idle" ? sender.data : undefined;
  const { passed: captchaPassed, answered: captchaAnswered, setMessage: setCaptchaMessage } = captcha;
  const startCountdown = countdown.start;
  useEffect(() => {
    if (!sent) return;
    if (sent.ok) {
      captchaPassed({ tone: "success", text: sent.notice ?? LOGIN_MESSAGES.CODE_SENT });
      startCountdown(SMS_RESEND_SECONDS);
      // the next thing to do is to type the code: the closing captcha would leave focus on <body> (trial 11b #10)
      document.getElementById("login-code")?.focus();
    } else captchaAnswered(sent);
  }, [sent, captchaPassed, captchaAnswered, startCountdown]);
  const answered = login.state === "idle" ? login.data : undefined;
  useEffect(() => {
    if (answered && !answered.ok) setCaptchaMessage(messageOf(answered));
  }, [answered, setCaptchaMessage]);

  const errors = { phone: fields.phone.errors?.[0], sms_code: fields.sms_code.errors?.[0], new_password: fields.new_password.errors?.[0] };
  const valid =
    !phoneError(phone) && !codeError(fields.sms_code.value ?? "") && (!setPassword || !newPasswordFieldError(fields.new_password.value ?? "", region, phone));

  return (
    <LoginForm
      {...{ form, tab, redirectTo, captcha }}
      onCaptchaSolved={(element, solution) => post(element, sender, { intent: "send-code", phone: phone.trim(), ...solution })}
      verifying={sending}
      login={{ intent, busy: loggingIn, ready: valid, label: setPassword ? "确认设置" : undefined }}
      note={setPassword ? "设置后，其他设备上的登录将全部退出" : "未注册的手机号验证后将自动创建账号"}
    >
      {/* Enter in any field logs in: the first submit button is the default one */}
      <button type="submit" name="intent" value={intent} tabIndex={-1} aria-hidden="true" className="sr-only">
        {setPassword ? "确认设置" : "登录"}
      </button>
      {setPassword ? <input type="hidden" name="purpose" value="set-password" /> : null}
      <div>
        <div className={groupClass(Boolean(errors.phone))}>
          <RegionSelect value={region} onChange={setRegion} hydrated={hydrated} />
          <div className="relative flex-1">
            <Field
              {...getInputProps(fields.phone, { type: "tel", ariaAttributes: false })}
              required
              id="login-phone"
              label="手机号"
              error={errors.phone}
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={PHONE_MAX_LENGTH}
              pattern="\d{7,11}"
              placeholder="请输入手机号"
              className="h-11 w-full rounded-r-lg bg-transparent pl-3 pr-9 text-sm text-ink placeholder:text-ink-faint focus:outline-none"
            />
            {hydrated && phone ? (
              <button
                type="button"
                aria-label="清除手机号"
                onClick={() => {
                  form.update({ name: fields.phone.name, value: "" });
                  document.getElementById("login-phone")?.focus();
                }}
                className="absolute right-2 top-1/2 flex h-5 w-5 -translate-y-1/2 items-center justify-center rounded-full bg-ink-faint/60 text-surface-sunken hover:bg-ink-muted"
              >
                <svg width="10" height="10" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="4" aria-hidden="true">
                  <path d="M6 6l12 12M18 6 6 18" />
                </svg>
              </button>
            ) : null}
          </div>
        </div>
        <ErrorList id="login-phone" errors={[errors.phone]} />
      </div>

      {hydrated ? null : (
        <TextCaptcha
          challenge={challenge}
          error={actionData?.intent === "send-code" ? actionData.fieldErrors?.captcha : undefined}
          posted={actionData !== null}
        />
      )}

      <div>
        <div className="flex gap-3">
          <Field
            {...getInputProps(fields.sms_code, { type: "text", ariaAttributes: false })}
            required
            id="login-code"
            label="验证码"
            error={errors.sms_code}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={SMS_CODE_LENGTH}
            pattern="\d{6}"
            placeholder="请输入验证码"
            className={inputClass(Boolean(errors.sms_code))}
          />
          <button
            type="submit"
            name="intent"
            value="send-code"
            formNoValidate
            disabled={hydrated && (countdown.seconds > 0 || sending)}
            className="h-11 w-[120px] shrink-0 rounded-lg border border-primary-500/70 text-sm font-medium text-primary-400 transition hover:bg-primary-500/10 disabled:cursor-not-allowed disabled:border-surface-line disabled:text-ink-faint disabled:hover:bg-transparent"
          >
            {!hydrated && actionData?.resendIn ? (
              <ResendWait seconds={actionData.resendIn} />
            ) : countdown.seconds > 0 ? (
              `${countdown.seconds}秒后重发`
            ) : sending && !captcha.open ? (
              "发送中…"
            ) : (
              "获取验证码"
            )}
          </button>
        </div>
        <ErrorList id="login-code" errors={[errors.sms_code]} />
      </div>

      {setPassword ? (
        <div>
          <Field
            {...getInputProps(fields.new_password, { type: "password", ariaAttributes: false })}
            required
            id="login-new-password"
            label="新密码"
            error={errors.new_password}
            autoComplete="new-password"
            maxLength={PASSWORD_LENGTH.max}
            placeholder={`请输入新密码（${PASSWORD_LENGTH.min}-${PASSWORD_LENGTH.max}位，不能是手机号）`}
            className={inputClass(Boolean(errors.new_password))}
          />
          <ErrorList id="login-new-password" errors={[errors.new_password]} />
        </div>
      ) : null}
    </LoginForm>
  );
}

/**
 * The server's wait before another code, without JavaScript: "N秒后重发" counting down in CSS
 * (app.css, .resend-wait), then 获取验证码 again. The button stays enabled, as a page without
 * scripts cannot enable it later; a press before the end gets the services' 请N秒后重试.
 */
function ResendWait({ seconds }: { seconds: number }) {
  return (
    <>
      <span className="sr-only">获取验证码</span>
      <span className="resend-wait" aria-hidden="true" style={{ "--resend-from": seconds, "--resend-for": `${seconds}s` } as CSSProperties}>
        <span className="resend-wait-count" />
        <span className="resend-wait-done">获取验证码</span>
      </span>
    </>
  );
}
