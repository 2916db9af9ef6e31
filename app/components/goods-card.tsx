import type { GoodsInfo } from "~/api/layout.server";
import { DiscountBadge, OriginPrice, Price } from "./price";
import { ShopImage } from "./shop-image";

export interface GoodsCardProps {
  goods: GoodsInfo;
  href: string | null;
  image?: string;
  title?: string;
  /** Above the fold: load eagerly. */
  eager?: boolean;
}

/** A promotion card: cover, discount, name, tags, sale and original price; opens in a new tab. */
export function GoodsCard({ goods, href, image, title, eager = false }: GoodsCardProps) {
  const body = (
    <>
      <div className="relative aspect-video overflow-hidden bg-surface-raised">
        <ShopImage
          src={image || goods.covers[0]}
          alt={goods.goods_name}
          width={600}
          height={338}
          loading={eager ? "eager" : "lazy"}
          className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
        />
        <div className="absolute left-2 top-2 flex gap-1">
          {goods.is_presale ? <span className="rounded bg-[#6b4dff] px-1.5 py-0.5 text-xs font-bold text-white">预售</span> : null}
          <DiscountBadge originCents={goods.price_turn_cny} saleCents={goods.sale_off_price_cny} />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <h3 className="line-clamp-2 min-h-[2.5rem] text-sm font-medium leading-5 text-ink">{title || goods.goods_name}</h3>
        {goods.goods_tags.length ? (
          <ul className="flex flex-wrap gap-1" aria-label="标签">
            {goods.goods_tags.slice(0, 3).map((tag) => (
              <li key={tag} className="rounded border border-surface-line px-1.5 text-[11px] leading-5 text-ink-muted">
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-auto flex items-baseline gap-2">
          <Price cents={goods.sale_off_price_cny} className="text-lg" />
          {goods.price_turn_cny > goods.sale_off_price_cny ? <OriginPrice cents={goods.price_turn_cny} /> : null}
        </div>
      </div>
    </>
  );
  const frame =
    "group flex h-full flex-col overflow-hidden rounded-xl bg-surface-container ring-1 ring-surface-line transition hover:-translate-y-0.5 hover:ring-primary-500/60";
  return href ? (
    <a href={href} target="_blank" rel="noopener" className={frame} data-testid="goods-card">
      {body}
    </a>
  ) : (
    <div className={frame} data-testid="goods-card">
      {body}
    </div>
  );
}
