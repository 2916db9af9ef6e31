// The home page's BANNER block (spec/01 §2 "Home page", §9 constants).
import { useEffect, useState } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { BlockLink, type BlockProps, type HomeItem } from "./home-block-parts";
import { ShopImage } from "~/components/shop-image";

export const BANNER_MAX = 5;
export const BANNER_INTERVAL_MS = 10_000;

/**
 * Up to 5 slides, the first shown initially, 0.5 s fade, advancing every 10 s and wrapping; choosing
 * a slide selects it and restarts the timer. The choice is a radio group, so it works without
 * JavaScript (app.css shows the checked slide); with JavaScript React drives the same radios.
 */
export function Banner({ block }: BlockProps) {
  const items = block.content;
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
          return (
            <BlockLink
              key={item.id}
              href={item.href}
              className="banner-slide absolute inset-0 block"
              tabIndex={i === current ? undefined : -1}
              label={slideTitle(item, block.name)}
            >
              <span className="block h-full w-full">
                <ShopImage
                  src={item.image || item.goods?.covers[0]}
                  alt={slideTitle(item, block.name)}
                  width={1200}
                  height={400}
                  loading={i === 0 ? "eager" : "lazy"}
                  priority={i === 0}
                  className="h-full w-full object-cover"
                />
                {/* a banner's own artwork carries its slogan; a goods cover gets the text laid over it */}
                {item.image ? null : (
                  <span className="absolute inset-x-0 bottom-0 block bg-gradient-to-t from-black/80 to-transparent p-6 pt-16">
                    <span className="block text-2xl font-bold text-white">{slideTitle(item, block.name)}</span>
                    {item.desc ? <span className="mt-1 block text-sm text-white/80">{item.desc}</span> : null}
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
            return (
              <label
                key={item.id}
                htmlFor={`${group}-${i}`}
                data-tab={i}
                className="banner-tab group relative flex cursor-pointer items-center gap-3 overflow-hidden rounded-xl bg-surface-container p-2.5 ring-1 ring-surface-line transition hover:bg-surface-raised"
              >
                <ShopImage
                  src={item.thumb || item.goods?.covers[0]}
                  alt=""
                  width={44}
                  height={44}
                  loading="lazy"
                  className="h-11 w-11 shrink-0 rounded-lg object-cover"
                />
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium text-ink">{item.goods?.goods_name || slideTitle(item, block.name)}</span>
                  <span className="mt-0.5 block truncate text-xs text-ink-muted">{item.desc || item.title}</span>
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

function slideTitle(item: HomeItem, fallback: string): string {
  return item.title || item.goods?.goods_name || fallback;
}
