// Money is integer cents (分) everywhere; these format it for people and for documents, at the
// edge only. The one place cents become yuan text, for the storefront, the services and the seed.

export const CURRENCY = "CNY";
export const CURRENCY_SYMBOL = "￥";

/** Yuan with exactly 2 decimals, "12.30": machine-readable prices (JSON-LD, the cashier). */
export function yuanAmount(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** "￥12.30": a price in a message or a page outside the storefront (cashier, e-mails, the admin script). */
export function yuanText(cents: number): string {
  return `${CURRENCY_SYMBOL}${yuanAmount(cents)}`;
}

/** Yuan with 2 decimals for the shop's pages; a falsy amount shows "0" (spec/01 §5). */
export function formatYuan(cents: number | null | undefined): string {
  if (!cents) return "0";
  return yuanAmount(cents);
}

/** A percentage coupon's 折 from its percent off: 15 → "8.5", 10 → "9". */
export function foldOf(discountPercent: number): string {
  return String((100 - discountPercent) / 10);
}

/** The discount as a negative percentage, "-23%"; empty when there is none. */
export function discountLabel(originCents: number, saleCents: number): string {
  if (!originCents || saleCents >= originCents) return "";
  return `-${(((originCents - saleCents) / originCents) * 100).toFixed(0)}%`;
}

/** Cents of a provider's yuan amount ("12.30", "12.3", "12"); null when it is not one. */
export function centsOfYuan(text: string): number | null {
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}
