// WeChat Pay API v3 with node:crypto and fetch (decision 047: no SDK fits; the protocol is three
// primitives): every request signed with the merchant's key (WECHATPAY2-SHA256-RSA2048), every
// answer and notification verified with WeChat Pay's public key, the notification's resource
// decrypted with the APIv3 key (AES-256-GCM). Native pay (a code the shopper scans) on desktop,
// H5 pay on phones where the merchant has it; query, close, refund (out_refund_no) and refund
// query. The out_trade_no is the order number: one trade per order.
import { createDecipheriv, createSign, createVerify, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { orders } from "../../../db/schema";
import { formatDateTime } from "../../../shared/shop-time";
import type { WechatPaySettings } from "../../pay-config";
import { cashierSignature } from "./cashier-link";
import { ForeignMerchantError, type PayNotification, type PayProvider, type RefundQueryResult } from "./pay";

/** A signed message older or newer than this is refused: a replay, or a clock far off. */
export const WECHAT_SIGNATURE_WINDOW_S = 300;

export interface WechatUrls {
  hkBaseUrl: string;
  payLinkSecret: string;
  now(): number;
}

export interface SignedMessage {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface WechatPay extends PayProvider {
  readonly name: "wechat";
  /**
   * A posted notification as the shop applies it: null for one that reports no payment; throws
   * when its signature is not WeChat Pay's, it is too old, or it does not decrypt, and
   * ForeignMerchantError when it is for another merchant.
   */
  notification(message: SignedMessage): PayNotification | null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the gateway's JSON: each field used is checked where it is read
type Json = Record<string, any>;

const header = (headers: SignedMessage["headers"], name: string) => {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

/** WeChat's out_refund_no takes letters, digits and _-|*@ only: the refund key's ":" becomes "-". */
export const outRefundNo = (idempotencyKey: string) => idempotencyKey.replace(/[^\w|*@-]/g, "-");

export function wechatPay(settings: WechatPaySettings, urls: WechatUrls): WechatPay {
  const notifyUrl = `${urls.hkBaseUrl}/api/pay_gateway/wechat/notify`;

  /** True when the message carries WeChat Pay's signature, made within the window. */
  function verified({ headers, body }: SignedMessage): boolean {
    const timestamp = header(headers, "Wechatpay-Timestamp") ?? "";
    const nonce = header(headers, "Wechatpay-Nonce") ?? "";
    const signature = header(headers, "Wechatpay-Signature") ?? "";
    const serial = header(headers, "Wechatpay-Serial") ?? "";
    if (!/^\d{1,12}$/.test(timestamp) || !nonce || !signature || serial !== settings.platformKeyId) return false;
    if (Math.abs(urls.now() / 1000 - Number(timestamp)) > WECHAT_SIGNATURE_WINDOW_S) return false;
    return createVerify("RSA-SHA256").update(`${timestamp}\n${nonce}\n${body}\n`).verify(settings.platformPublicKey, signature, "base64");
  }

  async function call(method: "GET" | "POST", path: string, payload?: Json): Promise<{ status: number; body: Json }> {
    const body = payload === undefined ? "" : JSON.stringify(payload);
    const timestamp = String(Math.floor(urls.now() / 1000));
    const nonce = randomBytes(16).toString("hex");
    const signature = createSign("RSA-SHA256").update(`${method}\n${path}\n${timestamp}\n${nonce}\n${body}\n`).sign(settings.privateKey, "base64");
    const authorization = `WECHATPAY2-SHA256-RSA2048 mchid="${settings.mchid}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${settings.certSerial}"`;
    let response: Response;
    try {
      response = await fetch(settings.baseUrl + path, {
        method,
        headers: { Authorization: authorization, Accept: "application/json", ...(body ? { "Content-Type": "application/json" } : {}) },
        body: body || undefined,
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      throw new Error(timedOut ? `微信支付 ${settings.timeoutMs / 1000} 秒未答复` : "微信支付无法连接", { cause: error });
    }
    const text = await response.text();
    if (!verified({ headers: Object.fromEntries(response.headers), body: text })) throw new Error(`微信支付的答复验签失败（HTTP ${response.status}）`);
    let parsed: Json = {};
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      throw new Error(`微信支付的答复不是 JSON（HTTP ${response.status}）`);
    }
    return { status: response.status, body: parsed };
  }

  const failure = (what: string, answer: { status: number; body: Json }) =>
    new Error(`微信支付${what}失败：HTTP ${answer.status} ${answer.body.code ?? ""} ${answer.body.message ?? ""}`.trim());

  function payment(trade: Json): PayNotification | null {
    if (trade.mchid !== settings.mchid || trade.appid !== settings.appid)
      throw new ForeignMerchantError(`交易的商户号 ${trade.mchid ?? "(无)"} 或 APPID 不是本店的`, String(trade.out_trade_no ?? ""));
    if (trade.trade_state !== "SUCCESS") return null;
    const amount = trade.amount?.total;
    if (!Number.isSafeInteger(amount) || amount < 0 || typeof trade.transaction_id !== "string" || !/^\w{8,64}$/.test(trade.transaction_id)) {
      throw new Error("微信支付交易的金额或交易号无效");
    }
    return { notify_id: `WX-${trade.transaction_id}`, order_no: String(trade.out_trade_no), trade_status: "SUCCESS", amount, pay_way: "WX" };
  }

  const paidTotal = (db: Parameters<PayProvider["refund"]>[0], orderNo: string) => {
    const order = db.select({ payPrice: orders.payPrice }).from(orders).where(eq(orders.orderNo, orderNo)).get();
    if (!order) throw new Error(`订单 ${orderNo} 不存在`);
    return order.payPrice;
  };

  return {
    name: "wechat",
    payUrl: (orderNo) => `${urls.hkBaseUrl}/cashier/${orderNo}?sig=${cashierSignature(urls.payLinkSecret, orderNo)}`,
    qrImageUrl: (orderNo) => `${urls.hkBaseUrl}/cashier/${orderNo}/qr.png?sig=${cashierSignature(urls.payLinkSecret, orderNo)}`,

    async cashier(order, client) {
      const h5 = client.device === "phone" && settings.h5;
      const request = {
        appid: settings.appid,
        mchid: settings.mchid,
        description: order.subject.slice(0, 127),
        out_trade_no: order.orderNo,
        time_expire: `${formatDateTime(order.expiresAt).replace(" ", "T")}+08:00`,
        notify_url: notifyUrl,
        amount: { total: order.amount, currency: "CNY" },
        ...(h5 ? { scene_info: { payer_client_ip: client.ip, h5_info: { type: "Wap" } } } : {}),
      };
      const answer = await call("POST", h5 ? "/v3/pay/transactions/h5" : "/v3/pay/transactions/native", request);
      if (answer.status !== 200) throw failure("下单", answer);
      if (h5) {
        if (typeof answer.body.h5_url !== "string") throw failure("下单", answer);
        // back to the shop's wait page, which waits for the notification or the job's query
        const back = encodeURIComponent(`${urls.hkBaseUrl}/settle/pay-wait/${order.orderNo}`);
        return { kind: "redirect", url: `${answer.body.h5_url}&redirect_url=${back}` };
      }
      if (typeof answer.body.code_url !== "string" || !answer.body.code_url.startsWith("weixin://")) throw failure("下单", answer);
      return { kind: "qr", codeUrl: answer.body.code_url };
    },

    notification(message) {
      if (!verified(message)) throw new Error("签名校验失败");
      let envelope: Json;
      try {
        envelope = JSON.parse(message.body);
      } catch {
        throw new Error("通知不是 JSON");
      }
      const resource = envelope.resource ?? {};
      if (resource.algorithm !== "AEAD_AES_256_GCM" || typeof resource.ciphertext !== "string" || typeof resource.nonce !== "string") {
        throw new Error("通知的 resource 无效");
      }
      let trade: Json;
      try {
        const data = Buffer.from(resource.ciphertext, "base64");
        const decipher = createDecipheriv("aes-256-gcm", settings.apiV3Key, Buffer.from(resource.nonce, "utf8"));
        decipher.setAuthTag(data.subarray(data.length - 16));
        decipher.setAAD(Buffer.from(String(resource.associated_data ?? ""), "utf8"));
        trade = JSON.parse(Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString("utf8"));
      } catch {
        throw new Error("通知的 resource 无法用 APIv3 密钥解密");
      }
      return envelope.event_type === "TRANSACTION.SUCCESS" ? payment(trade) : null;
    },

    async queryTrade(orderNo) {
      const answer = await call("GET", `/v3/pay/transactions/out-trade-no/${orderNo}?mchid=${settings.mchid}`);
      if (answer.status === 404) return null;
      if (answer.status !== 200) throw failure("查询", answer);
      return payment(answer.body);
    },

    async closeTrade(orderNo) {
      const answer = await call("POST", `/v3/pay/transactions/out-trade-no/${orderNo}/close`, { mchid: settings.mchid });
      if (answer.status === 204 || answer.status === 200) return "CLOSED";
      if (answer.body.code === "ORDER_PAID" || answer.body.code === "TRADE_STATE_ERROR") return (await this.queryTrade(orderNo)) ? "PAID" : "CLOSED";
      if (answer.body.code === "ORDER_NOT_EXIST" || answer.status === 404) return "CLOSED";
      throw failure("关闭交易", answer);
    },

    async refund(db, { idempotencyKey, orderNo, amount }) {
      const answer = await call("POST", "/v3/refund/domestic/refunds", {
        out_trade_no: orderNo,
        out_refund_no: outRefundNo(idempotencyKey),
        amount: { refund: amount, total: paidTotal(db, orderNo), currency: "CNY" },
      });
      // a repeated out_refund_no answers the first refund; SUCCESS or PROCESSING: accepted
      if (answer.status !== 200 || (answer.body.status !== "SUCCESS" && answer.body.status !== "PROCESSING")) throw failure("退款", answer);
      if (answer.body.amount?.refund !== amount) throw new Error(`微信支付退款答复的金额 ${answer.body.amount?.refund} 分与退款 ${amount} 分不符`);
    },

    async queryRefund(_db, { idempotencyKey }): Promise<RefundQueryResult> {
      const answer = await call("GET", `/v3/refund/domestic/refunds/${outRefundNo(idempotencyKey)}`);
      if (answer.status === 404) return { status: "NOT_FOUND" };
      if (answer.status !== 200) throw failure("退款查询", answer);
      if (answer.body.status === "SUCCESS") return { status: "SUCCEEDED" };
      if (answer.body.status === "PROCESSING") return { status: "PROCESSING" };
      return { status: "FAILED", reason: `微信支付退款状态 ${answer.body.status}` };
    },
  };
}
