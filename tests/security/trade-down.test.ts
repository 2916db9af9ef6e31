// The trade tier stopped behind a running storefront (issue 22): every page says it could not load
// (503 服务繁忙 with Retry-After, or 加载失败 with 重试), never "there is none"; a form says
// 服务繁忙，请稍后重试 instead of failing; and when the trade tier is back on the same address, the same
// storefront process serves the pages again without a restart.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeededDb, credentialFor } from "../bench/data";
import { freePort, startServer, type BenchServer } from "../bench/server";

let dir: string;
let dbFile: string;
let tradePort: number;
let trade: BenchServer;
let storefront: BenchServer;

const startTrade = () => startServer({ dbFile, logDir: dir, port: tradePort, env: { SERVER_ROLE: "trade" } });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "shop-trade-down-"));
  dbFile = createSeededDb(dir).dbFile;
  tradePort = await freePort();
  trade = await startTrade();
  const port = await freePort();
  storefront = await startServer({
    dbFile,
    logDir: dir,
    port,
    env: {
      SERVER_ROLE: "storefront",
      TRADE_API_URL: trade.url,
      CN_BASE_URL: `http://127.0.0.1:${port}`,
      DB_FILE: join(dir, "absent", "storefront.sqlite"),
    },
  });
  // the storefront has talked to the trade tier: its connections are open when it goes away
  expect((await fetch(`${storefront.url}/topic/G1001`)).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await storefront?.stop();
  await trade?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const page = async (path: string) => {
  const answer = await fetch(storefront.url + path);
  return {
    status: answer.status,
    retryAfter: answer.headers.get("retry-after"),
    cacheControl: answer.headers.get("cache-control"),
    html: await answer.text(),
  };
};

const postLogin = async () => {
  const form = new URLSearchParams({ intent: "pwd-login", account: "13800138000", password: "demo123456", lot_number: "lot-1", captcha_output: "1234" });
  const answer = await fetch(`${storefront.url}/login`, { method: "POST", headers: { Origin: storefront.url }, body: form, redirect: "manual" });
  return { status: answer.status, html: await answer.text() };
};

const logout = async (credential: string) => {
  const answer = await fetch(`${storefront.url}/login`, {
    method: "POST",
    headers: { Origin: storefront.url, Cookie: `login_credential=${credential}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: "intent=logout",
    redirect: "manual",
  });
  const set = answer.headers.getSetCookie();
  return { status: answer.status, clearsLogin: set.some((c) => c.startsWith("login_credential=")), flash: flashOf(set) };
};

/** The message of the (signed) flash cookie: base64 of the JSON, then the signature. */
function flashOf(setCookies: string[]): string | null {
  const cookie = setCookies.find((c) => c.startsWith("flash="));
  if (!cookie) return null;
  const value = decodeURIComponent(cookie.slice("flash=".length).split(";")[0]!);
  return (JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf(".")), "base64").toString("utf8")) as { message: string }).message;
}

let credential: string;

describe("with the trade tier stopped", () => {
  beforeAll(() => trade.stop(), 30_000);

  it("an uncached goods page answers 503 with Retry-After and the 服务繁忙 page", async () => {
    const goods = await page("/topic/G1002");
    expect(goods.status).toBe(503);
    expect(Number(goods.retryAfter)).toBeGreaterThan(0);
    expect(goods.html).toMatch(/<h1[^>]*>服务繁忙<\/h1>/);
    expect(goods.html).toContain(">重试</a>");
  });

  it("the home page answers 503 服务繁忙, not 暂无内容", async () => {
    const home = await page("/");
    expect(home.status).toBe(503);
    expect(home.html).not.toContain("暂无内容");
    expect(home.html).toMatch(/<h1[^>]*>服务繁忙<\/h1>/);
  });

  it("search says its results could not be loaded, not 暂无搜索结果", async () => {
    const search = await page("/search-result/Steam");
    expect(search.status).toBe(503);
    expect(search.html).not.toContain("暂无搜索结果");
    expect(search.html).toContain("搜索结果加载失败");
  });

  it("the search box's suggestions say they failed (503, not kept by the browser), not an empty list", async () => {
    const answer = await fetch(`${storefront.url}/resources/search-suggest?keyword=Steam`);
    expect(answer.status).toBe(503);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(await answer.json()).toEqual({ keyword: "Steam", list: [], failed: true });
  });

  it("the coupon centre says its coupons could not be loaded, not 暂无可领取的优惠券", async () => {
    const centre = await page("/coupon-collection");
    expect(centre.html).not.toContain("暂无可领取的优惠券");
    expect(centre.html).toContain("优惠券加载失败");
    expect(centre.html).toContain(">重试</a>");
    // a 200 that shows a failure: the page cache must not replay it once the services are back
    expect(centre.cacheControl).toBe("no-store");
  });

  it("a login post answers the form with 服务繁忙，请稍后重试, not a 500", async () => {
    const login = await postLogin();
    expect(login.status).toBe(503);
    expect(login.html).toContain("服务繁忙，请稍后重试");
  });
});

describe("a member's claim with the trade tier stopped", () => {
  it("goes back to the coupon centre with 服务繁忙，请稍后重试, not a 500", async () => {
    const answer = await fetch(`${storefront.url}/coupon-collection`, {
      method: "POST",
      headers: { Origin: storefront.url, Cookie: `login_credential=${credentialFor(dbFile, 1)}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=claim-all",
      redirect: "manual",
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/coupon-collection");
    expect(flashOf(answer.headers.getSetCookie())).toBe("服务繁忙，请稍后重试");
  });
});

describe("a logout with the trade tier stopped", () => {
  beforeAll(() => {
    credential = credentialFor(dbFile, 1);
  });

  it("keeps the session and says 退出失败，请重试: the credential could not be revoked", async () => {
    const answer = await logout(credential);
    expect(answer.status).toBe(302);
    expect(answer.clearsLogin).toBe(false);
    expect(answer.flash).toBe("退出失败，请重试");
  });
});

describe("with the trade tier started again on the same address", () => {
  beforeAll(async () => {
    trade = await startTrade();
  }, 90_000);

  it("the same storefront serves the pages again, without a restart", async () => {
    const goods = await page("/topic/G1002");
    expect(goods.status).toBe(200);
    expect(goods.retryAfter).toBeNull();
    const search = await page("/search-result/Steam");
    expect(search.status).toBe(200);
    expect(search.html).not.toContain("搜索结果加载失败");
    const centre = await page("/coupon-collection");
    expect(centre.html).not.toContain("优惠券加载失败");
    const suggest = await fetch(`${storefront.url}/resources/search-suggest?keyword=Steam`);
    expect(suggest.status).toBe(200);
    expect(((await suggest.json()) as { list: unknown[] }).list.length).toBeGreaterThan(0);
    // the services answer again: a wrong captcha is theirs to refuse
    const login = await postLogin();
    expect(login.status).toBe(400);
    expect(login.html).not.toContain("服务繁忙");
  });

  it("the logout that failed goes through: the credential is revoked", async () => {
    const answer = await logout(credential);
    expect(answer.clearsLogin).toBe(true);
    expect(answer.flash).toBe("已退出登录");
    const status = await fetch(`${trade.url}/api/common_bll/v1/member/login_status`, { headers: { "Login-Credential": credential } });
    expect(status.status).toBe(401);
  });
});
