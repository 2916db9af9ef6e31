import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { ApiResult } from "~/api/client.server";
import { testBasics } from "../../tests/support/request-basics";

// the client as the session sees it: each call answers the next of `answers`
const answers: ApiResult<unknown>[] = [];
vi.mock("~/api/client.server", () => ({
  tradeClient: (caller: { credential: string | null; urlParams: unknown }) => ({
    credential: caller.credential,
    urlParams: caller.urlParams,
    get: async () => answers.shift(),
    post: async () => answers.shift(),
  }),
}));

const { createAppLoadContext } = await import("./session.server");

const contextOf = (cookie = "") => createAppLoadContext(new Request("http://shop.local/", { headers: { cookie } }), testBasics());
const EXPIRED: ApiResult<unknown> = { ok: false, status: 401, errorCode: 401, errorMsg: "登录已失效，请重新登录" };
const named = (set: string[], name: string) => set.filter((c) => c.startsWith(`${name}=`));

describe("the request session", () => {
  it("reads the shopper's cookies once and answers typed getters", async () => {
    const { session } = await contextOf("login_credential=c1; pending_claim=all; serach_cache=%5B%7B%22goodsNo%22%3A%22G1%22%2C%22title%22%3A%22a%22%7D%5D");
    expect(session.credential).toBe("c1");
    expect(session.get("pendingClaim")).toBe("all");
    expect(session.searchHistory()).toEqual([{ goodsNo: "G1", title: "a" }]);
    expect(session.urlParams).toEqual({ channelId: "1", channelName: "", storeId: "official" });
    expect(session.setCookieHeaders()).toEqual([]);
  });

  it("sends one Set-Cookie per cookie: the last write, as the browser would keep it", async () => {
    const { session } = await contextOf();
    session.set("pendingClaim", "all");
    session.set("pendingClaim", null);
    await session.write("flash", { type: "info", message: "a" });
    expect(named(session.setCookieHeaders(), "pending_claim")).toEqual(["pending_claim=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax"]);
    expect(named(session.setCookieHeaders(), "flash")).toHaveLength(1);
  });

  it("clears the login cookie when any answer says the login is no longer valid (401)", async () => {
    const { session } = await contextOf("login_credential=c1");
    answers.push(EXPIRED);
    await session.api.get("/any", z.unknown());
    expect(named(session.setCookieHeaders(), "login_credential")).toEqual(["login_credential=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax"]);
  });

  it("a 401 after a new login in the same request leaves the new credential", async () => {
    const { session } = await contextOf("login_credential=old");
    session.set("login", "new");
    answers.push(EXPIRED);
    await session.api.get("/any", z.unknown());
    expect(named(session.setCookieHeaders(), "login_credential")).toEqual(["login_credential=new; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax"]);
  });

  it("a visitor's 401 sets no cookie", async () => {
    const { session } = await contextOf();
    answers.push(EXPIRED);
    await session.api.post("/any", z.unknown());
    expect(session.setCookieHeaders()).toEqual([]);
  });

  it("keeps the first saas-token the services issue to a new visitor", async () => {
    const { session } = await contextOf();
    answers.push({ ok: true, result: {}, issuedToken: "t1" }, { ok: true, result: {}, issuedToken: "t2" });
    await Promise.all([session.api.get("/a", z.unknown()), session.api.get("/b", z.unknown())]);
    const [token] = named(session.setCookieHeaders(), "saas-token");
    expect(decodeURIComponent(token!.split(";")[0]!)).toContain(btoa(JSON.stringify("t1")));
  });

  it("a client for calls after the answer changes no cookie", async () => {
    const { session } = await contextOf("login_credential=c1");
    answers.push(EXPIRED);
    await session.apiWithoutCookies().get("/any", z.unknown());
    expect(session.setCookieHeaders()).toEqual([]);
  });
});
