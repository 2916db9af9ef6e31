// order/*: create, pay way, status, list, detail v2, close (spec/02 §7).
import { z } from "zod";
import type { CartUnit } from "./cart.server";
import { NotifyBySchema } from "~/lib/notify-channels";
import type { TradeApi } from "./client.server";

export const PayResultSchema = z.object({
  order_no: z.string(),
  third_pay_detail: z.object({ pay_url: z.string().default("") }).default({ pay_url: "" }),
});

export const OrderGoodsSchema = z.object({
  goods_no: z.string(),
  goods_name: z.string(),
  goods_tags: z.array(z.string()).default([]),
  covers: z.array(z.string()).default([]),
  sku_no: z.string().default(""),
  sku_name: z.string().default(""),
  sku_item: z.array(z.string()).default([]),
  sku_num: z.number().int().default(1),
  sale_price: z.number().int().default(0),
  origin_price: z.number().int().default(0),
  sale_currency_symbol: z.string().default("￥"),
  is_presale: z.boolean().default(false),
  presale_performance_at: z.number().nullable().default(null),
});
export type OrderGoods = z.infer<typeof OrderGoodsSchema>;

export const OrderListItemSchema = z.object({
  order_no: z.string(),
  status: z.string(),
  pay_price: z.number().int(),
  goods_amount: z.number().int().default(0),
  pay_currency_symbol: z.string().default("￥"),
  pay_at: z.number().nullable(),
  created_at: z.number(),
  buy_num: z.number().int(),
  remain_minutes: z.number().int(),
  pay_way: z.string(),
  goods: z.array(OrderGoodsSchema),
  // qr_code_url: an extension of the contract (decision 047), the image of a code the shopper scans
  third_pay_detail: z.object({ pay_url: z.string().default(""), qr_code_url: z.string().optional() }),
});
export type OrderListItem = z.infer<typeof OrderListItemSchema>;

const LinkValue = z.object({ title: z.string().default(""), value: z.string().default("") });
export const OrderDetailSchema = z.object({
  order: z.object({
    order_no: z.string(),
    status: z.string(),
    pay_price: z.number().int(),
    goods_amount: z.number().int().default(0),
    coupon_amount: z.number().int().default(0),
    pay_at: z.number().nullable(),
    created_at: z.number(),
    currency_symbol: z.string().default("￥"),
    currency: z.string().default("CNY"),
    pay_way: z.string().default(""),
    user_email: z.string().default(""),
    remain_minutes: z.number().int().default(0),
    /** This shop's extension (docs/api.md): when an open order stops being payable; absent from another backend. */
    pay_expire_at: z.number().nullable().optional().catch(undefined),
    notice: z.string().default(""),
    /** This shop's extension (decision 058): the channels the codes are sent by; absent, the page names none. */
    notify_by: NotifyBySchema,
  }),
  goods: z.array(OrderGoodsSchema),
  /**
   * This shop's extension (docs/api.md): the order's refunds with amounts and dates. Absent (another
   * backend), the page says what order.notice says; a malformed list counts as absent.
   */
  refund_list: z
    .array(
      z.object({
        refund_amount: z.number().int(),
        // REFUNDED: the money is back; anything else is still on its way
        refund_status: z.string(),
        reason: z.string().default(""),
        applied_at: z.number(),
        refunded_at: z.number().nullable().default(null),
        pay_way: z.string().default(""),
      }),
    )
    .optional()
    .catch(undefined),
  performance_list: z.array(
    z.object({
      title: z.string(),
      value: z.string(),
      copy: z.boolean(),
      url: LinkValue,
      notice_text: z.string().default(""),
      // how to redeem the code on its platform: this shop's services send it, another backend may not
      redeem_steps: z.array(z.string()).default([]),
      // the goods' platform and kind of code (an extension too): a Steam game key gets 一键激活
      platform: z.string().default(""),
      code_kind: z.string().default(""),
    }),
  ),
  gift_list: z.array(z.object({ title: z.string(), value: z.string(), copy: z.boolean(), url: LinkValue })).default([]),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

export type ListFilter = "ALL" | "PAY_SUCCESS" | "WAIT_PAY";

export function createOrder(
  api: TradeApi,
  input: {
    customer: { user_id: string; user_phone: string; user_email: string };
    units: CartUnit[];
    channel: { channel_name: string; channel_no: string };
    pay_way: string;
    coupons: string[];
    request_id: string;
  },
) {
  return api.post("/api/trade_bff/v1/order", PayResultSchema, input);
}

export function changePayWay(api: TradeApi, orderNo: string, payWay: string) {
  return api.post("/api/trade_bff/v1/order/pay_way", PayResultSchema, { order_no: orderNo, pay_way: payWay });
}

const OrderStatusSchema = z.object({ order_no: z.string(), order_status: z.string(), remain_minutes: z.number().int().default(0) });

export function getOrderStatus(api: TradeApi, orderNo: string) {
  return api.get(`/api/trade_bff/v1/order/status/${encodeURIComponent(orderNo)}`, OrderStatusSchema);
}

const OrderListSchema = z.object({ list: z.array(OrderListItemSchema), total: z.number().int() });

export function listOrders(api: TradeApi, userId: number, filter: ListFilter) {
  return api.get("/api/trade_bff/v1/order/list", OrderListSchema, {
    user_id: userId,
    order_status: filter,
    page: 1,
    size: 999,
  });
}

/**
 * The cashier link the trade services hold for one of the member's open orders, or null (paid,
 * closed, expired, another member's or unknown). The order list is the contract's one read that
 * carries it (spec/02 §3: list item third_pay_detail {pay_url}); order/pay_way also answers it, but
 * changes the order.
 */
export async function getOrderCashier(api: TradeApi, userId: number, orderNo: string): Promise<{ payUrl: string; qrUrl: string | null } | null> {
  const open = await listOrders(api, userId, "WAIT_PAY");
  if (!open.ok) return null;
  const detail = open.result.list.find((order) => order.order_no === orderNo)?.third_pay_detail;
  return detail?.pay_url ? { payUrl: detail.pay_url, qrUrl: detail.qr_code_url || null } : null;
}

export function getOrderDetail(api: TradeApi, orderNo: string) {
  return api.get(`/api/trade_bff/v2/order/${encodeURIComponent(orderNo)}`, OrderDetailSchema);
}

const ClosedSchema = z.object({}).passthrough();

export function closeOrder(api: TradeApi, orderNo: string) {
  return api.post(`/api/trade_bff/v1/order/close/${encodeURIComponent(orderNo)}`, ClosedSchema, {});
}
