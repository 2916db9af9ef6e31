import { GoodsTags } from "./goods-tags";
import { ShopImage } from "~/components/shop-image";

export interface GoodsSummaryGoods {
  cover?: string;
  name: string;
  tags: string[];
  skuValues: string[];
}

/**
 * The goods an order or a purchase is for: cover, tags, name and chosen SKU, then what the page adds
 * under them (children). "card" on the pay-confirm, pay and order detail pages; "row" in the order
 * list (a smaller lazy cover, three tags, one line each for the name and the SKU).
 */
export function GoodsSummary({
  goods,
  variant,
  className,
  children,
}: {
  goods: GoodsSummaryGoods;
  variant: "card" | "row";
  /** the text column's spacing */
  className: string;
  children?: React.ReactNode;
}) {
  const row = variant === "row";
  return (
    <>
      {row ? (
        <ShopImage
          src={goods.cover}
          alt={goods.name}
          width={160}
          height={90}
          loading="lazy"
          className="aspect-video w-24 shrink-0 self-start rounded-lg object-cover sm:w-[160px]"
        />
      ) : (
        <ShopImage
          src={goods.cover}
          alt={goods.name}
          width={178}
          height={100}
          className="h-[68px] w-[120px] shrink-0 rounded-lg object-cover sm:h-[100px] sm:w-[178px]"
        />
      )}
      <div className={`min-w-0 flex-1 ${className}`}>
        <GoodsTags tags={goods.tags} max={row ? 3 : undefined} />
        {row ? (
          <>
            <h2 className="truncate font-medium">{goods.name}</h2>
            <p className="truncate text-sm text-ink-muted">{goods.skuValues.join(" / ")}</p>
          </>
        ) : (
          <>
            <p className="font-medium">{goods.name}</p>
            {goods.skuValues.length ? <p className="text-sm text-ink-muted">规格：{goods.skuValues.join(" / ")}</p> : null}
          </>
        )}
        {children}
      </div>
    </>
  );
}
