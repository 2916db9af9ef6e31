// Page layouts (shopping/layout): ordered blocks with their content items and goods summaries.
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { layoutBlocks, layoutItems } from "../../../db/schema";
import { goodsInfoByNo, type GoodsCardInfo } from "./goods-info";
import { cachedRead } from "./read-cache";

export const PAGE_TYPES = ["HOME", "PRODUCT_DETAIL", "ORDER_DETAIL", "PROMOTION_RENDER", "HOT_SEARCH"] as const;
export type PageType = (typeof PAGE_TYPES)[number];

type Assembly = Record<string, { value?: string; desc?: string }>;
export interface LayoutItem {
  id: number;
  assembly: Assembly & { GOODS?: { value?: string; goods_info?: GoodsCardInfo } };
}
export interface LayoutBlock {
  id: number;
  name: string;
  style_type: string;
  content: LayoutItem[];
  setting: Record<string, Record<string, unknown>>;
}

export function layoutBlocksOf(db: Db, pageType: PageType, options: { renderId?: string; now?: number } = {}): LayoutBlock[] {
  const blocks = cachedRead(db, "layout", `${pageType}\n${options.renderId ?? ""}`, () => readBlocks(db, pageType, options.renderId));
  // the countdown's server time is the only per-request part
  const serverTime = Math.floor((options.now ?? Date.now()) / 1000);
  return blocks.map((block) =>
    block.setting.COUNT_DOWN ? { ...block, setting: { ...block.setting, COUNT_DOWN: { ...block.setting.COUNT_DOWN, server_time: serverTime } } } : block,
  );
}

function readBlocks(db: Db, pageType: PageType, renderId: string | undefined): LayoutBlock[] {
  const blocks = db
    .select()
    .from(layoutBlocks)
    .where(and(eq(layoutBlocks.pageType, pageType), renderId === undefined ? isNull(layoutBlocks.renderId) : eq(layoutBlocks.renderId, renderId)))
    .orderBy(asc(layoutBlocks.sort), asc(layoutBlocks.id))
    .all();
  if (blocks.length === 0) return [];

  const items = db
    .select()
    .from(layoutItems)
    .where(
      inArray(
        layoutItems.blockId,
        blocks.map((b) => b.id),
      ),
    )
    .orderBy(asc(layoutItems.sort), asc(layoutItems.id))
    .all();
  const goodsByNo = goodsInfoByNo(
    db,
    items.flatMap((i) => (i.goodsNo ? [i.goodsNo] : [])),
  );
  return blocks.map((block) => ({
    id: block.id,
    name: block.name,
    style_type: block.styleType,
    content: items
      .filter((item) => item.blockId === block.id)
      // an item whose goods went off sale disappears rather than showing a dead card
      .filter((item) => !item.goodsNo || goodsByNo.has(item.goodsNo))
      .map((item) => ({
        id: item.id,
        assembly: item.goodsNo ? { ...item.assembly, GOODS: { value: item.goodsNo, goods_info: goodsByNo.get(item.goodsNo) } } : item.assembly,
      })),
    setting: block.settings,
  }));
}
