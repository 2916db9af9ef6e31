// GET /api/trade_bff/v1/goods/search through a test harness: one page of up to 100 goods for a query.
import type { Harness } from "./harness";

export interface GoodsList {
  list: { goods_no: string; goods_name: string }[];
  total: number;
  platforms?: { platform: string; total: number }[];
  approximate?: boolean;
}

export async function searchGoodsApi(h: Harness, query: Record<string, string>) {
  const { status, body } = await h.api(`/api/trade_bff/v1/goods/search?${new URLSearchParams({ size: "100", ...query })}`);
  return { status, list: body.result.goods_list as GoodsList };
}
