import { parse } from "cookie";
import { describe, expect, it } from "vitest";
import { COOKIE_NAMES, plainCookie, readPlainCookie, secureCookies, writeCookie, type PlainCookie } from "./cookies.server";
import { setFlash, takeFlash } from "./flash.server";
import { createAppLoadContext } from "./session.server";
import { keepSettle, readSettle } from "./settle.server";
import { testBasics } from "../../tests/support/request-basics";

const { env } = testBasics();

const http = (cookie = "") => new Request("http://shop.local/", { headers: { cookie } });
const https = () => new Request("https://shop.example/");
/** The name=value part of a Set-Cookie header, as the browser sends it back. */
const pair = (setCookie: string) => setCookie.split(";")[0]!;

/** The load context of a request with these cookies; `set()` is what its answer would set. */
async function capture(cookie = "") {
  const context = await createAppLoadContext(http(cookie), testBasics());
  return { set: () => context.session.setCookieHeaders(), context };
}

describe("the cookie registry", () => {
  it("keeps the names the page cache, the services and shoppers' browsers know", () => {
    expect(COOKIE_NAMES).toEqual({
      login: "login_credential",
      couponPopup: "coupon_popup",
      pendingClaim: "pending_claim",
      dialogDates: "DIALOG_DATE_KEY",
      dialogUsers: "DIALOG_USER_ID_KEY",
      urlParams: "url_params",
      saasToken: "saas-token",
      flash: "flash",
      settle: "settle",
      searchHistory: "serach_cache",
    });
  });

  it.each<[PlainCookie, string]>([
    ["login", "Max-Age=2592000"],
    ["couponPopup", "a browser session"],
    ["pendingClaim", "Max-Age=600"],
    ["dialogDates", "Max-Age=172800"],
    ["dialogUsers", "Max-Age=31536000"],
  ])("%s is HttpOnly, SameSite=Lax, for the whole shop (%s), and cleared with Max-Age=0", (cookie, maxAge) => {
    const header = plainCookie(cookie, "v1", http(), env);
    const lifetime = maxAge.startsWith("Max-Age") ? `${maxAge}; ` : ""; // a session cookie has none
    expect(header).toBe(`${COOKIE_NAMES[cookie]}=v1; ${lifetime}Path=/; HttpOnly; SameSite=Lax`);
    expect(plainCookie(cookie, null, http(), env)).toBe(`${COOKIE_NAMES[cookie]}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
    expect(readPlainCookie(parse(pair(header)), cookie)).toBe("v1");
  });

  it("marks every cookie Secure on an https request, by one rule", async () => {
    expect(secureCookies(http(), env)).toBe(false);
    expect(secureCookies(https(), env)).toBe(true);
    expect(plainCookie("login", "c", https(), env)).toContain("; Secure");
    for (const cookie of ["urlParams", "saasToken", "flash", "settle"] as const) {
      expect(await writeCookie(cookie, "x", https(), env), cookie).toContain("; Secure");
      expect(await writeCookie(cookie, "x", http(), env), cookie).not.toContain("Secure");
    }
  });

  it("url_params stays readable by scripts, every other cookie it sets is HttpOnly", async () => {
    expect(await writeCookie("urlParams", { channelId: "1" }, http(), env)).not.toContain("HttpOnly");
    for (const cookie of ["saasToken", "flash", "settle"] as const) expect(await writeCookie(cookie, "x", http(), env)).toContain("HttpOnly");
    expect(await writeCookie("settle", "x", http(), env)).toContain("Path=/settle");
  });
});

describe("signed cookies", () => {
  it("a flash message comes back once, then is cleared", async () => {
    const { set, context } = await capture();
    await setFlash(context, { type: "success", message: "领取成功" });
    const later = await capture(pair(set()[0]!));
    expect(await takeFlash(later.context)).toEqual({ type: "success", message: "领取成功" });
    expect(later.set()[0]).toMatch(/^flash=; Max-Age=0/);
  });

  it("a changed or unsigned flash cookie is ignored and left alone", async () => {
    const { set, context } = await capture();
    await setFlash(context, { type: "success", message: "领取成功" });
    const [value, signature] = pair(set()[0]!).slice("flash=".length).split(".");
    const planted = btoa(unescape(encodeURIComponent(JSON.stringify({ type: "error", message: "请前往 evil.example 领取" }))));
    for (const forged of [`${planted}.${signature}`, planted, `${value}.${"A".repeat(signature!.length)}`]) {
      const later = await capture(`flash=${encodeURIComponent(forged)}`);
      expect(await takeFlash(later.context), forged).toBeNull();
      expect(later.set()).toEqual([]);
    }
  });

  it("the settle cookie round-trips, and a changed one reads as none", async () => {
    const settle = { goodsNo: "G1", skuNo: "S1", couponNo: null, email: "a@example.com" };
    const { set, context } = await capture();
    await keepSettle(context, settle);
    const header = set()[0]!;
    expect(await readSettle((await capture(pair(header))).context)).toEqual(settle);
    const [, signature] = pair(header).slice("settle=".length).split(".");
    const cheaper = btoa(JSON.stringify({ ...settle, couponNo: "CP0000000001" }));
    expect(await readSettle((await capture(`settle=${encodeURIComponent(`${cheaper}.${signature}`)}`)).context)).toBeNull();
    expect(await readSettle((await capture(`settle=${cheaper}`)).context)).toBeNull();
  });
});
