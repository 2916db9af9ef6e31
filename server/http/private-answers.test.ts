// The rule that keeps an answer setting a visitor's own cookie out of shared caches (private-answers.ts): it reads
// Cache-Control's directives, so a field made private by name (RFC 9111 §5.2.2.7) does not pass for a private answer.
import type { Response } from "express";
import { expect, it } from "vitest";
import { keepPrivate, PRIVATE_NO_STORE } from "./private-answers";

/** The two header calls keepPrivate makes, on a plain map. */
function answer(headers: Record<string, string | string[]>): Response & { headers: typeof headers } {
  return {
    headers,
    getHeader: (name: string) => headers[name.toLowerCase()],
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
      return this;
    },
  } as unknown as Response & { headers: typeof headers };
}

it("an answer that sets a visitor's cookie under a header field made private by name is made private, no-store (abuse case)", () => {
  const res = answer({ "cache-control": 'public, max-age=5, private="set-saas-token"', "set-cookie": ["__flash=x; Path=/"] });
  keepPrivate(res, { member: false, repeatableCookies: [] });
  expect(res.headers["cache-control"]).toBe(PRIVATE_NO_STORE);
});

it("an answer already private or not to be stored keeps its own header; a repeatable cookie leaves a public answer public", () => {
  const own = answer({ "cache-control": "private, max-age=0", "set-cookie": ["__flash=x; Path=/"] });
  keepPrivate(own, { member: false, repeatableCookies: [] });
  expect(own.headers["cache-control"]).toBe("private, max-age=0");
  const repeatable = answer({ "cache-control": "public, max-age=5", "set-cookie": ["popup_seen=1; Path=/"] });
  keepPrivate(repeatable, { member: false, repeatableCookies: ["popup_seen"] });
  expect(repeatable.headers["cache-control"]).toBe("public, max-age=5");
});
