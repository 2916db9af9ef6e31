import { Link } from "@remix-run/react";
import type { GoodsInfo, LayoutItem } from "~/api/layout.server";
import { itemHref, lowestOfSeveral, type DomainGroups } from "~/lib/links";
import { formatDateTime } from "../../../shared/shop-time";
import { OriginPrice, Price } from "./price";
import { type CardGoods, cardGoods } from "./goods-card";
import { ShopImage } from "~/components/shop-image";
import { buttonClass } from "~/components/ui/button";

/** The price a guide card shows: the goods' sale price, else its price. */
export const guidePrice = (goods: Pick<GoodsInfo, "sale_off_price_cny" | "price_turn_cny">) => goods.sale_off_price_cny || goods.price_turn_cny;

/** A guide card as the page shows it (what the loader sends): its link, its goods, a member's 券后价 when lower. */
export interface GuideCard {
  id: number;
  href: string | null;
  goods: CardGoods & Pick<GoodsInfo, "sale_end_at">;
  afterPrice: number | null;
}

/** The guide cards of `items`, with the after-coupon prices found by goods number. */
export function guideCardsOf(items: LayoutItem[], afterPrices: Record<string, number>, domains: DomainGroups): GuideCard[] {
  return items.map((item) => {
    const goods = item.assembly.GOODS!.goods_info!;
    return {
      id: item.id,
      href: itemHref(item.assembly, domains),
      goods: { ...cardGoods(goods), sale_end_at: goods.sale_end_at },
      afterPrice: afterPrices[goods.goods_no] ?? null,
    };
  });
}

/**
 * Shopping-guide cards (spec/02 §2): other goods of the product-detail recommendations, 800 × 113,
 * each a goods-detail link with 立即购买, and a member's 券后价 when a coupon lowers the price.
 */
export function GuideCards({ items }: { items: GuideCard[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="guide-title" className="space-y-3">
      <h2 id="guide-title" className="text-lg font-semibold">
        购物指南
      </h2>
      <ul className="space-y-3">
        {items.map((item) => {
          const { goods, href, afterPrice: after } = item;
          const price = guidePrice(goods);
          return (
            <li
              key={item.id}
              data-testid="guide-card"
              className="flex h-[113px] max-w-[800px] items-center gap-4 overflow-hidden rounded-2xl bg-gradient-to-r from-primary-900/60 to-surface-container p-3 ring-1 ring-primary-800/60"
            >
              <ShopImage
                src={goods.covers[0]}
                alt=""
                width={158}
                height={89}
                loading="lazy"
                className="hidden h-[89px] w-[158px] shrink-0 rounded-lg object-cover sm:block"
              />
              <div className="min-w-0 flex-1">
                <h3 className="truncate font-semibold">{goods.goods_name}</h3>
                <p className="mt-1 flex items-baseline gap-2 text-sm">
                  <span data-testid="guide-price">
                    <Price cents={price} className={after === null ? "text-lg" : ""} from={lowestOfSeveral(goods)} />
                  </span>
                  {after !== null ? (
                    <span data-testid="guide-after-price" className="font-semibold text-primary-300">
                      <Price cents={after} className="text-lg" />
                      <span className="ml-1 text-xs">券后价</span>
                    </span>
                  ) : goods.price_turn_cny > price ? (
                    <OriginPrice cents={goods.price_turn_cny} />
                  ) : null}
                </p>
                {goods.sale_end_at ? <p className="mt-1 truncate text-xs text-ink-muted">优惠截止于{formatDateTime(goods.sale_end_at)}</p> : null}
              </div>
              {href ? (
                <Link to={href} aria-label={`立即购买：${goods.goods_name}`} className={buttonClass()}>
                  立即购买
                </Link>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
