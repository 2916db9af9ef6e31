// Page titles, descriptions and Open Graph tags (one shape for every page), and the Product /
// ItemList structured data of goods listings.
import type { MetaDescriptor } from "@remix-run/node";
import type { GoodsInfo } from "~/api/layout.server";
import { CURRENCY, yuanAmount } from "../../shared/money";

export const SITE_NAME = "TTS游戏商城";

export function pageMeta({
  title,
  description,
  type = "website",
  image,
  noindex = false,
}: {
  title: string;
  description: string;
  type?: "website" | "article";
  image?: string;
  noindex?: boolean;
}): MetaDescriptor[] {
  return [
    { title },
    { name: "description", content: description },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: "zh_CN" },
    { property: "og:type", content: type },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    ...(noindex ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
}

/** schema.org ItemList of Products with their CNY offers, for a listing of goods. */
export function goodsItemList(goods: { info: GoodsInfo; url: string | null }[], origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    itemListElement: goods.map(({ info, url }, i) => ({
      "@type": "ListItem",
      position: i + 1,
      item: {
        "@type": "Product",
        name: info.goods_name,
        sku: info.goods_no,
        ...(info.covers[0] ? { image: absolute(info.covers[0], origin) } : {}),
        ...(url ? { url: absolute(url, origin) } : {}),
        offers: {
          "@type": "Offer",
          priceCurrency: CURRENCY,
          price: yuanAmount(info.sale_off_price_cny),
          availability: info.is_presale ? "https://schema.org/PreOrder" : "https://schema.org/InStock",
        },
      },
    })),
  };
}

/** schema.org Product with its CNY offer, for a goods page. */
export function productJsonLd({ name, image, priceCents, description }: { name: string; image?: string; priceCents: number; description: string }) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name,
    image,
    description,
    offers: { "@type": "Offer", priceCurrency: CURRENCY, price: yuanAmount(priceCents), availability: "https://schema.org/InStock" },
  };
}

function absolute(url: string, origin: string): string {
  return /^https?:\/\//.test(url) ? url : origin + url;
}

/** JSON for a <script type="application/ld+json">, safe inside HTML. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}
