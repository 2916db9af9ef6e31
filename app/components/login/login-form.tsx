// What the two login forms share (spec/01 §4, §5): the form that posts to /login without
// JavaScript, the slider-captcha step before the post with it, the message box, the honeypot.
import { useFetcher } from "@remix-run/react";
import { useCallback, useRef, useState, type FormEvent, type ReactNode } from "react";
import type { CaptchaChallenge } from "~/api/member.server";
import { HONEYPOT_FIELD, LOGIN_MESSAGES, type LoginActionData, type LoginTab } from "~/lib/login-form";
import { loginHref } from "~/lib/login-href";
import { useHydrated } from "~/lib/use-hydrated";
import { SliderCaptcha, type CaptchaFailure } from "../captcha-widget";

export interface FormProps {
  tab: LoginTab;
  redirectTo: string;
  challenge: CaptchaChallenge | null;
  actionData: LoginActionData | null;
}

export const inputClass = (invalid: boolean) =>
  `h-11 w-full min-w-0 rounded-lg border bg-surface-sunken px-3 text-sm text-ink placeholder:text-ink-faint focus:border-primary-500 focus:outline-none ${
    invalid ? "border-red-500" : "border-surface-line"
  }`;
/** A bordered row holding a prefix (region, +86) and its input. */
export const groupClass = (invalid: boolean) =>
  `flex rounded-lg border bg-surface-sunken focus-within:border-primary-500 ${invalid ? "border-red-500" : "border-surface-line"}`;
const primaryButton =
  "flex h-11 w-full items-center justify-center gap-2 rounded-lg bg-primary-600 text-[15px] font-semibold text-white transition hover:bg-primary-500 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-primary-500";

/** The form's fields with the given values over them, posted to /login by a fetcher. */
export function post(form: HTMLFormElement | null, fetcher: { submit: ReturnType<typeof useFetcher>["submit"] }, values: Record<string, string>) {
  const body = new FormData(form ?? undefined);
  for (const [name, value] of Object.entries(values)) body.set(name, value);
  fetcher.submit(body, { method: "post", action: "/login" });
}

type CaptchaStep = ReturnType<typeof useCaptchaStep>;

/**
 * The slider captcha between a form and its post: opened by `start`, asked again when the
 * service says it was not passed, closed with the service's message otherwise.
 */
export function useCaptchaStep(actionData: LoginActionData | null) {
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
export function useTouched<F extends string>(initial: Record<F, boolean>) {
  const [touched, setTouched] = useState(initial);
  const touch = (...fields: F[]) => setTouched((t) => ({ ...t, ...Object.fromEntries(fields.map((f) => [f, true])) }));
  return [touched, touch] as const;
}

/**
 * A login form: posts to /login without JavaScript; with it the fields are checked first and the
 * slider captcha comes before the post. Holds the message, the 登录 button and the captcha.
 */
export function LoginForm({
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

interface Message {
  tone: "success" | "error" | "warning";
  text: string;
}

export function messageOf(data: LoginActionData | null | undefined): Message | null {
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
