import { OriginPrice, Price } from "~/components/goods/price";
import { cardClass } from "~/components/ui/card";
import { GoodsSummary, type GoodsSummaryGoods } from "~/components/goods/goods-summary";

/** What is being bought: cover, tags, name, chosen SKU, prices, quantity 1 (spec/02 §2). */
export function PurchaseDetails(props: GoodsSummaryGoods & { salePrice: number; originPrice: number }) {
  return (
    <section aria-labelledby="purchase-title" className={cardClass("md")}>
      <h2 id="purchase-title" className="mb-4 font-semibold">
        购买详情
      </h2>
      <div className="flex flex-wrap gap-4 sm:flex-nowrap">
        <GoodsSummary goods={props} variant="card" className="space-y-2" />
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
