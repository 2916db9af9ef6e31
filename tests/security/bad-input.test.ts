// Every storefront action (settle.pay* aside: tests/security/pay.test.ts) answers bad input with a
// 400 and a Chinese message, or, where its contract is Post/Redirect/Get, a redirect with a Chinese
// flash message; never a 500. Same-origin posts (Origin = the shop), as a visitor and as a member.
import { describe, expect, it } from "vitest";
import { sharedShop } from "./shop";

const CHINESE = /[\u4e00-\u9fff]/;
/** A message the page shows: an alert, or the error of a field, in Chinese. */
const SHOWN_MESSAGE = /(role="alert"|id="[\w-]+-error")[^>]*>(<[^>]+>)*[^<]*[\u4e00-\u9fff]/;
const UNREADABLE = new Set(["JSON", "plain text", "no content type", "broken multipart"]);

type Body = { name: string; type?: string; body: string };
const BODIES: Body[] = [
  { name: "empty", type: "application/x-www-form-urlencoded", body: "" },
  { name: "a wrong intent", type: "application/x-www-form-urlencoded", body: "intent=drop-tables&activity_no=1" },
  { name: "an intent without its fields", type: "application/x-www-form-urlencoded", body: "intent=claim" },
  { name: "garbage fields", type: "application/x-www-form-urlencoded", body: "intent=claim&activity_no=%3Cscript%3E&order_no=..%2F..&path=javascript:1&%ZZ=%" },
  { name: "overlong values", type: "application/x-www-form-urlencoded", body: `intent=close&order_no=${"9".repeat(5000)}&path=/${"a".repeat(5000)}` },
  { name: "JSON", type: "application/json", body: '{"intent":"claim","activity_no":"ACT003"}' },
  { name: "plain text", type: "text/plain", body: "intent=claim" },
  { name: "no content type", body: "intent=claim" },
  { name: "broken multipart", type: "multipart/form-data; boundary=xyz", body: '--xyz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nclaim' },
];

// every action of the storefront but settle.pay* (H4), with intents it does not know
const ACTIONS = ["/login", "/coupon-collection", "/order/list", "/order/detail/TT1", "/topic/G1001", "/search-history/clear", "/resources/page-view"];

/** The message a flash cookie carries (Remix's unsigned cookie: base64 of the JSON). */
function flashOf(response: Response): string | null {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("flash="));
  if (!cookie) return null;
  const value = decodeURIComponent(cookie.slice("flash=".length).split(";")[0]!);
  try {
    return (JSON.parse(Buffer.from(value, "base64").toString("utf8")) as { message?: string }).message ?? null;
  } catch {
    return null;
  }
}

describe("bad input to the storefront's actions", () => {
  const shop = sharedShop();

  async function post(path: string, input: Body, cookie?: string, fetcherLike = false) {
    const headers: Record<string, string> = { origin: shop.url };
    if (input.type) headers["content-type"] = input.type;
    if (cookie) headers.cookie = cookie;
    if (fetcherLike) headers["sec-fetch-dest"] = "empty";
    const response = await fetch(shop.url + path, { method: "POST", headers, body: input.body, redirect: "manual" });
    return { response, text: await response.text() };
  }

  for (const who of ["visitor", "member"] as const) {
    for (const path of ACTIONS) {
      it.each(BODIES)(`${who}: POST ${path} with $name is refused in Chinese, never a 500`, async (input) => {
        const { response, text } = await post(path, input, who === "member" ? shop.memberCookie() : undefined);
        const where = `${who} ${path} ${input.name}: ${response.status} ${text.slice(0, 120)}`;
        expect(response.status, where).toBeLessThan(500);
        if (response.status >= 300 && response.status < 400) {
          const location = response.headers.get("location") ?? "";
          expect(location, where).toMatch(/^\/(?![/\\])/);
          if (/[?&]login=/.test(location)) return; // a member-only action sends a visitor to the login modal
          if (who === "member" && path === "/login") return; // a member on /login is sent back where they were going
          if (path === "/search-history/clear" && !UNREADABLE.has(input.name)) return; // clearing takes no input
          expect(flashOf(response) ?? "", where).toMatch(CHINESE);
        } else if (input.type?.startsWith("multipart/")) {
          // no form of the shop uploads files: multipart is refused before Remix reads it
          expect(response.status, where).toBe(415);
          expect(text, where).toMatch(CHINESE);
        } else {
          expect(response.status, where).toBe(400);
          const type = response.headers.get("content-type") ?? "";
          // a page shows why (role=alert or a field's error); a resource answers the message itself
          if (type.startsWith("text/html")) expect(text, where).toMatch(SHOWN_MESSAGE);
          else expect(text, where).toMatch(CHINESE);
        }
      });
    }
  }

  it("a fetcher's garbage post to a page action is still answered without a 500", async () => {
    for (const path of ACTIONS) {
      const { response } = await post(path, BODIES[6]!, shop.memberCookie(), true);
      expect(response.status, path).toBeLessThan(500);
    }
  });

  it("a page action that is not there answers 405 in Chinese, never a 500", async () => {
    for (const path of ["/coupon", "/", "/search-result/steam"]) {
      const { response, text } = await post(path, BODIES[1]!, shop.memberCookie());
      expect(response.status, path).toBeLessThan(500);
      expect(text, path).toMatch(CHINESE);
    }
  });
});
