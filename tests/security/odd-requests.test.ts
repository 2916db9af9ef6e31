// Requests no page of the shop's is made for, found by an exploratory attack (session 55): a method pages do not
// take (TRACE made every page a 500 with a stack trace in the error log; PUT or OPTIONS showed Remix's English error
// text under 出错了), a POST to a page without a form, an address Express cannot decode, a path that climbs out of
// /media. Each answer is Chinese with the way back to the shop, never a 500, and leaves no error in the log.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { rawRequest, type RawAnswer } from "../support/raw-http";
import { startShop, type Shop } from "./shop";

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 60_000);
afterAll(() => shop?.close());
afterEach(() => expect(errorsLogged()).toEqual([]));

const REMIX_WORDS = /You made a|Invalid request method|did not provide|Error:|Bad Request|Not Found|at .*\.js/;

/** What the server logged at error level or above; each test ends with none (TRACE logged a stack per request). */
const errorsLogged = () =>
  shop
    .log()
    .split("\n")
    .filter((line) => /"level":(50|60)/.test(line));

function expectShopWords(answer: RawAnswer, title: string) {
  expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
  expect(answer.body).toContain(`<h1>${title}</h1>`);
  expect(answer.body).toContain('<a href="/">返回首页</a>');
  expect(answer.body).not.toMatch(REMIX_WORDS);
}

describe("a method pages do not take", () => {
  const PAGES = ["/", "/topic/G1001", "/order/list", "/search-result/steam"];

  it.each(["TRACE", "PUT", "DELETE", "PATCH", "OPTIONS", "PROPFIND"])("%s is a 405 before any page runs: Allow names GET, HEAD and POST", async (method) => {
    for (const path of PAGES) {
      for (const cookie of ["", shop.memberCookie()]) {
        const answer = await rawRequest(shop.url, method, path, cookie ? { Cookie: cookie } : {});
        expect([path, answer.status]).toEqual([path, 405]);
        expect(answer.headers["allow"]).toBe("GET, HEAD, POST");
        expectShopWords(answer, "无法完成该操作");
      }
    }
  });

  it("the sandbox cashier's paths, which fall through to the pages for a method of no route, too", async () => {
    // (its router answers OPTIONS itself, with its own Allow, as Express's routers do)
    for (const method of ["TRACE", "PUT", "PROPFIND"]) expect((await rawRequest(shop.url, method, "/mock-pay/TT1")).status, method).toBe(405);
  });

  it("a POST from the shop's own page to a page without a form says 无法完成该操作, not Remix's words", async () => {
    const answer = await rawRequest(
      shop.url,
      "POST",
      "/protocols/user",
      { Origin: shop.url, "Content-Type": "application/x-www-form-urlencoded" },
      { body: "a=1" },
    );
    expect(answer.status).toBe(405);
    // what the page shows; Remix's data for the browser's hydration (a script) keeps its router's text
    const shown = answer.body.replace(/<script[\s\S]*?<\/script>/g, "");
    expect(shown).toContain("无法完成该操作");
    expect(shown).not.toMatch(/You made a|did not provide/);
  });
});

describe("an address that is not one", () => {
  it("a percent sign Express cannot decode is a 400 链接有误 page with the way home", async () => {
    for (const path of ["/topic/%ZZ", "/search-result/%ZZ", "/order/detail/%E0%A4%A", "/media/%E0%A4%A"]) {
      const answer = await rawRequest(shop.url, "GET", path);
      expect([path, answer.status]).toEqual([path, 400]);
      expectShopWords(answer, "链接有误");
    }
  });

  it("a path that climbs out of /media is a 403 无法访问, and nothing of the file beyond", async () => {
    for (const path of ["/media/../package.json", "/media/..%2f..%2fpackage.json", "/media/%2e%2e/%2e%2e/session-secret"]) {
      const answer = await rawRequest(shop.url, "GET", path);
      expect([path, answer.status]).toEqual([path, 403]);
      expectShopWords(answer, "无法访问");
      expect(answer.body).not.toContain('"name"');
    }
  });

  it("a missing image is a 404 页面不存在", async () => {
    expectShopWords(await rawRequest(shop.url, "GET", "/media/goods/G0000/none.svg"), "页面不存在");
  });

  it("a Host whose port is not a port is a 400 in Chinese too", async () => {
    const answer = await rawRequest(shop.url, "GET", "/", { Host: "127.0.0.1:99999" });
    expect(answer.status).toBe(400);
    expectShopWords(answer, "链接有误");
  });

  it("the services name the address, not the body, when a path parameter cannot be decoded", async () => {
    const answer = await rawRequest(shop.url, "GET", "/api/trade_bff/v2/goods/%E0%A4%A");
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, result: { error_msg: "请求地址格式错误" } });
  });
});
