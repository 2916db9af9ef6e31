import { Link } from "@remix-run/react";
import type { Selection } from "~/lib/sku-selection";
import { chipClass } from "~/components/ui/chip";

/**
 * One row of tags per spec level; every tag is a link to the SKU it leads to (works without JS). A
 * tag that is a sold-out SKU says 补货中 before it is chosen (trial 11b: it looked like the others).
 */
export function SkuSelector({
  selection,
  hrefFor,
  soldOut = [],
}: {
  selection: Pick<Selection, "levels">;
  hrefFor: (skuNo: string) => string;
  /** The goods' sold-out SKUs. */
  soldOut?: readonly string[];
}) {
  if (selection.levels.length === 0) return null;
  return (
    <div className="space-y-4" data-testid="sku-selector">
      {selection.levels.map((level, depth) => {
        // the last level's tags are the SKUs themselves; a tag above leads to the first of several
        const leaves = depth === selection.levels.length - 1;
        return (
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
                      {leaves && soldOut.includes(skuNo) ? (
                        <span className="ml-1.5 rounded bg-white/10 px-1 text-[11px] text-ink-muted" data-testid="sku-sold-out">
                          <span className="sr-only">（</span>补货中<span className="sr-only">）</span>
                        </span>
                      ) : null}
                    </Link>
                  ) : (
                    <span className="inline-block rounded-lg border border-surface-line px-3 py-1.5 text-sm text-ink-faint">{value}</span>
                  )}
                </li>
              ))}
            </ul>
          </fieldset>
        );
      })}
    </div>
  );
}
