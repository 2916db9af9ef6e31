// The API reference (docs/api.md) as a catalogue of examples: every endpoint under /api with a
// request that succeeds and one that fails. The generator runs them in order against a fresh
// harness (captcha → login → … → create an order → pay it) and renders the real answers, so the
// document shows what the server says today; tests/api/api-docs.test.ts checks it has not drifted.
import { randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";
import { runFulfilment } from "../../server/trade/jobs/fulfilment";
import { signNotification } from "../../server/trade/providers/pay-sandbox";
import { startHarness, type Harness } from "./harness";

// ─── the catalogue's types ───────────────────────────────────────────────

export type Method = "GET" | "POST";

export interface ExampleRequest {
  method: Method;
  /** The concrete path, with the query string. */
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/** A documented failure: HTTP status, the exact `error_msg`, and when it happens. */
export type FailureNote = readonly [status: number, errorMsg: string, when: string];

type StateKey =
  | "lot"
  | "credential"
  | "memberId"
  | "smsMobile"
  | "smsCredential"
  | "goodsNo"
  | "skuNo"
  | "activityNo"
  | "couponNo"
  | "orderNo"
  | "closedOrderNo"
  | "otherOrderNo"
  | "noticeId";

export interface DocsContext {
  h: Harness;
  /** What every storefront call carries; the saas-token once the server has issued one. */
  client: Record<string, string>;
  state: Partial<Record<StateKey, string>>;
}

export interface Endpoint {
  group: GroupId;
  method: Method;
  /** The route as the router declares it, with `:param` placeholders. */
  route: string;
  title: string;
  titleEn: string;
  login: "required" | "optional" | "none";
  /** The cashier calls the payment notification, without the storefront's headers. */
  caller?: "storefront" | "cashier";
  notes?: string[];
  failures: FailureNote[];
  example(ctx: DocsContext): ExampleRequest | Promise<ExampleRequest>;
  /** Keeps what later examples need (a lot number, a credential, an order number…). */
  after?(ctx: DocsContext, answer: unknown): void;
  failure(ctx: DocsContext): ExampleRequest | Promise<ExampleRequest>;
}

export interface Exchange {
  request: ExampleRequest & { headers: Record<string, string> };
  status: number;
  contentType: string;
  /** set-saas-token and set-cookie, when the answer carries them. */
  headers: Record<string, string>;
  /** The parsed JSON, or the text of a non-JSON answer. */
  body: unknown;
}

export interface DocumentedEndpoint {
  endpoint: Endpoint;
  example: Exchange;
  failure: Exchange;
}

// ─── groups and fixed values ─────────────────────────────────────────────

const GROUPS = {
  captcha: "验证码 · Captcha",
  member: "会员与登录 · Member and login",
  goods: "商品 · Goods",
  shopping: "页面内容 · Page content",
  promotion: "优惠券 · Coupons",
  afterPrices: "批量券后价（契约扩展）· After-coupon prices of several carts (extension)",
  cart: "购物车 · Cart",
  order: "订单 · Orders",
  pay: "支付通知 · Payment notification",
  report: "数据上报 · Analytics",
  restock: "到货提醒（契约扩展）· Restock reminders (extension)",
  identity: "商城信息（契约扩展）· The shop's identity (extension)",
  contact: "账户邮箱（契约扩展）· The account's e-mail (extension)",
} as const;
export type GroupId = keyof typeof GROUPS;

const MEMBER = "/api/common_bll/v1";
const SHOPPING = "/api/trade_bff/v1/shopping";
const PROMOTION = "/api/trade_bff/v1/promotion";
const ORDER_V1 = "/api/trade_bff/v1/order";
const RESTOCK = "/api/trade_bff/ext/restock_notice";
const SHOP_IDENTITY = "/api/trade_bff/ext/shop_identity";
const CONTACT = "/api/common_bll/ext/member/contact";
/** Said of the channels a message goes by, in the answers that name them (decision 058). */
const NOTIFY_BY_NOTE =
  "扩展 Extension（可选，决策 058）：`notify_by`，消息实际会走的渠道：`SMS`（商城配置了短信服务商及该类消息的模板）、`MAIL`（配置了邮件服务商且有收件邮箱）。店面只承诺这里列出的渠道；没有该字段时不承诺任何渠道。";
/** Said of every endpoint outside the spec's contract. */
const EXTENSION_NOTE =
  "**契约扩展 · Extension.** 规格没有这个接口：真实后端可以不实现它（答 404 `接口不存在`），店面此时照规格显示商品页、不提供到货提醒（决策 031）。";

/** The demo members of the seed (spec/03 §9). */
const DEMO = { mobile: "+86-13800138000", other: "+86-13900139000", password: "demo123456" };

/** What the storefront sends on every call (spec/03 §1, decision 002). */
const CLIENT_HEADERS: Record<string, string> = {
  "Saas-App-Id": "TTSGAME_WEB",
  "Saas-Product-Line": "TTSGAME",
  Useragent: JSON.stringify({ browser: "Chrome", platform: "Windows", channel_id: "1", agent_line: "TTSGAME-PC", version: "1.0.0" }),
};

const NOT_LOGGED_IN: FailureNote = [401, "登录已失效，请重新登录", "未带凭证、凭证无效、已过期或已退出（`error_code` 401）"];

// ─── small helpers ───────────────────────────────────────────────────────

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The value at a path of an answer, or undefined. */
function at(value: unknown, ...path: (string | number)[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof key === "number") current = Array.isArray(current) ? current[key] : undefined;
    else current = isRecord(current) ? current[key] : undefined;
  }
  return current;
}

function textAt(value: unknown, ...path: (string | number)[]): string {
  const found = at(value, ...path);
  if (typeof found !== "string" && typeof found !== "number") throw new Error(`api-docs: no value at ${path.join(".")}`);
  return String(found);
}

function need(ctx: DocsContext, key: StateKey): string {
  const value = ctx.state[key];
  if (value === undefined) throw new Error(`api-docs: an earlier example should have set ${key}`);
  return value;
}

const withQuery = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query).toString()}`;
const get = (path: string, headers?: Record<string, string>): ExampleRequest => ({ method: "GET", path, headers });
const post = (path: string, body: unknown, headers?: Record<string, string>): ExampleRequest => ({ method: "POST", path, body, headers });
const asMember = (ctx: DocsContext): Record<string, string> => ({ "Login-Credential": need(ctx, "credential") });
const unitOf = (ctx: DocsContext) => ({ goods_no: need(ctx, "goodsNo"), sku_no: need(ctx, "skuNo"), sku_num: 1 });
const nowSeconds = (ctx: DocsContext) => String(Math.floor(ctx.h.clock.now / 1000));

/** Steps between examples (a fresh captcha lot, an order to close) that are not documented. */
async function call(ctx: DocsContext, request: ExampleRequest): Promise<unknown> {
  const { status, body } = await ctx.h.api(request.path, { method: request.method, headers: { ...ctx.client, ...request.headers }, json: request.body });
  const answer: unknown = body;
  if (status !== 200) throw new Error(`api-docs: ${request.method} ${request.path} answered ${status}: ${JSON.stringify(answer)}`);
  return answer;
}

/** A captcha lot validated with the CAPTCHA_TEST_PASS, ready for one SMS send or password login. */
async function validatedLot(ctx: DocsContext): Promise<string> {
  const lot = textAt(await call(ctx, get(`${MEMBER}/geetest4/load`)), "result", "lot_number");
  const pass = ctx.h.deps.config.captchaTestPass ?? "";
  await call(ctx, post(`${MEMBER}/geetest4/action/valid`, { lot_number: lot, captcha_output: pass, pass_token: "", gen_time: nowSeconds(ctx) }));
  return lot;
}

function firstRow<T>(ctx: DocsContext, sql: string, ...params: unknown[]): T {
  const row = ctx.h.store.sqlite.prepare(sql).get(...params) as T | undefined;
  if (row === undefined) throw new Error(`api-docs: the seed has no row for ${sql}`);
  return row;
}

/** An on-sale, not presale SKU with codes in stock, so the example order is delivered. */
function pickSku(ctx: DocsContext): { goods_no: string; sku_no: string } {
  return firstRow(
    ctx,
    `SELECT s.goods_no, s.sku_no FROM skus s JOIN goods g ON g.goods_no = s.goods_no
     JOIN cdkeys c ON c.sku_no = s.sku_no AND c.status = 'UNUSED'
     WHERE g.status = 'ON_SALE' AND g.is_presale = 0 AND s.disabled = 0
     GROUP BY s.sku_no ORDER BY s.price_turn_cny DESC, s.sku_no LIMIT 1`,
  );
}

/** An on-sale SKU of another goods than the examples' own. */
function otherSku(ctx: DocsContext): { goods_no: string; sku_no: string } {
  return firstRow(
    ctx,
    `SELECT s.goods_no, s.sku_no FROM skus s JOIN goods g ON g.goods_no = s.goods_no
     WHERE g.status = 'ON_SALE' AND g.sale_end_at IS NULL AND s.disabled = 0 AND s.goods_no <> ?
     ORDER BY s.sku_no LIMIT 1`,
    need(ctx, "goodsNo"),
  );
}

function orderBody(ctx: DocsContext, coupons: string[]) {
  return {
    customer: { user_id: need(ctx, "memberId"), user_phone: "13800138000", user_email: "buyer@example.com" },
    units: [unitOf(ctx)],
    channel: { channel_name: "", channel_no: "1" },
    pay_way: "WX",
    coupons,
    request_id: `docs-${randomUUID()}`,
  };
}

function notifyBody(ctx: DocsContext, orderNo: string) {
  const order = firstRow<{ pay_price: number; pay_way: string }>(ctx, "SELECT pay_price, pay_way FROM orders WHERE order_no = ?", orderNo);
  const notification = {
    notify_id: `N${randomUUID().replaceAll("-", "")}`,
    order_no: orderNo,
    trade_status: "SUCCESS" as const,
    amount: order.pay_price,
    pay_way: order.pay_way,
  };
  return { ...notification, sign: signNotification(ctx.h.deps.config.payNotifySecret, notification) };
}

// ─── the catalogue, in the order it runs ─────────────────────────────────

export const CATALOGUE: Endpoint[] = [
  {
    group: "captcha",
    method: "GET",
    route: `${MEMBER}/geetest4/load`,
    title: "获取验证码挑战",
    titleEn: "Load a captcha challenge (local geetest v4 stand-in)",
    login: "none",
    notes: [
      "`type=slide`（默认，滑块，需要 JavaScript）或 `type=text`（算术题，无需脚本）。挑战 2 分钟内有效，只能回答一次。",
      "本例没有带 `saas-token`，应答头里便有新的 `set-saas-token`；后面的示例都带上它。",
    ],
    failures: [[400, "参数 type 取值无效", "type 不是 slide / text"]],
    example: () => get(withQuery(`${MEMBER}/geetest4/load`, { type: "slide" })),
    after: (ctx, answer) => {
      ctx.state.lot = textAt(answer, "result", "lot_number");
    },
    failure: () => get(withQuery(`${MEMBER}/geetest4/load`, { type: "puzzle" })),
  },
  {
    group: "captcha",
    method: "GET",
    route: `${MEMBER}/geetest4/image/:lot_number.svg`,
    title: "验证码图片",
    titleEn: "The challenge picture (SVG, not the JSON envelope)",
    login: "none",
    notes: ["成功时应答是 `image/svg+xml` 图片（即 load 应答里的 `bg_url`），失败时仍是 JSON 信封。"],
    failures: [
      [404, "验证已过期，请重试", "lot_number 不存在或已过期"],
      [400, "参数 lot_number 格式错误", "lot_number 含非法字符"],
    ],
    example: (ctx) => get(`${MEMBER}/geetest4/image/${need(ctx, "lot")}.svg`),
    failure: () => get(`${MEMBER}/geetest4/image/0000unknown0000.svg`),
  },
  {
    group: "captcha",
    method: "POST",
    route: `${MEMBER}/geetest4/action/valid`,
    title: "校验验证码",
    titleEn: "Validate a captcha answer",
    login: "none",
    notes: [
      "字段沿用 geetest v4：`lot_number`、`captcha_output`（滑块的像素位置或算术答案）、`pass_token`、`gen_time`。",
      "示例用测试口令 `CAPTCHA_TEST_PASS`（仅测试环境，生产环境拒绝启动）作为 `captcha_output`。",
      "校验通过的 `lot_number` 须在 2 分钟内交给 `sms_captcha` 或 `pwd_login` 使用一次。答错一次该挑战即作废。",
    ],
    failures: [
      [400, "验证失败", "答案错误，或四个字段全部为空"],
      [400, "验证已过期，请重试", "挑战不存在、已过期或已经回答过"],
      [400, "缺少参数 lot_number", "只缺 lot_number"],
    ],
    example: (ctx) =>
      post(`${MEMBER}/geetest4/action/valid`, {
        lot_number: need(ctx, "lot"),
        captcha_output: ctx.h.deps.config.captchaTestPass ?? "",
        pass_token: "",
        gen_time: nowSeconds(ctx),
      }),
    // the same lot a second time: a challenge is answered once
    failure: (ctx) =>
      post(`${MEMBER}/geetest4/action/valid`, {
        lot_number: need(ctx, "lot"),
        captcha_output: ctx.h.deps.config.captchaTestPass ?? "",
        pass_token: "",
        gen_time: nowSeconds(ctx),
      }),
  },
  {
    group: "member",
    method: "POST",
    route: `${MEMBER}/member/sms_captcha`,
    title: "发送短信验证码",
    titleEn: "Send an SMS login code",
    login: "none",
    notes: [
      "需要一个刚校验通过的 `lot_number`（见 geetest4）。验证码 6 位，5 分钟有效，只能用一次；演示环境写入短信发件箱（`/dev/sms`）。",
      "同一号码 60 秒内不能重发；每个地址每小时有上限；每号每天的上限按发送地址分别计（一个地址用完不影响号码本人），所有地址合计另有更高的上限（号码本人用过验证码的地址不受它限制），号码成功用验证码登录后此前的次数不再计入（decision 044）。",
      "扩展 Extension：`sms_type` 为 `SET_PASSWORD` 时发的是设置密码的验证码（只能用于 `set_password`，登录验证码也不能设置密码）；等待与上限和登录验证码合计。",
    ],
    failures: [
      [400, "请先完成安全验证", "lot_number 未通过校验"],
      [400, "安全验证已失效，请重新验证", "lot_number 已用过或校验已超过 2 分钟"],
      [400, "参数 mobile 格式错误", "手机号格式不对（形如 +86-13800138000）"],
      [429, "验证码已发送，请60秒后重试", "60 秒内重发（另有每日、每小时上限的 429）"],
    ],
    example: async (ctx) => {
      ctx.state.smsMobile = DEMO.other;
      return post(`${MEMBER}/member/sms_captcha`, { mobile: DEMO.other, sms_type: "LOGIN", lot_number: await validatedLot(ctx) });
    },
    failure: async (ctx) => post(`${MEMBER}/member/sms_captcha`, { mobile: need(ctx, "smsMobile"), sms_type: "LOGIN", lot_number: await validatedLot(ctx) }),
  },
  {
    group: "member",
    method: "POST",
    route: `${MEMBER}/member/action/captcha_login`,
    title: "短信验证码登录",
    titleEn: "Log in with an SMS code",
    login: "none",
    notes: [
      "未注册的号码登录成功即自动开户。应答里的 `login_credential` 放进之后请求的 `Login-Credential` 头；同时以 HttpOnly Cookie `login_credential` 下发（30 天）。",
    ],
    failures: [[400, "验证码错误或已失效", "验证码不对、超过 5 分钟、已用过、同一验证码已错满 5 次，或没有发过验证码：一律同一答复（decision 044）"]],
    example: (ctx) => {
      const mobile = need(ctx, "smsMobile");
      const { body } = firstRow<{ body: string }>(
        ctx,
        "SELECT body FROM outbox_messages WHERE channel = 'SMS' AND recipient = ? ORDER BY id DESC LIMIT 1",
        mobile,
      );
      const code = /(\d{6})/.exec(body)?.[1] ?? "";
      return post(`${MEMBER}/member/action/captcha_login`, { mobile, sms_code: code });
    },
    after: (ctx, answer) => {
      ctx.state.smsCredential = textAt(answer, "result", "login_credential");
    },
    // the same code again: codes are single use
    failure: (ctx) => {
      const mobile = need(ctx, "smsMobile");
      const { body } = firstRow<{ body: string }>(
        ctx,
        "SELECT body FROM outbox_messages WHERE channel = 'SMS' AND recipient = ? ORDER BY id DESC LIMIT 1",
        mobile,
      );
      return post(`${MEMBER}/member/action/captcha_login`, { mobile, sms_code: /(\d{6})/.exec(body)?.[1] ?? "" });
    },
  },
  {
    group: "member",
    method: "POST",
    route: `${MEMBER}/member/action/pwd_login`,
    title: "密码登录",
    titleEn: "Log in with a password",
    login: "none",
    notes: [
      "`username` 是带区号的手机号；`csrf` 是原客户端的固定字符串，只为兼容而接受。需要一个刚校验通过的 `lot_number`。",
      "15 分钟内错 5 次锁定 15 分钟。",
    ],
    failures: [
      [400, "账号或密码错误", "号码未注册或密码不对"],
      [400, "请先完成安全验证", "lot_number 未通过校验"],
      [429, "密码错误次数过多，账号已锁定，请15分钟后再试", "账号已锁定"],
    ],
    example: async (ctx) =>
      post(`${MEMBER}/member/action/pwd_login`, {
        username: DEMO.mobile,
        password: DEMO.password,
        csrf: "fixed-csrf-string",
        lot_number: await validatedLot(ctx),
      }),
    after: (ctx, answer) => {
      ctx.state.credential = textAt(answer, "result", "login_credential");
      ctx.state.memberId = textAt(answer, "result", "member_id");
    },
    failure: async (ctx) =>
      post(`${MEMBER}/member/action/pwd_login`, {
        username: DEMO.mobile,
        password: "wrong-password",
        csrf: "fixed-csrf-string",
        lot_number: await validatedLot(ctx),
      }),
  },
  {
    group: "member",
    method: "GET",
    route: `${MEMBER}/member/login_status`,
    title: "登录状态与用户信息",
    titleEn: "Login status and member info",
    login: "required",
    notes: [
      "扩展 Extension（可选）：`has_password`，会员是否已设置登录密码。店面据此在会员菜单和密码面板写「修改密码」，否则写「设置密码」；没有这个字段时写「设置密码」。",
    ],
    failures: [NOT_LOGGED_IN],
    example: (ctx) => get(`${MEMBER}/member/login_status`, asMember(ctx)),
    failure: () => get(`${MEMBER}/member/login_status`),
  },
  {
    group: "member",
    method: "GET",
    route: `${MEMBER}/member/auth_check`,
    title: "校验登录凭证",
    titleEn: "Check a login credential",
    login: "required",
    failures: [NOT_LOGGED_IN],
    example: (ctx) => get(`${MEMBER}/member/auth_check`, asMember(ctx)),
    failure: () => get(`${MEMBER}/member/auth_check`, { "Login-Credential": "no-such-credential" }),
  },
  {
    group: "member",
    method: "GET",
    route: `${MEMBER}/client/ttsgame/login/set`,
    title: "同步登录 Cookie",
    titleEn: "Set the login cookie for a configured domain",
    login: "required",
    notes: [
      "请求头 `Base-Domain` 必须是 `CN_BASE_URL` / `HK_BASE_URL` 的主机名（都未配置时为请求的主机名；示例环境是 127.0.0.1）。成功时以 `Set-Cookie` 下发该域名的登录 Cookie。",
    ],
    failures: [
      [400, "请求头 Base-Domain 不是本站配置的域名", "域名不在配置里"],
      [400, "请求头 Base-Domain 格式错误", "不是主机名或 http(s) 地址"],
      [400, "缺少请求头 Base-Domain", "没带 Base-Domain"],
      NOT_LOGGED_IN,
    ],
    example: (ctx) => get(`${MEMBER}/client/ttsgame/login/set`, { ...asMember(ctx), "Base-Domain": "127.0.0.1" }),
    failure: (ctx) => get(`${MEMBER}/client/ttsgame/login/set`, { ...asMember(ctx), "Base-Domain": "shop.example.com" }),
  },
  {
    group: "member",
    method: "POST",
    route: `${MEMBER}/member/action/logout`,
    title: "退出登录",
    titleEn: "Log out (revoke the credential)",
    login: "required",
    notes: ["请求体为空对象 `{}`。凭证被吊销，登录 Cookie 被清除（答 401 时也清除）。本例退出的是上面短信登录得到的凭证。"],
    failures: [NOT_LOGGED_IN],
    example: (ctx) => post(`${MEMBER}/member/action/logout`, {}, { "Login-Credential": need(ctx, "smsCredential") }),
    // the revoked credential once more
    failure: (ctx) => post(`${MEMBER}/member/action/logout`, {}, { "Login-Credential": need(ctx, "smsCredential") }),
  },
  {
    group: "member",
    method: "GET",
    route: `${MEMBER}/member/password/rules`,
    title: "密码规则（扩展）",
    titleEn: "Password rules (an extension: its 404 hides 设置密码 / 忘记密码)",
    login: "none",
    notes: [
      "扩展 Extension（issue 25），真实后端可以不实现：店面据此接口是否存在决定显示「忘记密码」「设置密码」，答 404 时隐藏，其余照常。公开读，可缓存 1 小时。",
      "新密码须为 `min_length`–`max_length` 个字符，且不能是手机号本身（带不带区号都算）。",
    ],
    failures: [[400, "参数包含未知字段 type", "带了多余的查询参数"]],
    example: () => get(`${MEMBER}/member/password/rules`),
    failure: () => get(`${MEMBER}/member/password/rules?type=x`),
  },
  {
    group: "member",
    method: "POST",
    route: `${MEMBER}/member/action/set_password`,
    title: "设置密码 / 忘记密码（扩展）",
    titleEn: "Set a new password after an SMS code (an extension)",
    login: "none",
    notes: [
      "扩展 Extension（issue 25），真实后端可以不实现（见「密码规则」）。先以 `sms_type: SET_PASSWORD` 调 `sms_captcha` 取得验证码。",
      "成功后：密码更新，密码锁定及其失败计数清零，该会员的全部登录凭证（包括本次请求带的）立即吊销，应答发一个新的 `login_credential`（同时下发登录 Cookie），并以短信通知会员。",
      "未注册的号码与已注册的号码应答相同：验证通过即开户并设置密码，与短信登录一致。密码不合规时先拒绝，验证码不作废。",
    ],
    failures: [
      [400, "密码长度须为8-32位", "密码太短或太长（另有「请输入新密码」「密码不能是手机号」）"],
      [400, "验证码错误或已失效", "验证码不对、过期、已用过、错满 5 次，或没有发过设置密码的验证码：一律同一答复（decision 044）"],
      [429, "登录失败次数过多，请15分钟后再试", "同一地址 15 分钟内验证码错满 20 次（与短信登录合计）"],
    ],
    example: async (ctx) => {
      const mobile = "+86-13700137000";
      await call(ctx, post(`${MEMBER}/member/sms_captcha`, { mobile, sms_type: "SET_PASSWORD", lot_number: await validatedLot(ctx) }));
      const { body } = firstRow<{ body: string }>(
        ctx,
        "SELECT body FROM outbox_messages WHERE channel = 'SMS' AND recipient = ? ORDER BY id DESC LIMIT 1",
        mobile,
      );
      return post(`${MEMBER}/member/action/set_password`, { mobile, sms_code: /(\d{6})/.exec(body)?.[1] ?? "", password: "n3w-passw0rd" });
    },
    // the same code again: codes are single use
    failure: () => post(`${MEMBER}/member/action/set_password`, { mobile: "+86-13700137000", sms_code: "000000", password: "n3w-passw0rd" }),
  },
  {
    group: "goods",
    method: "GET",
    route: "/api/trade_bff/v1/goods/search",
    title: "搜索商品",
    titleEn: "Search goods",
    login: "none",
    notes: [
      "`keyword` 匹配商品名称、标签和商品平台的常用叫法（如 Switch / NS / 任天堂、PS5 / PlayStation、Steam / 蒸汽平台、手游、礼品卡），不区分大小写，最多 32 字；`order_by` 为 `origin_price` 或 `sale_price`，`order_type` 为 `asc` / `desc`；`size` 默认 10，`preview=1`（搜索联想）时默认 5。",
      "`total` 是全部在售匹配商品的数目（任意长度的关键词都精确计数）；价格相同时按商品排序值、商品编号升序。",
      "每件商品（`goods_info`，布局与推荐里的也一样）另带 `sale_sku_no`：商品卡的 SKU：可用 SKU 中最便宜的一个，商品标签里写了某个区服（如 港服）时只在该区服（SKU 的第一级规格）的 SKU 中选，同价取编号最小的，没有可用 SKU 则为 `null`；`sale_off_price_cny` 与 `price_turn_cny` 即这个 SKU 的售价与原价（商品自身不存价格）。标签中别的区服（本商品其他 SKU 的第一级规格）不出现在 `goods_info` 的 `goods_tags` 里，和 `sku_prices`：可用 SKU 有几种不同价格；大于 1 时商品卡的价格是最低价（显示为“起”），卡片打开商品页的这个 SKU。",
      "`platform`（可选，如 `STEAM`、`NINTENDO`、`PSN`、`XBOX`、`MOBILE`、`GIFT_CARD`）只返回该平台的商品；`preview=0` 时 `platforms` 列出该关键词在各平台的匹配数（不受 `platform` 影响），供结果页按平台筛选。",
      "**扩展（可选）** 关键词按原样没有任何匹配时（任意平台），返回与它相差一两处（错字、漏字、多字、相邻两字颠倒；少于 4 个字母或 3 个汉字的关键词不放宽）的商品，同样排序、分页、按平台计数，并带 `approximate: true`；按原样有匹配时结果不变、不带该字段。另一后端不返回它时，商城照常工作（决定 030）。",
    ],
    failures: [
      [400, "参数 order_by 取值无效", "排序字段未知"],
      [400, "参数 keyword 过长，最多 32 个字符", "关键词过长"],
      [400, "参数 page 不能小于 1", "页码非法"],
    ],
    example: () => get(withQuery("/api/trade_bff/v1/goods/search", { keyword: "steam", order_by: "sale_price", order_type: "asc", page: "1", size: "10" })),
    after: (ctx) => {
      const sku = pickSku(ctx);
      ctx.state.goodsNo = sku.goods_no;
      ctx.state.skuNo = sku.sku_no;
    },
    failure: () => get(withQuery("/api/trade_bff/v1/goods/search", { keyword: "steam", order_by: "price" })),
  },
  {
    group: "goods",
    method: "GET",
    route: "/api/trade_bff/v2/goods/:goodsNo",
    title: "商品详情",
    titleEn: "Goods detail (v2)",
    login: "none",
    failures: [
      [404, "商品不存在", "商品编号不存在或已下架"],
      [400, "参数 goodsNo 格式错误", "编号含非法字符"],
    ],
    example: (ctx) => get(`/api/trade_bff/v2/goods/${need(ctx, "goodsNo")}`),
    failure: () => get("/api/trade_bff/v2/goods/G9999"),
  },
  {
    group: "shopping",
    method: "GET",
    route: `${SHOPPING}/layout`,
    title: "页面布局",
    titleEn: "Page layout blocks",
    login: "none",
    notes: [
      "`page_type`：`HOME`、`PRODUCT_DETAIL`、`ORDER_DETAIL`、`PROMOTION_RENDER`、`HOT_SEARCH`（热搜词）。",
      "`setting` 以设置类型为键；倒计时 `COUNT_DOWN` 的 `count_down_start`、`count_down_end`、`server_time` 是**秒**，其余时间都是毫秒。",
    ],
    failures: [
      [400, "参数 page_type 取值无效", "page_type 未知"],
      [400, "缺少参数 page_type", "没带 page_type"],
    ],
    example: () => get(withQuery(`${SHOPPING}/layout`, { page_type: "HOME" })),
    failure: () => get(withQuery(`${SHOPPING}/layout`, { page_type: "SHOP" })),
  },
  {
    group: "shopping",
    method: "GET",
    route: `${SHOPPING}/dialog/show`,
    title: "弹窗广告",
    titleEn: "Popup adverts of a page",
    login: "none",
    notes: ["`pop_period`：`EVERY_TIMES`（每次）、`EVERY_DAY`（每天一次）、`EVERY_USER`（每个用户一次），频率由客户端控制。"],
    failures: [
      [400, "缺少参数 page_type", "没带 page_type"],
      [400, "参数 page_type 取值无效", "page_type 未知"],
    ],
    example: () => get(withQuery(`${SHOPPING}/dialog/show`, { page_type: "HOME" })),
    failure: () => get(`${SHOPPING}/dialog/show`),
  },
  {
    group: "shopping",
    method: "POST",
    route: `${SHOPPING}/page_content`,
    title: "页面内容（推荐、商品图文）",
    titleEn: "Page content: recommendations, goods rich text",
    login: "none",
    notes: [
      '`{page_type, exclude_goods_no?, render_id?, render_type?}`：`exclude_goods_no` 为逗号分隔的商品编号；`render_type: "goods"` 加 `render_id` 取商品图文（RENDER 块的 RICHTEXT）。',
    ],
    failures: [
      [400, "缺少参数 page_type", "没带 page_type"],
      [400, "参数 exclude_goods_no 格式错误", "编号列表含非法字符"],
      [400, "参数 render_type 取值无效", "render_type 不是 goods"],
    ],
    example: (ctx) => post(`${SHOPPING}/page_content`, { page_type: "PRODUCT_DETAIL", exclude_goods_no: need(ctx, "goodsNo") }),
    failure: () => post(`${SHOPPING}/page_content`, {}),
  },
  {
    group: "shopping",
    method: "GET",
    route: `${SHOPPING}/page_content`,
    title: "页面内容（可缓存的读取）",
    titleEn: "Page content as a cacheable read",
    login: "none",
    notes: [
      "**契约扩展 · Extension.** 规格只有上面的 POST：真实后端可以不实现这个 GET（答 404 `接口不存在`，或任何失败的应答），店面此时改调 POST，页面不变。",
      "查询参数与 POST 的请求体相同，应答也相同；对任何人都一样（不含会员数据），所以与布局一样是公开读取（见上文“缓存”），店面的 HTTP 缓存可以复用，商品页不必每次都取推荐与图文。",
    ],
    failures: [
      [400, "缺少参数 page_type", "没带 page_type"],
      [400, "参数 exclude_goods_no 格式错误", "编号列表含非法字符"],
    ],
    example: () => get(withQuery(`${SHOPPING}/page_content`, { page_type: "PROMOTION_RENDER", render_type: "goods", render_id: "G1001" })),
    failure: () => get(withQuery(`${SHOPPING}/page_content`, { page_type: "PRODUCT_DETAIL", exclude_goods_no: "G1001;DROP" })),
  },
  {
    group: "promotion",
    method: "GET",
    route: `${PROMOTION}/my_coupon`,
    title: "我的优惠券",
    titleEn: "My coupons, grouped",
    login: "required",
    notes: [
      "三组：`unused_coupons`、`used_coupons`（含被待支付订单占用的券）、`expired_coupons`（过期或失效）。`page`（默认 1）、`size`（默认 20，最多 100）。",
      "扩展 Extension（可选）：每张券的 `goods_scope`（适用的商品编号；空为全场）与 `goods_scope_names`（这些商品的名称，同序）。店面据此在券上写明「适用商品：…」；没有名称时写「指定商品」，没有范围时不写。",
    ],
    failures: [NOT_LOGGED_IN, [400, "参数 size 不能大于 100", "分页参数越界"]],
    example: (ctx) => get(withQuery(`${PROMOTION}/my_coupon`, { page: "1", size: "20" }), asMember(ctx)),
    failure: () => get(withQuery(`${PROMOTION}/my_coupon`, { page: "1", size: "20" })),
  },
  {
    group: "promotion",
    method: "GET",
    route: `${PROMOTION}/available`,
    title: "领券中心",
    titleEn: "Coupon activities open for claiming",
    login: "optional",
    notes: [
      "登录后，每个活动附带该会员的领取状态；未登录也可浏览。",
      "扩展 Extension：`threshold`（使用门槛，分；0 为无门槛）与 `goods_scope`（适用的商品编号；空为全场）说明券能用在哪里。店面有它们时在商品页只列出能用于本商品的券并写明门槛与范围；没有时照常列出全部活动（`display_use`）。",
      "扩展 Extension（可选）：`goods_scope_names`，`goods_scope` 中商品的名称（同序）。领券中心的券据此写明「适用商品：…」；没有时写「指定商品」。",
    ],
    failures: [[400, "参数 page 不能小于 1", "分页参数越界"]],
    example: (ctx) => get(withQuery(`${PROMOTION}/available`, { page: "1", size: "20" }), asMember(ctx)),
    after: (ctx, answer) => {
      ctx.state.activityNo = claimableActivity(answer);
    },
    failure: () => get(withQuery(`${PROMOTION}/available`, { page: "0" })),
  },
  {
    group: "promotion",
    method: "POST",
    route: `${PROMOTION}/receive`,
    title: "领取优惠券",
    titleEn: "Claim a coupon",
    login: "required",
    notes: ["请求体只有 `{activity_no}`。库存与每人限领在并发下也不会超。"],
    failures: [
      [404, "优惠券活动不存在", "活动编号未知"],
      [409, "优惠券已领完", "库存为 0"],
      [409, "已达领取上限", "超过每人限领"],
      [409, "优惠券尚未开始领取", "未到领取时间"],
      [409, "优惠券已失效", "领取时间已过"],
      NOT_LOGGED_IN,
    ],
    example: (ctx) => post(`${PROMOTION}/receive`, { activity_no: need(ctx, "activityNo") }, asMember(ctx)),
    failure: (ctx) => post(`${PROMOTION}/receive`, { activity_no: "NO_SUCH_ACTIVITY" }, asMember(ctx)),
  },
  {
    group: "promotion",
    method: "POST",
    route: `${PROMOTION}/receive_auto`,
    title: "自动发放新人券",
    titleEn: "Grant the auto-granted coupons (once per member)",
    login: "required",
    notes: ["无请求体。每个会员只发一次；再次调用返回空结果。"],
    failures: [NOT_LOGGED_IN],
    example: (ctx) => post(`${PROMOTION}/receive_auto`, undefined, asMember(ctx)),
    failure: () => post(`${PROMOTION}/receive_auto`, undefined),
  },
  {
    group: "promotion",
    method: "POST",
    route: `${PROMOTION}/receive_one_click`,
    title: "一键领取",
    titleEn: "Claim every claimable coupon at once",
    login: "required",
    notes: ["无请求体。领不到的活动（已领完、达上限）跳过，不报错。"],
    failures: [NOT_LOGGED_IN],
    example: (ctx) => post(`${PROMOTION}/receive_one_click`, undefined, asMember(ctx)),
    failure: () => post(`${PROMOTION}/receive_one_click`, undefined),
  },
  {
    group: "promotion",
    method: "POST",
    route: `${PROMOTION}/available_coupon`,
    title: "可用优惠券",
    titleEn: "Coupons usable for a cart, and the optimal one",
    login: "required",
    notes: [
      "`units` 每项 `{sku_no, goods_no, sku_num: 1}`，最多 10 项，同一 SKU 不能重复。最优券是省得最多的那张。",
      "扩展 Extension：每张券的 `eligible_amount`（本单中适用该券的商品金额，分）与不可用券的 `unusable_reason`（`BELOW_THRESHOLD` 未达门槛、`OUT_OF_SCOPE` 不适用于所选商品、`NOT_STARTED` 未到使用时间、`EXPIRED`、`INVALID`、`NOT_UNUSED` 已被占用、`NO_SAVING` 无可减金额）。店面据此写明不可用的原因；没有时显示「不满足使用条件」。",
    ],
    failures: [
      [400, "参数 units 不能为空", "units 为空数组"],
      [400, "参数 units.1.sku_no 重复", "同一 SKU 出现两次"],
      [404, "商品规格不存在", "SKU 未知"],
      NOT_LOGGED_IN,
    ],
    example: (ctx) => post(`${PROMOTION}/available_coupon`, { units: [unitOf(ctx)] }, asMember(ctx)),
    after: (ctx, answer) => {
      const optimal = at(answer, "result", "optimal_coupon");
      ctx.state.couponNo = typeof optimal === "string" ? optimal : isRecord(optimal) ? textAt(optimal, "coupon_no") : undefined;
    },
    failure: (ctx) => post(`${PROMOTION}/available_coupon`, { units: [] }, asMember(ctx)),
  },
  {
    group: "promotion",
    method: "POST",
    route: `${PROMOTION}/after_price`,
    title: "券后价",
    titleEn: "Price after the optimal coupon",
    login: "optional",
    notes: ["`after_price` 单位为分；未登录时即原价。"],
    failures: [
      [404, "商品规格不存在", "SKU 未知"],
      [400, "参数 units.0.sku_no 不属于商品 units.0.goods_no", "SKU 与商品不符"],
      [409, "商品已下架", "商品不在售"],
      [409, "商品已结束销售", "已过商品的销售截止时间 sale_end_at"],
    ],
    example: (ctx) => post(`${PROMOTION}/after_price`, { units: [unitOf(ctx)] }, asMember(ctx)),
    failure: (ctx) => post(`${PROMOTION}/after_price`, { units: [{ ...unitOf(ctx), sku_no: "NO-SUCH-SKU" }] }, asMember(ctx)),
  },
  {
    group: "afterPrices",
    method: "POST",
    route: `${PROMOTION}/after_prices`,
    title: "批量券后价",
    titleEn: "after_price of up to 10 carts in one call",
    login: "optional",
    notes: [
      "**契约扩展 · Extension.** 规格没有这个接口：真实后端可以不实现它（答 404 `接口不存在`），店面此时为商品页所选 SKU 与每张导购卡片各调一次 `after_price`，页面不变。",
      "请求体 `{carts: [{units}, …]}`：1–10 个购物车，每个的 `units` 与 `after_price` 相同（每项 `{sku_no, goods_no, sku_num: 1}`，最多 10 项，同一 SKU 不能重复）。" +
        "应答 `{list: [{after_price}, …]}` 与 `carts` 一一对应、顺序相同，每个数字与该购物车单独调 `after_price` 的应答相同（分；未登录即原价）。" +
        "任一购物车 `after_price` 会拒绝时，整个请求以同样的状态与信息失败。",
    ],
    failures: [
      [400, "参数 carts 不能为空", "carts 为空数组"],
      [400, "参数 carts 过长，最多 10 项", "超过 10 个购物车"],
      [400, "参数 carts.1.units.1.sku_no 重复", "同一购物车中同一 SKU 出现两次"],
      [404, "商品规格不存在", "某个购物车的 SKU 未知（另有 `after_price` 的其他失败）"],
    ],
    example: (ctx) => post(`${PROMOTION}/after_prices`, { carts: [{ units: [unitOf(ctx)] }, { units: [{ ...otherSku(ctx), sku_num: 1 }] }] }, asMember(ctx)),
    failure: (ctx) => post(`${PROMOTION}/after_prices`, { carts: [] }, asMember(ctx)),
  },
  {
    group: "cart",
    method: "POST",
    route: `${ORDER_V1}/cart/output`,
    title: "购物车价格预览",
    titleEn: "Cart price preview (goods amount, coupon, payable)",
    login: "optional",
    notes: ['`coupons` 为 `[coupon_no]`，或 `[]` / `[""]` 表示不用券；用券须登录。价格以服务端 SKU 价格为准，客户端传的价格被忽略。'],
    failures: [
      [400, "参数 coupons 最多只能使用一张优惠券", "传了两张券"],
      [400, "优惠券不可用", "券号不存在或不是自己的"],
      [400, "优惠券不可用：未达到使用门槛", "券不满足条件（另有已过期、不适用于所选商品等）"],
      [409, "商品已结束销售", "已过商品的销售截止时间 sale_end_at"],
      NOT_LOGGED_IN,
    ],
    example: (ctx) => post(`${ORDER_V1}/cart/output`, { units: [unitOf(ctx)], coupons: ctx.state.couponNo ? [ctx.state.couponNo] : [] }, asMember(ctx)),
    failure: (ctx) => post(`${ORDER_V1}/cart/output`, { units: [unitOf(ctx)], coupons: ["CP0000000001", "CP0000000002"] }, asMember(ctx)),
  },
  {
    group: "order",
    method: "POST",
    route: ORDER_V1,
    title: "创建订单",
    titleEn: "Create an order (idempotent)",
    login: "required",
    notes: [
      "幂等：相同的 `request_id`（或请求头 `Idempotency-Key`）重复提交返回同一订单；带已有 `order_no` 则为该订单重新发起支付。",
      "`customer.user_id` 必须是登录会员；券在订单待支付期间被锁定。`pay_url` 指向沙箱收银台 `/mock-pay/{order_no}?sig=…`。",
    ],
    failures: [
      [403, "下单用户与登录用户不一致", "user_id 不是登录会员"],
      [409, "请求编号已用于另一笔订单", "同一 request_id 用于不同的下单内容"],
      [409, "优惠券已被其他订单占用", "券被另一笔待支付订单锁定"],
      [409, "商品已结束销售", "已过商品的销售截止时间 sale_end_at（下架、规格停售另有 409）"],
      [400, "参数 pay_way 取值无效", "支付方式未知"],
      NOT_LOGGED_IN,
    ],
    example: (ctx) => post(ORDER_V1, orderBody(ctx, ctx.state.couponNo ? [ctx.state.couponNo] : []), asMember(ctx)),
    after: (ctx, answer) => {
      ctx.state.orderNo = textAt(answer, "result", "order_no");
    },
    failure: (ctx) => post(ORDER_V1, { ...orderBody(ctx, []), customer: { user_id: "999999", user_phone: "", user_email: "" } }, asMember(ctx)),
  },
  {
    group: "order",
    method: "POST",
    route: `${ORDER_V1}/pay_way`,
    title: "更换支付方式",
    titleEn: "Change the pay way and get a new pay link",
    login: "required",
    notes: ["`pay_way`：`WX`、`ALIPAY`、`wx_h5`、`alipay_h5`、`TCTP`、`LIANLIAN_ALIPAY`、`LIANLIAN_WX`。"],
    failures: [
      [409, "订单当前状态不可支付", "订单已关闭、已支付等"],
      [404, "订单不存在", "订单号不存在或不是自己的"],
      [400, "参数 pay_way 取值无效", "支付方式未知"],
      NOT_LOGGED_IN,
    ],
    example: (ctx) => post(`${ORDER_V1}/pay_way`, { order_no: need(ctx, "orderNo"), pay_way: "ALIPAY" }, asMember(ctx)),
    failure: (ctx) => post(`${ORDER_V1}/pay_way`, { order_no: need(ctx, "orderNo"), pay_way: "PAYPAL" }, asMember(ctx)),
  },
  {
    group: "order",
    method: "GET",
    route: `${ORDER_V1}/status/:orderNo`,
    title: "订单状态",
    titleEn: "Order status (polled while paying)",
    login: "required",
    notes: ["状态：`INIT` → `WAIT_PAY` → `PAY_SUCCESS` → `SENDING` → `SEND_SUCCESS`；另有 `CLOSE`、`PAY_FAIL`、`PART_REFUND`、`ALL_REFUND`。"],
    failures: [[404, "订单不存在", "订单号不存在，或是别人的订单"], [400, "参数 orderNo 格式错误", "订单号格式不对（TT + 14 位数字）"], NOT_LOGGED_IN],
    example: (ctx) => get(`${ORDER_V1}/status/${need(ctx, "orderNo")}`, asMember(ctx)),
    after: (ctx) => {
      ctx.state.otherOrderNo = firstRow<{ order_no: string }>(
        ctx,
        "SELECT order_no FROM orders WHERE member_id <> ? ORDER BY order_no LIMIT 1",
        Number(need(ctx, "memberId")),
      ).order_no;
    },
    // another member's order is indistinguishable from none
    failure: (ctx) => get(`${ORDER_V1}/status/${need(ctx, "otherOrderNo")}`, asMember(ctx)),
  },
  {
    group: "pay",
    method: "POST",
    route: "/api/pay_gateway/notify",
    title: "支付结果通知",
    titleEn: "Payment notification from the cashier (HMAC-signed, idempotent)",
    login: "none",
    caller: "cashier",
    notes: [
      "由收银台（此处为沙箱 `/mock-pay`）调用，不由店面调用。`sign` 是对 `notify_id|order_no|trade_status|amount|pay_way` 的 HMAC-SHA256（十六进制）。",
      "`outcome`：`APPLIED`（已处理）、`IGNORED`（重复通知）、`FLAGGED`（金额不符、订单已关闭或重复付款：记录、标记订单，这笔付款自动退回）。支付成功后发货任务约 1.5 秒后发放卡密。",
    ],
    failures: [
      [400, "签名校验失败", "签名不对"],
      [404, "订单不存在", "订单号未知"],
      [400, "参数 trade_status 取值无效", "trade_status 不是 SUCCESS / FAIL"],
    ],
    example: (ctx) => post("/api/pay_gateway/notify", notifyBody(ctx, need(ctx, "orderNo"))),
    after: (ctx) => {
      // deliver the codes now, as the fulfilment worker would after FULFIL_DELAY_MS
      ctx.h.clock.now += ctx.h.deps.config.fulfilDelayMs;
      runFulfilment(ctx.h.deps);
    },
    failure: (ctx) => post("/api/pay_gateway/notify", { ...notifyBody(ctx, need(ctx, "orderNo")), sign: "0".repeat(64) }),
  },
  {
    group: "order",
    method: "GET",
    route: `${ORDER_V1}/list`,
    title: "我的订单列表",
    titleEn: "My orders",
    login: "required",
    notes: ["`user_id` 必须是登录会员；`order_status`：`ALL`（默认）、`PAY_SUCCESS`（已支付各状态）、`WAIT_PAY`（待支付）；`size` 默认 999。"],
    failures: [[403, "无权查看其他用户的订单", "user_id 不是登录会员"], [400, "参数 order_status 取值无效", "筛选值未知"], NOT_LOGGED_IN],
    example: (ctx) => get(withQuery(`${ORDER_V1}/list`, { user_id: need(ctx, "memberId"), order_status: "ALL", page: "1", size: "10" }), asMember(ctx)),
    failure: (ctx) => get(withQuery(`${ORDER_V1}/list`, { user_id: String(Number(need(ctx, "memberId")) + 1), order_status: "ALL" }), asMember(ctx)),
  },
  {
    group: "order",
    method: "GET",
    route: "/api/trade_bff/v2/order/:orderNo",
    title: "订单详情（v2）",
    titleEn: "Order detail (v2; v1 is not built)",
    login: "required",
    notes: [
      "发货后 `performance_list` 列出卡密（兑换码、是否可复制、兑换链接、说明）。",
      "`redeem_steps`（本站对规范的补充）：该商品所属平台与兑换码种类（游戏激活码、钱包充值码、礼品卡、游戏充值）的兑换步骤，显示在每个兑换码下方；未发货时为空列表。",
      "`platform`、`code_kind`（本站对规范的补充，可选）：该商品的平台（如 `STEAM`）与兑换码种类（`GAME_KEY`、`WALLET_CODE`、`GIFT_CARD`、`TOP_UP`）；店面只给 Steam 的游戏激活码（`STEAM` + `GAME_KEY`）显示「一键激活」（Steam 激活页 `registerkey?key=` 带上经 URL 编码的兑换码）。未发货时为空字符串；后端不提供时店面不显示「一键激活」，其余照常。",
      "扩展 Extension（可选）：`refund_list`，订单的每笔退款，先后为序：`refund_amount`（分）、`refund_status`（`REFUNDED` 已退回；`PROCESSING` 处理中，包括转人工处理的）、`reason`、`applied_at`（发起时间）、`refunded_at`（退回时间，未退回为 null）、`pay_way`（原路退回的支付方式）。店面据此在订单页和订单凭证写明「已退款 ￥220.00 · 2026-11-13 · 原路退回支付宝」；没有时显示 `order.notice`。",
      "扩展 Extension（可选）：`order.pay_expire_at`，待支付订单的支付截止时间（毫秒时间戳；其他状态为 null）。店面据此倒计时「请在 14:32 内完成支付」；没有时按 `remain_minutes` 显示。",
      `${NOTIFY_BY_NOTE} 这里是兑换码的发送渠道：邮件发往订单的邮箱，订单没有时发往账户邮箱。已发货的订单列出发货时实际使用的渠道（决策 062：该订单记录的发货消息，已发送或待发送的；已放弃的不算），消息记录已按保留期删除时省略该字段。`,
      "订单的全部商品都有兑换码时才一并发放；此前 `performance_list` 的 `value` 均为空。缺货等待中的订单 `order.notice` 写明自动退款的时间；超过 `OUT_OF_STOCK_REFUND_MINUTES` 仍未补货时订单变为 `ALL_REFUND`，`order.notice` 先为「…退款 ￥X 处理中…」，支付通道确认退款后为「…退款 ￥X 已退回原支付账户…」。",
    ],
    failures: [NOT_LOGGED_IN, [404, "订单不存在", "订单号不存在，或是别人的订单"]],
    example: (ctx) => get(`/api/trade_bff/v2/order/${need(ctx, "orderNo")}`, asMember(ctx)),
    failure: (ctx) => get(`/api/trade_bff/v2/order/${need(ctx, "orderNo")}`),
  },
  {
    group: "order",
    method: "POST",
    route: `${ORDER_V1}/close/:orderNo`,
    title: "关闭订单",
    titleEn: "Close an unpaid order",
    login: "required",
    notes: ["只有待支付的订单能关闭；锁定的券退回未使用。本例先另建一笔待支付订单再关闭它，失败示例关闭已付款的订单。"],
    failures: [[409, "订单当前状态不可关闭", "订单已支付、已关闭等"], [404, "订单不存在", "订单号不存在，或是别人的订单"], NOT_LOGGED_IN],
    example: async (ctx) => {
      const created = await call(ctx, post(ORDER_V1, orderBody(ctx, []), asMember(ctx)));
      ctx.state.closedOrderNo = textAt(created, "result", "order_no");
      return post(`${ORDER_V1}/close/${ctx.state.closedOrderNo}`, undefined, asMember(ctx));
    },
    failure: (ctx) => post(`${ORDER_V1}/close/${need(ctx, "orderNo")}`, undefined, asMember(ctx)),
  },
  {
    group: "order",
    method: "GET",
    route: `${ORDER_V1}/server_list`,
    title: "我的服务器",
    titleEn: "My servers",
    login: "required",
    notes: ["`type`：`ALL`（默认）、`RUNNING`、`EXPIRED`。"],
    failures: [[400, "参数 type 取值无效", "type 未知"], NOT_LOGGED_IN],
    example: (ctx) => get(withQuery(`${ORDER_V1}/server_list`, { type: "ALL" }), asMember(ctx)),
    failure: (ctx) => get(withQuery(`${ORDER_V1}/server_list`, { type: "OLD" }), asMember(ctx)),
  },
  {
    group: "report",
    method: "POST",
    route: "/api/data_report/v1/client/click_event",
    title: "点击事件上报",
    titleEn: "Report click events",
    login: "optional",
    notes: ["请求体是 1–50 个事件的数组；与店铺线、渠道、会员（若已登录）一起保存。`click_time` 为毫秒。"],
    failures: [
      [400, "参数 请求体 不能为空", "空数组"],
      [400, "参数 0.click_name 格式错误", "事件名只能含字母、数字、`_` `.` `-`，最多 64 字"],
    ],
    example: (ctx) =>
      post(
        "/api/data_report/v1/client/click_event",
        [{ client_type: 1, click_time: ctx.h.clock.now, click_name: "home.banner.click", action_extra_info: { goods_no: need(ctx, "goodsNo"), position: 1 } }],
        asMember(ctx),
      ),
    failure: () => post("/api/data_report/v1/client/click_event", []),
  },
  {
    group: "restock",
    method: "GET",
    route: `${RESTOCK}/status`,
    title: "商品的售罄规格与我的到货提醒",
    titleEn: "A goods' sold-out SKUs and the member's reminders for them",
    login: "optional",
    notes: [
      EXTENSION_NOTE,
      "`sold_out_skus`：未停售、但没有可售兑换码的 SKU（已付款等待发货的订单先占用新到的码）。`notices`：会员对这些 SKU 尚未发送、未取消的提醒；游客为空。",
      `${NOTIFY_BY_NOTE} 这里是会员的到货提醒会走的渠道（游客没有此字段）。`,
    ],
    failures: [[400, "参数 goods_no 格式错误", "goods_no 含非法字符"]],
    example: (ctx) => get(withQuery(`${RESTOCK}/status`, { goods_no: ctx.h.seed.soldOutSku.goodsNo }), asMember(ctx)),
    failure: () => get(withQuery(`${RESTOCK}/status`, { goods_no: "G 1" })),
  },
  {
    group: "restock",
    method: "POST",
    route: RESTOCK,
    title: "订阅到货提醒",
    titleEn: "Ask to be told when a sold-out SKU is back",
    login: "required",
    notes: [
      EXTENSION_NOTE,
      "到货（有可售兑换码）后发一条短信和一封邮件（发往账户邮箱，会员有邮箱时），每个提醒只发一次。到货短信每个号码每天最多 5 条，超过的只发邮件。每位会员最多同时有 20 个未发送的提醒。",
      `${NOTIFY_BY_NOTE} 应答里是这个提醒到货时会走的渠道（当天短信额度另计）。`,
    ],
    failures: [
      [404, "该规格不存在或已下架", "SKU 不存在、已停售或商品已下架"],
      [409, "该规格有货，可直接购买，无需到货提醒", "SKU 有货"],
      [409, "您已订阅该规格的到货提醒", "已有同一 SKU 的未发送提醒"],
      [429, "到货提醒最多 20 个，请先取消不需要的提醒", "已有 20 个未发送的提醒"],
      NOT_LOGGED_IN,
    ],
    example: (ctx) => post(RESTOCK, { sku_no: ctx.h.seed.soldOutSku.skuNo }, asMember(ctx)),
    after: (ctx, answer) => {
      ctx.state.noticeId = String(at(answer, "result", "notice_id"));
    },
    failure: (ctx) => post(RESTOCK, { sku_no: ctx.h.seed.soldOutSku.skuNo }, asMember(ctx)),
  },
  {
    group: "restock",
    method: "GET",
    route: `${RESTOCK}/list`,
    title: "我的到货提醒",
    titleEn: "The member's restock reminders",
    login: "required",
    notes: [
      EXTENSION_NOTE,
      "未发送的（`WAITING`）和 30 天内已发送的（`NOTIFIED`），新的在前；已取消的不列出。`sms_sent`：发了短信（为 false：当天短信额度已用完或商城不发短信）。",
      "扩展 Extension（可选，决策 058）：`mail_sent`，发了邮件（会员有账户邮箱且商城配置了邮件）。",
      `${NOTIFY_BY_NOTE} 这里是会员的提醒现在会走的渠道。`,
    ],
    failures: [NOT_LOGGED_IN],
    example: (ctx) => get(`${RESTOCK}/list`, asMember(ctx)),
    failure: () => get(`${RESTOCK}/list`),
  },
  {
    group: "restock",
    method: "POST",
    route: `${RESTOCK}/cancel`,
    title: "取消到货提醒",
    titleEn: "Cancel a restock reminder",
    login: "required",
    notes: [EXTENSION_NOTE, "只能取消自己未发送的提醒；别人的、已发送的、已取消的和不存在的一律 404。"],
    failures: [[404, "到货提醒不存在或已结束", "不是自己的、已发送、已取消或不存在"], [400, "参数 notice_id 类型错误", "notice_id 不是数字"], NOT_LOGGED_IN],
    example: (ctx) => post(`${RESTOCK}/cancel`, { notice_id: Number(need(ctx, "noticeId")) }, asMember(ctx)),
    failure: (ctx) => post(`${RESTOCK}/cancel`, { notice_id: Number(need(ctx, "noticeId")) }, asMember(ctx)),
  },
  {
    group: "identity",
    method: "GET",
    route: SHOP_IDENTITY,
    title: "商城信息",
    titleEn: "Who sells: company, address, ICP number, contact, service QR code",
    login: "none",
    notes: [
      "**契约扩展 · Extension.** 规格没有这个接口：真实后端可以不实现它（答 404），店面此时页脚和订单凭证不写公司、地址、备案号和二维码（决策 061）。",
      "运营者在后台「商城信息」里设置；没设置的字段为空字符串，店面不显示那一行。`qr_image` 是商城自己的图片地址（`/media/…`）。公开读，可短时缓存。",
    ],
    failures: [[400, "参数包含未知字段 x", "带了查询参数"]],
    example: () => get(SHOP_IDENTITY),
    failure: () => get(`${SHOP_IDENTITY}?x=1`),
  },
  {
    group: "contact",
    method: "GET",
    route: CONTACT,
    title: "我的账户邮箱",
    titleEn: "The e-mail kept on the member's account",
    login: "required",
    notes: [
      "**契约扩展 · Extension**（决策 058）：规格没有这个接口，真实后端可以不实现它（答 404）：店面此时在「我的账户」不显示邮箱，确认订单不预填邮箱。",
      "`email`：账户邮箱（没有为 null）。发货邮件在订单没有邮箱时、到货提醒邮件总是发往它；确认订单以它为邮箱的默认值。下单时填写的邮箱只属于订单，不会写入账户。",
      "`delivery_by`（可选，决策 062）：商城今天发送兑换码的渠道（`SMS`、`MAIL`），订单有邮箱时。确认订单据此说明兑换码会发往哪里；没有这个字段时店面不承诺任何渠道，只说可在「我的订单」中查看。",
    ],
    failures: [NOT_LOGGED_IN],
    example: (ctx) => get(CONTACT, asMember(ctx)),
    failure: () => get(CONTACT),
  },
  {
    group: "contact",
    method: "POST",
    route: `${CONTACT}/email`,
    title: "保存或删除账户邮箱",
    titleEn: "Keep, change or remove the account's e-mail",
    login: "required",
    notes: [
      "**契约扩展 · Extension**（决策 058，见上）。`email` 为空字符串时删除账户邮箱；否则须符合确认订单的邮箱规则（最多 50 个字符）。应答与「我的账户邮箱」相同。",
    ],
    failures: [[400, "邮箱格式有误", "格式不对或超过 50 个字符"], NOT_LOGGED_IN],
    example: (ctx) => post(`${CONTACT}/email`, { email: "player@example.com" }, asMember(ctx)),
    failure: (ctx) => post(`${CONTACT}/email`, { email: "player@example" }, asMember(ctx)),
  },
];

/** The first activity of the collection centre the member can still claim. */
function claimableActivity(answer: unknown): string {
  const list = at(answer, "result", "list");
  if (!Array.isArray(list)) throw new Error("api-docs: promotion/available answered no list");
  const open = list.find((a) => isRecord(a) && a.can_receive === true) ?? list[0];
  return textAt(open, "activity_no");
}

// ─── running the catalogue ───────────────────────────────────────────────

const SHOWN_ANSWER_HEADERS = ["set-saas-token", "set-cookie"];

async function exchange(ctx: DocsContext, request: ExampleRequest, caller: Endpoint["caller"]): Promise<Exchange> {
  const client = caller === "cashier" ? {} : ctx.client;
  const headers = { ...client, ...request.headers, ...(request.body === undefined ? {} : { "Content-Type": "application/json" }) };
  const res = await ctx.h.api(request.path, { method: request.method, headers, json: request.body });
  const shown: Record<string, string> = {};
  for (const name of SHOWN_ANSWER_HEADERS) {
    const value = res.headers.get(name);
    if (value !== null) shown[name] = value;
  }
  // a client keeps the saas-token it is given (spec/03 §2)
  if (shown["set-saas-token"] && !ctx.client["saas-token"]) ctx.client["saas-token"] = shown["set-saas-token"];
  const body: unknown = res.body;
  return { request: { ...request, headers }, status: res.status, contentType: res.headers.get("content-type") ?? "", headers: shown, body };
}

function errorMsgOf(body: unknown): string {
  const message = at(body, "result", "error_msg");
  return typeof message === "string" ? message : "";
}

/** An example must succeed and its failure must be one of the documented ones. */
function checkOutcome(endpoint: Endpoint, example: Exchange, failure: Exchange): void {
  const name = `${endpoint.method} ${endpoint.route}`;
  if (example.status !== 200) throw new Error(`api-docs: the example of ${name} answered ${example.status}: ${JSON.stringify(example.body)}`);
  const message = errorMsgOf(failure.body);
  if (!endpoint.failures.some(([status, msg]) => status === failure.status && msg === message)) {
    throw new Error(`api-docs: the failure example of ${name} answered ${failure.status} "${message}", which its failure notes do not list`);
  }
}

/** Runs every example, in order, against a fresh seeded server. */
export async function runCatalogue(catalogue: Endpoint[] = CATALOGUE): Promise<DocumentedEndpoint[]> {
  const h = await startHarness();
  try {
    const ctx: DocsContext = { h, client: { ...CLIENT_HEADERS }, state: {} };
    const documented: DocumentedEndpoint[] = [];
    for (const endpoint of catalogue) {
      const example = await exchange(ctx, await endpoint.example(ctx), endpoint.caller);
      endpoint.after?.(ctx, example.body);
      const failure = await exchange(ctx, await endpoint.failure(ctx), endpoint.caller);
      checkOutcome(endpoint, example, failure);
      documented.push({ endpoint, example, failure });
    }
    return documented;
  } finally {
    await h.close();
  }
}

// ─── rendering ───────────────────────────────────────────────────────────

const MAX_ITEMS = 2;
const MAX_TEXT = 240;
export const CUT = "…";

/** What the document shows of an answer: arrays cut to their first items, long strings cut. */
export function abridge(value: unknown): unknown {
  if (Array.isArray(value)) return [...value.slice(0, MAX_ITEMS).map(abridge), ...(value.length > MAX_ITEMS ? [CUT] : [])];
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, abridge(v)]));
  if (typeof value === "string" && value.length > MAX_TEXT) return value.slice(0, MAX_TEXT) + CUT;
  return value;
}

/** The anchor GitHub gives a heading. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

export const heading = (e: Pick<Endpoint, "method" | "route">) => `${e.method} ${e.route}`;

function renderRequest(request: Exchange["request"]): string {
  const lines = [`${request.method} ${request.path} HTTP/1.1`, ...Object.entries(request.headers).map(([k, v]) => `${k}: ${v}`)];
  if (request.body !== undefined) lines.push("", JSON.stringify(request.body, null, 2));
  return ["```http", ...lines, "```"].join("\n");
}

function renderAnswer(answer: Exchange): string {
  const head = [`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ""}`.trimEnd(), `Content-Type: ${answer.contentType}`];
  for (const [name, value] of Object.entries(answer.headers)) head.push(`${name}: ${value}`);
  // by the body, not the header: an error of the SVG route is JSON under an image content type
  const json = typeof answer.body !== "string";
  const body = json ? JSON.stringify(abridge(answer.body), null, 2) : String(abridge(answer.body));
  return [["```http", ...head, "```"].join("\n"), [json ? "```json" : "```xml", body, "```"].join("\n")].join("\n\n");
}

const LOGIN_TEXT = {
  required: "需要 · required — `Login-Credential` 请求头（或登录 Cookie）",
  optional: "可选 · optional — 登录后结果含会员自己的数据",
  none: "不需要 · none",
} as const;

function renderEndpoint({ endpoint, example, failure }: DocumentedEndpoint): string {
  const failures = endpoint.failures.map(([status, msg, when]) => `- \`${status}\` ${msg} — ${when}`);
  return [
    `### ${heading(endpoint)}`,
    `**${endpoint.title}** · ${endpoint.titleEn}`,
    `登录 Login: ${LOGIN_TEXT[endpoint.login]}`,
    ...(endpoint.notes ?? []),
    ["失败 Failures:", ...failures].join("\n"),
    "#### 示例 Example",
    renderRequest(example.request),
    renderAnswer(example),
    "#### 失败示例 Failure example",
    renderRequest(failure.request),
    renderAnswer(failure),
  ].join("\n\n");
}

function byGroup(documented: DocumentedEndpoint[]): [GroupId, DocumentedEndpoint[]][] {
  return (Object.keys(GROUPS) as GroupId[])
    .map((group): [GroupId, DocumentedEndpoint[]] => [group, documented.filter((d) => d.endpoint.group === group)])
    .filter(([, list]) => list.length > 0);
}

function renderContents(groups: [GroupId, DocumentedEndpoint[]][]): string {
  const lines = ["## 目录 · Contents", ""];
  for (const [group, list] of groups) {
    lines.push(`- ${GROUPS[group]}`);
    for (const { endpoint } of list) lines.push(`  - [\`${heading(endpoint)}\`](#${slug(heading(endpoint))}) — ${endpoint.title}`);
  }
  return lines.join("\n");
}

const INTRO = `# 交易与会员服务 API · Trade and member services API

> 本文件由 \`npm run docs:api\`（\`tests/api/write-api-docs.ts\`）根据 \`tests/api/api-docs.ts\` 中的示例生成，请勿手工修改。
> 示例在一个全新的演示数据库上依次真实执行；\`tests/api/api-docs.test.ts\` 会重新执行它们，比较应答的结构和 HTTP 状态码，
> 接口改了就要重新生成。Generated — do not edit by hand: change the catalogue and run \`npm run docs:api\`.

所有接口都挂在 \`/api\` 下，由同一个 Node 进程提供；店面只通过 HTTP 访问它们（\`TRADE_API_URL\`）。
沙箱收银台 \`/mock-pay/{order_no}?sig=…\` 是 HTML 页面，不属于本 API，它通过 \`POST /api/pay_gateway/notify\` 回调。
支付宝与微信支付的回调 \`POST /api/pay_gateway/alipay/notify\`、\`POST /api/pay_gateway/wechat/notify\` 按各自通道的协议验签（docs/deploy.md「Going live: payments」，决策 047），也不属于本 API。

## 约定 · Conventions

**信封 Envelope.** 每个应答都是 \`{"success": boolean, "result": …}\`。失败时
\`{"success": false, "result": {"error_code": 400, "error_msg": "缺少参数 page_type"}}\`：\`error_code\` 与 HTTP 状态码相同，
\`error_msg\` 是给用户看的中文。

**状态码 Status codes.**

| 状态 | 含义 |
|---|---|
| 200 | 成功（业务成功一律 200） |
| 400 | 输入有误：参数、请求头、请求体；不改变任何数据。路径里无法解码的百分号编码（如 \`%E0%A4%A\`）答 \`请求地址格式错误\` |
| 401 | 未登录或凭证失效，\`error_code\` 401，客户端应清除登录状态 |
| 403 | 不是自己的（例如用别人的 \`user_id\`）；或跨站的写请求（\`Origin\` / \`Referer\` 不是本站，或 \`Sec-Fetch-Site: cross-site\`）：\`请求来源无效\` |
| 404 | 对象不存在（别人的订单也答 404）；未知路径答 \`接口不存在\` |
| 409 | 状态冲突（例如关闭已支付的订单、券已领完） |
| 415 | 请求体不是 JSON：\`请求体须为 JSON\`（只有 \`pay_gateway/notify\` 也接受表单编码） |
| 429 | 频率限制（短信重发、登录锁定） |
| 500 | \`服务繁忙，请稍后再试\`，细节只写日志 |

**请求头 Request headers.**

| 请求头 | 说明 |
|---|---|
| \`Saas-App-Id\` | 店铺线：\`TTSGAME_WEB\`（官方）或 \`TUNSHU_WEB\`（审核线）；不带即官方；未知值 → 400 \`请求头 Saas-App-Id 取值无效\` |
| \`Saas-Product-Line\` | \`TTSGAME\` / \`TUNSHU\`，须与 \`Saas-App-Id\` 对应，否则 400 |
| \`Useragent\` | JSON：\`{"browser","platform","channel_id","agent_line","version"}\`（默认渠道 \`"1"\`、版本 \`"1.0.0"\`）；不是 JSON → 400 \`请求头 Useragent 格式错误\` |
| \`Login-Credential\` | 登录凭证（登录接口返回的 \`login_credential\`，30 天有效）；也可用 HttpOnly Cookie \`login_credential\` |
| \`saas-token\` | 客户端令牌：没带（或无效）时应答头 \`set-saas-token\` 下发一个，客户端保存并在之后的请求里带上 |
| \`Idempotency-Key\` | 仅创建订单：幂等键（也可用请求体 \`request_id\`） |
| \`Content-Type\` | 有请求体时须为 \`application/json\`（否则 415；支付通知 \`pay_gateway/notify\` 也接受表单编码，凭签名认证）；请求体最大 64 KB（\`请求体过大\`），JSON 有误答 \`请求体格式错误\` |

**缓存 HTTP caching (RFC 9111).** 目录的公开读取——\`shopping/layout\`、\`shopping/dialog/show\`、GET \`shopping/page_content\`（扩展）、\`goods/search\`、
\`v2/goods/{goods_no}\`——答 \`Cache-Control: public, max-age=5, stale-while-revalidate=25, private="set-saas-token"\`
（秒数随 \`TRADE_CACHE_TTL_MS\`；为 0 时 \`public, no-cache, …\`，每次复用前须验证）和弱 \`ETag\`；带 \`If-None-Match\`
且未变答 304、无正文。\`private="set-saas-token"\`：下发给本请求的令牌只属于它，共享缓存存储时去掉这个头。
其余应答（会员数据、写操作、所有失败）一律 \`Cache-Control: no-store\`。店面的客户端通过 undici 的 RFC 9111 缓存遵守这些头
（决策 019）。

**金额与时间 Money and times.** 金额一律为整数**分**（\`price_turn_cny\`、\`sale_off_price_cny\`、\`pay_price\`、\`after_price\`…），
只有界面换算成元。时间一律为毫秒时间戳，唯一例外是布局块倒计时设置里的 \`count_down_start\`、\`count_down_end\`、\`server_time\`（秒）。

**校验信息 Validation messages.** 请求体、查询参数、路径参数都经过校验，失败答 400，\`error_msg\` 指出字段：
\`缺少参数 page_type\`、\`参数 page_type 取值无效\`、\`参数 page 类型错误\`、\`参数 keyword 过长，最多 32 个字符\`、
\`参数 page 不能小于 1\`、\`参数 size 不能大于 100\`、\`参数 page 数值过大\`、\`参数 units 不能为空\`、
\`参数 exclude_goods_no 格式错误\`；嵌套字段用点号（\`units.0.sku_no\`），请求头写作 \`请求头 Base-Domain …\`。
未知字段被忽略。

**示例 About the examples.** 每个接口一个成功示例和一个失败示例，都是真实应答。令牌、订单号、时间等每次生成都会变；
长数组只保留前 2 项并以 \`"…"\` 结尾，长字符串截断并以 \`…\` 结尾。测试用的验证码口令来自 \`CAPTCHA_TEST_PASS\`。`;

export function renderMarkdown(documented: DocumentedEndpoint[]): string {
  const groups = byGroup(documented);
  const sections = groups.map(([group, list]) => [`## ${GROUPS[group]}`, ...list.map(renderEndpoint)].join("\n\n"));
  return [INTRO, renderContents(groups), ...sections].join("\n\n") + "\n";
}

export async function generateApiDocs(): Promise<{ markdown: string; documented: DocumentedEndpoint[] }> {
  const documented = await runCatalogue();
  return { markdown: renderMarkdown(documented), documented };
}

// ─── reading the document back (for the drift test) ─────────────────────

export interface DocumentedAnswer {
  status: number;
  contentType: string;
  /** Parsed JSON, or the text of a non-JSON block. */
  body: unknown;
  json: boolean;
}

/** The answers of each `### METHOD /path` section, in order (example, then failure). */
export function readApiDocs(markdown: string): Map<string, DocumentedAnswer[]> {
  const sections = new Map<string, DocumentedAnswer[]>();
  const parts = markdown.split(/^### /m).slice(1);
  for (const part of parts) {
    const title = part.slice(0, part.indexOf("\n")).trim();
    sections.set(title, readAnswers(part));
  }
  return sections;
}

const ANSWER = /```http\nHTTP\/1\.1 (\d{3})[^\n]*\nContent-Type: ([^\n]*)\n[\s\S]*?```\n\n```(json|xml)\n([\s\S]*?)\n```/g;

function readAnswers(section: string): DocumentedAnswer[] {
  return [...section.matchAll(ANSWER)].map((m) => {
    const json = m[3] === "json";
    const text = m[4] ?? "";
    return { status: Number(m[1]), contentType: m[2] ?? "", json, body: json ? (JSON.parse(text) as unknown) : text };
  });
}
