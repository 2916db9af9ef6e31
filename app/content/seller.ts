// Who sells: the company and its address, as the footer, the agreements and the 订单凭证 name them.
export const SELLER = {
  shop: "TTS游戏商城",
  company: "香港天时数码科技有限公司",
  address: "香港九龙尖沙咀广东道 33 号中港城第 5 座 12 楼 1203 室",
} as const;
