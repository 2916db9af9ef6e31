// The order state machine (spec/03 §5) as pure data: every allowed transition; anything else is
// a 409 for the caller. Refunds come from the admin script and from the fulfilment job (a paid
// order it cannot deliver: SENDING → ALL_REFUND); the money rule is in refund.service.ts.

export const ORDER_STATUSES = ["INIT", "WAIT_PAY", "PAY_SUCCESS", "PAY_FAIL", "SENDING", "SEND_SUCCESS", "PART_REFUND", "ALL_REFUND", "CLOSE"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export type OrderEvent =
  | "CREATED" // INIT → WAIT_PAY
  | "PAID" // a paid notification
  | "PAY_FAILED" // a failed notification
  | "REISSUE_PAY" // pay again after a failure (new pay way or retry)
  | "CLOSE" // the shopper closes it
  | "EXPIRE" // the payment window ran out
  | "START_SENDING" // the fulfilment worker picks it up
  | "DELIVERED" // every unit got its code
  | "REFUND_PART"
  | "REFUND_ALL";

const TRANSITIONS: Record<OrderEvent, Partial<Record<OrderStatus, OrderStatus>>> = {
  CREATED: { INIT: "WAIT_PAY" },
  PAID: { WAIT_PAY: "PAY_SUCCESS", PAY_FAIL: "PAY_SUCCESS" },
  PAY_FAILED: { WAIT_PAY: "PAY_FAIL" },
  REISSUE_PAY: { PAY_FAIL: "WAIT_PAY", WAIT_PAY: "WAIT_PAY" },
  CLOSE: { WAIT_PAY: "CLOSE", PAY_FAIL: "CLOSE" },
  EXPIRE: { WAIT_PAY: "CLOSE", PAY_FAIL: "CLOSE" },
  START_SENDING: { PAY_SUCCESS: "SENDING" },
  DELIVERED: { SENDING: "SEND_SUCCESS" },
  // a part refund after a part refund keeps the status (decision 067): the refunds' sum is the limit
  REFUND_PART: { SEND_SUCCESS: "PART_REFUND", PART_REFUND: "PART_REFUND" },
  REFUND_ALL: { SEND_SUCCESS: "ALL_REFUND", PART_REFUND: "ALL_REFUND", SENDING: "ALL_REFUND" },
};

/** The state after `event`, or null when the transition is not allowed. */
export function nextStatus(from: OrderStatus, event: OrderEvent): OrderStatus | null {
  return TRANSITIONS[event][from] ?? null;
}

/** Whether some event leads from one status to the other (for the admin script's `order:set`). */
export function eventBetween(from: OrderStatus, to: OrderStatus): OrderEvent | null {
  for (const [event, table] of Object.entries(TRANSITIONS) as [OrderEvent, Partial<Record<OrderStatus, OrderStatus>>][]) {
    if (table[from] === to && from !== to) return event;
  }
  return null;
}

/** The next step of the happy path, for `order:advance`. */
export const HAPPY_PATH: Partial<Record<OrderStatus, OrderEvent>> = {
  INIT: "CREATED",
  WAIT_PAY: "PAID",
  PAY_FAIL: "PAID",
  PAY_SUCCESS: "START_SENDING",
  SENDING: "DELIVERED",
};

/** A coupon in an order is held while the order can still be paid. */
export const OPEN_STATUSES: readonly OrderStatus[] = ["WAIT_PAY", "PAY_FAIL"];
export const PAID_STATUSES: readonly OrderStatus[] = ["PAY_SUCCESS", "SENDING", "SEND_SUCCESS", "PART_REFUND", "ALL_REFUND"];

/** Minutes left to pay, rounded up; 0 once the window has passed or the order is not payable. */
export function remainingMinutes(status: OrderStatus, payExpireAt: number, now: number): number {
  if (!OPEN_STATUSES.includes(status)) return 0;
  return Math.max(0, Math.ceil((payExpireAt - now) / 60_000));
}
