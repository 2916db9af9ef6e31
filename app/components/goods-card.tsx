import type { GoodsInfo } from "~/api/layout.server";
import { DiscountBadge, OriginPrice, Price } from "./price";
import { ShopImage } from "./shop-image";
import { presaleAhead } from "~/lib/presale";

export interface GoodsCardProps {
  goods: GoodsInfo;
  href: string | null;
  image?: string;
  title?: string;
  /** Above the fold: load eagerly. */
  eager?: boolean;
  /** The page's largest image (its first result): fetched before the others. */
  priority?: boolean;
  /**
   * `tile` (default): a promotion card, cover above name, tags and prices. `row`: a single-row
   * recommendation card (spec/02 §2), image 178×100 beside the text, never taller than 100 px.
   */
  layout?: "tile" | "row";
}

const LAYOUT = {
  tile: {
    testId: "goods-card",
    frame: "flex-col hover:-translate-y-0.5",
    cover: "aspect-video",
    size: [600, 338],
    presale: "text-xs",
    text: "gap-2 p-3",
    tags: "flex-wrap",
  },
  row: {
    testId: "recommend-card",
    frame: "max-h-[100px] gap-4 pr-4 max-sm:max-h-[72px] max-sm:gap-3 max-sm:pr-3",
    cover: "h-[100px] w-[178px] shrink-0 rounded-lg max-sm:h-[72px] max-sm:w-[128px]",
    size: [178, 100],
    presale: "text-[11px]",
    text: "min-w-0 justify-between py-2 max-sm:py-1",
    tags: "overflow-hidden max-sm:hidden",
  },
} as const;

/** A goods card: cover, presale mark, discount, name, tags, sale and original price; opens in a new tab. */
export function GoodsCard({ goods, href, image, title, eager = false, priority = false, layout = "tile" }: GoodsCardProps) {
  const style = LAYOUT[layout];
  const row = layout === "row";
  const name = title || goods.goods_name;
  const discount = <DiscountBadge originCents={goods.price_turn_cny} saleCents={goods.sale_off_price_cny} />;
  const originPrice = goods.price_turn_cny > goods.sale_off_price_cny ? <OriginPrice cents={goods.price_turn_cny} /> : null;
  const body = (
    <>
      <div className={`relative overflow-hidden bg-surface-raised ${style.cover}`}>
        <ShopImage
          src={image || goods.covers[0]}
          alt={goods.goods_name}
          width={style.size[0]}
          height={style.size[1]}
          loading={eager || priority ? "eager" : "lazy"}
          priority={priority}
          className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
        />
        <div className={`absolute flex gap-1 ${row ? "left-1.5 top-1.5" : "left-2 top-2"}`}>
          {presaleAhead(goods) ? <span className={`rounded bg-presale px-1.5 py-0.5 font-bold text-white ${style.presale}`}>预售</span> : null}
          {row ? null : discount}
        </div>
      </div>
      <div className={`flex flex-1 flex-col ${style.text}`}>
        {row ? (
          <span className="line-clamp-1 text-[15px] font-medium text-ink group-hover:text-primary-300">{name}</span>
        ) : (
          <h3 className="line-clamp-2 min-h-[2.5rem] text-sm font-medium leading-5 text-ink">{name}</h3>
        )}
        {goods.goods_tags.length ? (
          <ul className={`flex gap-1 ${style.tags}`} aria-label="标签">
            {goods.goods_tags.slice(0, 3).map((tag) => (
              <li key={tag} className={`rounded border border-surface-line px-1.5 text-[11px] leading-5 text-ink-muted ${row ? "shrink-0" : ""}`}>
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
        <div className={`flex items-baseline gap-2 ${row ? "" : "mt-auto"}`}>
          {row ? (
            <>
              {discount}
              {originPrice}
              <Price cents={goods.sale_off_price_cny} className="ml-auto text-lg" />
            </>
          ) : (
            <>
              <Price cents={goods.sale_off_price_cny} className="text-lg" />
              {originPrice}
            </>
          )}
        </div>
      </div>
    </>
  );
  const frame = `group flex h-full overflow-hidden rounded-xl bg-surface-container ring-1 ring-surface-line transition hover:ring-primary-500/60 ${style.frame}`;
  return href ? (
    <a href={href} target="_blank" rel="noopener" className={frame} data-testid={style.testId}>
      {body}
    </a>
  ) : (
    <div className={frame} data-testid={style.testId}>
      {body}
    </div>
  );
}
