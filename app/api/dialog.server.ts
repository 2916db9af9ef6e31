// shopping/dialog/show (spec/01 §3 "Popup advert", spec/03 §4): the popup adverts of a page.
import { z } from "zod";
import type { TradeApi } from "./client.server";
import type { PageType } from "./layout.server";

export const PopupAdvertSchema = z.object({
  id: z.number().int(),
  pop_period: z.string(),
  image_urls: z.array(z.string()).default([]),
  goods_no: z.string().nullable().default(null),
  link_url: z.string().nullable().default(null),
  jump_type: z.string().default("NO_REDIRECT"),
});
export type PopupAdvert = z.infer<typeof PopupAdvertSchema>;

const DialogListSchema = z.object({ list: z.array(PopupAdvertSchema) });

/** The adverts of a page in display order. */
export function popupAdverts(api: TradeApi, pageType: PageType) {
  return api.get("/api/trade_bff/v1/shopping/dialog/show", DialogListSchema, { page_type: pageType });
}
