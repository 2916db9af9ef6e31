import { discountLabel, formatYuan } from "../../../shared/money";

export function Price({ cents, className = "" }: { cents: number; className?: string }) {
  return (
    <span className={className ? `price ${className}` : "price"}>
      <span className="price-sign">￥</span>
      {formatYuan(cents)}
    </span>
  );
}

export function OriginPrice({ cents }: { cents: number }) {
  return <s className="origin-price">￥{formatYuan(cents)}</s>;
}

export function DiscountBadge({ originCents, saleCents }: { originCents: number; saleCents: number }) {
  const label = discountLabel(originCents, saleCents);
  if (!label) return null;
  return <span className="discount-badge">{label}</span>;
}
