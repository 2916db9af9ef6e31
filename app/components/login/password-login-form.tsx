import { useFetcher } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { accountError, passwordError, PHONE_MAX_LENGTH, type LoginActionData } from "~/lib/login-form";
import { useHydrated } from "~/lib/use-hydrated";
import { ErrorList, Field } from "../forms";
import { TextCaptcha } from "../captcha-widget";
import { groupClass, inputClass, LoginForm, post, useCaptchaStep, useTouched, type FormProps } from "./login-form";

/** 密码登录: account and password, then the captcha, then the post. */
export function PasswordLoginForm({ tab, redirectTo, challenge, actionData }: FormProps) {
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
          <Field
            required
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
        <ErrorList id="login-account" errors={[errors.account]} />
      </div>
      <div>
        <Field
          required
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
        <ErrorList id="login-password" errors={[errors.password]} />
      </div>

      {hydrated ? null : <TextCaptcha challenge={challenge} error={actionData?.intent === "pwd-login" ? actionData.fieldErrors?.captcha : undefined} />}
    </LoginForm>
  );
}

// ─── what the two forms share ────────────────────────────────────────────
