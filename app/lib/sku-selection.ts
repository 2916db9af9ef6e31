// SKU selection over the spec tree (spec/02 §4): the first enabled tag is chosen at each level,
// choosing a tag reveals its children, disabled tags are hidden, and a tag with a sku sets the
// current SKU. The choice lives in the address (?sku=…) so it works without JavaScript.
import type { Sku, SpecTag } from "~/api/goods.server";

/** A level's tags as the selector shows them (not their subtrees: the page sends this to the browser). */
export interface SpecLevel {
  name: string;
  options: { value: string; desc: string; selected: boolean; /** The SKU choosing this tag leads to. */ skuNo: string | null }[];
}

export interface Selection {
  levels: SpecLevel[];
  sku: Sku | null;
  /** The chosen spec values, top down ("国区", "标准版", "¥100"). */
  values: string[];
}

const enabled = (tags: SpecTag[]) => tags.filter((t) => !t.disabled);

/** The first SKU reachable through enabled tags under (and including) a tag. */
export function firstSku(tag: SpecTag): Sku | null {
  if (tag.sku && tag.child.length === 0) return tag.sku;
  for (const child of enabled(tag.child)) {
    const sku = firstSku(child);
    if (sku) return sku;
  }
  return tag.sku;
}

function pathTo(tags: SpecTag[], skuNo: string): SpecTag[] | null {
  for (const tag of enabled(tags)) {
    if (tag.sku?.sku_no === skuNo) return [tag];
    const rest = pathTo(tag.child, skuNo);
    if (rest) return [tag, ...rest];
  }
  return null;
}

export function selectSku(tree: SpecTag[], wantedSkuNo: string | null | undefined): Selection {
  const path = (wantedSkuNo && pathTo(tree, wantedSkuNo)) || [];
  const levels: SpecLevel[] = [];
  let tags = enabled(tree);
  let sku: Sku | null = null;
  for (let depth = 0; tags.length > 0; depth++) {
    const chosen = path[depth] ?? tags.find((t) => firstSku(t)) ?? tags[0];
    levels.push({
      name: chosen.spec_name,
      options: tags.map((tag) => ({ value: tag.spec_value, desc: tag.spec_desc, selected: tag === chosen, skuNo: firstSku(tag)?.sku_no ?? null })),
    });
    if (chosen.sku && chosen.child.length === 0) sku = chosen.sku;
    tags = enabled(chosen.child);
    if (tags.length === 0 && chosen.sku) sku = chosen.sku;
  }
  return { levels, sku, values: levels.map((l) => l.options.find((o) => o.selected)!.value) };
}
