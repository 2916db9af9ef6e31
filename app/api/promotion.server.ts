// promotion/*: the member's coupons, the collection centre and claims (spec/01 §3, §7; spec/03 §4).
import { z } from "zod";
import type { TradeApi } from "./client.server";

export const COUPON_STATUSES = ["UNUSED", "USED", "EXPIRED", "INVALID"] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

export const CouponSchema = z.object({
  coupon_no: z.string(),
  coupon_name: z.string(),
  coupon_status: z.enum(COUPON_STATUSES),
  coupon_type: z.enum(["SALE_OFF", "DISCOUNT"]).optional(),
  activity_no: z.string().optional(),
  use_time_start: z.number(),
  use_time_end: z.number(),
  /** 今天到期 / N天后到期 for unused coupons ending within 3 days (the shop's calendar), else "". */
  expire_label: z.string().default(""),
  /** This shop's extension (docs/api.md): goods numbers it applies to, empty = every goods; absent from another backend. */
  goods_scope: z.array(z.string()).optional().catch(undefined),
  /** This shop's extension (docs/api.md): those goods' names, in the same order. */
  goods_scope_names: z.array(z.string()).optional().catch(undefined),
  attr: z.object({
    main_title: z.string().default(""),
    sub_title: z.string().default(""),
    display_name: z.string().default(""),
    display_use: z.string().default(""),
    jump_url: z.string().default(""),
  }),
});
export type Coupon = z.infer<typeof CouponSchema>;

export const MyCouponsSchema = z.object({
  unused_coupons: z.array(CouponSchema).default([]),
  used_coupons: z.array(CouponSchema).default([]),
  expired_coupons: z.array(CouponSchema).default([]),
  totals: z.object({ unused_coupons: z.number(), used_coupons: z.number(), expired_coupons: z.number() }).optional(),
});
export type MyCoupons = z.infer<typeof MyCouponsSchema>;

export const ActivitySchema = z.object({
  activity_no: z.string(),
  coupon_type: z.enum(["SALE_OFF", "DISCOUNT"]).optional(),
  extra_info: z.object({
    main_title: z.string().default(""),
    sub_title: z.string().default(""),
    display_name: z.string().default(""),
    display_time: z.string().default(""),
    display_use: z.string().default(""),
    display_get: z.string().default(""),
    jump_url: z.string().default(""),
  }),
  claimed_count_by_me: z.number().int().default(0),
  can_receive: z.boolean().default(false),
  /** The member may not claim (limit reached or out of stock); false for visitors. */
  disabled: z.boolean().default(false),
  /** This shop's extension (docs/api.md): minimum goods amount in cents; absent from another backend. */
  threshold: z.number().int().min(0).optional(),
  /** This shop's extension (docs/api.md): goods numbers it applies to, empty = every goods; absent from another backend. */
  goods_scope: z.array(z.string()).optional(),
  /** This shop's extension (docs/api.md): those goods' names, in the same order. */
  goods_scope_names: z.array(z.string()).optional().catch(undefined),
});
export type Activity = z.infer<typeof ActivitySchema>;

export const AvailableSchema = z.object({
  list: z.array(ActivitySchema).default([]),
  total: z.number().int().default(0),
});

const ReceivedSchema = z.object({ received: z.array(z.string()).default([]) });

export const PAGE_SIZE = 20;

export function getMyCoupons(api: TradeApi, paging: { page?: number; size?: number } = {}) {
  return api.get("/api/trade_bff/v1/promotion/my_coupon", MyCouponsSchema, { page: paging.page ?? 1, size: paging.size ?? PAGE_SIZE });
}

export function getAvailable(api: TradeApi) {
  return api.get("/api/trade_bff/v1/promotion/available", AvailableSchema, { page: 1, size: PAGE_SIZE });
}

const ReceiveSchema = z.object({ coupon_no: z.string() });

export function receiveCoupon(api: TradeApi, activityNo: string) {
  return api.post("/api/trade_bff/v1/promotion/receive", ReceiveSchema, { activity_no: activityNo });
}

export function receiveAuto(api: TradeApi) {
  return api.post("/api/trade_bff/v1/promotion/receive_auto", ReceivedSchema, {});
}

export function receiveOneClick(api: TradeApi) {
  return api.post("/api/trade_bff/v1/promotion/receive_one_click", ReceivedSchema, {});
}
