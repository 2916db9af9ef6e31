// v2/goods/{goodsNo}: the goods detail with its SKU spec tree and extras (spec/02 §3).
import { z } from "zod";
import type { TradeApi } from "./client.server";

export const SkuSchema = z.object({
  sku_no: z.string(),
  goods_no: z.string(),
  sku_name: z.string(),
  price_turn_cny: z.number().int(),
  sku_spec: z.array(z.object({ sku_spec_key: z.string(), sku_spec_value: z.string() })).default([]),
});
export type Sku = z.infer<typeof SkuSchema>;

export interface SpecTag {
  spec_name: string;
  spec_value: string;
  spec_desc: string;
  disabled: boolean;
  sku: Sku | null;
  child: SpecTag[];
}
export const SpecTagSchema: z.ZodType<SpecTag> = z.lazy(() =>
  z.object({
    spec_name: z.string(),
    spec_value: z.string(),
    spec_desc: z.string().default(""),
    disabled: z.boolean().default(false),
    sku: SkuSchema.nullable().default(null),
    child: z.array(SpecTagSchema).default([]),
  }),
) as z.ZodType<SpecTag>;

export const GoodsDetailSchema = z.object({
  goods_no: z.string(),
  goods_name: z.string(),
  goods_desc: z.string().default(""),
  covers: z.array(z.string()).default([]),
  goods_tags: z.array(z.string()).default([]),
  is_presale: z.boolean().default(false),
  presale_performance_at: z.number().nullable().default(null),
  sale_end_at: z.number().nullable().default(null),
  sale_off_price_cny: z.number().int().default(0),
  price_turn_cny: z.number().int().default(0),
  region_restricted: z.boolean().default(false),
  sku_item: z.array(SpecTagSchema).default([]),
  goods_extra: z.array(z.object({ extra_key: z.string(), extra_value: z.string() })).default([]),
});
export type GoodsDetail = z.infer<typeof GoodsDetailSchema>;

const GoodsDetailAnswerSchema = z.object({ goods_detail: GoodsDetailSchema });

export function getGoodsDetail(api: TradeApi, goodsNo: string) {
  return api.get(`/api/trade_bff/v2/goods/${encodeURIComponent(goodsNo)}`, GoodsDetailAnswerSchema);
}

/** An extra's value; JSON list extras (TOPIC_TAGS, TOPIC_SUB_IMAGES) parsed, never throwing. */
export function extraOf(detail: GoodsDetail, key: string): string | undefined {
  return detail.goods_extra.find((e) => e.extra_key === key)?.extra_value;
}

const ExtraListSchema = z.array(z.string());

export function extraList(detail: GoodsDetail, key: string): string[] {
  const raw = extraOf(detail, key);
  if (!raw) return [];
  const parsed = ExtraListSchema.safeParse(
    (() => {
      try {
        return JSON.parse(raw);
      } catch {
        return null;
      }
    })(),
  );
  return parsed.success ? parsed.data : [];
}

/** The original price of a SKU, carried by its SALE_OFF spec (spec/02 §3). */
export function skuOriginPrice(sku: Sku): number {
  const value = Number(sku.sku_spec.find((s) => s.sku_spec_key === "SALE_OFF")?.sku_spec_value);
  return Number.isInteger(value) && value > 0 ? value : sku.price_turn_cny;
}
