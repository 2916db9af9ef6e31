import { Link } from "@remix-run/react";
import type { Selection } from "~/lib/sku-selection";
import { chipClass } from "~/components/ui/chip";

/** One row of tags per spec level; every tag is a link to the SKU it leads to (works without JS). */
export function SkuSelector({ selection, hrefFor }: { selection: Pick<Selection, "levels">; hrefFor: (skuNo: string) => string }) {
  if (selection.levels.length === 0) return null;
  return (
    <div className="space-y-4" data-testid="sku-selector">
      {selection.levels.map((level, depth) => (
        <fieldset key={depth}>
          <legend className="mb-2 text-sm text-ink-muted">{level.name}</legend>
          <ul className="flex flex-wrap gap-2">
            {level.options.map(({ value, desc, selected, skuNo }) => (
              <li key={value}>
                {skuNo ? (
                  <Link
                    to={hrefFor(skuNo)}
                    replace
                    preventScrollReset
                    aria-current={selected ? "true" : undefined}
                    title={desc || undefined}
                    className={chipClass(selected)}
                  >
                    {value}
                  </Link>
                ) : (
                  <span className="inline-block rounded-lg border border-surface-line px-3 py-1.5 text-sm text-ink-faint">{value}</span>
                )}
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
    </div>
  );
}
