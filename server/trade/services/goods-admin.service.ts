// Goods, SKUs and the shop's identity as the back office edits them (issue 39, decision 061). A new
// goods goes through `goods:import`'s own checks and writes (goods-import.service.ts); an edit is
// checked with the same rules (yuan typed, integer cents stored). Every change writes its audit line
// (before → after) in its own transaction and then forgets the read cache, so the storefront shows
// it on its next request. A SKU that an unpaid order holds cannot be stopped (the shopper could not
// pay for it); nothing is ever deleted (orders and codes keep pointing at their goods and SKUs).
import { and, asc, eq, inArray, max, sql } from "drizzle-orm";
import { z } from "zod";
import type { DbTx } from "../../../db/client";
import { goods, orders, orderUnits, skus, specNodes } from "../../../db/schema";
import type {
  ChangeOutcome,
  GoodsBackOffice,
  GoodsEdit,
  GoodsFields,
  GoodsListRow,
  NewGoodsFields,
  ShopIdentity,
  SignedInOperator,
  SkuFields,
} from "../../../shared/back-office";
import { yuanText } from "../../../shared/money";
import type { ServiceDeps } from "../deps";
import { recordAudit } from "./audit-log.service";
import { CODE_KINDS, importGoods, insertSku, number, SPEC_NAME, yuan } from "./goods-import.service";
import { ImportFileError } from "./import-file";
import { forgetReadCache } from "./read-cache";
import { readIdentity, writeIdentity } from "./shop-identity.service";
import { ImageRefused, saveUploadedImage } from "./uploaded-image";

/** Orders that still wait for the shopper's payment. */
const UNPAID = ["INIT", "WAIT_PAY"];

const name = (what: string) => z.string().trim().min(1, `${what}不能为空`).max(60, `${what}最长 60 字`);
const GoodsSchema = z.object({
  name: name("商品名称"),
  tags: z
    .string()
    .transform((v) =>
      v
        .split(/[,，、|\n]/)
        .map((t) => t.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(12, "标签最长 12 字")).max(5, "标签最多 5 个")),
  aliases: z
    .string()
    .max(1000, "搜索别名最长 1000 字")
    .transform((v) =>
      v
        .split("\n")
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(60, "每个搜索别名最长 60 字")).max(20, "搜索别名最多 20 个")),
  onSale: z.boolean(),
});
const optionalYuan = (what: string) => z.union([z.literal("").transform(() => undefined), yuan(what)]);
const SkuSchema = z.object({ name: name("SKU 名称"), price: yuan("售价"), originPrice: optionalYuan("原价"), onSale: z.boolean() });

type Refusal = { ok: false; message: string };
const refuse = (message: string): Refusal => ({ ok: false, message });
const firstIssue = (error: z.ZodError) => `${error.issues[0]!.message}（未做任何修改）`;

function listGoods(db: DbTx): GoodsListRow[] {
  return db
    .select({
      goodsNo: goods.goodsNo,
      name: goods.goodsName,
      platform: goods.platform,
      status: goods.status,
      covers: goods.covers,
      skus: sql<number>`count(${skus.skuNo})`,
      lowestPrice: sql<number | null>`min(case when ${skus.disabled} = 0 then ${skus.priceTurnCny} end)`,
    })
    .from(goods)
    .leftJoin(skus, eq(skus.goodsNo, goods.goodsNo))
    .groupBy(goods.goodsNo)
    .orderBy(asc(goods.sort), asc(goods.goodsNo))
    .all()
    .map(({ status, covers, ...row }) => ({ ...row, onSale: status === "ON_SALE", cover: covers[0] ?? null }));
}

function unpaidOrders(db: DbTx, skuNos: string[]): Map<string, number> {
  if (!skuNos.length) return new Map();
  const rows = db
    .select({ skuNo: orderUnits.skuNo, n: sql<number>`count(distinct ${orders.orderNo})` })
    .from(orderUnits)
    .innerJoin(orders, eq(orders.orderNo, orderUnits.orderNo))
    .where(and(inArray(orderUnits.skuNo, skuNos), inArray(orders.status, UNPAID)))
    .groupBy(orderUnits.skuNo)
    .all();
  return new Map(rows.map((r) => [r.skuNo, r.n]));
}

function goodsForEdit(db: DbTx, goodsNo: string): GoodsEdit | null {
  const row = db.select().from(goods).where(eq(goods.goodsNo, goodsNo)).get();
  if (!row) return null;
  const list = db.select().from(skus).where(eq(skus.goodsNo, goodsNo)).orderBy(asc(skus.skuNo)).all();
  const unpaid = unpaidOrders(
    db,
    list.map((s) => s.skuNo),
  );
  return {
    goodsNo: row.goodsNo,
    name: row.goodsName,
    platform: row.platform,
    tags: row.goodsTags,
    aliases: row.searchAliases,
    onSale: row.status === "ON_SALE",
    covers: row.covers,
    skus: list.map((s) => ({
      skuNo: s.skuNo,
      name: s.skuName,
      price: s.priceTurnCny,
      originPrice: s.originPriceCny,
      disabled: s.disabled,
      unpaidOrders: unpaid.get(s.skuNo) ?? 0,
    })),
  };
}

const goodsText = (g: { name: string; tags: string[]; aliases: string[]; onSale: boolean }) =>
  `名称 ${g.name}；标签 ${g.tags.join("、") || "无"}；别名 ${g.aliases.join("、") || "无"}；${g.onSale ? "在售" : "已下架"}`;
const skuText = (s: { name: string; price: number; originPrice: number; onSale: boolean }) =>
  `名称 ${s.name}；售价 ${yuanText(s.price)}；原价 ${yuanText(s.originPrice)}；${s.onSale ? "在售" : "已停售"}`;

/** How a SKU's name spells its path in a 规格 tree of levels (the seed's and the storefront's). */
const PATH_SEPARATOR = " / ";

/** The goods' 规格 tree has levels: a node with a parent. */
function specHasLevels(tx: DbTx, goodsNo: string): boolean {
  return Boolean(
    tx
      .select({ id: specNodes.id })
      .from(specNodes)
      .where(and(eq(specNodes.goodsNo, goodsNo), sql`${specNodes.parentId} is not null`))
      .get(),
  );
}

export function goodsBackOffice(deps: ServiceDeps, options: { mediaDir: string }): GoodsBackOffice {
  const { db } = deps.store;

  /** A change in one write transaction with its audit line; the read cache forgotten after it. */
  function change(
    operator: SignedInOperator,
    write: (tx: DbTx) => ChangeOutcome | { action: string; subject: string; before: string | null; after: string; message: string },
  ): ChangeOutcome {
    const outcome = db.transaction(
      (tx) => {
        const done = write(tx);
        if ("ok" in done) return done;
        recordAudit(tx, { operatorId: operator.operatorId, actor: operator.name, ...done }, deps.now());
        return { ok: true as const, message: done.message };
      },
      { behavior: "immediate" },
    );
    if (outcome.ok) forgetReadCache(db);
    return outcome;
  }

  /** Writes the image, then the change; the image is removed again when the change is refused or fails. */
  function withImage(image: Uint8Array, write: (path: string) => ChangeOutcome): ChangeOutcome {
    let saved: ReturnType<typeof saveUploadedImage>;
    try {
      saved = saveUploadedImage(options.mediaDir, image);
    } catch (error) {
      if (error instanceof ImageRefused) return refuse(`${error.message}（未做任何修改）`);
      throw error;
    }
    try {
      const outcome = write(saved.path);
      if (!outcome.ok) saved.remove();
      return outcome;
    } catch (error) {
      saved.remove();
      throw error;
    }
  }

  return {
    listGoods: () => listGoods(db),
    platforms: () => db.all<{ platform: string }>(sql`select platform from platforms order by platform`).map((p) => p.platform),
    goodsForEdit: (goodsNo) => goodsForEdit(db, goodsNo),

    createGoods(operator, fields: NewGoodsFields) {
      const item = {
        goods_no: fields.goodsNo,
        goods_name: fields.name,
        platform: fields.platform,
        code_kind: (CODE_KINDS as readonly string[]).includes(fields.codeKind) ? fields.codeKind : "GAME_KEY",
        skus: [{ sku_no: fields.skuNo, sku_name: fields.skuName, price: fields.price }],
      };
      try {
        return change(operator, () => {
          // goods:import's own checks and writes, for a file of one goods
          const report = importGoods(deps, JSON.stringify([item]));
          if (report.problems.length) return refuse(`${report.problems.map((p) => p.reason).join("；")}（未做任何修改）`);
          const g = report.goods[0]!;
          return {
            action: "新建商品",
            subject: g.goodsNo,
            before: null,
            after: `名称 ${g.name}；SKU ${fields.skuNo.trim()} ${fields.skuName.trim()} 售价 ${yuanText(g.lowestPrice)}；在售`,
            message: `已新建商品「${g.name}」，已上架`,
          };
        });
      } catch (error) {
        if (error instanceof ImportFileError) return refuse(`${error.message}（未做任何修改）`);
        throw error;
      }
    },

    updateGoods(operator, goodsNo, fields: GoodsFields) {
      const parsed = GoodsSchema.safeParse(fields);
      if (!parsed.success) return refuse(firstIssue(parsed.error));
      const next = parsed.data;
      return change(operator, (tx) => {
        const row = tx.select().from(goods).where(eq(goods.goodsNo, goodsNo)).get();
        if (!row) return refuse("商品不存在");
        const before = { name: row.goodsName, tags: row.goodsTags, aliases: row.searchAliases.split("\n").filter(Boolean), onSale: row.status === "ON_SALE" };
        tx.update(goods)
          .set({ goodsName: next.name, goodsTags: next.tags, searchAliases: next.aliases.join("\n"), status: next.onSale ? "ON_SALE" : "OFF_SHELF" })
          .where(eq(goods.goodsNo, goodsNo))
          .run();
        return { action: "修改商品", subject: goodsNo, before: goodsText(before), after: goodsText(next), message: `已保存商品「${next.name}」` };
      });
    },

    addSku(operator, goodsNo, fields) {
      const parsed = SkuSchema.safeParse(fields);
      if (!parsed.success) return refuse(firstIssue(parsed.error));
      const skuNo = number("SKU 编号").safeParse(fields.skuNo);
      if (!skuNo.success) return refuse(firstIssue(skuNo.error));
      const s = parsed.data;
      const originPrice = s.originPrice ?? s.price;
      if (originPrice < s.price) return refuse("原价不能低于售价（未做任何修改）");
      return change(operator, (tx) => {
        if (!tx.select({ n: goods.goodsNo }).from(goods).where(eq(goods.goodsNo, goodsNo)).get()) return refuse("商品不存在");
        if (tx.select({ n: skus.skuNo }).from(skus).where(eq(skus.skuNo, skuNo.data)).get()) return refuse(`SKU 编号已存在：${skuNo.data}（未做任何修改）`);
        // a new SKU joins a one-level 规格 tree; a goods whose tree has levels (the demo's) is edited by its import
        if (specHasLevels(tx, goodsNo)) return refuse("这个商品的规格有多级，不能在这里添加 SKU（未做任何修改）");
        const sort =
          (tx
            .select({ n: max(specNodes.sort) })
            .from(specNodes)
            .where(eq(specNodes.goodsNo, goodsNo))
            .get()?.n ?? -1) + 1;
        insertSku(tx, goodsNo, { sku_no: skuNo.data, sku_name: s.name, price: s.price, origin_price: originPrice }, sort);
        if (!s.onSale) tx.update(skus).set({ disabled: true }).where(eq(skus.skuNo, skuNo.data)).run();
        return {
          action: "新增 SKU",
          subject: `${goodsNo} / ${skuNo.data}`,
          before: null,
          after: skuText({ ...s, originPrice }),
          message: `已新增 SKU「${s.name}」`,
        };
      });
    },

    updateSku(operator, skuNo, fields: SkuFields) {
      const parsed = SkuSchema.safeParse(fields);
      if (!parsed.success) return refuse(firstIssue(parsed.error));
      const s = parsed.data;
      return change(operator, (tx) => {
        const row = tx.select().from(skus).where(eq(skus.skuNo, skuNo)).get();
        if (!row) return refuse("SKU 不存在");
        // the form shows the 原价 it has: left empty, it is cleared (no price struck through), as a new SKU's
        const originPrice = s.originPrice ?? s.price;
        if (originPrice < s.price) return refuse("原价不能低于售价（未做任何修改）");
        // in a tree of levels the SKU's name is its path (国区 / 数字标准版 / 本体): its leaf is the last level, the
        // levels before it are other SKUs' too. The last level may be renamed, and the goods page shows the new one
        const oldPath = row.skuName.split(PATH_SEPARATOR);
        const newPath = s.name.split(PATH_SEPARATOR);
        const leveled = s.name !== row.skuName && oldPath.length > 1 && specHasLevels(tx, row.goodsNo);
        if (leveled && (newPath.length !== oldPath.length || oldPath.slice(0, -1).some((level, i) => level !== newPath[i]))) {
          return refuse(`这个商品的规格有多级：只能修改最后一级的名称，「${oldPath.slice(0, -1).join(PATH_SEPARATOR)}」不变（未做任何修改）`);
        }
        // the tree's leaf shows the SKU's name where it was the name (imported goods), its last level in a tree of levels
        const [leafWas, leafIs] = leveled ? [oldPath.at(-1)!, newPath.at(-1)!] : [row.skuName, s.name];
        const leafLevel = leveled ? tx.select({ name: specNodes.specName }).from(specNodes).where(eq(specNodes.skuNo, skuNo)).get()?.name : undefined;
        if (!s.onSale && !row.disabled) {
          const unpaid = unpaidOrders(tx, [skuNo]).get(skuNo) ?? 0;
          if (unpaid) return refuse(`有 ${unpaid} 笔待支付订单包含这个 SKU，暂不能停售：请等订单支付或关闭后再试（未做任何修改）`);
        }
        tx.update(skus)
          .set({
            skuName: s.name,
            priceTurnCny: s.price,
            originPriceCny: originPrice,
            disabled: !s.onSale,
            skuSpec: row.skuSpec.map((spec) =>
              (spec.sku_spec_key === SPEC_NAME && spec.sku_spec_value === row.skuName) || (spec.sku_spec_key === leafLevel && spec.sku_spec_value === leafWas)
                ? { ...spec, sku_spec_value: leafIs }
                : spec,
            ),
          })
          .where(eq(skus.skuNo, skuNo))
          .run();
        tx.update(specNodes)
          .set({ specValue: leafIs })
          .where(and(eq(specNodes.skuNo, skuNo), eq(specNodes.specValue, leafWas)))
          .run();
        return {
          action: "修改 SKU",
          subject: `${row.goodsNo} / ${skuNo}`,
          before: skuText({ name: row.skuName, price: row.priceTurnCny, originPrice: row.originPriceCny, onSale: !row.disabled }),
          after: skuText({ ...s, originPrice }),
          message: `已保存 SKU「${s.name}」`,
        };
      });
    },

    setCover(operator, goodsNo, image) {
      if (!db.select({ n: goods.goodsNo }).from(goods).where(eq(goods.goodsNo, goodsNo)).get()) return refuse("商品不存在");
      return withImage(image, (path) =>
        change(operator, (tx) => {
          const row = tx.select({ covers: goods.covers }).from(goods).where(eq(goods.goodsNo, goodsNo)).get();
          if (!row) return refuse("商品不存在");
          tx.update(goods)
            .set({ covers: [path, ...row.covers.slice(1)] })
            .where(eq(goods.goodsNo, goodsNo))
            .run();
          return { action: "更换商品封面", subject: goodsNo, before: row.covers[0] ?? null, after: path, message: "已更换封面" };
        }),
      );
    },

    identity: () => readIdentity(db),

    updateIdentity(operator, fields, qrImage) {
      const parsed = IdentitySchema.safeParse(fields);
      if (!parsed.success) return refuse(firstIssue(parsed.error));
      const write = (qrPath: string | null) =>
        change(operator, (tx) => {
          const before = readIdentity(tx);
          const after: ShopIdentity = { ...parsed.data, qrImage: qrPath ?? before.qrImage };
          writeIdentity(tx, after, deps.now());
          return { action: "修改商城信息", subject: "商城信息", before: identityText(before), after: identityText(after), message: "已保存商城信息" };
        });
      return qrImage ? withImage(qrImage, write) : write(null);
    },
  };
}

const IdentitySchema = z.object({
  company: z.string().trim().max(60, "公司名称最长 60 字"),
  address: z.string().trim().max(120, "公司地址最长 120 字"),
  icp: z.string().trim().max(40, "ICP 备案号最长 40 字"),
  contact: z.string().trim().max(120, "联系方式最长 120 字"),
});

const identityText = (i: ShopIdentity) =>
  `公司 ${i.company || "（空）"}；地址 ${i.address || "（空）"}；ICP ${i.icp || "（空）"}；联系 ${i.contact || "（空）"}；二维码 ${i.qrImage || "（空）"}`;
