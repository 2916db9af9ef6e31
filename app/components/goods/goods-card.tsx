import type { GoodsInfo } from "~/api/layout.server";
import { DiscountBadge, OriginPrice, Price } from "./price";
import { ShopImage } from "~/components/shop-image";
import { lowestOfSeveral } from "~/lib/links";
import { presaleAhead } from "~/lib/presale";

/** What a goods card reads of its goods. */
export type CardGoods = Pick<
  GoodsInfo,
  "goods_name" | "goods_tags" | "covers" | "price_turn_cny" | "sale_off_price_cny" | "sku_prices" | "is_presale" | "presale_performance_at"
>;

/** The goods as a card shows them (its first cover, its first three tags): what a page's loader sends for a card. */
export function cardGoods(goods: GoodsInfo): CardGoods {
  return {
    goods_name: goods.goods_name,
    goods_tags: goods.goods_tags.slice(0, CARD_TAGS),
    covers: goods.covers.slice(0, 1),
    price_turn_cny: goods.price_turn_cny,
    sale_off_price_cny: goods.sale_off_price_cny,
    sku_prices: goods.sku_prices,
    is_presale: goods.is_presale,
    presale_performance_at: goods.presale_performance_at,
  };
}

export interface GoodsCardProps {
  goods: CardGoods;
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

const CARD_TAGS = 3;
const TEST_ID = { tile: "goods-card", row: "recommend-card" } as const;
const IMAGE_SIZE = { tile: [600, 338], row: [178, 100] } as const;

/**
 * A goods card: cover, presale mark, name, tags, sale (起 when the lowest of several) and original
 * price, discount; opens in a new tab, on the SKU of its price (the callers' href, links.ts). The
 * cover's top-left corner is its platform label, so the marks keep out of it: the discount sits
 * with the prices, the presale mark in the cover's bottom-right corner.
 */
export function GoodsCard({ goods, href, image, title, eager = false, priority = false, layout = "tile" }: GoodsCardProps) {
  const row = layout === "row";
  const [width, height] = IMAGE_SIZE[layout];
  const name = title || goods.goods_name;
  const from = lowestOfSeveral(goods);
  const discount = <DiscountBadge originCents={goods.price_turn_cny} saleCents={goods.sale_off_price_cny} />;
  const originPrice = goods.price_turn_cny > goods.sale_off_price_cny ? <OriginPrice cents={goods.price_turn_cny} /> : null;
  const body = (
    <>
      <div className="gc-cover">
        <ShopImage
          src={image || goods.covers[0]}
          alt={goods.goods_name}
          width={width}
          height={height}
          loading={eager || priority ? "eager" : "lazy"}
          priority={priority}
          className="gc-img"
        />
        <div className="gc-marks">{presaleAhead(goods) ? <span className="gc-presale">预售</span> : null}</div>
      </div>
      <div className="gc-text">
        {row ? <span className="gc-name">{name}</span> : <h3 className="gc-name">{name}</h3>}
        {goods.goods_tags.length ? (
          <ul className="gc-tags" aria-label="标签">
            {goods.goods_tags.slice(0, CARD_TAGS).map((tag) => (
              <li key={tag} className="tag">
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="gc-prices">
          {row ? (
            <>
              {discount}
              {originPrice}
              <Price cents={goods.sale_off_price_cny} from={from} />
            </>
          ) : (
            <>
              <Price cents={goods.sale_off_price_cny} from={from} />
              {originPrice}
              {discount}
            </>
          )}
        </div>
      </div>
    </>
  );
  // the card's look: app.css, .goods-card and its data-layout
  return href ? (
    <a href={href} target="_blank" rel="noopener" className="goods-card" data-layout={layout} data-testid={TEST_ID[layout]}>
      {body}
    </a>
  ) : (
    <div className="goods-card" data-layout={layout} data-testid={TEST_ID[layout]}>
      {body}
    </div>
  );
}
