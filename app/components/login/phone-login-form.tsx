import { useFetcher } from "@remix-run/react";
import { useEffect, useState, type CSSProperties, type FormEvent } from "react";
import { DEFAULT_REGION_CODE } from "~/lib/country-codes";
import { codeError, LOGIN_MESSAGES, phoneError, PHONE_MAX_LENGTH, SMS_CODE_LENGTH, SMS_RESEND_SECONDS, type LoginActionData } from "~/lib/login-form";
import { useCountdown } from "~/lib/use-countdown";
import { useHydrated } from "~/lib/use-hydrated";
import { ErrorList, Field } from "../forms";
import { TextCaptcha } from "../captcha-widget";
import { groupClass, inputClass, LoginForm, messageOf, post, useCaptchaStep, useTouched, type FormProps } from "./login-form";
import { RegionSelect } from "./region-select";

/** 手机号登录: the region and number, 获取验证码 behind the captcha, then the SMS code. */
export function PhoneLoginForm({ tab, redirectTo, challenge, actionData }: FormProps) {
  const hydrated = useHydrated();
  const sender = useFetcher<LoginActionData>();
  const login = useFetcher<LoginActionData>();
  const initial = actionData?.values ?? {};
  const [region, setRegion] = useState(initial.region || DEFAULT_REGION_CODE);
  const [phone, setPhone] = useState(initial.phone ?? "");
  const [code, setCode] = useState(initial.sms_code ?? "");
  const [touched, touch] = useTouched({ phone: Boolean(actionData?.fieldErrors?.phone), sms_code: Boolean(actionData?.fieldErrors?.sms_code) });
  const captcha = useCaptchaStep(actionData);
  const countdown = useCountdown();

  const sending = sender.state !== "idle";
  const loggingIn = login.state !== "idle";

  // the send-code answer: start the countdown, or ask the captcha again, or say what went wrong
  const sent = sender.state === "idle" ? sender.data : undefined;
  const { passed: captchaPassed, answered: captchaAnswered, setMessage: setCaptchaMessage } = captcha;
  const startCountdown = countdown.start;
  useEffect(() => {
    if (!sent) return;
    if (sent.ok) {
      captchaPassed({ tone: "success", text: sent.notice ?? LOGIN_MESSAGES.CODE_SENT });
      startCountdown(SMS_RESEND_SECONDS);
    } else captchaAnswered(sent);
  }, [sent, captchaPassed, captchaAnswered, startCountdown]);
  const answered = login.state === "idle" ? login.data : undefined;
  useEffect(() => {
    if (answered && !answered.ok) setCaptchaMessage(messageOf(answered));
  }, [answered, setCaptchaMessage]);

  const errors = hydrated
    ? {
        phone: touched.phone ? phoneError(phone) : null,
        sms_code: touched.sms_code ? codeError(code) : null,
      }
    : { phone: actionData?.fieldErrors?.phone ?? null, sms_code: actionData?.fieldErrors?.sms_code ?? null };
  const valid = !phoneError(phone) && !codeError(code);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === "send-code") {
      touch("phone");
      if (phoneError(phone) || countdown.seconds > 0 || sending) return;
      captcha.start();
      return;
    }
    touch("phone", "sms_code");
    if (!valid || loggingIn) return;
    captcha.setMessage(null);
    post(event.currentTarget, login, { intent: "captcha-login", phone: phone.trim() });
  }

  return (
    <LoginForm
      {...{ tab, redirectTo, captcha, onSubmit }}
      onCaptchaSolved={(form, solution) => post(form, sender, { intent: "send-code", phone: phone.trim(), ...solution })}
      verifying={sending}
      login={{ intent: "captcha-login", busy: loggingIn, ready: valid }}
      note="未注册的手机号验证后将自动创建账号"
    >
      {/* Enter in any field logs in: the first submit button is the default one */}
      <button type="submit" name="intent" value="captcha-login" tabIndex={-1} aria-hidden="true" className="sr-only">
        登录
      </button>
      <div>
        <div className={groupClass(Boolean(errors.phone))}>
          <RegionSelect value={region} onChange={setRegion} hydrated={hydrated} />
          <div className="relative flex-1">
            <Field
              required
              id="login-phone"
              label="手机号"
              error={errors.phone}
              name="phone"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={PHONE_MAX_LENGTH}
              pattern="\d{7,11}"
              placeholder="请输入手机号"
              value={phone}
              onValue={(value) => {
                setPhone(value);
                touch("phone");
              }}
              className="h-11 w-full rounded-r-lg bg-transparent pl-3 pr-9 text-sm text-ink placeholder:text-ink-faint focus:outline-none"
            />
            {hydrated && phone ? (
              <button
                type="button"
                aria-label="清除手机号"
                onClick={() => {
                  setPhone("");
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

      {hydrated ? null : <TextCaptcha challenge={challenge} error={actionData?.intent === "send-code" ? actionData.fieldErrors?.captcha : undefined} />}

      <div>
        <div className="flex gap-3">
          <Field
            required
            id="login-code"
            label="验证码"
            error={errors.sms_code}
            name="sms_code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={SMS_CODE_LENGTH}
            pattern="\d{6}"
            placeholder="请输入验证码"
            value={code}
            onValue={(value) => {
              setCode(value);
              touch("sms_code");
            }}
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
