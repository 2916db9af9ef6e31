// The home page's blocks by style type (spec/01 §2 "Home page", §9 constants). Unknown styles and
// empty blocks render nothing. Every block works without JavaScript: the banner switches through
// radio buttons and CSS, the side slip scrolls natively; JavaScript adds the banner timer and the
// side slip's arrows.
import type { LayoutBlock, LayoutItem } from "~/api/layout.server";
import { type DomainGroups, itemHref } from "~/lib/links";
import { cardGoods } from "~/components/goods/goods-card";
import { Banner, BANNER_MAX } from "./home-banner";
import { BlockLink, ItemCard, SectionTitle, type BlockProps, type HomeBlock, type HomeItem } from "./home-block-parts";
import { SideSlip } from "./home-side-slip";
import { ShopImage } from "~/components/shop-image";
import { Countdown } from "./countdown";
import { SharedFragment } from "~/components/shared-fragment";

export const HOME_STYLES = ["BANNER", "SINGLE_ROW", "HORIZ_BANNER", "SIDE_SLIP", "COLUMN_TILING"] as const;
const SINGLE_ROW_HEIGHT = 300;
const HORIZ_BANNER_HEIGHT = 200;

/** How many of a block's items each style shows: a banner its first five, an image row its first. */
const SHOWN: Partial<Record<string, number>> = { BANNER: BANNER_MAX, SINGLE_ROW: 1, HORIZ_BANNER: 1 };

/**
 * The blocks the home page renders (known styles with content), as the page shows them: the items
 * each style shows, their links resolved, their goods as cards. This is the loader's data: the
 * layout answer whole was a quarter of a member's home page in bytes (issue 24).
 */
export function homeBlocksOf(blocks: LayoutBlock[], domains: DomainGroups): HomeBlock[] {
  return blocks
    .filter((b) => b.content.length > 0 && (HOME_STYLES as readonly string[]).includes(b.style_type))
    .map((b) => ({
      id: b.id,
      name: b.name,
      style_type: b.style_type,
      setting: b.setting,
      content: b.content.slice(0, SHOWN[b.style_type]).map((item) => homeItem(item, domains)),
    }));
}

function homeItem(item: LayoutItem, domains: DomainGroups): HomeItem {
  const { IMG, THUMB, TEXT, GOODS } = item.assembly;
  // only what is there: an absent key costs nothing to send
  return {
    id: item.id,
    href: itemHref(item.assembly, domains),
    ...(IMG?.value ? { image: IMG.value } : {}),
    ...(THUMB?.value ? { thumb: THUMB.value } : {}),
    ...(TEXT?.value ? { title: TEXT.value } : {}),
    ...(TEXT?.desc ? { desc: TEXT.desc } : {}),
    ...(GOODS?.goods_info ? { goods: cardGoods(GOODS.goods_info) } : {}),
  };
}

/** The blocks are the same for every shopper: rendered once per version of their data on the server (decision 068). */
export function HomeBlocks({ blocks }: { blocks: HomeBlock[] }) {
  return (
    <SharedFragment kind="home-blocks" data={blocks} className="space-y-8 md:space-y-12">
      {blocks.map((block, index) => (
        <OneBlock key={block.id} block={block} eager={index < 2} />
      ))}
    </SharedFragment>
  );
}

function OneBlock({ block, eager }: BlockProps) {
  const props = { block, eager };
  switch (block.style_type) {
    case "BANNER":
      return <Banner {...props} />;
    case "SINGLE_ROW":
      return <ImageRow {...props} height={SINGLE_ROW_HEIGHT} kind="single-row" />;
    case "HORIZ_BANNER":
      return <ImageRow {...props} height={HORIZ_BANNER_HEIGHT} kind="horiz-banner" />;
    case "SIDE_SLIP":
      return <SideSlip {...props} />;
    case "COLUMN_TILING":
      return <Tiling {...props} />;
    default:
      return null;
  }
}

/** SINGLE_ROW (300 px, optional countdown) and HORIZ_BANNER (200 px): one image across the page. */
function ImageRow({ block, eager, height, kind }: BlockProps & { height: number; kind: "single-row" | "horiz-banner" }) {
  const item = block.content[0];
  const countdown = block.setting.COUNT_DOWN;
  return (
    <section aria-label={block.name} data-style={kind}>
      <BlockLink
        href={item.href}
        className={`relative block overflow-hidden rounded-2xl bg-surface-container ${item.href ? "transition hover:brightness-110" : "cursor-default"}`}
      >
        <ShopImage
          src={item.image || item.goods?.covers[0]}
          alt={item.title || block.name}
          width={1200}
          height={height}
          loading={eager ? "eager" : "lazy"}
          // on phones the whole artwork shows (its own ratio); from md on, the spec's fixed height
          className={`block w-full object-cover ${kind === "single-row" ? "aspect-[4/1] md:aspect-auto md:h-[300px]" : "aspect-[6/1] md:aspect-auto md:h-[200px]"}`}
        />
        {countdown?.open ? (
          <div className="flex items-center justify-between gap-2 bg-black/70 px-3 py-2 md:absolute md:bottom-4 md:right-4 md:rounded-full md:py-1 md:pl-4 md:pr-1 md:backdrop-blur">
            <span className="text-xs text-white/85">距结束</span>
            <Countdown setting={countdown} />
          </div>
        ) : null}
      </BlockLink>
    </section>
  );
}

/** 24 / tiling_num columns (tiling_num default 5), gutters 30 across and 24 down. */
function Tiling({ block }: BlockProps) {
  const columns = block.setting.TILING?.tiling_num ?? 5;
  return (
    <section aria-label={block.name} data-style="column-tiling">
      <SectionTitle block={block} />
      <ul
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:[grid-template-columns:repeat(var(--cols),minmax(0,1fr))] md:gap-x-[30px] md:gap-y-6"
        style={{ "--cols": columns } as React.CSSProperties}
      >
        {block.content.map((item) => (
          <li key={item.id}>
            <ItemCard item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}
