// The login action's input (spec/01 §5, §9) as zod schemas over the field rules of
// login-fields.ts, which the forms run in the browser (through Conform). Server-only: zod would add
// 34 kB (gzip) to the login chunk (decision 024).
import { z } from "zod";
import { DEFAULT_REGION_CODE, isKnownRegionCode } from "./country-codes";
import {
  accountError,
  codeError,
  HONEYPOT_FIELD,
  newPasswordFieldError,
  passwordError,
  phoneError,
  SMS_CODE_LENGTH,
  type LoginField,
  type LoginIntent,
} from "./login-fields";

const text = (max: number) =>
  z
    .string()
    .nullish()
    .transform((v) => (v ?? "").trim().slice(0, max));
const checked = (check: (v: string) => string | null) => (value: string, ctx: z.RefinementCtx) => {
  const message = check(value);
  if (message) ctx.addIssue({ code: "custom", message });
};
const Region = z
  .string()
  .nullish()
  .transform((v) => (v && isKnownRegionCode(v) ? v : DEFAULT_REGION_CODE));
const Phone = text(32).superRefine(checked(phoneError));
const Captcha = {
  lot_number: text(64),
  captcha_output: text(1024),
};
const Common = {
  redirectTo: text(500),
  [HONEYPOT_FIELD]: text(200),
};

const SmsCode = text(SMS_CODE_LENGTH * 2).superRefine(checked(codeError));
/** Passwords are not trimmed for the API. */
const untrimmed = (max: number) =>
  z
    .string()
    .nullish()
    .transform((v) => (v ?? "").slice(0, max));

export const SendCodeSchema = z.object({
  intent: z.literal("send-code"),
  // the 设置密码 form's codes are of their own type (issue 25)
  purpose: z.enum(["login", "set-password"]).catch("login"),
  region: Region,
  phone: Phone,
  ...Captcha,
  ...Common,
});
export const CaptchaLoginSchema = z.object({
  intent: z.literal("captcha-login"),
  region: Region,
  phone: Phone,
  sms_code: SmsCode,
  ...Common,
});
export const SetPasswordSchema = z
  .object({ intent: z.literal("set-password"), region: Region, phone: Phone, sms_code: SmsCode, new_password: untrimmed(64), ...Common })
  .superRefine((value, ctx) => {
    const message = newPasswordFieldError(value.new_password, value.region, value.phone);
    if (message) ctx.addIssue({ code: "custom", path: ["new_password"], message });
  });
export const PwdLoginSchema = z.object({
  intent: z.literal("pwd-login"),
  account: text(64).superRefine(checked(accountError)),
  password: untrimmed(128).superRefine(checked(passwordError)),
  ...Captcha,
  ...Common,
});
export const LogoutSchema = z.object({ intent: z.literal("logout") });

export const LoginActionSchema = z.discriminatedUnion("intent", [SendCodeSchema, CaptchaLoginSchema, PwdLoginSchema, SetPasswordSchema, LogoutSchema]);
export type LoginAction = z.infer<typeof LoginActionSchema>;

/** The first message of each field of a failed parse. */
export function fieldErrorsOf(error: z.ZodError): Partial<Record<LoginField, string>> {
  const errors: Partial<Record<LoginField, string>> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "") as LoginField;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

// LoginIntent (login-form.ts, for the browser) names exactly the intents of the union
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
true satisfies Same<LoginAction["intent"], LoginIntent>;
