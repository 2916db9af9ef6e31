// How a session ends (the review's Info items on logout and the settle cookie): a logout revokes the
// credential before the cookie goes, and takes the settle cookie (the last order's e-mail) with it;
// a new login in the same browser revokes the credential that browser held before. (A logout while
// the services are out of reach: tests/security/trade-down.test.ts.)
import { describe, expect, it } from "vitest";
import { withStore } from "../bench/data";
import { sharedShop } from "./shop";

const MEMBER = "/api/common_bll/v1/member";

const shop = sharedShop();

const credentialOf = (cookie: string) => /login_credential=([^;]+)/.exec(cookie)![1]!;

/** What the services say of a credential: 200 while it works, 401 once revoked. */
const statusOf = async (credential: string) => (await fetch(`${shop.url}${MEMBER}/login_status`, { headers: { "Login-Credential": credential } })).status;

/** A captcha lot solved in the database, as a solve would leave it. */
async function solvedLot(): Promise<string> {
  const load = await fetch(`${shop.url}/api/common_bll/v1/geetest4/load`);
  const lot = ((await load.json()) as { result: { lot_number: string } }).result.lot_number;
  withStore(shop.dbFile, (store) =>
    store.sqlite.prepare("UPDATE captcha_lots SET validated_at = ?, pass_token = 'solved' WHERE lot_number = ?").run(Date.now(), lot),
  );
  return lot;
}

describe("logout", () => {
  it("revokes the credential, clears the login cookie and the settle cookie", async () => {
    const cookie = shop.memberCookie(1);
    const credential = credentialOf(cookie);
    expect(await statusOf(credential)).toBe(200);
    const answer = await fetch(`${shop.url}/login`, {
      method: "POST",
      headers: { Origin: shop.url, Cookie: `${cookie}; settle=anything`, "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=logout",
      redirect: "manual",
    });
    expect(answer.status).toBe(302);
    const set = answer.headers.getSetCookie();
    expect(set.find((c) => c.startsWith("login_credential="))).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect(set.find((c) => c.startsWith("settle="))).toMatch(/Max-Age=0/i);
    expect(set.find((c) => c.startsWith("settle="))).toMatch(/Path=\/settle/i);
    expect(await statusOf(credential)).toBe(401);
  });
});

describe("a new login in the same browser", () => {
  it("revokes the credential that browser carried, and the new one works", async () => {
    const previous = credentialOf(shop.memberCookie(2));
    expect(await statusOf(previous)).toBe(200);
    // the storefront sends the shopper's credential with every call, the login too
    const answer = await fetch(`${shop.url}${MEMBER}/action/pwd_login`, {
      method: "POST",
      headers: { Origin: shop.url, "Content-Type": "application/json", "Login-Credential": previous },
      body: JSON.stringify({ username: "+86-13800138000", password: "demo123456", lot_number: await solvedLot() }),
    });
    expect(answer.status).toBe(200);
    const { result } = (await answer.json()) as { result: { login_credential: string } };
    expect(await statusOf(previous)).toBe(401);
    expect(await statusOf(result.login_credential)).toBe(200);
  });
});
