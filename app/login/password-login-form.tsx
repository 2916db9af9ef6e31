import { getInputProps } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { TextCaptcha } from "~/components/captcha-widget";
import { ErrorList, Field } from "~/components/forms";
import { useHydrated } from "~/hooks/use-hydrated";
import { accountError, passwordError, PHONE_MAX_LENGTH, type LoginActionData } from "./login-fields";
import { groupClass, inputClass, LoginForm, post, useCaptchaStep, useLoginForm, type FormProps } from "./login-form";

/** 密码登录: account and password, then the captcha, then the post. */
export function PasswordLoginForm({ tab, redirectTo, challenge, actionData }: FormProps) {
  const hydrated = useHydrated();
  const login = useFetcher<LoginActionData>();
  const captcha = useCaptchaStep(actionData);
  const loggingIn = login.state !== "idle";
  const [form, fields] = useLoginForm<"account" | "password">({
    tab,
    actionData,
    rules: () => ({ account: accountError, password: passwordError }),
    onValid: () => {
      if (!loggingIn) captcha.start();
    },
  });

  const answered = login.state === "idle" ? login.data : undefined;
  const captchaAnswered = captcha.answered;
  useEffect(() => {
    if (answered && !answered.ok) captchaAnswered(answered);
  }, [answered, captchaAnswered]);

  const account = fields.account.value ?? "";
  const errors = { account: fields.account.errors?.[0], password: fields.password.errors?.[0] };
  const valid = !accountError(account) && !passwordError(fields.password.value ?? "");

  return (
    <LoginForm
      {...{ form, tab, redirectTo, captcha }}
      onCaptchaSolved={(element, solution) => post(element, login, { intent: "pwd-login", account: account.trim(), ...solution })}
      verifying={loggingIn}
      login={{ intent: "pwd-login", busy: loggingIn, ready: valid }}
    >
      <div>
        <div className={`${groupClass(Boolean(errors.account))} items-center`}>
          <span className="border-r border-surface-line px-3 text-sm text-ink-muted" title="密码登录仅支持中国大陆手机号">
            +86
          </span>
          <Field
            {...getInputProps(fields.account, { type: "text", ariaAttributes: false })}
            required
            id="login-account"
            label="账号"
            error={errors.account}
            inputMode="numeric"
            autoComplete="username"
            maxLength={PHONE_MAX_LENGTH}
            placeholder="请输入账号"
            className="h-11 w-full min-w-0 rounded-r-lg bg-transparent px-3 text-sm text-ink placeholder:text-ink-faint focus:outline-none"
          />
        </div>
        <ErrorList id="login-account" errors={[errors.account]} />
      </div>
      <div>
        <Field
          {...getInputProps(fields.password, { type: "password", ariaAttributes: false })}
          required
          id="login-password"
          label="密码"
          error={errors.password}
          autoComplete="current-password"
          maxLength={128}
          placeholder="请输入密码"
          className={inputClass(Boolean(errors.password))}
        />
        <ErrorList id="login-password" errors={[errors.password]} />
      </div>

      {hydrated ? null : (
        <TextCaptcha
          challenge={challenge}
          error={actionData?.intent === "pwd-login" ? actionData.fieldErrors?.captcha : undefined}
          posted={actionData !== null}
        />
      )}
    </LoginForm>
  );
}
