import { discountLabel, formatYuan } from "../../shared/money";

export function Price({ cents, className = "" }: { cents: number; className?: string }) {
  return (
    <span className={`font-semibold text-price ${className}`}>
      <span className="mr-0.5 text-[0.8em]">￥</span>
      {formatYuan(cents)}
    </span>
  );
}

export function OriginPrice({ cents }: { cents: number }) {
  return <s className="text-xs text-ink-muted">￥{formatYuan(cents)}</s>;
}

export function DiscountBadge({ originCents, saleCents }: { originCents: number; saleCents: number }) {
  const label = discountLabel(originCents, saleCents);
  if (!label) return null;
  return <span className="rounded bg-primary-600 px-1.5 py-0.5 text-xs font-bold text-white">{label}</span>;
}
