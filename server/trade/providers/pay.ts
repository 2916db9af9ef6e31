// The payment provider (spec/03 §6, decisions 011 and 047): what the services need from Alipay,
// WeChat Pay or the sandbox. PAY_PROVIDER picks one (server/trade/deps.ts); `none` (production
// without a provider) has none, and order creation answers 503 支付通道未开通.
//
// `payUrl` is the shop's own signed cashier link, the API's `third_pay_detail.pay_url`; opening it
// runs `cashier`, the provider's prepay step (a redirect to Alipay's page, WeChat's Native code),
// whose result is stored with the order (pay_trades). A provider's notification is verified and
// mapped to `PayNotification` in its adapter, so that applyPayment stays the one place where a
// payment changes an order; `queryTrade` gives the same answer for an order whose notification
// never came. `refund` returns money to the shopper's payment account: the refund job
// (jobs/refunds.ts) calls it at least once per refund, always with the same idempotency key, so
// the provider must refund a key at most once and answer a repeated key with the first result.
// `queryRefund` asks the provider what became of a key: the job asks it before it gives a refund
// up, so a call that timed out (the provider may have paid) is never flagged for a refund by hand
// (decision 044).
import type { Db } from "../../../db/client";

/** A payment result as the shop applies it (a notification, or a trade query's answer). */
export interface PayNotification {
  /** Unique per payment: a replay or the same payment seen twice changes nothing. */
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

/** What the provider's cashier needs to take a payment for an order. */
export interface PayOrder {
  orderNo: string;
  /** Cents. */
  amount: number;
  subject: string;
  /** When the order's payment window ends (ms): the provider's trade expires with it. */
  expiresAt: number;
}

export interface PayClient {
  device: "desktop" | "phone";
  /** The shopper's address (WeChat's H5 pay asks for it). */
  ip: string;
}

/** Where the shopper pays: the provider's page, or a code to scan with the provider's app. */
export type Cashier = { kind: "redirect"; url: string } | { kind: "qr"; codeUrl: string };

/** A notification signed by the provider but for another application or merchant than this shop's. */
export class ForeignMerchantError extends Error {
  constructor(
    message: string,
    /** The order it names, to be flagged: this shop's order number, another merchant's payment. */
    readonly orderNo: string,
  ) {
    super(message);
  }
}

export interface PayProvider {
  readonly name: string;
  /** The shop's cashier link of this order: the API's `third_pay_detail.pay_url`. */
  payUrl(orderNo: string): string;
  /**
   * A provider paid by scanning (WeChat Pay's Native pay): the image of the order's code, which
   * the pay page shows beside the link (`third_pay_detail.qr_code_url`, an extension of the contract).
   */
  qrImageUrl?(orderNo: string): string;
  /** The provider's prepay step for this order. */
  cashier(order: PayOrder, client: PayClient): Promise<Cashier>;
  /** The order's trade at the provider: its payment when paid, null while it is not. */
  queryTrade(orderNo: string): Promise<PayNotification | null>;
  /** Closes the unpaid trade of an expired order; `PAID` when it was paid meanwhile. */
  closeTrade(orderNo: string): Promise<"CLOSED" | "PAID">;
  /**
   * Refunds `amount` to the account that paid the order; resolves once the provider has accepted
   * it, rejects when it did not (the job retries). `db` is for the local stand-in's ledger, as
   * the mail and SMS stand-ins write their outbox, and for what a real adapter must repeat (the
   * order's total).
   */
  refund(db: Db, request: RefundRequest): Promise<void>;
  /**
   * What became of the refund with this idempotency key: paid, still in progress, never received,
   * or refused (with the provider's reason). Rejects when the provider cannot tell.
   */
  queryRefund(db: Db, request: RefundRequest): Promise<RefundQueryResult>;
}
