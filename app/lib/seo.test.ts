import { describe, expect, it } from "vitest";
import { goodsItemList, jsonLdText, pageMeta, productJsonLd } from "./seo";

describe("jsonLdText", () => {
  it("cannot close the script element it sits in", () => {
    const text = jsonLdText({ name: "</script><script>alert(1)</script> & more" });
    expect(text).not.toContain("</script");
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script> & more" });
  });
});

describe("goodsItemList", () => {
  it("lists Products with CNY offers and absolute addresses", () => {
    const info = {
      goods_no: "G1001",
      goods_name: "黑神话：悟空",
      goods_tags: [],
      covers: ["/media/goods/G1001/cover.svg"],
      price_turn_cny: 26800,
      sale_off_price_cny: 22800,
      origin_currency: "CNY",
      is_presale: false,
      presale_performance_at: null,
      sale_end_at: null,
      sale_sku_no: "G1001-S1",
      sku_prices: 1,
    };
    const list = goodsItemList([{ info, url: "/topic/G1001" }], "https://shop.example");
    expect(list.itemListElement[0]).toEqual({
      "@type": "ListItem",
      position: 1,
      item: {
        "@type": "Product",
        name: "黑神话：悟空",
        sku: "G1001",
        image: "https://shop.example/media/goods/G1001/cover.svg",
        url: "https://shop.example/topic/G1001",
        offers: { "@type": "Offer", priceCurrency: "CNY", price: "228.00", availability: "https://schema.org/InStock" },
      },
    });
  });
});

describe("productJsonLd", () => {
  it("gives the goods page's Product with its offer in yuan", () => {
    expect(productJsonLd({ name: "Steam 充值卡", image: "/media/a.svg", priceCents: 9880, description: "描述" })).toEqual({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Steam 充值卡",
      image: "/media/a.svg",
      description: "描述",
      offers: { "@type": "Offer", priceCurrency: "CNY", price: "98.80", availability: "https://schema.org/InStock" },
    });
  });
});

describe("pageMeta", () => {
  it("gives the title, description and Open Graph tags, and noindex on request", () => {
    const meta = pageMeta({ title: "热销游戏 - TTS游戏商城", description: "描述", noindex: true });
    expect(meta).toContainEqual({ title: "热销游戏 - TTS游戏商城" });
    expect(meta).toContainEqual({ property: "og:title", content: "热销游戏 - TTS游戏商城" });
    expect(meta).toContainEqual({ property: "og:locale", content: "zh_CN" });
    expect(meta).toContainEqual({ name: "robots", content: "noindex, follow" });
  });
});
