// The payment provider (spec/03 §6, decision 011): what the services need from WeChat Pay, Alipay or the
// sandbox. PAY_PROVIDER picks one; `none` (production without a real adapter) has no provider,
// and order creation answers 503 支付通道未开通.
//
// A real adapter implements this interface with its own keys (PAY_NOTIFY_SECRET or the provider's
// certificates): `payUrl` is the cashier link of its prepay order (created when the order is, and
// stored with it, if the provider needs a server call), `verifyNotification` checks the signature
// of what it posts to /api/pay_gateway/notify. Its notification format, when it differs from
// `PayNotification`, is mapped to it in the adapter so that applyNotification stays the one place
// where a payment changes an order.

/** A payment result as /api/pay_gateway/notify receives it (its `sign` travels beside it). */
export interface PayNotification {
  notify_id: string;
  order_no: string;
  trade_status: "SUCCESS" | "FAIL";
  /** Cents, compared with the order's pay_price. */
  amount: number;
  pay_way: string;
}

export interface PayProvider {
  readonly name: string;
  /** The link where the shopper pays this order: the API's `third_pay_detail.pay_url`. */
  payUrl(orderNo: string): string;
  /** True when `signature` is the provider's signature of this notification. */
  verifyNotification(notification: PayNotification, signature: string): boolean;
}
