// Goods, SKUs and the shop's identity in the back office (issue 39, decision 061): each change
// audited before → after; bad input (an empty name, a negative or malformed price, a SKU an unpaid
// order holds, an upload that is not an image or too big) refused in Chinese with nothing changed;
// uploads stored under a generated name. On an in-memory database and a temporary media folder.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../../db/client";
import { auditLog, goods, members, orders, orderUnits, skus, specNodes } from "../../../db/schema";
import { IMAGE_MAX_BYTES, type SignedInOperator } from "../../../shared/back-office";
import { goodsDetail } from "./goods.service";
import { goodsBackOffice } from "./goods-admin.service";
import { cachedRead } from "./read-cache";
import { readIdentity } from "./shop-identity.service";

const NOW = Date.UTC(2026, 10, 28, 2, 0, 0);
const OPERATOR: SignedInOperator = { operatorId: 1, name: "ops", csrfToken: "t" };
/** The smallest PNG: its 8-byte signature and a header chunk are what the check reads. */
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex");

let store: Store;
let media: string;
let office: ReturnType<typeof goodsBackOffice>;

beforeEach(() => {
  store = openStore(":memory:");
  media = mkdtempSync(join(tmpdir(), "goods-admin-"));
  office = goodsBackOffice({ store, now: () => NOW }, { mediaDir: media });
  expect(
    office.createGoods(OPERATOR, { goodsNo: "G1", name: "星露谷物语", platform: "STEAM", codeKind: "GAME_KEY", skuNo: "S1", skuName: "标准版", price: "38" }),
  ).toEqual({
    ok: true,
    message: "已新建商品「星露谷物语」，已上架",
  });
});
afterEach(() => rmSync(media, { recursive: true, force: true }));

const sku = (skuNo = "S1") => store.db.select().from(skus).where(eq(skus.skuNo, skuNo)).get()!;
const audit = () => store.db.select().from(auditLog).all();
const skuFields = (over: Partial<{ name: string; price: string; originPrice: string; onSale: boolean }> = {}) => ({
  name: "标准版",
  price: "38.00",
  originPrice: "",
  onSale: true,
  ...over,
});

describe("a new goods", () => {
  it("goes through goods:import's checks: on sale, in cents, audited", () => {
    expect(sku().priceTurnCny).toBe(3800);
    expect(store.db.select().from(goods).where(eq(goods.goodsNo, "G1")).get()!.status).toBe("ON_SALE");
    expect(audit()).toMatchObject([
      { actor: "ops", action: "新建商品", subject: "G1", before: null, after: "名称 星露谷物语；SKU S1 标准版 售价 ￥38.00；在售" },
    ]);
  });

  it("is refused with the import's messages, nothing written: a taken number, a bad price, an empty name", () => {
    const base = { goodsNo: "G2", name: "空洞骑士", platform: "STEAM", codeKind: "GAME_KEY", skuNo: "S2", skuName: "标准版", price: "48" };
    expect(office.createGoods(OPERATOR, { ...base, goodsNo: "G1" })).toEqual({ ok: false, message: "商品编号已存在：G1（导入只新建商品）（未做任何修改）" });
    expect(office.createGoods(OPERATOR, { ...base, price: "-5" }).message).toContain("售价须为大于 0 的金额");
    expect(office.createGoods(OPERATOR, { ...base, name: " " }).message).toContain("商品名称不能为空");
    expect(store.db.select().from(goods).all()).toHaveLength(1);
    expect(audit()).toHaveLength(1);
  });
});

describe("editing a goods", () => {
  it("saves name, tags, aliases and state, with before → after", () => {
    const done = office.updateGoods(OPERATOR, "G1", { name: "星露谷物语 豪华版", tags: "种田，像素", aliases: "Stardew Valley\n星露谷", onSale: false });
    expect(done).toEqual({ ok: true, message: "已保存商品「星露谷物语 豪华版」" });
    expect(office.goodsForEdit("G1")).toMatchObject({ name: "星露谷物语 豪华版", tags: ["种田", "像素"], aliases: "Stardew Valley\n星露谷", onSale: false });
    expect(audit().at(-1)).toMatchObject({
      action: "修改商品",
      before: "名称 星露谷物语；标签 无；别名 无；在售",
      after: "名称 星露谷物语 豪华版；标签 种田、像素；别名 Stardew Valley、星露谷；已下架",
    });
  });

  it("refuses an empty name and six tags, changing nothing", () => {
    expect(office.updateGoods(OPERATOR, "G1", { name: "", tags: "", aliases: "", onSale: true })).toEqual({
      ok: false,
      message: "商品名称不能为空（未做任何修改）",
    });
    expect(office.updateGoods(OPERATOR, "G1", { name: "x", tags: "a,b,c,d,e,f", aliases: "", onSale: true }).message).toBe("标签最多 5 个（未做任何修改）");
    expect(office.goodsForEdit("G1")!.name).toBe("星露谷物语");
    expect(audit()).toHaveLength(1);
  });

  it("is seen by the storefront's next read, past the read cache", () => {
    const cachedName = () => cachedRead(store.db, "goods-detail", "G1", () => goodsDetail({ store, now: () => NOW }, "G1")?.goods_name, 60_000);
    expect(cachedName()).toBe("星露谷物语");
    office.updateGoods(OPERATOR, "G1", { name: "新名字", tags: "", aliases: "", onSale: true });
    expect(cachedName()).toBe("新名字");
  });
});

describe("SKUs", () => {
  it("takes a price in yuan and stores cents; renames its leaf of the tree", () => {
    expect(office.updateSku(OPERATOR, "S1", skuFields({ name: "典藏版", price: "12.5", originPrice: "20" }))).toEqual({
      ok: true,
      message: "已保存 SKU「典藏版」",
    });
    expect(sku()).toMatchObject({ skuName: "典藏版", priceTurnCny: 1250, originPriceCny: 2000, disabled: false });
    expect(store.db.select().from(specNodes).where(eq(specNodes.skuNo, "S1")).get()!.specValue).toBe("典藏版");
    expect(audit().at(-1)).toMatchObject({
      action: "修改 SKU",
      subject: "G1 / S1",
      before: "名称 标准版；售价 ￥38.00；原价 ￥38.00；在售",
      after: "名称 典藏版；售价 ￥12.50；原价 ￥20.00；在售",
    });
  });

  it.each([
    ["-1", "售价须为大于 0 的金额（元，最多两位小数，如 38.00）（未做任何修改）"],
    ["abc", "售价须为大于 0 的金额（元，最多两位小数，如 38.00）（未做任何修改）"],
    ["1.234", "售价须为大于 0 的金额（元，最多两位小数，如 38.00）（未做任何修改）"],
    ["0", "售价须为大于 0 的金额（元，最多两位小数，如 38.00）（未做任何修改）"],
  ])("refuses the price %s, changing nothing", (price, message) => {
    expect(office.updateSku(OPERATOR, "S1", skuFields({ price }))).toEqual({ ok: false, message });
    expect(sku().priceTurnCny).toBe(3800);
    expect(audit()).toHaveLength(1);
  });

  it("refuses an original price under the sale price", () => {
    expect(office.updateSku(OPERATOR, "S1", skuFields({ price: "50", originPrice: "40" })).message).toBe("原价不能低于售价（未做任何修改）");
  });

  it("in a tree of levels renames the last level, which the goods page shows; the levels before it stay", () => {
    // S1 as the seed's goods are: its name the path 国区 / 标准版, its leaf 标准版 under 国区
    const root = store.db.insert(specNodes).values({ goodsNo: "G1", specName: "区域", specValue: "国区" }).returning().get();
    store.db.update(specNodes).set({ parentId: root.id, specName: "版本" }).where(eq(specNodes.skuNo, "S1")).run();
    store.db
      .update(skus)
      .set({
        skuName: "国区 / 标准版",
        skuSpec: [
          { sku_spec_key: "区域", sku_spec_value: "国区" },
          { sku_spec_key: "版本", sku_spec_value: "标准版" },
        ],
      })
      .where(eq(skus.skuNo, "S1"))
      .run();
    expect(office.updateSku(OPERATOR, "S1", skuFields({ name: "国区 / 典藏版" }))).toEqual({ ok: true, message: "已保存 SKU「国区 / 典藏版」" });
    const leaf = store.db.select().from(specNodes).where(eq(specNodes.skuNo, "S1")).get()!;
    expect([leaf.parentId, leaf.specValue]).toEqual([root.id, "典藏版"]);
    expect(sku().skuSpec).toEqual([
      { sku_spec_key: "区域", sku_spec_value: "国区" },
      { sku_spec_key: "版本", sku_spec_value: "典藏版" },
    ]);
    // a level before the last is other SKUs' too: refused, nothing changed
    const refused = office.updateSku(OPERATOR, "S1", skuFields({ name: "港区 / 典藏版", price: "99" }));
    expect(refused).toEqual({ ok: false, message: "这个商品的规格有多级：只能修改最后一级的名称，「国区」不变（未做任何修改）" });
    expect(sku()).toMatchObject({ skuName: "国区 / 典藏版", priceTurnCny: 3800 });
    expect(store.db.select().from(specNodes).where(eq(specNodes.id, root.id)).get()!.specValue).toBe("国区");
  });

  it("clears the original price left empty: the sale price alone, nothing struck through", () => {
    expect(office.updateSku(OPERATOR, "S1", skuFields({ originPrice: "50" })).ok).toBe(true);
    expect(sku().originPriceCny).toBe(5000);
    expect(office.updateSku(OPERATOR, "S1", skuFields({ originPrice: "" })).ok).toBe(true);
    expect(sku()).toMatchObject({ priceTurnCny: 3800, originPriceCny: 3800 });
    expect(audit().at(-1)).toMatchObject({
      action: "修改 SKU",
      before: expect.stringContaining("原价 ￥50.00"),
      after: expect.stringContaining("原价 ￥38.00"),
    });
  });

  it("will not stop a SKU an unpaid order holds; stops it once the order is closed", () => {
    const { memberId } = store.db.insert(members).values({ mobile: "+86-13800138000", memberName: "m" }).returning({ memberId: members.memberId }).get();
    store.db
      .insert(orders)
      .values({ orderNo: "O1", memberId, status: "WAIT_PAY", payWay: "ALIPAY", goodsAmount: 3800, payPrice: 3800, payExpireAt: NOW + 900_000 })
      .run();
    store.db
      .insert(orderUnits)
      .values({ orderNo: "O1", goodsNo: "G1", skuNo: "S1", unitPrice: 3800, originPrice: 3800, goodsName: "星露谷物语", skuName: "标准版" })
      .run();
    expect(office.goodsForEdit("G1")!.skus[0]!.unpaidOrders).toBe(1);
    expect(office.updateSku(OPERATOR, "S1", skuFields({ onSale: false }))).toEqual({
      ok: false,
      message: "有 1 笔待支付订单包含这个 SKU，暂不能停售：请等订单支付或关闭后再试（未做任何修改）",
    });
    expect(sku().disabled).toBe(false);
    // its price may still change: the order keeps the price it was made at
    expect(office.updateSku(OPERATOR, "S1", skuFields({ price: "30" })).ok).toBe(true);
    store.db.update(orders).set({ status: "CLOSE" }).where(eq(orders.orderNo, "O1")).run();
    expect(office.updateSku(OPERATOR, "S1", skuFields({ price: "30", onSale: false })).ok).toBe(true);
    expect(sku().disabled).toBe(true);
  });

  it("adds a SKU to the goods' tree; refuses a number the store has", () => {
    expect(office.addSku(OPERATOR, "G1", { skuNo: "S1B", ...skuFields({ name: "豪华版", price: "68" }) })).toEqual({
      ok: true,
      message: "已新增 SKU「豪华版」",
    });
    expect(sku("S1B")).toMatchObject({ goodsNo: "G1", priceTurnCny: 6800, originPriceCny: 6800 });
    expect(office.addSku(OPERATOR, "G1", { skuNo: "S1", ...skuFields() })).toEqual({ ok: false, message: "SKU 编号已存在：S1（未做任何修改）" });
    expect(office.addSku(OPERATOR, "G1", { skuNo: "bad no", ...skuFields() }).message).toContain("SKU 编号只能是字母、数字");
    expect(audit().map((l) => l.action)).toEqual(["新建商品", "新增 SKU"]);
  });
});

describe("images", () => {
  it("stores a real image under a generated name and makes it the cover", () => {
    expect(office.setCover(OPERATOR, "G1", PNG)).toEqual({ ok: true, message: "已更换封面" });
    const [file] = readdirSync(join(media, "uploads"));
    expect(file).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(readFileSync(join(media, "uploads", file!))).toEqual(PNG);
    expect(office.goodsForEdit("G1")!.covers[0]).toBe(`/media/uploads/${file}`);
    expect(audit().at(-1)).toMatchObject({ action: "更换商品封面", before: null, after: `/media/uploads/${file}` });
  });

  it.each([
    ["an HTML page named .png", Buffer.from("<html><script>alert(1)</script></html>"), "不是图片：只能上传 PNG、JPEG、WebP 或 GIF 图片（未做任何修改）"],
    [
      "an SVG",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      "不是图片：只能上传 PNG、JPEG、WebP 或 GIF 图片（未做任何修改）",
    ],
    ["a huge PNG", Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES)]), "图片过大（1.0 MB）：最大 1 MB（未做任何修改）"],
  ])("refuses %s, writing no file and changing nothing", (_what, bytes, message) => {
    expect(office.setCover(OPERATOR, "G1", bytes)).toEqual({ ok: false, message });
    expect(readdirSync(media)).toEqual([]);
    expect(office.goodsForEdit("G1")!.covers).toEqual([]);
    expect(audit()).toHaveLength(1);
  });
});

describe("the shop's identity", () => {
  it("is empty until set: nothing invented", () => {
    expect(readIdentity(store.db)).toEqual({ company: "", address: "", icp: "", contact: "", qrImage: "" });
  });

  it("is saved with its QR image and audited; a bad image changes nothing", () => {
    const fields = { company: "某某数码有限公司", address: "上海市某路 1 号", icp: "沪ICP备12345678号", contact: "王女士（biz@example.com）" };
    expect(office.updateIdentity(OPERATOR, fields, Buffer.from("GIF89a not really"))).toEqual({ ok: true, message: "已保存商城信息" });
    const saved = office.identity();
    expect(saved).toMatchObject(fields);
    expect(saved.qrImage).toMatch(/^\/media\/uploads\/[0-9a-f-]{36}\.gif$/);
    expect(audit().at(-1)).toMatchObject({ action: "修改商城信息", before: "公司 （空）；地址 （空）；ICP （空）；联系 （空）；二维码 （空）" });
    expect(office.updateIdentity(OPERATOR, { ...fields, company: "新公司" }, Buffer.from("%PDF-1.4"))).toEqual({
      ok: false,
      message: "不是图片：只能上传 PNG、JPEG、WebP 或 GIF 图片（未做任何修改）",
    });
    expect(office.identity()).toEqual(saved);
    // without a new image the QR stays
    expect(office.updateIdentity(OPERATOR, { ...fields, icp: "" }, null).ok).toBe(true);
    expect(office.identity()).toEqual({ ...saved, icp: "" });
  });
});
