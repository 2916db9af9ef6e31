import { PAY_WAY_NAMES } from "../../shared/pay-way-names";

// The pay page's two choices (spec/02 §3): WeChat Pay and the Alipay-type method, which is TCTP,
// the spec's default pay way (§9), sent under that value so a real backend gets what it expects.
export const PAY_WAYS = [
  { value: "TCTP", label: PAY_WAY_NAMES.TCTP },
  { value: "WX", label: PAY_WAY_NAMES.WX },
] as const;
export type PayWayChoice = (typeof PAY_WAYS)[number]["value"];

/** Which choice an order's pay way (any of spec/02 §3's) belongs to: the WeChat family or the Alipay-type rest. */
export function offeredPayWay(payWay: string): PayWayChoice {
  return PAY_WAY_NAMES[payWay] === PAY_WAY_NAMES.WX ? "WX" : "TCTP";
}
