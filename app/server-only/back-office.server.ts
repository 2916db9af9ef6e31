// The back office's session on the request (issue 39, decision 053): the operator's cookie (its
// own name, HttpOnly, SameSite=Strict, never the shopper's), the CSRF token every form carries,
// and the services of the back office's listener. Without those services (the shop's listener)
// every back-office route answers 404.
import { redirect } from "@remix-run/node";
import type { AppLoadContext } from "@remix-run/node";
import { parse, serialize } from "cookie";
import { randomBytes, timingSafeEqual } from "node:crypto";
import { BACK_OFFICE_PATH, CSRF_FIELD, type BackOfficeServices as BackOffice, type SignedInOperator } from "../../shared/back-office";

export const OPERATOR_COOKIE = "tts_operator";
/** The login form's token (double submit): the form is posted before there is a session. */
export const LOGIN_FORM_COOKIE = "tts_operator_form";
export const CSRF_MESSAGE = "页面已过期或来源不明，请刷新页面后重试（未做任何修改）";

export function backOfficeOf(context: AppLoadContext): BackOffice {
  if (!context.backOffice) throw new Response("Not Found", { status: 404 });
  return context.backOffice;
}

export const cookieOf = (request: Request, name: string): string | undefined => parse(request.headers.get("Cookie") ?? "")[name];

const secure = (request: Request) => new URL(request.url).protocol === "https:";

export function operatorCookie(request: Request, token: string | null): string {
  return serialize(OPERATOR_COOKIE, token ?? "", {
    httpOnly: true,
    sameSite: "strict",
    path: "/",
    secure: secure(request),
    ...(token === null ? { maxAge: 0 } : {}),
  });
}

export function loginFormCookie(request: Request, token: string): string {
  // the whole back office's path: with JavaScript the form posts to /admin/login.data
  return serialize(LOGIN_FORM_COOKIE, token, { httpOnly: true, sameSite: "strict", path: BACK_OFFICE_PATH, secure: secure(request) });
}

export const newFormToken = () => randomBytes(24).toString("base64url");

export function sameToken(a: unknown, b: string | undefined): boolean {
  if (typeof a !== "string" || !b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface OperatorRequest {
  services: BackOffice;
  operator: SignedInOperator;
  token: string;
}

/** The signed-in operator, or a redirect to the login page. */
export function requireOperator(context: AppLoadContext, request: Request): OperatorRequest {
  const services = backOfficeOf(context);
  const token = cookieOf(request, OPERATOR_COOKIE);
  const operator = services.signedIn(token);
  if (!operator || !token) throw redirect(`${BACK_OFFICE_PATH}/login`, { headers: { "Set-Cookie": operatorCookie(request, null) } });
  return { services, operator, token };
}

/** A form post of the signed-in operator: its CSRF field must be the session's token (403 otherwise, nothing done). */
export function checkCsrf(form: FormData, operator: SignedInOperator): void {
  if (!sameToken(form.get(CSRF_FIELD), operator.csrfToken))
    throw new Response(CSRF_MESSAGE, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
