import { describe, expect, it } from "vitest";
import type { Sku, SpecTag } from "~/api/goods.server";
import { selectSku } from "./sku-selection";

const sku = (no: string): Sku => ({ sku_no: no, goods_no: "G1", sku_name: no, price_turn_cny: 100, sku_spec: [] });
const tag = (value: string, extra: Partial<SpecTag> = {}): SpecTag => ({
  spec_name: extra.spec_name ?? "规格",
  spec_value: value,
  spec_desc: "",
  disabled: false,
  sku: null,
  child: [],
  ...extra,
});

// region → edition → denomination
const tree: SpecTag[] = [
  tag("港区", { spec_name: "区域", disabled: true, child: [tag("标准版", { child: [tag("¥100", { sku: sku("HK-1") })] })] }),
  tag("国区", {
    spec_name: "区域",
    child: [
      tag("标准版", {
        spec_name: "版本",
        child: [tag("¥50", { spec_name: "面额", sku: sku("CN-S-50"), disabled: true }), tag("¥100", { spec_name: "面额", sku: sku("CN-S-100") })],
      }),
      tag("豪华版", { spec_name: "版本", child: [tag("¥200", { spec_name: "面额", sku: sku("CN-D-200") })] }),
    ],
  }),
  tag("全球", { spec_name: "区域", child: [tag("标准版", { spec_name: "版本", child: [tag("¥300", { spec_name: "面额", sku: sku("GL-S-300") })] })] }),
];

describe("selectSku", () => {
  it("chooses the first enabled tag at every level and hides disabled tags", () => {
    const s = selectSku(tree, null);
    expect(s.sku?.sku_no).toBe("CN-S-100");
    expect(s.values).toEqual(["国区", "标准版", "¥100"]);
    expect(s.levels.map((l) => l.name)).toEqual(["区域", "版本", "面额"]);
    expect(s.levels[0].options.map((o) => o.value)).toEqual(["国区", "全球"]);
    expect(s.levels[2].options.map((o) => o.value)).toEqual(["¥100"]);
  });

  it("follows the SKU in the address, and each option leads to the first SKU under it", () => {
    const s = selectSku(tree, "CN-D-200");
    expect(s.values).toEqual(["国区", "豪华版", "¥200"]);
    expect(s.levels[0].options.map((o) => o.skuNo)).toEqual(["CN-S-100", "GL-S-300"]);
    expect(s.levels[1].options.map((o) => o.skuNo)).toEqual(["CN-S-100", "CN-D-200"]);
  });

  it("ignores an unknown or disabled SKU in the address", () => {
    expect(selectSku(tree, "HK-1").sku?.sku_no).toBe("CN-S-100");
    expect(selectSku(tree, "CN-S-50").sku?.sku_no).toBe("CN-S-100");
    expect(selectSku(tree, "NOPE").sku?.sku_no).toBe("CN-S-100");
  });

  it("has no SKU when the goods has no SKU items", () => {
    expect(selectSku([], "X")).toEqual({ levels: [], sku: null, values: [] });
  });

  it("handles a one-level tree", () => {
    const s = selectSku([tag("¥10", { sku: sku("A") }), tag("¥20", { sku: sku("B") })], "B");
    expect(s.sku?.sku_no).toBe("B");
    expect(s.levels).toHaveLength(1);
  });
});
