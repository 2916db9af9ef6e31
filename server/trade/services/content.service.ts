// Popup adverts (shopping/dialog/show) and page content (recommendations, goods rich text).
import { and, asc, eq, gt, isNull, lte, or } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { popupAdverts } from "../../../db/schema";
import { layoutBlocksOf, type LayoutBlock, type PageType } from "./layout.service";

export function activeAdverts(db: Db, pageType: string, now: number) {
  return db
    .select()
    .from(popupAdverts)
    .where(
      and(
        eq(popupAdverts.pageType, pageType),
        or(isNull(popupAdverts.startsAt), lte(popupAdverts.startsAt, now)),
        or(isNull(popupAdverts.endsAt), gt(popupAdverts.endsAt, now)),
      ),
    )
    .orderBy(asc(popupAdverts.sort), asc(popupAdverts.id))
    .all()
    .map((a) => ({
      id: a.id,
      pop_period: a.popPeriod,
      image_urls: a.imageUrls,
      goods_no: a.goodsNo,
      link_url: a.linkUrl,
      jump_type: a.jumpType,
    }));
}

/** RECOMMEND blocks of a page without the excluded goods, or the RENDER blocks of one goods. */
export function pageContent(db: Db, request: { pageType: PageType; excludeGoodsNos: string[]; renderId?: string }, now: number): LayoutBlock[] {
  if (request.renderId !== undefined) {
    return layoutBlocksOf(db, request.pageType, { renderId: request.renderId, now }).filter((b) => b.style_type === "RENDER");
  }
  const excluded = new Set(request.excludeGoodsNos);
  return layoutBlocksOf(db, request.pageType, { now })
    .filter((b) => b.style_type === "RECOMMEND")
    .map((b) => ({ ...b, content: b.content.filter((item) => !excluded.has(item.assembly.GOODS?.value ?? "")) }));
}
