// Where a block item or advert leads (spec/01 §2 link types), and the cn/hk domain groups.
import { safeHref } from "./safe-url";

export type LinkType = "NO_REDIRECT" | "INTERNAL_WEB" | "EXTERNAL_WEB" | "PAGE_REDIRECT" | "GOODS_DETAIL";

export interface LinkProps {
  linkType?: string;
  link?: string;
  goodsNo?: string;
  /** GOODS_DETAIL: the SKU the goods page opens on (the one a card's price belongs to). */
  skuNo?: string | null;
}

/** What a goods card shows of its price: the lowest of its SKUs' prices, and which SKU that is. */
export interface CardPrice {
  sale_sku_no: string | null;
  sku_prices: number;
}

/** A price that is the lowest of several is marked 起, and the card opens the goods page on its SKU. */
export const lowestOfSeveral = (goods: Pick<CardPrice, "sku_prices">) => goods.sku_prices > 1;

/** The SKU a card advertises, when its goods has more than one price (else the page's default is it). */
export const advertisedSku = (goods: CardPrice | undefined) => (goods && lowestOfSeveral(goods) ? goods.sale_sku_no : null);

/** Goods and payment pages belong to the hk group; everything else to cn. */
const HK_PREFIXES = /^\/(topic|settle)(\/|$)/i;

export interface DomainGroups {
  cn: string;
  hk: string;
}

export function withDomain(path: string, groups: DomainGroups): string {
  if (!path.startsWith("/")) return path;
  return (HK_PREFIXES.test(path) ? groups.hk : groups.cn) + path;
}

/** The href of a link, or null when it must stay inert (NO_REDIRECT or nothing to go to). */
export function linkHref({ linkType, link, goodsNo, skuNo }: LinkProps, groups: DomainGroups): string | null {
  switch (linkType) {
    case "GOODS_DETAIL":
      return goodsNo ? withDomain(`/topic/${encodeURIComponent(goodsNo)}${skuNo ? `?sku=${encodeURIComponent(skuNo)}` : ""}`, groups) : null;
    case "INTERNAL_WEB":
    case "PAGE_REDIRECT": {
      // admin data: only a path of the shop or an http(s) address becomes a link
      const href = safeHref(link);
      return href ? withDomain(href, groups) : null;
    }
    case "EXTERNAL_WEB": {
      const href = safeHref(link);
      return href && !href.startsWith("/") ? href : null;
    }
    default:
      return null;
  }
}

/** The link of a layout content item: its JUMP type (goods detail by default, on the SKU its card advertises), LINK and GOODS values. */
export function itemHref(
  assembly: { JUMP?: { value?: string }; LINK?: { value?: string }; GOODS?: { value?: string; goods_info?: CardPrice } },
  groups: DomainGroups,
): string | null {
  const goods = assembly.GOODS;
  return linkHref(
    { linkType: assembly.JUMP?.value ?? "GOODS_DETAIL", link: assembly.LINK?.value, goodsNo: goods?.value, skuNo: advertisedSku(goods?.goods_info) },
    groups,
  );
}
