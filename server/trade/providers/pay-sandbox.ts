// The sandbox payment provider (spec/03 §6, decision 011), standing in for WeChat Pay / Alipay in the
// demo: its cashier is /mock-pay (server/mock-pay/router.ts), reached by an HMAC-signed link, and
// it reports payments to /api/pay_gateway/notify signed with the notification key. Each purpose
// has its own key (config.payLinkSecret, config.payNotifySecret), never the session secret.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "../../config";
import type { PayNotification, PayProvider } from "./pay";

export interface SandboxPay extends PayProvider {
  readonly name: "sandbox";
  /** True when `signature` is the `sig` of this order's cashier link. */
  verifyCashierLink(orderNo: string, signature: string): boolean;
  /** Signs a notification as the sandbox posts it. */
  signNotification(notification: PayNotification): string;
}

function hmac(key: string, purpose: string, text: string): string {
  return createHmac("sha256", key).update(`${purpose}\n${text}`).digest("hex");
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const canonical = (n: PayNotification) => [n.notify_id, n.order_no, n.trade_status, n.amount, n.pay_way].join("|");

/** The `sign` of a sandbox notification under `key` (tests and the bench sign with config.payNotifySecret). */
export function signNotification(key: string, n: PayNotification): string {
  return hmac(key, "notify", canonical(n));
}

function cashierSignature(key: string, orderNo: string): string {
  return hmac(key, "cashier", orderNo).slice(0, 32);
}

export function sandboxPay(config: Pick<Config, "hkBaseUrl" | "payLinkSecret" | "payNotifySecret">): SandboxPay {
  return {
    name: "sandbox",
    // the cashier lives in the payment (hk) domain group
    payUrl: (orderNo) => `${config.hkBaseUrl}/mock-pay/${orderNo}?sig=${cashierSignature(config.payLinkSecret, orderNo)}`,
    verifyCashierLink: (orderNo, signature) => sameHex(cashierSignature(config.payLinkSecret, orderNo), signature),
    signNotification: (n) => signNotification(config.payNotifySecret, n),
    verifyNotification: (n, signature) => sameHex(signNotification(config.payNotifySecret, n), signature),
  };
}
