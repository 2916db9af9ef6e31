// The home page's blocks by style type (spec/01 §2 "Home page", §9 constants). Unknown styles and
// empty blocks render nothing. Every block works without JavaScript: the banner switches through
// radio buttons and CSS, the side slip scrolls natively; JavaScript adds the banner timer and the
// side slip's arrows.
import type { LayoutBlock, LayoutItem } from "~/api/layout.server";
import { type DomainGroups, itemHref } from "~/lib/links";
import { Banner } from "./home-banner";
import { BlockLink, ItemCard, SectionTitle, type BlockProps } from "./home-block-parts";
import { SideSlip } from "./home-side-slip";
import { ShopImage } from "~/components/shop-image";
import { Countdown } from "./countdown";

export const HOME_STYLES = ["BANNER", "SINGLE_ROW", "HORIZ_BANNER", "SIDE_SLIP", "COLUMN_TILING"] as const;
const SINGLE_ROW_HEIGHT = 300;
const HORIZ_BANNER_HEIGHT = 200;

/** The blocks the home page renders: known styles with content. */
export function homeBlocksOf(blocks: LayoutBlock[]): LayoutBlock[] {
  return blocks.filter((b) => b.content.length > 0 && (HOME_STYLES as readonly string[]).includes(b.style_type));
}

export function HomeBlocks({ blocks, domains }: { blocks: LayoutBlock[]; domains: DomainGroups }) {
  return (
    <div className="space-y-8 md:space-y-12">
      {homeBlocksOf(blocks).map((block, index) => (
        <HomeBlock key={block.id} block={block} domains={domains} eager={index < 2} />
      ))}
    </div>
  );
}

function HomeBlock({ block, domains, eager }: { block: LayoutBlock; domains: DomainGroups; eager: boolean }) {
  const hrefOf = (item: LayoutItem) => itemHref(item.assembly, domains);
  const props = { block, hrefOf, eager };
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
function ImageRow({ block, hrefOf, eager, height, kind }: BlockProps & { height: number; kind: "single-row" | "horiz-banner" }) {
  const item = block.content[0];
  const goods = item.assembly.GOODS?.goods_info;
  const countdown = block.setting.COUNT_DOWN;
  return (
    <section aria-label={block.name} data-style={kind}>
      <BlockLink
        href={hrefOf(item)}
        className={`relative block overflow-hidden rounded-2xl bg-surface-container ${hrefOf(item) ? "transition hover:brightness-110" : "cursor-default"}`}
      >
        <ShopImage
          src={item.assembly.IMG?.value || goods?.covers[0]}
          alt={item.assembly.TEXT?.value || block.name}
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
function Tiling({ block, hrefOf }: BlockProps) {
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
            <ItemCard item={item} href={hrefOf(item)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
