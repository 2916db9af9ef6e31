// The back office as its security tests reach it (issue 39): a shop with a back office on a port of its own, operators
// created in the shop's database, and their login through the real form: the login page's CSRF token and cookie, the
// password, and the TOTP code of the operator's secret (a code is good once: each sign-in has an operator of its own).
import { expect } from "vitest";
import { totpCode } from "../../server/trade/domain/totp";
import { createOperator } from "../../server/trade/services/operator.service";
import { withStore } from "../bench/data";
import { freePort } from "../bench/server";
import { startShop, type Shop } from "./shop";

export const OPERATOR_PASSWORD = "operator password 123";

export const cookiesOf = (answer: Response) => answer.headers.getSetCookie().map((c) => c.split(";")[0]!);
export const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)![1]!;

/** What an attacker's form post carries instead of the session's CSRF token: none, a made-up one, or the right one sent from another site. */
export const forgedPosts = (csrf: string) =>
  [
    [null, {}],
    ["forged-token", {}],
    [csrf, { "Sec-Fetch-Site": "cross-site" }],
    [csrf, { Origin: "https://evil.example" }],
  ] as const;

export interface BackOffice {
  shop: Shop;
  /** The back office's origin: its own port (ADMIN_PORT), never the shop's. */
  admin: string;
  /** A new operator in the shop's database, named after the prefix, and its TOTP secret. */
  newOperator(): { name: string; secret: string };
  /** The login page's CSRF token and the cookie that goes with it. */
  loginForm(): Promise<{ token: string; cookie: string }>;
  /** `via`: another origin of the same listener, and an X-Forwarded-For the request carries. */
  postLogin(fields: Record<string, string>, cookie: string, via?: { origin?: string; forwardedFor?: string }): Promise<Response>;
  /** A new operator signed in: its cookie, and `page` (the overview unless told) with the CSRF token of its forms. */
  signIn(page?: string): Promise<{ cookie: string; csrf: string; html: string }>;
  /** A form posted to the back office with `cookie`, its redirect answered, not followed. */
  post(path: string, cookie: string, body: URLSearchParams | FormData, headers?: Record<string, string>): Promise<Response>;
}

/** A shop with its back office; `prefix` names its operators; `env` adds to the shop's settings (ADMIN_HOST, TRUST_PROXY). */
export async function startBackOffice(prefix: string, env: Record<string, string> = {}): Promise<BackOffice> {
  const port = await freePort();
  const shop = await startShop({ env: { ADMIN_PORT: String(port), ...env } });
  const admin = `http://127.0.0.1:${port}`;
  let operators = 0;
  const office: BackOffice = {
    shop,
    admin,
    newOperator() {
      const name = `${prefix}${++operators}`;
      const { secret } = withStore(shop.dbFile, (store) => createOperator({ store, now: Date.now }, name, OPERATOR_PASSWORD));
      return { name, secret };
    },
    async loginForm() {
      const page = await fetch(`${admin}/admin/login`);
      return { token: csrfOf(await page.text()), cookie: cookiesOf(page).join("; ") };
    },
    postLogin(fields, cookie, { origin = admin, forwardedFor } = {}) {
      return fetch(`${origin}/admin/login`, {
        method: "POST",
        headers: {
          Cookie: cookie,
          "Content-Type": "application/x-www-form-urlencoded",
          ...(forwardedFor === undefined ? {} : { "X-Forwarded-For": forwardedFor }),
        },
        body: new URLSearchParams(fields),
        redirect: "manual",
      });
    },
    async signIn(page = "/admin") {
      const { name, secret } = office.newOperator();
      const form = await office.loginForm();
      const answer = await office.postLogin({ csrf: form.token, name, password: OPERATOR_PASSWORD, code: totpCode(secret, Date.now()) }, form.cookie);
      expect(answer.status).toBe(302);
      const cookie = cookiesOf(answer).join("; ");
      const html = await (await fetch(`${admin}${page}`, { headers: { Cookie: cookie } })).text();
      return { cookie, csrf: csrfOf(html), html };
    },
    post(path, cookie, body, headers = {}) {
      const type: Record<string, string> = body instanceof FormData ? {} : { "Content-Type": "application/x-www-form-urlencoded" };
      return fetch(`${admin}${path}`, { method: "POST", headers: { Cookie: cookie, ...type, ...headers }, body, redirect: "manual" });
    },
  };
  return office;
}
