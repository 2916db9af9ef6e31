// Route-level tests of the storefront, below the browser: the production build's routes (the same
// module `npm start` serves) answer a Request through Remix's request handler, against a fake trade
// API on a loopback port. A broken loader or action fails here at its line, with the status and
// headers it answered, instead of as a Playwright timeout. `npm test` builds before vitest runs.
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import type { createAppLoadContext as createContext } from "~/server-only/session.server";
import type { parseEnv as parseSettings } from "~/server-only/env.server";
import { testBasics } from "../support/request-basics";

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: IncomingMessage["headers"];
}

/** What the fake answers for one call: an envelope's result, a failure, or a body as given (another backend's wording). */
export type FakeAnswer = { result: unknown } | { status: number; errorCode?: number; errorMsg: string } | { status: number; body: unknown };

/** A handler may answer later (a promise): a slow backend, or a call held while another is on its way. */
type Handler = (call: FakeCall) => FakeAnswer | undefined | Promise<FakeAnswer | undefined>;

export interface FakeTradeApi {
  url: string;
  calls: FakeCall[];
  /** Answers `METHOD /path` (exact path) with `answer`; later registrations win. */
  on(route: string, answer: FakeAnswer | Handler): void;
  reset(): void;
  close(): Promise<void>;
}

const NOT_HERE: FakeAnswer = { status: 404, errorMsg: "未找到" };

/** A trade API that answers what a test told it, and 404 in the documented envelope otherwise. */
export async function fakeTradeApi(): Promise<FakeTradeApi> {
  let routes = new Map<string, Handler>();
  const calls: FakeCall[] = [];
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const call: FakeCall = {
      method: req.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      body: text ? JSON.parse(text) : undefined,
      headers: req.headers,
    };
    calls.push(call);
    const answer = (await routes.get(`${call.method} ${call.path}`)?.(call)) ?? NOT_HERE;
    const envelope =
      "result" in answer
        ? { status: 200, json: { success: true, result: answer.result } }
        : "body" in answer
          ? { status: answer.status, json: answer.body }
          : { status: answer.status, json: { success: false, result: { error_code: answer.errorCode ?? answer.status, error_msg: answer.errorMsg } } };
    res.writeHead(envelope.status, { "Content-Type": "application/json" }).end(JSON.stringify(envelope.json));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    on(route, answer) {
      routes.set(route, typeof answer === "function" ? answer : () => answer);
    },
    reset() {
      routes = new Map();
      calls.length = 0;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface Answer {
  status: number;
  headers: Headers;
  /** Every Set-Cookie the answer carries, the ones the routes set through the request session included. */
  cookies: string[];
  text: string;
}

/** The goods G1001 as the services answer it (fixtures/goods-G1001.json). */
export const GOODS_G1001 = JSON.parse(readFileSync(new URL("./fixtures/goods-G1001.json", import.meta.url), "utf8")).result;
/** A member as login_status answers it, and the cookie of that member's login. */
/** A goods card of a RECOMMEND block (page_content): priced 100 元, sold at 90 元, on its SKU `${goodsNo}-S1`. */
export const recommendedGoods = (id: number, goodsNo: string) => ({
  id,
  assembly: {
    JUMP: { value: "GOODS_DETAIL" },
    GOODS: {
      value: goodsNo,
      goods_info: {
        goods_no: goodsNo,
        goods_name: `商品${goodsNo}`,
        goods_tags: [],
        covers: [`/media/goods/${goodsNo}/cover.svg`],
        price_turn_cny: 10000,
        sale_off_price_cny: 9000,
        is_presale: false,
        presale_performance_at: null,
        sale_end_at: null,
        sale_sku_no: `${goodsNo}-S1`,
        sku_prices: 1,
      },
    },
  },
});

/** A picture question (geetest4/load?type=text) for the pages a shopper without JavaScript logs in on. */
export const TEXT_CAPTCHA = {
  lot_number: "lot1",
  captcha_type: "text",
  prompt: "1+1=?",
  bg_url: "/x.svg",
  image_width: 200,
  image_height: 80,
  expires_in: 120,
};
export const MEMBER = { member_id: 7, member_name: "玩家0007", mobile: "+86-13800000007", channel_id: "1" };
export const LOGGED_IN = "login_credential=test-credential-0123456789";

/** The member's login is valid: the root's user info, and the guard's auth_check (spec/03 §4). */
export function answerAsLoggedIn(api: FakeTradeApi) {
  api.on("GET /api/common_bll/v1/member/login_status", { result: MEMBER });
  api.on("GET /api/common_bll/v1/member/auth_check", { result: { member_id: MEMBER.member_id } });
}

export type StorefrontRequest = Awaited<ReturnType<typeof storefront>>;

/** A fake trade API and the storefront's routes in front of it (a file's `beforeAll`; close the API in `afterAll`). */
export async function startStorefront(settings: Record<string, string> = {}): Promise<{ api: FakeTradeApi; request: StorefrontRequest }> {
  const api = await fakeTradeApi();
  const request = await storefront(api.url, settings);
  // a reset backend is a new one: what the storefront learnt of its extensions goes too
  const reset = api.reset.bind(api);
  api.reset = () => {
    reset();
    request.forgetAbsentExtensions();
  };
  return { api, request };
}

/** The storefront's routes, as built, answering requests against `tradeApiUrl`, with these settings (CN_BASE_URL, …). */
export async function storefront(tradeApiUrl: string, settings: Record<string, string> = {}) {
  const build = (await import(new URL("../../build/server/index.js", import.meta.url).href)) as ServerBuild;
  const handle = createRequestHandler(build, "production");
  const { createAppLoadContext, forgetAbsentExtensions, parseEnv } = build.entry.module as unknown as {
    createAppLoadContext: typeof createContext;
    forgetAbsentExtensions: () => void;
    parseEnv: typeof parseSettings;
  };
  const env = parseEnv({ NODE_ENV: "test", ...settings, TRADE_API_URL: tradeApiUrl });
  return Object.assign(request, { forgetAbsentExtensions });
  async function request(path: string, init: RequestInit & { cookie?: string; host?: string } = {}): Promise<Answer> {
    const headers = new Headers(init.headers);
    if (init.cookie) headers.set("Cookie", init.cookie);
    const incoming = new Request(`http://${init.host ?? "shop.test"}${path}`, { ...init, headers, redirect: "manual" });
    // as server/serve.ts does: the context built once, its session's cookies added to the answer
    const context = await createAppLoadContext(incoming.clone(), testBasics({ cspNonce: "test-nonce", clientIp: "198.51.100.7", env }));
    const response = await handle(incoming, context);
    const cookies = [...response.headers.getSetCookie(), ...context.session.setCookieHeaders()];
    return { status: response.status, headers: response.headers, cookies, text: await response.text() };
  }
}

/** A form post as a browser without JavaScript sends it. */
export function form(fields: Record<string, string>): RequestInit {
  return { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded" } };
}

/** The message of a flash cookie among Set-Cookie headers (signed: base64 JSON, then its signature). */
export function flashOf(cookies: string[]): { type: string; message: string } | null {
  const raw = cookies
    .find((c) => c.startsWith("flash="))
    ?.split(";")[0]!
    .slice("flash=".length);
  if (!raw) return null;
  const value = decodeURIComponent(raw);
  const json = Buffer.from(value.slice(0, value.lastIndexOf(".")), "base64").toString("utf8");
  const decoded = JSON.parse(json) as unknown;
  return typeof decoded === "string" ? (JSON.parse(decoded) as { type: string; message: string }) : (decoded as { type: string; message: string });
}
