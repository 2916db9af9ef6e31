// The home page's blocks by style type (spec/01 §2 "Home page", §9 constants). Unknown styles and
// empty blocks render nothing. Every block works without JavaScript: the banner switches through
// radio buttons and CSS, the side slip scrolls natively; JavaScript adds the banner timer and the
// side slip's arrows.
import { useCallback, useEffect, useRef, useState } from "react";
import type { LayoutBlock, LayoutItem } from "~/api/layout.server";
import { type DomainGroups, itemHref } from "~/lib/links";
import { useHydrated } from "~/lib/use-hydrated";
import { Countdown } from "./countdown";
import { GoodsCard } from "./goods-card";
import { ShopImage } from "./shop-image";

export const HOME_STYLES = ["BANNER", "SINGLE_ROW", "HORIZ_BANNER", "SIDE_SLIP", "COLUMN_TILING"] as const;
export const BANNER_MAX = 5;
export const BANNER_INTERVAL_MS = 10_000;
const SLIP_VISIBLE = 4;
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

type HrefOf = (item: LayoutItem) => string | null;
interface BlockProps {
  block: LayoutBlock;
  hrefOf: HrefOf;
  eager: boolean;
}

function SectionTitle({ block, children }: { block: LayoutBlock; children?: React.ReactNode }) {
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
function BlockLink({
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

/**
 * Up to 5 slides, the first shown initially, 0.5 s fade, advancing every 10 s and wrapping; choosing
 * a slide selects it and restarts the timer. The choice is a radio group, so it works without
 * JavaScript (app.css shows the checked slide); with JavaScript React drives the same radios.
 */
function Banner({ block, hrefOf }: BlockProps) {
  const items = block.content.slice(0, BANNER_MAX);
  const hydrated = useHydrated();
  const [current, setCurrent] = useState(0);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (items.length < 2) return;
    const timer = setInterval(() => setCurrent((i) => (i + 1) % items.length), BANNER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [items.length, round]);
  const select = (i: number) => {
    setCurrent(i);
    setRound((r) => r + 1);
  };
  const group = `banner-${block.id}`;

  return (
    <section aria-roledescription="carousel" aria-label={block.name} className="banner" data-enhanced={hydrated ? "" : undefined}>
      {items.map((item, i) => (
        <input
          key={item.id}
          type="radio"
          name={group}
          id={`${group}-${i}`}
          value={i}
          checked={i === current}
          onChange={() => select(i)}
          className="banner-radio sr-only"
          aria-label={`第 ${i + 1} 张：${slideTitle(item, block.name)}`}
        />
      ))}
      <div className="relative aspect-[3/1] w-full overflow-hidden rounded-2xl bg-surface-container">
        {items.map((item, i) => {
          const goods = item.assembly.GOODS?.goods_info;
          return (
            <BlockLink
              key={item.id}
              href={hrefOf(item)}
              className="banner-slide absolute inset-0 block"
              tabIndex={i === current ? undefined : -1}
              label={slideTitle(item, block.name)}
            >
              <span className="block h-full w-full">
                <ShopImage
                  src={item.assembly.IMG?.value || goods?.covers[0]}
                  alt={slideTitle(item, block.name)}
                  width={1200}
                  height={400}
                  loading={i === 0 ? "eager" : "lazy"}
                  priority={i === 0}
                  className="h-full w-full object-cover"
                />
                {/* a banner's own artwork carries its slogan; a goods cover gets the text laid over it */}
                {item.assembly.IMG?.value ? null : (
                  <span className="absolute inset-x-0 bottom-0 block bg-gradient-to-t from-black/80 to-transparent p-6 pt-16">
                    <span className="block text-2xl font-bold text-white">{slideTitle(item, block.name)}</span>
                    {item.assembly.TEXT?.desc ? <span className="mt-1 block text-sm text-white/80">{item.assembly.TEXT.desc}</span> : null}
                  </span>
                )}
              </span>
            </BlockLink>
          );
        })}
        {items.length > 1 ? (
          <div className="absolute bottom-0 right-1 z-20 flex md:hidden" aria-hidden="true">
            {items.map((item, i) => (
              <label
                key={item.id}
                htmlFor={`${group}-${i}`}
                aria-label={slideTitle(item, block.name)}
                data-tab={i}
                className="banner-dot box-content h-1.5 w-1.5 cursor-pointer rounded-full bg-white/50 bg-clip-content p-[19px]"
              />
            ))}
          </div>
        ) : null}
      </div>
      {items.length > 1 ? (
        <div className="mt-3 hidden gap-3 md:grid" style={{ gridTemplateColumns: `repeat(${items.length}, minmax(0, 1fr))` }}>
          {items.map((item, i) => {
            const goods = item.assembly.GOODS?.goods_info;
            return (
              <label
                key={item.id}
                htmlFor={`${group}-${i}`}
                data-tab={i}
                className="banner-tab group relative flex cursor-pointer items-center gap-3 overflow-hidden rounded-xl bg-surface-container p-2.5 ring-1 ring-surface-line transition hover:bg-surface-raised"
              >
                <ShopImage
                  src={item.assembly.THUMB?.value || goods?.covers[0]}
                  alt=""
                  width={44}
                  height={44}
                  loading="lazy"
                  className="h-11 w-11 shrink-0 rounded-lg object-cover"
                />
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium text-ink">{goods?.goods_name || slideTitle(item, block.name)}</span>
                  <span className="mt-0.5 block truncate text-xs text-ink-muted">{item.assembly.TEXT?.desc || item.assembly.TEXT?.value}</span>
                </span>
                <span
                  key={i === current ? round : undefined}
                  className="banner-progress absolute inset-x-0 bottom-0 h-0.5 origin-left bg-primary-600"
                  aria-hidden="true"
                />
              </label>
            );
          })}
        </div>
      ) : null}
    </section>
  );
}

function slideTitle(item: LayoutItem, fallback: string): string {
  return item.assembly.TEXT?.value || item.assembly.GOODS?.goods_info?.goods_name || fallback;
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

/** Four cards in view, gap 16; the arrows work only when there are more than four. */
function SideSlip({ block, hrefOf }: BlockProps) {
  const track = useRef<HTMLUListElement>(null);
  const more = block.content.length > SLIP_VISIBLE;
  const [edges, setEdges] = useState({ start: true, end: !more });
  const measure = useCallback(() => {
    const el = track.current;
    if (!el) return;
    setEdges({ start: el.scrollLeft <= 1, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 });
  }, []);
  useEffect(() => {
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [measure]);
  const scroll = (direction: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    el.scrollBy({ left: direction * (el.clientWidth + 16), behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
  };
  const arrow =
    "flex h-8 w-8 items-center justify-center rounded-full max-sm:h-11 max-sm:w-11 bg-surface-container text-ink ring-1 ring-surface-line transition enabled:hover:bg-primary-600 enabled:hover:text-white disabled:cursor-not-allowed disabled:opacity-35";
  return (
    <section aria-label={block.name} data-style="side-slip">
      <SectionTitle block={block}>
        <button type="button" className={arrow} aria-label="上一组" disabled={!more || edges.start} onClick={() => scroll(-1)}>
          <Chevron direction="left" />
        </button>
        <button type="button" className={arrow} aria-label="下一组" disabled={!more || edges.end} onClick={() => scroll(1)}>
          <Chevron direction="right" />
        </button>
      </SectionTitle>
      <ul
        ref={track}
        onScroll={measure}
        className="grid snap-x snap-mandatory auto-cols-[calc((100%-48px)/4)] grid-flow-col gap-4 overflow-x-auto overscroll-x-contain pb-1 [scrollbar-width:none] max-md:auto-cols-[46%] [&::-webkit-scrollbar]:hidden"
      >
        {block.content.map((item) => (
          <li key={item.id} className="snap-start">
            <ItemCard item={item} href={hrefOf(item)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Chevron({ direction }: { direction: "left" | "right" }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" aria-hidden="true">
      <path d={direction === "left" ? "m15 6-6 6 6 6" : "m9 6 6 6-6 6"} />
    </svg>
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

function ItemCard({ item, href }: { item: LayoutItem; href: string | null }) {
  const goods = item.assembly.GOODS?.goods_info;
  if (!goods) return null;
  return <GoodsCard goods={goods} href={href} image={item.assembly.IMG?.value} title={item.assembly.TEXT?.value} />;
}
