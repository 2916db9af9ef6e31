// trade_bff/ext/restock_notice: 到货提醒, an extension of the contract (docs/api.md, decision 031).
// A backend without it answers 404: the status is then null and the goods page stays the spec's. The
// reads remember that answer (extensions.server.ts); the writes, whose 404 is about a SKU, do not.
import { z } from "zod";
import { NotifyBySchema } from "~/lib/notify-channels";
import type { TradeApi } from "./client.server";
import { askExtension } from "./extensions.server";

const BASE = "/api/trade_bff/ext/restock_notice";

export const RestockStatusSchema = z.object({
  sold_out_skus: z.array(z.string()),
  notices: z.array(z.object({ notice_id: z.number().int(), sku_no: z.string() })),
  /** decision 058: the channels a reminder of the member's goes by (absent for a visitor, or from a backend that does not say). */
  notify_by: NotifyBySchema,
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
  /** decision 058: whether it went by mail; absent from a backend that does not say. */
  mail_sent: z.boolean().optional().catch(undefined),
  status: z.enum(["WAITING", "NOTIFIED"]),
});
export type RestockNotice = z.infer<typeof RestockNoticeSchema>;

const RestockNoticeListSchema = z.object({ list: z.array(RestockNoticeSchema), notify_by: NotifyBySchema });

const RequestedSchema = z.object({ notice_id: z.number().int(), notify_by: NotifyBySchema });

const CancelledSchema = z.object({});

export function getRestockStatus(api: TradeApi, goodsNo: string) {
  return askExtension("restock_notice", () => api.get(`${BASE}/status`, RestockStatusSchema, { goods_no: goodsNo }));
}

export function listRestockNotices(api: TradeApi) {
  return askExtension("restock_notice", () => api.get(`${BASE}/list`, RestockNoticeListSchema));
}

export function requestRestockNotice(api: TradeApi, skuNo: string) {
  return api.post(BASE, RequestedSchema, { sku_no: skuNo });
}

export function cancelRestockNotice(api: TradeApi, noticeId: number) {
  return api.post(`${BASE}/cancel`, CancelledSchema, { notice_id: noticeId });
}
