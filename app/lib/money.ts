// Money is integer cents (分) everywhere; these format it for people, at the edge only.

/** Yuan with 2 decimals; a falsy amount shows "0" (spec/01 §5). */
export function formatYuan(cents: number | null | undefined): string {
  if (!cents) return "0";
  return (cents / 100).toFixed(2);
}

/** The discount as a negative percentage, "-23%"; empty when there is none. */
export function discountLabel(originCents: number, saleCents: number): string {
  if (!originCents || saleCents >= originCents) return "";
  return `-${((originCents - saleCents) / originCents * 100).toFixed(0)}%`;
}
