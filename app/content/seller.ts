// Who sells: the shop's name, and the company, address, ICP number, contact and QR code the operator
// set in the back office (decision 061), as the footer and the 订单凭证 show them. Nothing is
// compiled in: a shop whose operator set nothing names no company.
import type { ShopIdentity } from "../../shared/back-office";

export type { ShopIdentity };

export const SHOP_NAME = "TTS游戏商城";

export const NO_IDENTITY: ShopIdentity = { company: "", address: "", icp: "", contact: "", qrImage: "" };
