// Popup adverts (shopping/dialog/show) and page content (recommendations, goods rich text).
import { and, asc, eq, gt, isNull, lte, or } from "drizzle-orm";
import { popupAdverts } from "../../../db/schema";
import type { ServiceDeps } from "../deps";
import { layoutBlocksOf, type LayoutBlock, type PageType } from "./layout.service";

export function activeAdverts(deps: ServiceDeps, pageType: string) {
  const [db, now] = [deps.store.db, deps.now()];
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
/** The blocks of a page's layout (shopping/layout). */
export function pageLayout(deps: ServiceDeps, pageType: PageType): LayoutBlock[] {
  return layoutBlocksOf(deps.store.db, pageType, { now: deps.now() });
}

export function pageContent(deps: ServiceDeps, request: { pageType: PageType; excludeGoodsNos: string[]; renderId?: string }): LayoutBlock[] {
  const [db, now] = [deps.store.db, deps.now()];
  if (request.renderId !== undefined) {
    return layoutBlocksOf(db, request.pageType, { renderId: request.renderId, now }).filter((b) => b.style_type === "RENDER");
  }
  const excluded = new Set(request.excludeGoodsNos);
  return layoutBlocksOf(db, request.pageType, { now })
    .filter((b) => b.style_type === "RECOMMEND")
    .map((b) => ({ ...b, content: b.content.filter((item) => !excluded.has(item.assembly.GOODS?.value ?? "")) }));
}
