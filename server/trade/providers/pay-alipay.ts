// Alipay through its official SDK, alipay-sdk (decision 047): page pay on desktop
// (alipay.trade.page.pay), WAP pay on phones (alipay.trade.wap.pay), the asynchronous notification
// verified with Alipay's public key (RSA2), trade query, refund (out_request_no is the refund's
// idempotency key), refund query and close. Every answer's signature is checked (validateSign).
// The out_trade_no is the order number: one trade per order.
import { centsOfYuan, yuanAmount } from "../../../shared/money";
import { formatDateTime } from "../../../shared/shop-time";
import type { AlipaySettings } from "../../pay-config";
import { cashierSignature } from "./cashier-link";
import { loadedOnFirstUse } from "./loaded-on-first-use";
import { ForeignMerchantError, type PayNotification, type PayProvider } from "./pay";

export interface AlipayUrls {
  /** The shop's origin in the payment (hk) domain group. */
  hkBaseUrl: string;
  payLinkSecret: string;
}

type Answer = Record<string, unknown> & { code?: string; msg?: string; sub_code?: string; sub_msg?: string };

/** A notification as Alipay posts it (a form), once its signature has been checked. */
export type AlipayForm = Record<string, string>;

export interface AlipayPay extends PayProvider {
  readonly name: "alipay";
  /**
   * A posted notification as the shop applies it: null for one that reports no payment (a trade
   * created, closed); throws when the signature is not Alipay's or the amount is not one, and
   * ForeignMerchantError when it is for another application.
   */
  notification(form: AlipayForm): Promise<PayNotification | null>;
}

const failure = (what: string, answer: Answer) =>
  new Error(`支付宝${what}失败：${answer.sub_code ?? answer.code ?? "?"} ${answer.sub_msg ?? answer.msg ?? ""}`.trim());

function payment(orderNo: string, tradeNo: unknown, totalAmount: unknown): PayNotification {
  const amount = typeof totalAmount === "string" ? centsOfYuan(totalAmount) : null;
  if (amount === null || typeof tradeNo !== "string" || !/^\w{8,64}$/.test(tradeNo)) throw new Error("支付宝答复的交易号或金额无效");
  return { notify_id: `ALI-${tradeNo}`, order_no: orderNo, trade_status: "SUCCESS", amount, pay_way: "ALIPAY" };
}

export function alipayPay(settings: AlipaySettings, urls: AlipayUrls): AlipayPay {
  // the SDK (and its dependencies, ~0.5 CPU s) is loaded at the first payment, not at every start (as the message
  // providers' SDKs are: loadedOnFirstUse), and never by a shop that does not take Alipay
  const sdk = loadedOnFirstUse(async () => {
    const { AlipaySdk } = await import("alipay-sdk");
    return new AlipaySdk({
      appId: settings.appId,
      privateKey: settings.privateKey,
      keyType: "PKCS8",
      alipayPublicKey: settings.alipayPublicKey,
      gateway: settings.gateway,
      timeout: settings.timeoutMs,
      camelcase: false,
    });
  });
  const notifyUrl = `${urls.hkBaseUrl}/api/pay_gateway/alipay/notify`;
  const call = async (method: string, bizContent: Record<string, unknown>) =>
    (await sdk()).exec(method, { bizContent }, { validateSign: true }) as Promise<Answer>;

  return {
    name: "alipay",
    payUrl: (orderNo) => `${urls.hkBaseUrl}/cashier/${orderNo}?sig=${cashierSignature(urls.payLinkSecret, orderNo)}`,

    async cashier(order, client) {
      const phone = client.device === "phone";
      // a signed link to Alipay's own page: no call from here. The return page waits for the
      // notification (or the job's query): its query string is never taken as a payment.
      const url = (await sdk()).pageExec(phone ? "alipay.trade.wap.pay" : "alipay.trade.page.pay", "GET", {
        bizContent: {
          out_trade_no: order.orderNo,
          total_amount: yuanAmount(order.amount),
          subject: order.subject,
          product_code: phone ? "QUICK_WAP_WAY" : "FAST_INSTANT_TRADE_PAY",
          time_expire: formatDateTime(order.expiresAt),
          ...(phone ? { quit_url: `${urls.hkBaseUrl}/settle/pay?order_no=${order.orderNo}` } : {}),
        },
        notify_url: notifyUrl,
        return_url: `${urls.hkBaseUrl}/settle/pay-wait/${order.orderNo}`,
      });
      return { kind: "redirect", url };
    },

    async notification(form) {
      if (!(await sdk()).checkNotifySignV2(form)) throw new Error("签名校验失败");
      if (form.app_id !== settings.appId) throw new ForeignMerchantError(`通知的 app_id ${form.app_id ?? "(无)"} 不是本店的`, form.out_trade_no ?? "");
      const orderNo = form.out_trade_no ?? "";
      if (form.trade_status === "TRADE_SUCCESS" || form.trade_status === "TRADE_FINISHED") return payment(orderNo, form.trade_no, form.total_amount);
      return null;
    },

    async queryTrade(orderNo) {
      const answer = await call("alipay.trade.query", { out_trade_no: orderNo });
      if (answer.code === "40004" && answer.sub_code === "ACQ.TRADE_NOT_EXIST") return null;
      if (answer.code !== "10000") throw failure("查询", answer);
      if (answer.trade_status !== "TRADE_SUCCESS" && answer.trade_status !== "TRADE_FINISHED") return null;
      return payment(orderNo, answer.trade_no, answer.total_amount);
    },

    async closeTrade(orderNo) {
      const answer = await call("alipay.trade.close", { out_trade_no: orderNo });
      // never scanned: Alipay has no trade to close
      if (answer.code === "10000" || answer.sub_code === "ACQ.TRADE_NOT_EXIST") return "CLOSED";
      if (answer.sub_code === "ACQ.TRADE_STATUS_ERROR") return (await this.queryTrade(orderNo)) ? "PAID" : "CLOSED";
      throw failure("关闭交易", answer);
    },

    async refund(_db, { idempotencyKey, orderNo, amount }) {
      const answer = await call("alipay.trade.refund", { out_trade_no: orderNo, refund_amount: yuanAmount(amount), out_request_no: idempotencyKey });
      // fund_change "N" for a repeated out_request_no: the first call's refund, not a new one
      if (answer.code !== "10000") throw failure("退款", answer);
      if (answer.refund_fee !== undefined && centsOfYuan(String(answer.refund_fee)) === null) throw new Error("支付宝退款答复的金额无效");
    },

    async queryRefund(_db, { idempotencyKey, orderNo }) {
      const answer = await call("alipay.trade.fastpay.refund.query", {
        out_trade_no: orderNo,
        out_request_no: idempotencyKey,
        query_options: ["gmt_refund_pay"],
      });
      if (answer.code === "40004" && answer.sub_code === "ACQ.TRADE_NOT_EXIST") return { status: "NOT_FOUND" };
      if (answer.code !== "10000") throw failure("退款查询", answer);
      // Alipay refunds at once: a refund it answers with (refund_status empty or REFUND_SUCCESS) is
      // done; one it does not know is answered 10000 without its data
      const known = answer.out_request_no === idempotencyKey && typeof answer.refund_amount === "string";
      if (!known) return { status: "NOT_FOUND" };
      return !answer.refund_status || answer.refund_status === "REFUND_SUCCESS"
        ? { status: "SUCCEEDED" }
        : { status: "FAILED", reason: String(answer.refund_status) };
    },
  };
}
