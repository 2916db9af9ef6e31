// The payment provider (spec/03 §6, decision 011): what the services need from WeChat Pay, Alipay or the
// sandbox. PAY_PROVIDER picks one; `none` (production without a real adapter) has no provider,
// and order creation answers 503 支付通道未开通.
//
// A real adapter implements this interface with its own keys (PAY_NOTIFY_SECRET or the provider's
// certificates): `payUrl` is the cashier link of its prepay order (created when the order is, and
// stored with it, if the provider needs a server call), `verifyNotification` checks the signature
// of what it posts to /api/pay_gateway/notify. Its notification format, when it differs from
// `PayNotification`, is mapped to it in the adapter so that applyNotification stays the one place
// where a payment changes an order. `refund` returns money to the shopper's payment account: the
// refund job (jobs/refunds.ts) calls it at least once per refund, always with the same idempotency
// key, so the provider must refund a key at most once and answer a repeated key with the first
// result. `queryRefund` asks the provider what became of a key: the job asks it before it gives a
// refund up, so a call that timed out (the provider may have paid) is never flagged for a refund
// by hand (decision 044).
import type { Db } from "../../../db/client";

/** A payment result as /api/pay_gateway/notify receives it (its `sign` travels beside it). */
export interface PayNotification {
  notify_id: string;
  order_no: string;
  trade_status: "SUCCESS" | "FAIL";
  /** Cents, compared with the order's pay_price. */
  amount: number;
  pay_way: string;
}

export interface RefundRequest {
  /** The same on every attempt of one refund: the provider refunds it once. */
  idempotencyKey: string;
  orderNo: string;
  /** Cents, at most what the order paid. */
  amount: number;
}

/** What the provider knows of a refund's idempotency key. */
export type RefundQueryResult = { status: "SUCCEEDED" } | { status: "PROCESSING" } | { status: "NOT_FOUND" } | { status: "FAILED"; reason: string };

export interface PayProvider {
  readonly name: string;
  /** The link where the shopper pays this order: the API's `third_pay_detail.pay_url`. */
  payUrl(orderNo: string): string;
  /** True when `signature` is the provider's signature of this notification. */
  verifyNotification(notification: PayNotification, signature: string): boolean;
  /**
   * Refunds `amount` to the account that paid the order; resolves once the provider has accepted
   * it, rejects when it did not (the job retries). `db` is for the local stand-in's ledger, as
   * the mail and SMS stand-ins write their outbox; a real adapter calls its gateway.
   */
  refund(db: Db, request: RefundRequest): Promise<void>;
  /**
   * What became of the refund with this idempotency key: paid, still in progress, never received,
   * or refused (with the provider's reason). Rejects when the provider cannot tell.
   */
  queryRefund(db: Db, request: RefundRequest): Promise<RefundQueryResult>;
}
