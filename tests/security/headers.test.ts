// What the HTTP edge says and records (decision 012, review findings 6 and 17): the login cookie is Secure when
// the shopper's request came over https (as the trusted proxy reports it), the cashier's `?sig=`
// never reaches the access log, and a client's X-Request-Id is echoed only when it is harmless.
import { randomBytes } from "node:crypto";
import { networkInterfaces } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedShop, startShop, type Shop } from "./shop";

const TEST_PASS = "test-pass-0000";

/** This machine's first non-loopback IPv4 address: a peer that is not a trusted proxy by default. */
const outside = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === "IPv4" && !a.internal)?.address;

/** Logs the demo member in through the storefront's own form and returns its Set-Cookie header. */
async function storefrontLogin(base: string, headers: Record<string, string> = {}): Promise<string> {
  const load = await fetch(`${base}/api/common_bll/v1/geetest4/load?type=text`);
  const lot = ((await load.json()) as { result: { lot_number: string } }).result.lot_number;
  const res = await fetch(`${base}/login?login=pwd`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams({ intent: "pwd-login", account: "13800138000", password: "demo123456", lot_number: lot, captcha_output: TEST_PASS }).toString(),
  });
  const cookies = res.headers.getSetCookie().filter((c) => c.startsWith("login_credential="));
  expect(cookies, `login answered ${res.status}`).toHaveLength(1);
  return cookies[0]!;
}

describe("the login cookie's Secure flag follows the shopper's protocol", () => {
  let shop: Shop;
  beforeAll(async () => {
    // the captcha test pass is refused in production; the flag does not depend on NODE_ENV
    shop = await startShop({ env: { NODE_ENV: "development", CAPTCHA_TEST_PASS: TEST_PASS, HOST: "0.0.0.0" } });
  }, 90_000);
  afterAll(() => shop?.close());

  it("is Secure when the trusted proxy reports https", async () => {
    expect(await storefrontLogin(shop.url, { "X-Forwarded-Proto": "https" })).toMatch(/;\s*Secure/i);
  });

  it("is not Secure over plain http", async () => {
    expect(await storefrontLogin(shop.url)).not.toMatch(/;\s*Secure/i);
  });

  it.skipIf(!outside)("a peer that is not a trusted proxy cannot claim https", async () => {
    const base = shop.url.replace("127.0.0.1", outside!);
    expect(await storefrontLogin(base, { "X-Forwarded-Proto": "https" })).not.toMatch(/;\s*Secure/i);
  });

  it.skipIf(!outside)(
    "a peer named in TRUST_PROXY can",
    async () => {
      const trusted = await startShop({ env: { NODE_ENV: "development", CAPTCHA_TEST_PASS: TEST_PASS, HOST: "0.0.0.0", TRUST_PROXY: `${outside}/32` } });
      try {
        const base = trusted.url.replace("127.0.0.1", outside!);
        expect(await storefrontLogin(base, { "X-Forwarded-Proto": "https" })).toMatch(/;\s*Secure/i);
      } finally {
        await trusted.close();
      }
    },
    90_000,
  );
});

describe("the access log and request ids", () => {
  const shop = sharedShop();

  it("does not write the cashier's ?sig= (or other tokens in the query) to the access log", async () => {
    // a value of this test's own: the shared shop's log holds other files' requests, whose addresses may
    // carry a sig-like string in a parameter that is not a secret (pay-url.test's forged pay_url)
    const sig = randomBytes(16).toString("hex");
    await (await fetch(`${shop.url}/mock-pay/D20261101000000001?sig=${sig}&x=1`)).arrayBuffer();
    await (await fetch(`${shop.url}/search-result/steam?token=secret-token-value`)).arrayBuffer();
    // both requests are in the log (the shared shop's log holds other files' requests too)
    const logged = (log: string) => ["/mock-pay/D20261101000000001?sig=", "/search-result/steam?token="].filter((path) => log.includes(path));
    await expect.poll(() => logged(shop.log())).toHaveLength(2);
    const log = shop.log();
    expect(log).not.toContain(sig);
    expect(log).not.toContain("secret-token-value");
  });

  it("echoes a well-formed X-Request-Id and replaces any other with a fresh one", async () => {
    const good = await fetch(`${shop.url}/api/trade_bff/v1/shopping/layout?page_type=HOME`, { headers: { "X-Request-Id": "lb-1234.abc_DEF" } });
    expect(good.headers.get("x-request-id")).toBe("lb-1234.abc_DEF");
    for (const bad of ["<script>alert(1)</script>", "a b", "x".repeat(65), "id;drop", "%0d%0aSet-Cookie:x=1"]) {
      const res = await fetch(`${shop.url}/api/trade_bff/v1/shopping/layout?page_type=HOME`, { headers: { "X-Request-Id": bad } });
      const id = res.headers.get("x-request-id");
      expect(id, bad).not.toBe(bad);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });

  it("logs a page answered from the page cache with a line of its own, its secrets redacted, and gives it a request id by the same rule", async () => {
    // a keyword and a token of this test's own: the shared shop's log holds other files' requests
    const [keyword, token] = [randomBytes(6).toString("hex"), randomBytes(12).toString("hex")];
    const page = `${shop.url}/search-result/${keyword}?token=${token}`;
    const rendered = await fetch(page);
    await rendered.arrayBuffer();
    const good = await fetch(page, { headers: { "X-Request-Id": "lb-hit.1" } });
    await good.arrayBuffer();
    expect(good.headers.get("x-page-cache")).toBe("HIT");
    expect(good.headers.get("x-request-id")).toBe("lb-hit.1");
    const bad = await fetch(page, { headers: { "X-Request-Id": "a b" } });
    await bad.arrayBuffer();
    expect(bad.headers.get("x-page-cache")).toBe("HIT");
    expect(bad.headers.get("x-request-id")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

    const lines = () =>
      shop
        .log()
        .split("\n")
        .filter((line) => line.includes(`/search-result/${keyword}?`))
        .map((line) => JSON.parse(line) as { msg: string; req: { method: string; url: string }; res: { statusCode: number }; pageCache?: string });
    // the render's line and the two hits'
    await expect.poll(() => lines().length).toBe(3);
    // each line names its request by the id it answered with (operator trial M1)
    const hit = (id: unknown) =>
      expect.objectContaining({
        msg: "request completed",
        req: { id, method: "GET", url: `/search-result/${keyword}?token=%5Bredacted%5D`, remoteAddress: "127.0.0.1" },
        res: { statusCode: 200 },
      });
    expect(lines().filter((line) => line.pageCache === "hit")).toEqual([hit("lb-hit.1"), hit(bad.headers.get("x-request-id"))]);
    expect(shop.log()).not.toContain(token);
  });
});
