// How order statuses read to a shopper, and which of them can still be paid.

export const ORDER_STATUS_TEXT: Record<string, string> = {
  INIT: "创建中",
  WAIT_PAY: "待支付",
  PAY_SUCCESS: "支付成功",
  PAY_FAIL: "支付失败",
  SENDING: "发货中",
  SEND_SUCCESS: "已发货",
  PART_REFUND: "部分退款",
  ALL_REFUND: "全额退款",
  CLOSE: "已关闭",
};

export const UNPAID_STATUSES = ["WAIT_PAY", "PAY_FAIL"];

/** Paid: the pay page hands these on to pay-wait. */
export const PAID_STATUSES = ["PAY_SUCCESS", "SENDING", "SEND_SUCCESS"];

/** What the pay page's polling asks every second (the settle.pay-status resource route). */
export type PayStatusAnswer = { ok: true; orderStatus: string } | { ok: false; errorCode: number; errorMsg: string };
