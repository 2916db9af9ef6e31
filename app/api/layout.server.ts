// shopping/layout: the blocks of a page (spec/01 §3 "Home block").
import { z } from "zod";
import { TradeUnavailable, type TradeApi } from "./client.server";
import { askExtension } from "./extensions.server";

export const GoodsInfoSchema = z.object({
  goods_no: z.string(),
  goods_name: z.string(),
  goods_tags: z.array(z.string()).default([]),
  covers: z.array(z.string()).default([]),
  price_turn_cny: z.number().int().default(0),
  sale_off_price_cny: z.number().int().default(0),
  origin_currency: z.string().default("CNY"),
  is_presale: z.boolean().default(false),
  presale_performance_at: z.number().nullable().default(null),
  sale_end_at: z.number().nullable().default(null),
  // the SKU whose price sale_off_price_cny is, and how many prices the SKUs have (issue 26); a
  // backend that does not send them gets cards as before: no 起, the goods page's default SKU
  sale_sku_no: z.string().nullable().default(null),
  sku_prices: z.number().int().default(1),
});
export type GoodsInfo = z.infer<typeof GoodsInfoSchema>;

const Value = z.object({ value: z.string().optional(), desc: z.string().optional() });
export const LayoutItemSchema = z.object({
  id: z.number(),
  assembly: z.object({
    IMG: Value.optional(),
    THUMB: Value.optional(),
    TEXT: Value.optional(),
    LINK: Value.optional(),
    JUMP: Value.optional(),
    RICHTEXT: Value.optional(),
    GOODS: z.object({ value: z.string().optional(), goods_info: GoodsInfoSchema.optional() }).optional(),
  }),
});
export type LayoutItem = z.infer<typeof LayoutItemSchema>;

export const CountDownSchema = z.object({
  open: z.boolean().default(false),
  count_down_start: z.number().optional(),
  count_down_end: z.number().optional(),
  server_time: z.number(),
  font_color: z.string().optional(),
  background_style: z.string().optional(),
  timer_image: z.string().optional(),
});

export const LayoutBlockSchema = z.object({
  id: z.number(),
  name: z.string(),
  style_type: z.string(),
  content: z.array(LayoutItemSchema).default([]),
  setting: z
    .object({
      COUNT_DOWN: CountDownSchema.optional(),
      TILING: z.object({ tiling_num: z.number().int().min(1).max(24).default(5) }).optional(),
    })
    .default({}),
});
export type LayoutBlock = z.infer<typeof LayoutBlockSchema>;

export const LayoutSchema = z.object({ list: z.array(LayoutBlockSchema) });
export type PageType = "HOME" | "PRODUCT_DETAIL" | "ORDER_DETAIL" | "PROMOTION_RENDER" | "HOT_SEARCH";

export function getLayout(api: TradeApi, pageType: PageType) {
  return api.get("/api/trade_bff/v1/shopping/layout", LayoutSchema, { page_type: pageType });
}

const PAGE_CONTENT = "/api/trade_bff/v1/shopping/page_content";

/**
 * shopping/page_content: RECOMMEND blocks (minus some goods) or the RENDER rich text of a goods.
 * Asked first as a GET, an extension of the contract (docs/api.md) that the services mark public,
 * so the HTTP cache answers a goods page's repeats (decision 019) as it does the layouts; a backend
 * without it (any answer but a good one, short of being unreachable) is asked the spec's POST, and
 * one that said it has none (extensions.server.ts) only the POST for a while.
 */
export async function getPageContent(api: TradeApi, body: { page_type: PageType; exclude_goods_no?: string; render_id?: string; render_type?: "goods" }) {
  try {
    const read = await askExtension("page_content_get", () => api.get(PAGE_CONTENT, LayoutSchema, body));
    if (read.ok) return read;
  } catch (error) {
    if (error instanceof TradeUnavailable) throw error;
  }
  return api.post(PAGE_CONTENT, LayoutSchema, body);
}
