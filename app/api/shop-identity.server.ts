// trade_bff/ext/shop_identity: who sells, as the operator set it in the back office (docs/api.md,
// decision 061). A backend without it (404), or one that is down, gives an empty identity: the
// footer and the 订单凭证 then name no company rather than an invented one.
import { z } from "zod";
import { NO_IDENTITY, type ShopIdentity } from "~/content/seller";
import { optional } from "~/server-only/http.server";
import type { TradeApi } from "./client.server";
import { askExtension } from "./extensions.server";

/** An image the shop itself serves; anything else is not shown. */
const OWN_IMAGE = /^\/(media|images)\/[\w./-]+$/;
const text = z.string().max(200).catch("");

const ShopIdentitySchema = z.object({
  company_name: text,
  company_address: text,
  icp_number: text,
  contact: text,
  qr_image: z
    .string()
    .refine((v) => OWN_IMAGE.test(v) && !v.includes(".."))
    .catch(""),
});

export async function getShopIdentity(api: TradeApi): Promise<ShopIdentity> {
  const answer = await optional(
    api.log,
    "shop identity",
    askExtension("shop_identity", () => api.get("/api/trade_bff/ext/shop_identity", ShopIdentitySchema)),
  );
  if (!answer) return NO_IDENTITY;
  return { company: answer.company_name, address: answer.company_address, icp: answer.icp_number, contact: answer.contact, qrImage: answer.qr_image };
}
