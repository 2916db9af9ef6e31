import { discountLabel, formatYuan } from "../../../shared/money";

/** A price in yuan, or in an order's own currency (`symbol`); `from`: the lowest of several (a goods card's), marked 起. */
export function Price({ cents, className = "", from = false, symbol = "￥" }: { cents: number; className?: string; from?: boolean; symbol?: string }) {
  return (
    <span className={className ? `price ${className}` : "price"}>
      <span className="price-sign">{symbol}</span>
      {formatYuan(cents)}
      {from ? <span className="ml-0.5 text-[0.75em] font-normal">起</span> : null}
    </span>
  );
}

export function OriginPrice({ cents, symbol = "￥" }: { cents: number; symbol?: string }) {
  return (
    <s className="origin-price">
      {symbol}
      {formatYuan(cents)}
    </s>
  );
}

export function DiscountBadge({ originCents, saleCents }: { originCents: number; saleCents: number }) {
  const label = discountLabel(originCents, saleCents);
  if (!label) return null;
  return <span className="discount-badge">{label}</span>;
}
