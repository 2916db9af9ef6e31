// The sandbox payment provider (spec/03 §6, decision 011), standing in for WeChat Pay / Alipay in the
// demo: its cashier is /mock-pay (server/mock-pay/router.ts), reached by an HMAC-signed link, and
// it reports payments to /api/pay_gateway/notify signed with the notification key. Each purpose
// has its own key (config.payLinkSecret, config.payNotifySecret), never the session secret. Its
// refunds are written to its own ledger (sandbox_refunds), one row per idempotency key.
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { sandboxRefunds } from "../../../db/schema";
import type { Config } from "../../config";
import { cashierSignature, verifyCashierSignature } from "./cashier-link";
import type { PayNotification, PayProvider, RefundQueryResult, RefundRequest } from "./pay";

export interface SandboxPay extends PayProvider {
  readonly name: "sandbox";
  /** True when `signature` is the `sig` of this order's cashier link. */
  verifyCashierLink(orderNo: string, signature: string): boolean;
  /** True when `signature` is the sandbox's signature of this notification. */
  verifyNotification(notification: PayNotification, signature: string): boolean;
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

/**
 * Records the refund once per idempotency key; a repeated key with the same order and amount is
 * the same refund (answered as done), with anything else it is refused.
 */
function recordRefund(db: Db, { idempotencyKey, orderNo, amount }: RefundRequest): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`sandbox refund: invalid amount ${amount}`);
  db.insert(sandboxRefunds).values({ idempotencyKey, orderNo, amount }).onConflictDoNothing().run();
  const recorded = db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, idempotencyKey)).get()!;
  if (recorded.orderNo !== orderNo || recorded.amount !== amount) throw new Error(`sandbox refund: key ${idempotencyKey} was used for another refund`);
}

/** The ledger's answer for a key: paid when recorded for this order and amount, else never received. */
function queryRecordedRefund(db: Db, { idempotencyKey, orderNo, amount }: RefundRequest): RefundQueryResult {
  const recorded = db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, idempotencyKey)).get();
  if (!recorded) return { status: "NOT_FOUND" };
  if (recorded.orderNo !== orderNo || recorded.amount !== amount)
    return { status: "FAILED", reason: `sandbox refund: key ${idempotencyKey} was used for another refund` };
  return { status: "SUCCEEDED" };
}

export function sandboxPay(config: Pick<Config, "hkBaseUrl" | "payLinkSecret" | "payNotifySecret">): SandboxPay {
  // the cashier lives in the payment (hk) domain group
  const payUrl = (orderNo: string) => `${config.hkBaseUrl}/mock-pay/${orderNo}?sig=${cashierSignature(config.payLinkSecret, orderNo)}`;
  return {
    name: "sandbox",
    payUrl,
    // the cashier page is the shop's own: nothing to prepare, query or close elsewhere
    cashier: async (order) => ({ kind: "redirect", url: payUrl(order.orderNo) }),
    queryTrade: async () => null,
    closeTrade: async () => "CLOSED",
    verifyCashierLink: (orderNo, signature) => verifyCashierSignature(config.payLinkSecret, orderNo, signature),
    signNotification: (n) => signNotification(config.payNotifySecret, n),
    verifyNotification: (n, signature) => sameHex(signNotification(config.payNotifySecret, n), signature),
    refund: async (db, request) => recordRefund(db, request),
    queryRefund: async (db, request) => queryRecordedRefund(db, request),
  };
}
