// What the home page's blocks share: what the loader sends of a block and its items, the props
// every block gets, the section title (with the block's countdown), the link that opens in a new
// tab, and the goods card of an item.
import type { LayoutBlock } from "~/api/layout.server";
import { Countdown } from "./countdown";
import { type CardGoods, GoodsCard } from "~/components/goods/goods-card";

/** An item as the home page shows it: its link resolved, its texts and images, its goods as a card. */
export interface HomeItem {
  id: number;
  href: string | null;
  /** IMG: the item's own artwork. */
  image?: string;
  /** THUMB: a banner tab's thumbnail. */
  thumb?: string;
  /** TEXT's value and desc. */
  title?: string;
  desc?: string;
  goods?: CardGoods;
}

export interface HomeBlock extends Pick<LayoutBlock, "id" | "name" | "style_type" | "setting"> {
  content: HomeItem[];
}

export interface BlockProps {
  block: HomeBlock;
  eager: boolean;
}

export function SectionTitle({ block, children }: { block: HomeBlock; children?: React.ReactNode }) {
  const countdown = block.setting.COUNT_DOWN;
  return (
    <div className="mb-4 flex min-h-8 flex-wrap items-center gap-x-4 gap-y-2">
      <h2 className="flex items-center text-lg font-bold text-ink md:text-xl">
        <span className="mr-2 inline-block h-5 w-1 rounded bg-primary-600" aria-hidden="true" />
        {block.name}
      </h2>
      {countdown?.open ? <Countdown setting={countdown} /> : null}
      {children ? <div className="ml-auto flex gap-2">{children}</div> : null}
    </div>
  );
}

/** A link that opens in a new tab; NO_REDIRECT (no href) stays inert, its click prevented. */
export function BlockLink({
  href,
  children,
  className = "",
  label,
  tabIndex,
}: {
  href: string | null;
  children: React.ReactNode;
  className?: string;
  label?: string;
  tabIndex?: number;
}) {
  return href ? (
    <a href={href} target="_blank" rel="noopener" className={className} aria-label={label} tabIndex={tabIndex}>
      {children}
    </a>
  ) : (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- not a control: a slide without a link swallows the click (the original's javascript:void(0))
    <div className={className} aria-label={label} onClick={(event) => event.preventDefault()} data-no-redirect="">
      {children}
    </div>
  );
}

export function ItemCard({ item }: { item: HomeItem }) {
  return item.goods ? <GoodsCard goods={item.goods} href={item.href} image={item.image} title={item.title} /> : null;
}
