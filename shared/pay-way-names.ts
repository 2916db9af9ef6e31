// What each pay way the services take (server/trade/services/order-commands.ts PAY_WAYS) is called
// to a shopper: the sandbox cashier, the order receipt and the pay page's choices (app/lib/pay-ways.ts).

export const PAY_WAY_NAMES: Record<string, string> = {
  WX: "微信支付",
  wx_h5: "微信支付",
  LIANLIAN_WX: "微信支付",
  ALIPAY: "支付宝",
  alipay_h5: "支付宝",
  LIANLIAN_ALIPAY: "支付宝",
  TCTP: "支付宝",
};
