// Recommended goods under a page (spec/02 §2): 为你推荐 under an order, 热销游戏 beside a goods page.
// A heading with 查看更多 (the recommend page of that page type) and goods cards, as a grid across
// the page or as a narrow box in a side column.
import type { LayoutBlock, LayoutItem, PageType } from "~/api/layout.server";
import { tapTarget } from "~/components/ui/button";
import { itemHref, withDomain, type DomainGroups } from "~/lib/links";
import { type CardGoods, cardGoods, GoodsCard } from "./goods-card";
import { cardClass } from "~/components/ui/card";
import { SharedFragment } from "~/components/shared-fragment";

/** A recommended goods as its card shows it (what the loaders send): its link resolved, its goods as a card. */
export interface RecommendedItem {
  id: number;
  href: string | null;
  goods: CardGoods;
}

/** The first `max` items of the blocks that carry goods. */
export function recommendedItems(blocks: LayoutBlock[] | null | undefined, max: number): LayoutItem[] {
  return (blocks ?? [])
    .flatMap((b) => b.content)
    .filter((i) => i.assembly.GOODS?.goods_info)
    .slice(0, max);
}

/** Items of `recommendedItems` as their cards show them. */
export function recommendedCards(items: LayoutItem[], domains: DomainGroups): RecommendedItem[] {
  return items.map((item) => ({ id: item.id, href: itemHref(item.assembly, domains), goods: cardGoods(item.assembly.GOODS!.goods_info!) }));
}

interface RecommendedGoodsProps {
  title: string;
  /** The recommend page that 查看更多 opens. */
  pageType: PageType;
  items: RecommendedItem[];
  domains: DomainGroups;
  /** `grid`: five across under the content, nothing when empty; `box`: a framed column that says 暂无推荐. */
  layout: "grid" | "box";
}

const LAYOUT = {
  grid: { section: "", head: "mb-4", title: "text-lg font-semibold", list: "grid grid-cols-2 gap-4 md:grid-cols-5 lg:gap-x-20", item: undefined },
  box: {
    section: cardClass("sm"),
    head: "mb-3",
    title: "font-semibold",
    list: "space-y-3",
    item: "w-[224px] max-w-full",
  },
} as const;

export function RecommendedGoods({ title, pageType, items, domains, layout }: RecommendedGoodsProps) {
  if (layout === "grid" && items.length === 0) return null;
  const style = LAYOUT[layout];
  const titleId = `recommended-${pageType.toLowerCase()}-title`;
  return (
    <section aria-labelledby={titleId} className={style.section || undefined}>
      <div className={`${style.head} flex items-center justify-between`}>
        <h2 id={titleId} className={style.title}>
          {title}
        </h2>
        <a
          // spec/02 §2: a page redirect, in the same tab
          href={withDomain(`/recommend/${pageType}/${encodeURIComponent("热销游戏")}`, domains)}
          className={`text-sm text-ink-muted hover:text-primary-400 ${tapTarget}`}
        >
          查看更多
        </a>
      </div>
      {items.length === 0 ? (
        <p className="py-6 text-center text-sm text-ink-faint">暂无推荐</p>
      ) : (
        // the same cards for every shopper: rendered once per version on the server (decision 068)
        <SharedFragment as="ul" className={style.list} kind={`recommended ${layout}`} data={items}>
          {items.map((item) => (
            <li key={item.id} className={style.item}>
              <GoodsCard goods={item.goods} href={item.href} />
            </li>
          ))}
        </SharedFragment>
      )}
    </section>
  );
}
