// Finding 3 (open redirect after login): whatever `redirectTo` says, the shop sends a shopper who
// logs in (or is already logged in) only to a path of its own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShop, type Shop } from "./shop";

const TEST_PASS = "security-pass-1234";
const ATTACKS = [
  "/.//evil.example/x",
  "/..//evil.example/x",
  "/%2e%2e//evil.example/x",
  "//evil.example/x",
  "/\\evil.example/x",
  "/\t/evil.example/x",
  "https:evil.example",
];

/** A Location that stays on the shop: a path starting with one slash, not `//` or `/\`. */
function expectSameSite(location: string | null, shop: Shop) {
  expect(location).not.toBeNull();
  expect(location).toMatch(/^\/(?![/\\])/);
  expect(new URL(location!, shop.url).origin).toBe(shop.url);
}

describe("the return address after login", () => {
  let shop: Shop;
  beforeAll(async () => {
    // a test captcha pass needs a non-production NODE_ENV; DEMO keeps the shop as in production otherwise
    shop = await startShop({ env: { NODE_ENV: "test", CAPTCHA_TEST_PASS: TEST_PASS, DEMO: "1" } });
  }, 90_000);
  afterAll(() => shop?.close());

  it.each(ATTACKS)("a logged-in member opening /login?redirectTo=%j stays on the shop", async (redirectTo) => {
    const response = await fetch(`${shop.url}/login?${new URLSearchParams({ redirectTo })}`, {
      headers: { cookie: shop.memberCookie() },
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expectSameSite(response.headers.get("location"), shop);
  });

  it("a logged-in member still goes to a real path of the shop", async () => {
    const response = await fetch(`${shop.url}/login?redirectTo=${encodeURIComponent("/order/list?status=ALL")}`, {
      headers: { cookie: shop.memberCookie() },
      redirect: "manual",
    });
    expect(response.headers.get("location")).toBe("/order/list?status=ALL");
  });

  it.each(ATTACKS)("a password login without JavaScript with redirectTo=%j lands on the shop", async (redirectTo) => {
    const address = `198.51.100.${ATTACKS.indexOf(redirectTo) + 10}`;
    const load = await fetch(`${shop.url}/api/common_bll/v1/geetest4/load?type=text`, { headers: { "X-Forwarded-For": address } });
    const lot = ((await load.json()) as { result: { lot_number: string } }).result.lot_number;
    const response = await fetch(`${shop.url}/login?login=pwd&${new URLSearchParams({ redirectTo })}`, {
      method: "POST",
      headers: { origin: shop.url, "X-Forwarded-For": address },
      body: new URLSearchParams({
        intent: "pwd-login",
        account: "13900139000",
        password: "demo123456",
        lot_number: lot,
        captcha_output: TEST_PASS,
        redirectTo,
      }),
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("login_credential=") && !c.startsWith("login_credential=;"))).toBe(true);
    expectSameSite(response.headers.get("location"), shop);
  });
});
