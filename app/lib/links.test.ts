import { describe, expect, it } from "vitest";
import { itemHref, linkHref, withDomain } from "./links";

const groups = { cn: "https://cn.example", hk: "https://hk.example" };

describe("linkHref", () => {
  it.each([
    [{ linkType: "GOODS_DETAIL", goodsNo: "G1001" }, "https://hk.example/topic/G1001"],
    [{ linkType: "GOODS_DETAIL" }, null],
    [{ linkType: "GOODS_DETAIL", goodsNo: "G1003", skuNo: "G1003-S2" }, "https://hk.example/topic/G1003?sku=G1003-S2"],
    [{ linkType: "NO_REDIRECT", link: "/coupon" }, null],
    [{ linkType: "INTERNAL_WEB", link: "/coupon-collection" }, "https://cn.example/coupon-collection"],
    [{ linkType: "PAGE_REDIRECT", link: "/recommend/PRODUCT_DETAIL/热销游戏" }, "https://cn.example/recommend/PRODUCT_DETAIL/热销游戏"],
    [{ linkType: "EXTERNAL_WEB", link: "https://store.steampowered.com" }, "https://store.steampowered.com"],
    [{ linkType: "EXTERNAL_WEB", link: "javascript:alert(1)" }, null],
    [{ linkType: "EXTERNAL_WEB", link: "//evil.example" }, null],
    [{ linkType: "EXTERNAL_WEB", link: "/coupon" }, null],
    [{ linkType: "INTERNAL_WEB", link: "javascript:alert(1)" }, null],
    [{ linkType: "INTERNAL_WEB", link: "JavaScript:alert(1)" }, null],
    [{ linkType: "INTERNAL_WEB", link: "//evil.example/x" }, null],
    [{ linkType: "INTERNAL_WEB", link: "/\\evil.example" }, null],
    [{ linkType: "INTERNAL_WEB", link: "/.//evil.example" }, null],
    [{ linkType: "PAGE_REDIRECT", link: "data:text/html,x" }, null],
    [{ linkType: "INTERNAL_WEB", link: "coupon" }, null],
    [{ linkType: "INTERNAL_WEB", link: "https://help.example/faq" }, "https://help.example/faq"],
    [{ linkType: "SOMETHING_NEW", link: "/x" }, null],
  ])("%j leads to %s", (props, href) => {
    expect(linkHref(props, groups)).toBe(href);
  });

  it("sends goods and payment paths to the hk group, case-insensitively", () => {
    expect(withDomain("/SETTLE/pay", groups)).toBe("https://hk.example/SETTLE/pay");
    expect(withDomain("/topics", groups)).toBe("https://cn.example/topics");
    expect(withDomain("/order/list", { cn: "", hk: "" })).toBe("/order/list");
  });
});

describe("itemHref", () => {
  it("defaults a layout item to its goods detail and follows its JUMP and LINK otherwise", () => {
    expect(itemHref({ GOODS: { value: "G1001" } }, groups)).toBe("https://hk.example/topic/G1001");
    // on the SKU its card advertises when the goods has several prices (issue 26), else the page's default
    const info = (sku_prices: number) => ({ sale_sku_no: "G1003-S2", sku_prices });
    expect(itemHref({ GOODS: { value: "G1003", goods_info: info(2) } }, groups)).toBe("https://hk.example/topic/G1003?sku=G1003-S2");
    expect(itemHref({ GOODS: { value: "G1003", goods_info: info(1) } }, groups)).toBe("https://hk.example/topic/G1003");
    expect(itemHref({ JUMP: { value: "INTERNAL_WEB" }, LINK: { value: "/coupon" }, GOODS: { value: "G1" } }, groups)).toBe("https://cn.example/coupon");
    expect(itemHref({ JUMP: { value: "NO_REDIRECT" }, GOODS: { value: "G1" } }, groups)).toBeNull();
    expect(itemHref({ JUMP: { value: "INTERNAL_WEB" }, LINK: { value: "javascript:alert(1)" } }, { cn: "", hk: "" })).toBeNull();
    expect(itemHref({ JUMP: { value: "PAGE_REDIRECT" }, LINK: { value: "//evil.example" } }, { cn: "", hk: "" })).toBeNull();
  });
});
