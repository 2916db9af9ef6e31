/** A choice among links (a SKU's spec value, a search platform): bordered, filled when chosen. */
export const chipClass = (selected: boolean) =>
  `inline-flex items-center rounded-lg border px-3 py-1.5 text-sm transition max-sm:min-h-11 ${
    selected ? "border-primary-500 bg-primary-500/15 font-medium text-primary-300" : "border-surface-line text-ink hover:border-primary-400"
  }`;
