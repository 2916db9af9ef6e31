// Local stand-ins for Alipay's and WeChat Pay's gateways (decision 047), written from their
// documentation: each checks every request's signature with the shop's public key made in the
// test, answers with signed answers, keeps its trades and refunds, shows a small cashier page a
// browser can pay on, posts signed notifications to the shop, and fails, hangs or answers twice on
// purpose. Nothing here reaches the internet.
import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes, randomUUID, type KeyObject } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GATEWAY_KEEP_ALIVE_MS } from "./message-gateways";

export type Fault = "error" | "hang";

interface KeyPair {
  privateKey: KeyObject;
  publicKey: KeyObject;
}

const rsa = (): KeyPair => generateKeyPairSync("rsa", { modulusLength: 2048 });
const pem = (key: KeyObject) => key.export({ type: key.type === "private" ? "pkcs8" : "spki", format: "pem" }).toString();
const sign = (key: KeyObject, text: string) => createSign("RSA-SHA256").update(text).sign(key, "base64");
const verify = (key: KeyObject, text: string, signature: string) => createVerify("RSA-SHA256").update(text).verify(key, signature, "base64");

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>, port = 0): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    handler(req, res).catch((error) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  // as the message gateways (message-gateways.ts): no idle connection closed under a request the SDK is sending
  server.keepAliveTimeout = GATEWAY_KEEP_ALIVE_MS;
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function close(server: Server) {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(resolve));
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

/** Where the shop is reached: its notify_url's path on the test's server (the URL names CN_BASE_URL). */
const onShop = (shopUrl: () => string, notifyUrl: string) => shopUrl() + new URL(notifyUrl).pathname;

/** What a delivered notification got back. */
export interface Delivery {
  status: number;
  body: string;
}

// ─── Alipay ──────────────────────────────────────────────────────────────

interface AlipayTrade {
  outTradeNo: string;
  tradeNo: string;
  totalAmount: string;
  status: "WAIT_BUYER_PAY" | "TRADE_SUCCESS" | "TRADE_CLOSED";
  notifyUrl: string;
  returnUrl: string;
  method: string;
}

export interface AlipayGateway {
  url: string;
  /** ALIPAY_* settings for the shop: the app's key and this gateway's public key, in files. */
  env: Record<string, string>;
  appId: string;
  trades: Map<string, AlipayTrade>;
  /** Refunds by out_request_no. */
  refunds: Map<string, { outTradeNo: string; amount: string }>;
  /** Every signed call the shop made, in order: method and biz_content. */
  calls: { method: string; biz: Record<string, unknown> }[];
  /** Requests whose signature was not the app's. */
  badSignatures: number;
  /** The next call of this method (for this trade, when named) fails so. */
  failNext(method: string, fault: Fault, outTradeNo?: string): void;
  /** Pays a trade (as the shopper would) and posts the signed notification; `twice` posts it again. */
  pay(outTradeNo: string, options?: { twice?: boolean; deliver?: boolean }): Promise<Delivery[]>;
  /** Signs a notification as Alipay would (with `key`, default Alipay's own), for forged and foreign ones. */
  notificationForm(trade: AlipayTrade, over?: Record<string, string>, key?: KeyObject): Record<string, string>;
  deliver(notifyUrl: string, form: Record<string, string>): Promise<Delivery>;
  close(): Promise<void>;
}

/** Alipay's signature content: the parameters sorted by name, `k=v` joined with `&`, empty ones left out. */
function alipayContent(params: Record<string, string>, omit: string[]) {
  return Object.keys(params)
    .filter((k) => !omit.includes(k) && params[k] !== "" && params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join("&");
}

/** `port`: 0 for any free one (the e2e tests name theirs). */
export async function startAlipayGateway(shopUrl: () => string, port = 0): Promise<AlipayGateway> {
  const app = rsa();
  const alipay = rsa();
  const appId = "2021000000000001";
  const dir = mkdtempSync(join(tmpdir(), "alipay-keys-"));
  writeFileSync(join(dir, "app-private.pem"), pem(app.privateKey));
  // Alipay's key tool hands out the public key as bare base64: the shop accepts that too
  writeFileSync(join(dir, "alipay-public.txt"), pem(alipay.publicKey).replace(/-----[^-]+-----|\s/g, ""));
  const trades = new Map<string, AlipayTrade>();
  const refunds = new Map<string, { outTradeNo: string; amount: string }>();
  const calls: AlipayGateway["calls"] = [];
  const faults = new Map<string, Fault>();
  let badSignatures = 0;

  const answer = (res: ServerResponse, method: string, data: Record<string, unknown>) => {
    const json = JSON.stringify(data);
    res.setHeader("Content-Type", "application/json;charset=utf-8");
    res.end(`{"${method.replaceAll(".", "_")}_response":${json},"sign":"${sign(alipay.privateKey, json)}"}`);
  };
  const notExist = { code: "40004", msg: "Business Failed", sub_code: "ACQ.TRADE_NOT_EXIST", sub_msg: "交易不存在" };

  function notificationForm(trade: AlipayTrade, over: Record<string, string> = {}, key = alipay.privateKey) {
    const form: Record<string, string> = {
      notify_time: new Date().toISOString().slice(0, 19).replace("T", " "),
      notify_type: "trade_status_sync",
      notify_id: randomUUID().replaceAll("-", ""),
      app_id: appId,
      charset: "utf-8",
      version: "1.0",
      sign_type: "RSA2",
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      trade_status: trade.status,
      total_amount: trade.totalAmount,
      receipt_amount: trade.totalAmount,
      buyer_pay_amount: trade.totalAmount,
      gmt_payment: new Date().toISOString().slice(0, 19).replace("T", " "),
      ...over,
    };
    return { ...form, sign: sign(key, alipayContent(form, ["sign", "sign_type"])) };
  }

  async function deliver(notifyUrl: string, form: Record<string, string>): Promise<Delivery> {
    const response = await fetch(onShop(shopUrl, notifyUrl), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded; charset=utf-8" },
      body: new URLSearchParams(form).toString(),
    });
    return { status: response.status, body: await response.text() };
  }

  async function pay(outTradeNo: string, { twice = false, deliver: post = true } = {}) {
    const trade = trades.get(outTradeNo);
    if (!trade) throw new Error(`no Alipay trade ${outTradeNo}`);
    trade.status = "TRADE_SUCCESS";
    if (!post) return [];
    const form = notificationForm(trade);
    const first = await deliver(trade.notifyUrl, form);
    return twice ? [first, await deliver(trade.notifyUrl, form)] : [first];
  }

  const { server, url } = await listen(async (req, res) => {
    const requestUrl = new URL(req.url ?? "/", "http://gateway");
    const body = await readBody(req);
    // the shopper's browser, sent here by the shop's cashier link: page pay or WAP pay
    if (req.method === "GET" && requestUrl.pathname === "/gateway.do") {
      const params = Object.fromEntries(requestUrl.searchParams);
      if (!verify(app.publicKey, alipayContent(params, ["sign"]), params.sign ?? "")) {
        badSignatures += 1;
        res.statusCode = 400;
        return void res.end(page("支付宝测试网关", "<p>验签出错</p>"));
      }
      const biz = JSON.parse(params.biz_content ?? "{}");
      calls.push({ method: params.method!, biz });
      const known = trades.get(biz.out_trade_no);
      trades.set(biz.out_trade_no, {
        outTradeNo: biz.out_trade_no,
        tradeNo: known?.tradeNo ?? `2026${randomBytes(10).toString("hex")}`,
        totalAmount: biz.total_amount,
        status: known?.status ?? "WAIT_BUYER_PAY",
        notifyUrl: params.notify_url!,
        returnUrl: params.return_url!,
        method: params.method!,
      });
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      const label = params.method === "alipay.trade.wap.pay" ? "手机网站支付" : "电脑网站支付";
      return void res.end(
        page(
          `支付宝测试收银台（${label}）`,
          `<p>订单 ${biz.out_trade_no}</p><p data-testid="amount">￥${biz.total_amount}</p>
          <form method="post" action="/pay"><input type="hidden" name="out_trade_no" value="${biz.out_trade_no}"><button>确认付款</button></form>`,
        ),
      );
    }
    if (req.method === "POST" && requestUrl.pathname === "/pay") {
      const outTradeNo = new URLSearchParams(body).get("out_trade_no") ?? "";
      await pay(outTradeNo);
      const trade = trades.get(outTradeNo)!;
      // the return carries signed-looking parameters the shop must not take as a payment
      const back = new URL(trade.returnUrl.replace(/^https?:\/\/[^/]+/, shopUrl()));
      back.searchParams.set("out_trade_no", outTradeNo);
      back.searchParams.set("total_amount", trade.totalAmount);
      res.statusCode = 303;
      res.setHeader("Location", back.toString());
      return void res.end();
    }
    if (req.method !== "POST" || requestUrl.pathname !== "/gateway.do") {
      res.statusCode = 404;
      return void res.end();
    }
    const params: Record<string, string> = { ...Object.fromEntries(requestUrl.searchParams), ...Object.fromEntries(new URLSearchParams(body)) };
    const method = params.method ?? "";
    const tradeKey = `${method}:${JSON.parse(params.biz_content ?? "{}").out_trade_no}`;
    const faultKey = faults.has(tradeKey) ? tradeKey : method;
    const fault = faults.get(faultKey);
    faults.delete(faultKey);
    if (fault === "hang") return; // never answered: the shop's timeout decides
    if (fault === "error") {
      res.statusCode = 502;
      return void res.end("Bad Gateway");
    }
    if (params.app_id !== appId || !verify(app.publicKey, alipayContent(params, ["sign"]), params.sign ?? "")) {
      badSignatures += 1;
      return answer(res, method, { code: "40002", msg: "Invalid Arguments", sub_code: "isv.invalid-signature", sub_msg: "验签出错" });
    }
    const biz = JSON.parse(params.biz_content ?? "{}");
    calls.push({ method, biz });
    const trade = trades.get(biz.out_trade_no);
    switch (method) {
      case "alipay.trade.query":
        return answer(
          res,
          method,
          trade
            ? {
                code: "10000",
                msg: "Success",
                out_trade_no: trade.outTradeNo,
                trade_no: trade.tradeNo,
                trade_status: trade.status,
                total_amount: trade.totalAmount,
              }
            : notExist,
        );
      case "alipay.trade.close":
        if (!trade) return answer(res, method, notExist);
        if (trade.status !== "WAIT_BUYER_PAY")
          return answer(res, method, { code: "40004", msg: "Business Failed", sub_code: "ACQ.TRADE_STATUS_ERROR", sub_msg: "交易状态不合法" });
        trade.status = "TRADE_CLOSED";
        return answer(res, method, { code: "10000", msg: "Success", out_trade_no: trade.outTradeNo, trade_no: trade.tradeNo });
      case "alipay.trade.refund": {
        if (!trade || trade.status !== "TRADE_SUCCESS")
          return answer(res, method, { code: "40004", msg: "Business Failed", sub_code: "ACQ.TRADE_STATUS_ERROR", sub_msg: "交易状态不合法" });
        const key = String(biz.out_request_no);
        const seen = refunds.get(key);
        if (seen && (seen.outTradeNo !== trade.outTradeNo || seen.amount !== biz.refund_amount)) {
          return answer(res, method, { code: "40004", msg: "Business Failed", sub_code: "ACQ.REFUND_AMT_NOT_EQUAL_TOTAL", sub_msg: "退款金额不一致" });
        }
        const before = [...refunds.values()].filter((r) => r.outTradeNo === trade.outTradeNo).reduce((sum, r) => sum + Number(r.amount), 0);
        if (!seen && before + Number(biz.refund_amount) > Number(trade.totalAmount) + 1e-9) {
          return answer(res, method, { code: "40004", msg: "Business Failed", sub_code: "ACQ.REFUND_AMT_RESTRICTION", sub_msg: "退款金额超限" });
        }
        if (!seen) refunds.set(key, { outTradeNo: trade.outTradeNo, amount: String(biz.refund_amount) });
        const total = [...refunds.values()].filter((r) => r.outTradeNo === trade.outTradeNo).reduce((sum, r) => sum + Number(r.amount), 0);
        const reply = {
          code: "10000",
          msg: "Success",
          out_trade_no: trade.outTradeNo,
          trade_no: trade.tradeNo,
          fund_change: seen ? "N" : "Y",
          refund_fee: total.toFixed(2),
        };
        return answer(res, method, reply);
      }
      case "alipay.trade.fastpay.refund.query": {
        const refund = refunds.get(String(biz.out_request_no));
        return answer(
          res,
          method,
          refund && trade
            ? {
                code: "10000",
                msg: "Success",
                out_trade_no: trade.outTradeNo,
                out_request_no: biz.out_request_no,
                refund_amount: refund.amount,
                refund_status: "REFUND_SUCCESS",
              }
            : { code: "10000", msg: "Success" },
        );
      }
      default:
        return answer(res, method, { code: "40004", msg: "Business Failed", sub_code: "isv.invalid-method" });
    }
  }, port);

  return {
    url,
    appId,
    env: {
      PAY_PROVIDER: "alipay",
      ALIPAY_APP_ID: appId,
      ALIPAY_PRIVATE_KEY_FILE: join(dir, "app-private.pem"),
      ALIPAY_PUBLIC_KEY_FILE: join(dir, "alipay-public.txt"),
      ALIPAY_GATEWAY: `${url}/gateway.do`,
    },
    trades,
    refunds,
    calls,
    get badSignatures() {
      return badSignatures;
    },
    failNext: (method, fault, outTradeNo) => faults.set(outTradeNo ? `${method}:${outTradeNo}` : method, fault),
    pay,
    notificationForm,
    deliver,
    async close() {
      await close(server);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ─── WeChat Pay API v3 ───────────────────────────────────────────────────

interface WechatTrade {
  outTradeNo: string;
  transactionId: string;
  total: number;
  state: "NOTPAY" | "SUCCESS" | "CLOSED";
  notifyUrl: string;
  codeUrl: string;
  appid: string;
  mchid: string;
}

export interface WechatGateway {
  url: string;
  /** WECHATPAY_* settings for the shop. */
  env: Record<string, string>;
  mchid: string;
  appid: string;
  apiV3Key: string;
  trades: Map<string, WechatTrade>;
  refunds: Map<string, { outTradeNo: string; refund: number; total: number }>;
  /** Every signed call the shop made: method, path and body. */
  calls: { method: string; path: string; body: Record<string, any> }[];
  badSignatures: number;
  /** The next call whose path contains `path` fails so. */
  failNext(path: string, fault: Fault): void;
  /** Pays a trade and posts the signed, encrypted notification (`twice`: posted again). */
  pay(outTradeNo: string, options?: { twice?: boolean; deliver?: boolean }): Promise<Delivery[]>;
  /** A notification as WeChat Pay posts it: headers and body, with overrides for forged ones. */
  notification(
    trade: WechatTrade,
    over?: { resource?: Record<string, unknown>; key?: KeyObject; timestamp?: number; apiV3Key?: string },
  ): { headers: Record<string, string>; body: string };
  deliver(notifyUrl: string, message: { headers: Record<string, string>; body: string }): Promise<Delivery>;
  close(): Promise<void>;
}

export async function startWechatGateway(shopUrl: () => string, port = 0): Promise<WechatGateway> {
  const merchant = rsa();
  const platform = rsa();
  const mchid = "1900000109";
  const appid = "wxd678efh567hg6787";
  const serial = "5157F09EFDC096DE15EBE81A47057A7232F1B8E1";
  const platformKeyId = "PUB_KEY_ID_0114232134912410000000000001";
  const apiV3Key = randomBytes(16).toString("hex");
  const dir = mkdtempSync(join(tmpdir(), "wechatpay-keys-"));
  writeFileSync(join(dir, "apiclient_key.pem"), pem(merchant.privateKey));
  writeFileSync(join(dir, "pub_key.pem"), pem(platform.publicKey));
  writeFileSync(join(dir, "apiv3.key"), apiV3Key + "\n");
  const trades = new Map<string, WechatTrade>();
  const refunds = new Map<string, { outTradeNo: string; refund: number; total: number }>();
  const calls: WechatGateway["calls"] = [];
  const faults: { path: string; fault: Fault }[] = [];
  let badSignatures = 0;

  const signed = (body: string, key = platform.privateKey, timestamp = Math.floor(Date.now() / 1000)) => {
    const nonce = randomBytes(16).toString("hex");
    return {
      "Wechatpay-Timestamp": String(timestamp),
      "Wechatpay-Nonce": nonce,
      "Wechatpay-Signature": sign(key, `${timestamp}\n${nonce}\n${body}\n`),
      "Wechatpay-Serial": platformKeyId,
    };
  };
  const reply = (res: ServerResponse, status: number, data?: Record<string, unknown>) => {
    const body = data === undefined ? "" : JSON.stringify(data);
    res.writeHead(status, { ...signed(body), ...(body ? { "Content-Type": "application/json" } : {}) });
    res.end(body);
  };

  function encrypt(plain: string, key = apiV3Key) {
    const nonce = randomBytes(6).toString("hex");
    const cipher = createCipheriv("aes-256-gcm", Buffer.from(key, "utf8"), Buffer.from(nonce, "utf8"));
    cipher.setAAD(Buffer.from("transaction", "utf8"));
    const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]);
    return { original_type: "transaction", algorithm: "AEAD_AES_256_GCM", ciphertext: data.toString("base64"), associated_data: "transaction", nonce };
  }

  const transaction = (t: WechatTrade) => ({
    appid: t.appid,
    mchid: t.mchid,
    out_trade_no: t.outTradeNo,
    transaction_id: t.transactionId,
    trade_type: "NATIVE",
    trade_state: t.state,
    trade_state_desc: t.state === "SUCCESS" ? "支付成功" : "未支付",
    success_time: new Date().toISOString(),
    payer: { openid: "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o" },
    amount: { total: t.total, payer_total: t.total, currency: "CNY", payer_currency: "CNY" },
  });

  function notification(trade: WechatTrade, over: Parameters<WechatGateway["notification"]>[1] = {}) {
    const body = JSON.stringify({
      id: randomUUID(),
      create_time: new Date().toISOString(),
      resource_type: "encrypt-resource",
      event_type: "TRANSACTION.SUCCESS",
      summary: "支付成功",
      resource: encrypt(JSON.stringify({ ...transaction(trade), ...over.resource }), over.apiV3Key),
    });
    return { headers: { "Content-Type": "application/json", ...signed(body, over.key, over.timestamp) }, body };
  }

  async function deliver(notifyUrl: string, message: { headers: Record<string, string>; body: string }): Promise<Delivery> {
    const response = await fetch(onShop(shopUrl, notifyUrl), { method: "POST", headers: message.headers, body: message.body });
    return { status: response.status, body: await response.text() };
  }

  async function pay(outTradeNo: string, { twice = false, deliver: post = true } = {}) {
    const trade = trades.get(outTradeNo);
    if (!trade) throw new Error(`no WeChat Pay trade ${outTradeNo}`);
    trade.state = "SUCCESS";
    if (!post) return [];
    const message = notification(trade);
    const first = await deliver(trade.notifyUrl, message);
    return twice ? [first, await deliver(trade.notifyUrl, message)] : [first];
  }

  const { server, url } = await listen(async (req, res) => {
    const path = req.url ?? "/";
    const body = await readBody(req);
    // the shopper's phone, sent here by H5 pay: a page with a pay button
    if (req.method === "GET" && path.startsWith("/h5pay")) {
      const outTradeNo = new URL(path, "http://gateway").searchParams.get("out_trade_no") ?? "";
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      return void res.end(
        page(
          "微信支付测试收银台（H5）",
          `<form method="post" action="/h5pay"><input type="hidden" name="out_trade_no" value="${outTradeNo}"><button>确认付款</button></form>`,
        ),
      );
    }
    if (req.method === "POST" && path === "/h5pay") {
      const outTradeNo = new URLSearchParams(body).get("out_trade_no") ?? "";
      await pay(outTradeNo);
      res.writeHead(303, { Location: `${shopUrl()}/settle/pay-wait/${outTradeNo}` });
      return void res.end();
    }
    const fault = faults.findIndex((f) => path.includes(f.path));
    if (fault >= 0) {
      const [{ fault: kind }] = faults.splice(fault, 1);
      if (kind === "hang") return;
      res.statusCode = 502;
      return void res.end("Bad Gateway");
    }
    const auth = /^WECHATPAY2-SHA256-RSA2048 (.*)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
    const fields = Object.fromEntries([...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const content = `${req.method}\n${path}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    if (fields.mchid !== mchid || fields.serial_no !== serial || !verify(merchant.publicKey, content, fields.signature ?? "")) {
      badSignatures += 1;
      return reply(res, 401, { code: "SIGN_ERROR", message: "签名错误" });
    }
    const json = body ? JSON.parse(body) : {};
    calls.push({ method: req.method ?? "", path, body: json });
    const prepay = /^\/v3\/pay\/transactions\/(native|h5)$/.exec(path);
    if (req.method === "POST" && prepay) {
      if (json.mchid !== mchid || json.appid !== appid) return reply(res, 400, { code: "PARAM_ERROR", message: "商户号或 APPID 不符" });
      const known = trades.get(json.out_trade_no);
      if (known && known.total !== json.amount.total) return reply(res, 400, { code: "INVALID_REQUEST", message: "订单金额与首次下单不一致" });
      const trade = known ?? {
        outTradeNo: json.out_trade_no,
        transactionId: `4200${randomBytes(12).toString("hex")}`,
        total: json.amount.total,
        state: "NOTPAY" as const,
        notifyUrl: json.notify_url,
        codeUrl: `weixin://wxpay/bizpayurl?pr=${randomBytes(5).toString("hex")}`,
        appid,
        mchid,
      };
      trades.set(trade.outTradeNo, trade);
      return prepay[1] === "native"
        ? reply(res, 200, { code_url: trade.codeUrl })
        : reply(res, 200, { h5_url: `${url}/h5pay?prepay_id=wx${randomBytes(8).toString("hex")}&out_trade_no=${trade.outTradeNo}` });
    }
    const query = /^\/v3\/pay\/transactions\/out-trade-no\/(\w+)\?mchid=(\d+)$/.exec(path);
    if (req.method === "GET" && query) {
      const trade = trades.get(query[1]!);
      return trade ? reply(res, 200, transaction(trade)) : reply(res, 404, { code: "ORDER_NOT_EXIST", message: "订单不存在" });
    }
    const close = /^\/v3\/pay\/transactions\/out-trade-no\/(\w+)\/close$/.exec(path);
    if (req.method === "POST" && close) {
      const trade = trades.get(close[1]!);
      if (!trade) return reply(res, 404, { code: "ORDER_NOT_EXIST", message: "订单不存在" });
      if (trade.state === "SUCCESS") return reply(res, 400, { code: "ORDER_PAID", message: "订单已支付" });
      trade.state = "CLOSED";
      return reply(res, 204);
    }
    if (req.method === "POST" && path === "/v3/refund/domestic/refunds") {
      const trade = trades.get(json.out_trade_no);
      if (!trade || trade.state !== "SUCCESS") return reply(res, 400, { code: "INVALID_REQUEST", message: "订单未支付" });
      if (json.amount.total !== trade.total) return reply(res, 400, { code: "PARAM_ERROR", message: "订单金额不符" });
      const seen = refunds.get(json.out_refund_no);
      if (seen && seen.refund !== json.amount.refund) return reply(res, 400, { code: "INVALID_REQUEST", message: "退款单号已用于另一笔退款" });
      const before = [...refunds.values()].filter((r) => r.outTradeNo === trade.outTradeNo).reduce((sum, r) => sum + r.refund, 0);
      if (!seen && before + json.amount.refund > trade.total) return reply(res, 400, { code: "NOT_ENOUGH", message: "退款金额超限" });
      if (!seen) refunds.set(json.out_refund_no, { outTradeNo: trade.outTradeNo, refund: json.amount.refund, total: trade.total });
      return reply(res, 200, {
        refund_id: `50000${randomBytes(8).toString("hex")}`,
        out_refund_no: json.out_refund_no,
        out_trade_no: trade.outTradeNo,
        status: "SUCCESS",
        amount: { refund: json.amount.refund, total: trade.total, currency: "CNY" },
      });
    }
    const refundQuery = /^\/v3\/refund\/domestic\/refunds\/([\w|*@-]+)$/.exec(path);
    if (req.method === "GET" && refundQuery) {
      const refund = refunds.get(refundQuery[1]!);
      return refund
        ? reply(res, 200, {
            out_refund_no: refundQuery[1],
            out_trade_no: refund.outTradeNo,
            status: "SUCCESS",
            amount: { refund: refund.refund, total: refund.total },
          })
        : reply(res, 404, { code: "RESOURCE_NOT_EXISTS", message: "退款单不存在" });
    }
    reply(res, 404, { code: "NOT_FOUND", message: "no such path" });
  }, port);

  return {
    url,
    mchid,
    appid,
    apiV3Key,
    env: {
      PAY_PROVIDER: "wechat",
      WECHATPAY_MCHID: mchid,
      WECHATPAY_APPID: appid,
      WECHATPAY_CERT_SERIAL: serial,
      WECHATPAY_PRIVATE_KEY_FILE: join(dir, "apiclient_key.pem"),
      WECHATPAY_APIV3_KEY_FILE: join(dir, "apiv3.key"),
      WECHATPAY_PUBLIC_KEY_FILE: join(dir, "pub_key.pem"),
      WECHATPAY_PUBLIC_KEY_ID: platformKeyId,
      WECHATPAY_BASE_URL: url,
    },
    trades,
    refunds,
    calls,
    get badSignatures() {
      return badSignatures;
    },
    failNext: (path, fault) => faults.push({ path, fault }),
    pay,
    notification,
    deliver,
    async close() {
      await close(server);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A key pair no provider has: for forged notifications. */
export const strangerKey = () => rsa().privateKey;
