import type { PriceLine } from "~/api/cart.server";
import { formatYuan } from "../../../shared/money";

/** The price lines of cart output; the last one is the payable total. */
export function PriceLines({ lines }: { lines: PriceLine[] }) {
  return (
    <dl className="space-y-2 text-sm" data-testid="price-lines">
      {lines.map((line, i) => {
        const last = i === lines.length - 1;
        return (
          <div key={line.title} className={`flex items-baseline justify-between ${last ? "border-t border-surface-line pt-3" : ""}`}>
            <dt className={last ? "font-medium text-ink" : "text-ink-muted"}>{line.title}</dt>
            <dd className={last ? "text-2xl font-bold text-price" : line.price < 0 ? "text-primary-300" : "text-ink"}>
              {line.price < 0 ? "-" : ""}
              {line.currency_symbol}
              {formatYuan(Math.abs(line.price))}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
