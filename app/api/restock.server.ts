// trade_bff/ext/restock_notice: 到货提醒, an extension of the contract (docs/api.md, decision 031).
// A backend without it answers 404: the status is then null and the goods page stays the spec's.
import { z } from "zod";
import type { TradeApi } from "./client.server";

const BASE = "/api/trade_bff/ext/restock_notice";

export const RestockStatusSchema = z.object({
  sold_out_skus: z.array(z.string()),
  notices: z.array(z.object({ notice_id: z.number().int(), sku_no: z.string() })),
});
export type RestockStatus = z.infer<typeof RestockStatusSchema>;

export const RestockNoticeSchema = z.object({
  notice_id: z.number().int(),
  sku_no: z.string(),
  sku_name: z.string(),
  goods_no: z.string(),
  goods_name: z.string(),
  created_at: z.number(),
  notified_at: z.number().nullable(),
  sms_sent: z.boolean(),
  status: z.enum(["WAITING", "NOTIFIED"]),
});
export type RestockNotice = z.infer<typeof RestockNoticeSchema>;

const RestockNoticeListSchema = z.object({ list: z.array(RestockNoticeSchema) });

const RequestedSchema = z.object({ notice_id: z.number().int() });

const CancelledSchema = z.object({});

export function getRestockStatus(api: TradeApi, goodsNo: string) {
  return api.get(`${BASE}/status`, RestockStatusSchema, { goods_no: goodsNo });
}

export function listRestockNotices(api: TradeApi) {
  return api.get(`${BASE}/list`, RestockNoticeListSchema);
}

export function requestRestockNotice(api: TradeApi, skuNo: string) {
  return api.post(BASE, RequestedSchema, { sku_no: skuNo });
}

export function cancelRestockNotice(api: TradeApi, noticeId: number) {
  return api.post(`${BASE}/cancel`, CancelledSchema, { notice_id: noticeId });
}
