// The pay page's two choices (spec/02 §3): WeChat Pay and the Alipay-type method, which is TCTP,
// the spec's default pay way (§9), sent under that value so a real backend gets what it expects.
export const PAY_WAYS = [
  { value: "TCTP", label: "支付宝" },
  { value: "WX", label: "微信支付" },
] as const;
export type PayWayChoice = (typeof PAY_WAYS)[number]["value"];

const WECHAT_FAMILY = ["WX", "wx_h5", "LIANLIAN_WX"];

/** Which choice an order's pay way (any of spec/02 §3's) belongs to: the WeChat family or the Alipay-type rest. */
export function offeredPayWay(payWay: string): PayWayChoice {
  return WECHAT_FAMILY.includes(payWay) ? "WX" : "TCTP";
}
