// What the two login forms share (spec/01 §4, §5): the form that posts to /login without
// JavaScript, checked by Conform once hydrated with the field rules the action's zod schema runs
// (login-fields.ts; zod itself stays on the server, decision 024), the slider-captcha step before
// the post, the service's message, the honeypot.
import { getFormProps, parse, useForm, type DefaultValue, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import type { CaptchaChallenge } from "~/api/member.server";
import { SliderCaptcha, type CaptchaFailure } from "~/components/captcha-widget";
import { Alert } from "~/components/ui/alert";
import { StatusButton } from "~/components/ui/button";
import { useHydrated } from "~/hooks/use-hydrated";
import { HONEYPOT_FIELD, LOGIN_MESSAGES, type LoginActionData, type LoginTab } from "./login-fields";
import { loginHref } from "./login-href";

export interface FormProps {
  tab: LoginTab;
  redirectTo: string;
  challenge: CaptchaChallenge | null;
  actionData: LoginActionData | null;
  /** 设置密码 by a member: their number, filled in. */
  member?: { region: string; phone: string } | null;
}

export const inputClass = (invalid: boolean) =>
  `h-11 w-full min-w-0 rounded-lg border bg-surface-sunken px-3 text-sm text-ink placeholder:text-ink-faint focus:border-primary-500 focus:outline-none ${
    invalid ? "border-danger-500" : "border-surface-line"
  }`;
/** A bordered row holding a prefix (region, +86) and its input. */
export const groupClass = (invalid: boolean) =>
  `flex rounded-lg border bg-surface-sunken focus-within:border-primary-500 ${invalid ? "border-danger-500" : "border-surface-line"}`;

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
  // where focus was when the captcha opened (the button that opened it): it goes back there once the
  // captcha closes, unless the form moved it on (to the code field); the removed dialog would leave it on <body>
  const openedFrom = useRef<Element | null>(null);
  const start = () => {
    openedFrom.current = document.activeElement;
    setMessage(null);
    setFailure(null);
    setOpen(true);
  };
  useEffect(() => {
    if (open) return;
    const back = openedFrom.current;
    openedFrom.current = null;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (lost && back instanceof HTMLElement && back.isConnected) back.focus();
  }, [open]);
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

/** Each field's rule (login-fields.ts): its message, or null when the value is fine. */
type FieldRules<F extends string> = Partial<Record<F, (value: string) => string | null>>;

/**
 * Conform over a login form: a field is checked from its first change on (and every field on
 * submit) with the rules of the action's schema; without JavaScript the action's answer brings the
 * messages and the values back (`lastResult`). `onValid` runs for a submit whose fields are all valid.
 */
export function useLoginForm<F extends string>({
  tab,
  actionData,
  defaultValue,
  rules,
  onValid,
}: {
  tab: LoginTab;
  actionData: LoginActionData | null;
  defaultValue?: DefaultValue<Partial<Record<F, string>>>;
  /** The rules of this submission (the phone form's 获取验证码 checks the number only). */
  rules(formData: FormData): FieldRules<F>;
  onValid(form: HTMLFormElement, intent: string): void;
}) {
  return useForm<Partial<Record<F, string>>>({
    id: `login-${tab}`,
    defaultValue,
    lastResult: lastResultOf(actionData),
    shouldValidate: "onInput",
    onValidate: ({ formData }) =>
      parse(formData, {
        resolve(payload) {
          const error: Record<string, string[]> = {};
          for (const [name, check] of Object.entries<((value: string) => string | null) | undefined>(rules(formData))) {
            const message = check?.(String(payload[name] ?? ""));
            if (message) error[name] = [message];
          }
          return Object.keys(error).length ? { error } : { value: payload as Partial<Record<F, string>> };
        },
      }),
    onSubmit(event, { formData }) {
      event.preventDefault();
      onValid(event.currentTarget, String(formData.get("intent") ?? ""));
    },
  });
}

/** The action's answer as Conform's last result: the typed values and each field's message. */
function lastResultOf(data: LoginActionData | null): SubmissionResult<string[]> | undefined {
  if (!data) return undefined;
  const { captcha: _captcha, ...fieldErrors } = data.fieldErrors ?? {};
  const error = Object.fromEntries(Object.entries(fieldErrors).map(([name, message]) => [name, [message]]));
  return { status: Object.keys(error).length ? "error" : undefined, initialValue: data.values ?? {}, error };
}

/**
 * A login form: posts to /login without JavaScript; with it the fields are checked first and the
 * slider captcha comes before the post. Holds the message, the 登录 button and the captcha.
 */
export function LoginForm({
  form,
  tab,
  redirectTo,
  captcha,
  onCaptchaSolved,
  verifying,
  login,
  note,
  children,
}: {
  form: FormMetadata<Record<string, string>>;
  tab: LoginTab;
  redirectTo: string;
  captcha: CaptchaStep;
  onCaptchaSolved(form: HTMLFormElement | null, solution: { lot_number: string; captcha_output: string }): void;
  /** The captcha's answer is being checked. */
  verifying: boolean;
  /** The 登录 button (设置密码's 确认设置): its intent, a login under way, the fields valid. */
  login: { intent: "captcha-login" | "pwd-login" | "set-password"; busy: boolean; ready: boolean; label?: string };
  note?: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  return (
    <form
      ref={formRef}
      {...getFormProps(form)}
      method="post"
      action={loginHref("/login", { tab, redirectTo })}
      // the server's messages, not the browser's, also without JavaScript
      noValidate
      className="space-y-4"
    >
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Honeypot />
      {children}

      {captcha.message ? <Alert tone={captcha.message.tone}>{captcha.message.text}</Alert> : null}

      <StatusButton name="intent" value={login.intent} pending={login.busy} disabled={hydrated && (!login.ready || login.busy)} size="field" block>
        {login.busy ? (login.label ? "提交中…" : "登录中…") : (login.label ?? "登录")}
      </StatusButton>
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
