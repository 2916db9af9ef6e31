// The login modal (spec/01 §2 "Login modal", §4, §5, §8). It opens from the address
// (`?login=captcha|pwd&redirectTo=…`), its tabs are links, and every form posts to /login, so the
// whole flow works without JavaScript. With JavaScript the overlay becomes a Headless UI Dialog,
// fields are checked on change, the captcha is a slider and the code button counts down.
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { Link, useFetcher, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type ElementType, type FormEvent, type InputHTMLAttributes, type ReactNode } from "react";
import type { CaptchaChallenge } from "~/api/member.server";
import { COUNTRY_CODES, DEFAULT_REGION_CODE } from "~/lib/country-codes";
import {
  accountError,
  codeError,
  HONEYPOT_FIELD,
  LOGIN_MESSAGES,
  passwordError,
  phoneError,
  PHONE_MAX_LENGTH,
  SMS_CODE_LENGTH,
  SMS_RESEND_SECONDS,
  type LoginActionData,
  type LoginTab,
} from "~/lib/login-form";
import { loginHref } from "~/lib/login-href";
import { useHydrated } from "~/lib/use-hydrated";
import { CloseIcon, SliderCaptcha, TextCaptcha, type CaptchaFailure } from "./captcha-widget";
import { Logo } from "./logo";

export interface LoginModalState {
  tab: LoginTab;
  redirectTo: string;
  closeHref: string;
  challenge: CaptchaChallenge | null;
}

/** The modal over the current page: a plain overlay in the server HTML, a Dialog once hydrated. */
export function LoginModal({ state }: { state: LoginModalState }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const close = () => navigate(state.closeHref, { replace: true, preventScrollReset: true });
  const tabHref = (tab: LoginTab) => loginHref(state.closeHref, { tab, redirectTo: state.redirectTo });
  const panel = (Title: ElementType) => (
    <LoginPanel
      tab={state.tab}
      redirectTo={state.redirectTo}
      closeHref={state.closeHref}
      challenge={state.challenge}
      actionData={null}
      tabHref={tabHref}
      Title={Title}
    />
  );
  const frame = "relative w-[488px] max-w-full rounded-2xl bg-surface-container p-8 shadow-2xl ring-1 ring-surface-line max-sm:px-5 max-sm:py-6";
  if (!hydrated) {
    return (
      <div
        className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-black/70 px-4 py-[10vh]"
        role="dialog"
        aria-modal="true"
        aria-labelledby="login-title"
      >
        <div className={frame}>{panel("h2")}</div>
      </div>
    );
  }
  return (
    // spec/01 §2: the modal does not close on an outside click; the close button and Escape close it
    <Dialog open onClose={() => {}} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/70" />
      <div className="fixed inset-0 flex items-start justify-center overflow-y-auto px-4 py-[10vh]">
        <DialogPanel
          className={frame}
          onKeyDown={(event) => {
            if (event.key === "Escape" && !event.defaultPrevented) close();
          }}
        >
          {panel(DialogTitle)}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

interface LoginPanelProps {
  tab: LoginTab;
  redirectTo: string;
  closeHref: string;
  challenge: CaptchaChallenge | null;
  /** The action's answer after a post without JavaScript (the /login page). */
  actionData: LoginActionData | null;
  tabHref(tab: LoginTab): string;
  Title?: ElementType;
}

export function LoginPanel({ tab, redirectTo, closeHref, challenge, actionData, tabHref, Title = "h1" }: LoginPanelProps) {
  const tabs: { key: LoginTab; label: string }[] = [
    { key: "captcha", label: "手机号登录" },
    { key: "pwd", label: "密码登录" },
  ];
  const hydrated = useHydrated();
  return (
    <div className="relative" data-login-panel={hydrated ? "enhanced" : "plain"}>
      <Link
        to={closeHref}
        replace
        preventScrollReset
        aria-label="关闭登录"
        className="absolute -right-3 -top-3 rounded-full p-1.5 text-ink-faint hover:bg-white/5 hover:text-ink max-sm:-right-1 max-sm:-top-2"
      >
        <CloseIcon />
      </Link>
      <div className="flex flex-col items-center gap-3">
        <Logo />
        <Title id="login-title" className="text-xl font-bold text-ink">
          登录你的游戏商城
        </Title>
      </div>
      <nav aria-label="登录方式" className="mt-6 flex border-b border-surface-line">
        {tabs.map(({ key, label }) => (
          <Link
            key={key}
            to={tabHref(key)}
            replace
            preventScrollReset
            aria-current={tab === key ? "page" : undefined}
            className={`-mb-px flex-1 border-b-2 pb-3 text-center text-[15px] transition-colors ${
              tab === key ? "border-primary-500 font-semibold text-ink" : "border-transparent text-ink-muted hover:text-ink"
            }`}
          >
            {label}
          </Link>
        ))}
      </nav>
      <div className="mt-6">
        {tab === "captcha" ? (
          <PhoneLoginForm key="captcha" redirectTo={redirectTo} tab={tab} challenge={challenge} actionData={actionData} />
        ) : (
          <PasswordLoginForm key="pwd" redirectTo={redirectTo} tab={tab} challenge={challenge} actionData={actionData} />
        )}
      </div>
      <p className="mt-5 text-center text-xs leading-5 text-ink-faint">
        点击登录即表示您已阅读并同意
        <span className="whitespace-nowrap">
          《
          <a href="/protocols/user" target="_blank" rel="noopener" className="text-primary-400 underline underline-offset-2">
            用户协议
          </a>
          》
        </span>
        和
        <span className="whitespace-nowrap">
          《
          <a href="/protocols/privacy" target="_blank" rel="noopener" className="text-primary-400 underline underline-offset-2">
            隐私条例
          </a>
          》
        </span>
      </p>
    </div>
  );
}

// ─── the two forms ───────────────────────────────────────────────────────

interface FormProps {
  tab: LoginTab;
  redirectTo: string;
  challenge: CaptchaChallenge | null;
  actionData: LoginActionData | null;
}

const inputClass = (invalid: boolean) =>
  `h-11 w-full min-w-0 rounded-lg border bg-surface-sunken px-3 text-sm text-ink placeholder:text-ink-faint focus:border-primary-500 focus:outline-none ${
    invalid ? "border-red-500" : "border-surface-line"
  }`;
/** A bordered row holding a prefix (region, +86) and its input. */
const groupClass = (invalid: boolean) =>
  `flex rounded-lg border bg-surface-sunken focus-within:border-primary-500 ${invalid ? "border-red-500" : "border-surface-line"}`;
const primaryButton =
  "flex h-11 w-full items-center justify-center gap-2 rounded-lg bg-primary-600 text-[15px] font-semibold text-white transition hover:bg-primary-500 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-primary-500";

/** The form's fields with the given values over them, posted to /login by a fetcher. */
function post(form: HTMLFormElement | null, fetcher: { submit: ReturnType<typeof useFetcher>["submit"] }, values: Record<string, string>) {
  const body = new FormData(form ?? undefined);
  for (const [name, value] of Object.entries(values)) body.set(name, value);
  fetcher.submit(body, { method: "post", action: "/login" });
}

function PhoneLoginForm({ tab, redirectTo, challenge, actionData }: FormProps) {
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
            <LoginInput
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
        <FieldError id="login-phone-error" message={errors.phone} />
      </div>

      {hydrated ? null : <TextCaptcha challenge={challenge} error={actionData?.intent === "send-code" ? actionData.fieldErrors?.captcha : undefined} />}

      <div>
        <div className="flex gap-3">
          <LoginInput
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
            {countdown.seconds > 0 ? `${countdown.seconds}秒后重发` : sending && !captcha.open ? "发送中…" : "获取验证码"}
          </button>
        </div>
        <FieldError id="login-code-error" message={errors.sms_code} />
      </div>
    </LoginForm>
  );
}

function PasswordLoginForm({ tab, redirectTo, challenge, actionData }: FormProps) {
  const hydrated = useHydrated();
  const login = useFetcher<LoginActionData>();
  const initial = actionData?.values ?? {};
  const [account, setAccount] = useState(initial.account ?? "");
  const [password, setPassword] = useState("");
  const [touched, touch] = useTouched({ account: false, password: false });
  const captcha = useCaptchaStep(actionData);
  const loggingIn = login.state !== "idle";

  const answered = login.state === "idle" ? login.data : undefined;
  const captchaAnswered = captcha.answered;
  useEffect(() => {
    if (answered && !answered.ok) captchaAnswered(answered);
  }, [answered, captchaAnswered]);

  const errors = hydrated
    ? { account: touched.account ? accountError(account) : null, password: touched.password ? passwordError(password) : null }
    : { account: actionData?.fieldErrors?.account ?? null, password: actionData?.fieldErrors?.password ?? null };
  const valid = !accountError(account) && !passwordError(password);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    touch("account", "password");
    if (!valid || loggingIn) return;
    captcha.start();
  }

  return (
    <LoginForm
      {...{ tab, redirectTo, captcha, onSubmit }}
      onCaptchaSolved={(form, solution) => post(form, login, { intent: "pwd-login", account: account.trim(), ...solution })}
      verifying={loggingIn}
      login={{ intent: "pwd-login", busy: loggingIn, ready: valid }}
    >
      <div>
        <div className={`${groupClass(Boolean(errors.account))} items-center`}>
          <span className="border-r border-surface-line px-3 text-sm text-ink-muted" title="密码登录仅支持中国大陆手机号">
            +86
          </span>
          <LoginInput
            id="login-account"
            label="账号"
            error={errors.account}
            name="account"
            inputMode="numeric"
            autoComplete="username"
            maxLength={PHONE_MAX_LENGTH}
            placeholder="请输入账号"
            value={account}
            onValue={(value) => {
              setAccount(value);
              touch("account");
            }}
            className="h-11 w-full min-w-0 rounded-r-lg bg-transparent px-3 text-sm text-ink placeholder:text-ink-faint focus:outline-none"
          />
        </div>
        <FieldError id="login-account-error" message={errors.account} />
      </div>
      <div>
        <LoginInput
          id="login-password"
          label="密码"
          error={errors.password}
          name="password"
          type="password"
          autoComplete="current-password"
          maxLength={128}
          placeholder="请输入密码"
          value={password}
          onValue={(value) => {
            setPassword(value);
            touch("password");
          }}
          className={inputClass(Boolean(errors.password))}
        />
        <FieldError id="login-password-error" message={errors.password} />
      </div>

      {hydrated ? null : <TextCaptcha challenge={challenge} error={actionData?.intent === "pwd-login" ? actionData.fieldErrors?.captcha : undefined} />}
    </LoginForm>
  );
}

// ─── what the two forms share ────────────────────────────────────────────

type CaptchaStep = ReturnType<typeof useCaptchaStep>;

/**
 * The slider captcha between a form and its post: opened by `start`, asked again when the
 * service says it was not passed, closed with the service's message otherwise.
 */
function useCaptchaStep(actionData: LoginActionData | null) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<CaptchaFailure | null>(null);
  const [message, setMessage] = useState<Message | null>(messageOf(actionData));
  const start = () => {
    setMessage(null);
    setFailure(null);
    setOpen(true);
  };
  // stable, so the forms' effects can run once per service answer
  const passed = useCallback((note: Message) => {
    setOpen(false);
    setFailure(null);
    setMessage(note);
  }, []);
  const answered = useCallback((data: LoginActionData) => {
    if (data.captchaError) {
      setFailure((f) => ({ message: data.captchaError!, attempt: (f?.attempt ?? 0) + 1 }));
    } else {
      setOpen(false);
      setMessage(messageOf(data));
    }
  }, []);
  const onInitFailed = useCallback(() => {
    setOpen(false);
    setMessage({ tone: "warning", text: LOGIN_MESSAGES.CAPTCHA_INIT_FAILED });
  }, []);
  return { open, failure, message, setMessage, start, passed, answered, onInitFailed, cancel: () => setOpen(false) };
}

/** Which fields the shopper has changed (their messages show from then on). */
function useTouched<F extends string>(initial: Record<F, boolean>) {
  const [touched, setTouched] = useState(initial);
  const touch = (...fields: F[]) => setTouched((t) => ({ ...t, ...Object.fromEntries(fields.map((f) => [f, true])) }));
  return [touched, touch] as const;
}

/**
 * A login form: posts to /login without JavaScript; with it the fields are checked first and the
 * slider captcha comes before the post. Holds the message, the 登录 button and the captcha.
 */
function LoginForm({
  tab,
  redirectTo,
  onSubmit,
  captcha,
  onCaptchaSolved,
  verifying,
  login,
  note,
  children,
}: {
  tab: LoginTab;
  redirectTo: string;
  /** With JavaScript: checks the fields, then opens the captcha or posts through a fetcher. */
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  captcha: CaptchaStep;
  onCaptchaSolved(form: HTMLFormElement | null, solution: { lot_number: string; captcha_output: string }): void;
  /** The captcha's answer is being checked. */
  verifying: boolean;
  /** The 登录 button: its intent, a login under way, the fields valid. */
  login: { intent: "captcha-login" | "pwd-login"; busy: boolean; ready: boolean };
  note?: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  return (
    <form
      ref={formRef}
      method="post"
      action={loginHref("/login", { tab, redirectTo })}
      noValidate
      onSubmit={hydrated ? onSubmit : undefined}
      className="space-y-4"
    >
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Honeypot />
      {children}

      <MessageBox message={captcha.message} />

      <button type="submit" name="intent" value={login.intent} disabled={hydrated && (!login.ready || login.busy)} className={primaryButton}>
        {login.busy ? (
          <>
            <Spinner /> 登录中…
          </>
        ) : (
          "登录"
        )}
      </button>
      {note ? <p className="text-center text-xs text-ink-muted">{note}</p> : null}

      {hydrated && captcha.open ? (
        <SliderCaptcha
          onSolved={(lotNumber, output) => onCaptchaSolved(formRef.current, { lot_number: lotNumber, captcha_output: output })}
          onCancel={captcha.cancel}
          onInitFailed={captcha.onInitFailed}
          failure={captcha.failure}
          verifying={verifying}
        />
      ) : null}
    </form>
  );
}

/** A field's label (for screen readers) and input, marked invalid and described by its message. */
function LoginInput({
  id,
  label,
  error,
  onValue,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "onChange"> & { id: string; label: string; error: string | null; onValue(value: string): void }) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        required
        {...input}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
    </>
  );
}

// ─── small parts ─────────────────────────────────────────────────────────

/** The region code: a native select; with JavaScript it shows only the code while closed. */
function RegionSelect({ value, onChange, hydrated }: { value: string; onChange(code: string): void; hydrated: boolean }) {
  const control = (
    <>
      <label htmlFor="login-region" className="sr-only">
        国家或地区
      </label>
      <select
        id="login-region"
        name="region"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={
          hydrated
            ? "absolute inset-0 cursor-pointer opacity-0 [&>option]:bg-surface-container [&>option]:text-ink"
            : "h-11 w-[118px] shrink-0 rounded-l-lg border-r border-surface-line bg-transparent pl-3 pr-1 text-sm text-ink focus:outline-none [&>option]:bg-surface-container"
        }
      >
        {COUNTRY_CODES.map((c, i) => (
          <option key={`${c.code}-${i}`} value={c.code}>
            {c.code} {c.country}
          </option>
        ))}
      </select>
    </>
  );
  if (!hydrated) return control;
  return (
    <div className="relative flex w-[84px] shrink-0 items-center justify-between border-r border-surface-line pl-3 pr-2 text-sm text-ink focus-within:text-primary-400">
      <span aria-hidden="true">{value}</span>
      <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" aria-hidden="true">
        <path d="M6 9l6 6 6-6" />
      </svg>
      {control}
    </div>
  );
}

/** A field a person never sees or fills; a bot that fills it is refused quietly by the action. */
function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label>
        网站
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-xs text-red-400">
      {message}
    </p>
  );
}

interface Message {
  tone: "success" | "error" | "warning";
  text: string;
}

function messageOf(data: LoginActionData | null | undefined): Message | null {
  if (!data) return null;
  if (data.ok) return data.notice ? { tone: "success", text: data.notice } : null;
  if (data.formError) return { tone: "error", text: data.formError };
  return null;
}

function MessageBox({ message }: { message: Message | null }) {
  if (!message) return null;
  const tone = {
    success: "border-emerald-500/50 bg-emerald-500/10 text-emerald-200",
    error: "border-red-500/50 bg-red-500/10 text-red-200",
    warning: "border-amber-500/50 bg-amber-500/10 text-amber-200",
  }[message.tone];
  return (
    <p role={message.tone === "success" ? "status" : "alert"} className={`rounded-lg border px-3 py-2 text-sm ${tone}`}>
      {message.text}
    </p>
  );
}

function Spinner(): ReactNode {
  return <span className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" aria-hidden="true" />;
}

/** Whole seconds left of a countdown started with `start(n)`; 0 when none runs. */
function useCountdown() {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [, setTick] = useState(0);
  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => {
      if (Date.now() >= endsAt) setEndsAt(null);
      else setTick((t) => t + 1);
    }, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);
  const start = useCallback((seconds: number) => setEndsAt(Date.now() + seconds * 1000), []);
  const seconds = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
  return { seconds, start };
}
