import { OriginPrice, Price } from "./price";
import { ShopImage } from "./shop-image";
import { cardClass } from "./ui/card";
import { GoodsTags } from "./goods-tags";

/** What is being bought: cover, tags, name, chosen SKU, prices, quantity 1 (spec/02 §2). */
export function PurchaseDetails(props: { cover?: string; name: string; tags: string[]; skuValues: string[]; salePrice: number; originPrice: number }) {
  return (
    <section aria-labelledby="purchase-title" className={cardClass("md")}>
      <h2 id="purchase-title" className="mb-4 font-semibold">
        购买详情
      </h2>
      <div className="flex flex-wrap gap-4 sm:flex-nowrap">
        <ShopImage
          src={props.cover}
          alt={props.name}
          width={178}
          height={100}
          className="h-[68px] w-[120px] shrink-0 rounded-lg object-cover sm:h-[100px] sm:w-[178px]"
        />
        <div className="min-w-0 flex-1 space-y-2">
          <GoodsTags tags={props.tags} />
          <p className="font-medium">{props.name}</p>
          {props.skuValues.length ? <p className="text-sm text-ink-muted">规格：{props.skuValues.join(" / ")}</p> : null}
        </div>
        <div className="flex shrink-0 basis-full items-baseline justify-end gap-3 text-right sm:block sm:basis-auto">
          <Price cents={props.salePrice} className="text-lg" />
          {props.originPrice > props.salePrice ? (
            <div>
              <OriginPrice cents={props.originPrice} />
            </div>
          ) : null}
          <p className="mt-1 text-sm text-ink-muted">x1</p>
        </div>
      </div>
    </section>
  );
}
