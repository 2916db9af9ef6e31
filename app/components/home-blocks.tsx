import { useEffect, useRef, useState } from "react";
import type { LayoutBlock, LayoutItem } from "~/api/layout.server";
import { linkHref, type DomainGroups } from "~/lib/links";
import { Countdown } from "./countdown";
import { GoodsCard } from "./goods-card";
import { ShopImage } from "./shop-image";

export const HOME_STYLES = ["BANNER", "SINGLE_ROW", "HORIZ_BANNER", "SIDE_SLIP", "COLUMN_TILING"] as const;

/** The home page's blocks by style type; unknown styles and empty blocks render nothing. */
export function HomeBlocks({ blocks, domains }: { blocks: LayoutBlock[]; domains: DomainGroups }) {
  return (
    <div className="space-y-10">
      {blocks
        .filter((b) => b.content.length > 0 && (HOME_STYLES as readonly string[]).includes(b.style_type))
        .map((block, index) => (
          <HomeBlock key={block.id} block={block} domains={domains} eager={index < 2} />
        ))}
    </div>
  );
}

function HomeBlock({ block, domains, eager }: { block: LayoutBlock; domains: DomainGroups; eager: boolean }) {
  const hrefOf = (item: LayoutItem) =>
    linkHref(
      { linkType: item.assembly.JUMP?.value ?? "GOODS_DETAIL", link: item.assembly.LINK?.value, goodsNo: item.assembly.GOODS?.value },
      domains,
    );
  switch (block.style_type) {
    case "BANNER":
      return <Banner block={block} hrefOf={hrefOf} />;
    case "SINGLE_ROW":
    case "HORIZ_BANNER":
      return <ImageRow block={block} hrefOf={hrefOf} height={block.style_type === "SINGLE_ROW" ? 300 : 200} eager={eager} />;
    case "SIDE_SLIP":
      return <SideSlip block={block} hrefOf={hrefOf} />;
    case "COLUMN_TILING":
      return <Tiling block={block} hrefOf={hrefOf} />;
    default:
      return null;
  }
}

type HrefOf = (item: LayoutItem) => string | null;

function SectionTitle({ block, children }: { block: LayoutBlock; children?: React.ReactNode }) {
  const countdown = block.setting.COUNT_DOWN;
  return (
    <div className="mb-4 flex items-center gap-4">
      <h2 className="text-xl font-bold text-ink">
        <span className="mr-2 inline-block h-5 w-1 translate-y-0.5 rounded bg-primary-500" aria-hidden="true" />
        {block.name}
      </h2>
      {countdown?.open ? <Countdown setting={countdown} /> : null}
      <div className="ml-auto flex gap-2">{children}</div>
    </div>
  );
}

function Anchor({ href, children, className = "", label }: { href: string | null; children: React.ReactNode; className?: string; label?: string }) {
  return href ? (
    <a href={href} target="_blank" rel="noopener" className={className} aria-label={label}>
      {children}
    </a>
  ) : (
    <div className={className}>{children}</div>
  );
}

const BANNER_MAX = 5;
const BANNER_INTERVAL_MS = 10_000;

function Banner({ block, hrefOf }: { block: LayoutBlock; hrefOf: HrefOf }) {
  const items = block.content.slice(0, BANNER_MAX);
  const [current, setCurrent] = useState(0);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (items.length < 2) return;
    const timer = setInterval(() => setCurrent((i) => (i + 1) % items.length), BANNER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [items.length, round]);

  return (
    <section aria-roledescription="carousel" aria-label={block.name} className="relative overflow-hidden rounded-2xl bg-surface-container">
      <div className="relative aspect-[3/1] w-full">
        {items.map((item, i) => {
          const goods = item.assembly.GOODS?.goods_info;
          return (
            <Anchor
              key={item.id}
              href={hrefOf(item)}
              className={`absolute inset-0 transition-opacity duration-500 ${i === current ? "z-10 opacity-100" : "pointer-events-none opacity-0"}`}
            >
              <ShopImage
                src={item.assembly.IMG?.value || goods?.covers[0]}
                alt={item.assembly.TEXT?.value || goods?.goods_name || block.name}
                width={1200}
                height={400}
                loading={i === 0 ? "eager" : "lazy"}
                priority={i === 0}
                className="h-full w-full object-cover"
              />
              {/* a banner's own artwork carries its slogan; a goods cover gets the text laid over it */}
              {item.assembly.IMG?.value ? null : (
                <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent p-6 pt-16">
                  <p className="text-2xl font-bold text-white">{item.assembly.TEXT?.value || goods?.goods_name}</p>
                  {item.assembly.TEXT?.desc ? <p className="mt-1 text-sm text-white/80">{item.assembly.TEXT.desc}</p> : null}
                </div>
              )}
            </Anchor>
          );
        })}
      </div>
      {items.length > 1 ? (
        <div className="absolute bottom-4 right-6 z-20 flex gap-2">
          {items.map((item, i) => (
            <button
              key={item.id}
              type="button"
              aria-label={`第 ${i + 1} 张`}
              aria-current={i === current}
              onClick={() => {
                setCurrent(i);
                setRound((r) => r + 1);
              }}
              className={`h-2 rounded-full transition-all ${i === current ? "w-6 bg-primary-500" : "w-2 bg-white/50 hover:bg-white"}`}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}

function ImageRow({ block, hrefOf, height, eager }: { block: LayoutBlock; hrefOf: HrefOf; height: number; eager: boolean }) {
  const item = block.content[0];
  const goods = item.assembly.GOODS?.goods_info;
  const countdown = block.setting.COUNT_DOWN;
  return (
    <section aria-label={block.name}>
      <Anchor href={hrefOf(item)} className="relative block overflow-hidden rounded-2xl bg-surface-container" label={block.name}>
        <ShopImage
          src={item.assembly.IMG?.value || goods?.covers[0]}
          alt={item.assembly.TEXT?.value || block.name}
          width={1200}
          height={height}
          loading={eager ? "eager" : "lazy"}
          className="w-full object-cover"
          style={{ height }}
        />
        {countdown?.open ? (
          <div className="absolute bottom-4 right-4 rounded-lg bg-black/50 px-3 py-2 backdrop-blur">
            <span className="mr-2 text-sm text-white/80">距结束</span>
            <Countdown setting={countdown} />
          </div>
        ) : null}
      </Anchor>
    </section>
  );
}

const SLIP_VISIBLE = 4;

function SideSlip({ block, hrefOf }: { block: LayoutBlock; hrefOf: HrefOf }) {
  const track = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) => track.current?.scrollBy({ left: direction * track.current.clientWidth, behavior: "smooth" });
  const arrows = block.content.length > SLIP_VISIBLE;
  const arrow = "flex h-8 w-8 items-center justify-center rounded-full bg-surface-container text-ink ring-1 ring-surface-line hover:bg-primary-500";
  return (
    <section aria-label={block.name}>
      <SectionTitle block={block}>
        {arrows ? (
          <>
            <button type="button" className={arrow} aria-label="上一组" onClick={() => scroll(-1)}>
              ‹
            </button>
            <button type="button" className={arrow} aria-label="下一组" onClick={() => scroll(1)}>
              ›
            </button>
          </>
        ) : null}
      </SectionTitle>
      <ul ref={track} className="grid snap-x snap-mandatory auto-cols-[calc((100%-48px)/4)] grid-flow-col gap-4 overflow-x-auto pb-2 [scrollbar-width:none] max-md:auto-cols-[70%]">
        {block.content.map((item) => (
          <li key={item.id} className="snap-start">
            <ItemCard item={item} href={hrefOf(item)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Tiling({ block, hrefOf }: { block: LayoutBlock; hrefOf: HrefOf }) {
  const columns = block.setting.TILING?.tiling_num ?? 5;
  return (
    <section aria-label={block.name}>
      <SectionTitle block={block} />
      <ul
        className="grid grid-cols-2 gap-x-4 gap-y-4 md:[grid-template-columns:repeat(var(--cols),minmax(0,1fr))] md:gap-x-[30px] md:gap-y-6"
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
