import type { GoodsInfo } from "~/api/layout.server";
import { DiscountBadge, OriginPrice, Price } from "./price";
import { ShopImage } from "./shop-image";

export interface RecommendCardProps {
  goods: GoodsInfo;
  href: string | null;
  image?: string;
  title?: string;
  eager?: boolean;
}

/**
 * A single-row recommendation card (spec 02 §2): image 178×100, title, tags, discount, original and
 * sale price; never taller than 100 px. Opens the goods in a new tab.
 */
export function RecommendCard({ goods, href, image, title, eager = false }: RecommendCardProps) {
  const body = (
    <>
      <span className="relative h-[100px] w-[178px] shrink-0 overflow-hidden rounded-lg bg-surface-raised max-sm:h-[72px] max-sm:w-[128px]">
        <ShopImage
          src={image || goods.covers[0]}
          alt={goods.goods_name}
          width={178}
          height={100}
          loading={eager ? "eager" : "lazy"}
          className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
        />
        {goods.is_presale ? (
          <span className="absolute left-1.5 top-1.5 rounded bg-[#6b4dff] px-1.5 py-0.5 text-[11px] font-bold text-white">预售</span>
        ) : null}
      </span>
      <span className="flex min-w-0 flex-1 flex-col justify-between py-2 max-sm:py-1">
        <span className="line-clamp-1 text-[15px] font-medium text-ink group-hover:text-primary-300">{title || goods.goods_name}</span>
        {goods.goods_tags.length ? (
          <span className="flex gap-1 overflow-hidden max-sm:hidden" aria-label="标签">
            {goods.goods_tags.slice(0, 3).map((tag) => (
              <span key={tag} className="shrink-0 rounded border border-surface-line px-1.5 text-[11px] leading-5 text-ink-muted">
                {tag}
              </span>
            ))}
          </span>
        ) : null}
        <span className="flex items-baseline gap-2">
          <DiscountBadge originCents={goods.price_turn_cny} saleCents={goods.sale_off_price_cny} />
          {goods.price_turn_cny > goods.sale_off_price_cny ? <OriginPrice cents={goods.price_turn_cny} /> : null}
          <Price cents={goods.sale_off_price_cny} className="ml-auto text-lg" />
        </span>
      </span>
    </>
  );
  const frame =
    "group flex max-h-[100px] gap-4 overflow-hidden rounded-xl bg-surface-container p-0 pr-4 ring-1 ring-surface-line transition hover:ring-primary-500/60 max-sm:max-h-[72px] max-sm:gap-3 max-sm:pr-3";
  return href ? (
    <a href={href} target="_blank" rel="noopener" className={frame} data-testid="recommend-card">
      {body}
    </a>
  ) : (
    <div className={frame} data-testid="recommend-card">
      {body}
    </div>
  );
}
