// One goods in the back office (issue 39, decision 061): its name, tags, search aliases and state;
// its cover (a real image, stored under media/ with a name of its own); each SKU's name, prices in
// yuan and state; a new SKU. Each form is a change of its own, audited, CSRF-checked, all or nothing.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { ChangeAnswer, fieldClass, uploadedBytes, withTyped, type FormAnswer } from "~/components/back-office/change-answer";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { checkCsrf, requireOperator } from "~/server-only/back-office.server";
import { IMAGE_MAX_BYTES, type ChangeOutcome } from "../../shared/back-office";
import { yuanAmount } from "../../shared/money";
import { CsrfField } from "./admin";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.goods.name ?? "商品"} · TTS游戏商城 · 后台` }];

export function loader({ context, request, params }: LoaderFunctionArgs) {
  const { services } = requireOperator(context, request);
  const goods = services.goodsForEdit(params.goodsNo ?? "");
  if (!goods) throw new Response("商品不存在", { status: 404 });
  return { goods };
}

const Intent = z.enum(["goods", "cover", "sku", "addSku"]);
const text = (form: FormData, name: string) => String(form.get(name) ?? "").slice(0, 2000);
const skuFields = (form: FormData) => ({
  name: text(form, "name"),
  price: text(form, "price"),
  originPrice: text(form, "originPrice"),
  onSale: form.get("onSale") === "on",
});

export async function action({ context, request, params }: ActionFunctionArgs): Promise<FormAnswer & { form: string }> {
  const { services, operator } = requireOperator(context, request);
  const form = await request.formData();
  checkCsrf(form, operator);
  const goodsNo = params.goodsNo ?? "";
  const intent = Intent.safeParse(form.get("intent"));
  if (!intent.success) return { ok: false, message: "表单无效，请刷新页面后重试", form: "" };
  const done = (outcome: ChangeOutcome, at: string) => ({ ...withTyped(outcome, form), form: at });
  switch (intent.data) {
    case "goods":
      return done(
        services.updateGoods(operator, goodsNo, {
          name: text(form, "name"),
          tags: text(form, "tags"),
          aliases: text(form, "aliases"),
          onSale: form.get("onSale") === "on",
        }),
        "goods",
      );
    case "cover": {
      const image = await uploadedBytes(form, "image");
      return done(image ? services.setCover(operator, goodsNo, image) : { ok: false, message: "请选择一张图片" }, "cover");
    }
    case "sku": {
      const skuNo = text(form, "sku");
      if (!services.goodsForEdit(goodsNo)?.skus.some((s) => s.skuNo === skuNo)) return done({ ok: false, message: "SKU 不存在" }, `sku-${skuNo}`);
      return done(services.updateSku(operator, skuNo, skuFields(form)), `sku-${skuNo}`);
    }
    case "addSku":
      return done(services.addSku(operator, goodsNo, { ...skuFields(form), skuNo: text(form, "skuNo") }), "addSku");
  }
}

function Answer({ at }: { at: string }) {
  const answer = useActionData<typeof action>();
  return answer && answer.form === at ? <ChangeAnswer answer={answer} /> : null;
}

/** What was typed in the form `at` when its post was refused (drawn again without JavaScript), else undefined. */
function useTyped(at: string): Record<string, string> | undefined {
  const answer = useActionData<typeof action>();
  return answer?.form === at ? answer.typed : undefined;
}

function HiddenIntent({ value }: { value: z.infer<typeof Intent> }) {
  return <input type="hidden" name="intent" value={value} />;
}

function OnSale({ checked, label }: { checked: boolean; label: string }) {
  return (
    <label className="flex min-h-11 items-center gap-2 text-sm">
      <input type="checkbox" name="onSale" defaultChecked={checked} className="size-5" />
      {label}
    </label>
  );
}

function SkuFieldsInputs({ name, price, originPrice }: { name: string; price: string; originPrice: string }) {
  return (
    <>
      <label className="flex flex-col gap-1 text-sm">
        SKU 名称
        <input name="name" required maxLength={60} defaultValue={name} className={`${fieldClass} h-11`} />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        售价（元）
        <input name="price" required inputMode="decimal" defaultValue={price} className={`${fieldClass} h-11`} placeholder="38.00" />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        原价（元，可空）
        <input name="originPrice" inputMode="decimal" defaultValue={originPrice} className={`${fieldClass} h-11`} />
      </label>
    </>
  );
}

/** A SKU's fields: what is stored, or what was typed in its form when that was refused. */
function StoredSkuInputs({ sku }: { sku: { skuNo: string; name: string; price: number; originPrice: number; disabled: boolean } }) {
  const typed = useTyped(`sku-${sku.skuNo}`);
  return (
    <>
      <SkuFieldsInputs
        name={typed?.name ?? sku.name}
        price={typed?.price ?? yuanAmount(sku.price)}
        originPrice={typed?.originPrice ?? yuanAmount(sku.originPrice)}
      />
      <OnSale checked={typed ? typed.onSale === "on" : !sku.disabled} label="在售" />
    </>
  );
}

export default function GoodsEditPage() {
  const { goods } = useLoaderData<typeof loader>();
  const typedGoods = useTyped("goods");
  const typedNewSku = useTyped("addSku");
  // each form is keyed by what it shows: after a saved change it shows what is stored now, after a refused one what
  // was typed; a change saved in one form never resets what is being typed in another
  return (
    <div className="flex flex-col gap-6">
      <p>
        <Link to="/admin/goods" className="text-sm hover:text-primary-400">
          ‹ 全部商品
        </Link>
      </p>
      <h1 className="text-xl font-semibold">
        {goods.name} <span className="font-mono text-base text-ink-muted">{goods.goodsNo}</span>
      </h1>
      <section className={cardClass("md")} aria-labelledby="goods-info">
        <h2 id="goods-info" className="mb-3 font-semibold">
          商品信息
        </h2>
        <Form key={JSON.stringify([goods.name, goods.tags, goods.aliases, goods.onSale])} method="post" className="flex flex-col gap-4" aria-label="商品信息">
          <Answer at="goods" />
          <CsrfField />
          <HiddenIntent value="goods" />
          <label className="flex flex-col gap-1 text-sm">
            商品名称
            <input name="name" required maxLength={60} defaultValue={typedGoods?.name ?? goods.name} className={`${fieldClass} h-11`} />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            标签（用逗号分隔，最多 5 个）
            <input name="tags" defaultValue={typedGoods?.tags ?? goods.tags.join("，")} className={`${fieldClass} h-11`} />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            搜索别名（每行一个，如英文名、简称）
            <textarea name="aliases" rows={3} defaultValue={typedGoods?.aliases ?? goods.aliases} className={fieldClass} />
          </label>
          <OnSale checked={typedGoods ? typedGoods.onSale === "on" : goods.onSale} label="上架（取消则商品从商城下架）" />
          <div>
            <button type="submit" className={buttonClass({ size: "lg" })}>
              保存商品信息
            </button>
          </div>
        </Form>
      </section>
      <section className={cardClass("md")} aria-labelledby="cover">
        <h2 id="cover" className="mb-3 font-semibold">
          封面
        </h2>
        <Form key={goods.covers.join()} method="post" encType="multipart/form-data" className="flex flex-col gap-4" aria-label="封面">
          <Answer at="cover" />
          {goods.covers[0] ? (
            <img src={goods.covers[0]} alt="当前封面" width={240} height={135} className="h-auto w-60 rounded-lg bg-surface-raised object-cover" />
          ) : (
            <p className="text-sm text-ink-muted">还没有封面</p>
          )}
          <CsrfField />
          <HiddenIntent value="cover" />
          <label className="flex flex-col gap-1 text-sm">
            选择图片（PNG、JPEG、WebP 或 GIF，最大 {IMAGE_MAX_BYTES / 1024 / 1024} MB）
            <input name="image" type="file" accept="image/png,image/jpeg,image/webp,image/gif" className="text-sm" />
          </label>
          <div>
            <button type="submit" className={buttonClass({ variant: "outline", size: "lg" })}>
              上传封面
            </button>
          </div>
        </Form>
      </section>
      <section className={cardClass("md")} aria-labelledby="skus">
        <h2 id="skus" className="mb-3 font-semibold">
          SKU（{goods.skus.length}）
        </h2>
        <div className="flex flex-col gap-4">
          {goods.skus.map((s) => (
            <Form
              key={JSON.stringify(s)}
              method="post"
              className="grid gap-3 rounded-xl p-4 ring-1 ring-surface-line sm:grid-cols-3"
              aria-label={`SKU ${s.skuNo}`}
            >
              <p className="flex flex-wrap items-center gap-3 text-sm sm:col-span-3">
                <span className="font-mono">{s.skuNo}</span>
                {s.disabled ? <span className="rounded-full bg-surface-raised px-2 py-0.5 text-xs text-ink-muted">已停售</span> : null}
                {s.unpaidOrders ? <span className="text-ink-muted">{s.unpaidOrders} 笔待支付订单</span> : null}
              </p>
              <div className="sm:col-span-3">
                <Answer at={`sku-${s.skuNo}`} />
              </div>
              <CsrfField />
              <HiddenIntent value="sku" />
              <input type="hidden" name="sku" value={s.skuNo} />
              <StoredSkuInputs sku={s} />
              <div className="sm:col-span-2 sm:justify-self-end">
                <button type="submit" className={buttonClass({ variant: "outline", size: "lg" })}>
                  保存 SKU
                </button>
              </div>
            </Form>
          ))}
        </div>
      </section>
      <section className={cardClass("md")} aria-labelledby="new-sku">
        <h2 id="new-sku" className="mb-3 font-semibold">
          新增 SKU
        </h2>
        <Form key={goods.skus.length} method="post" className="grid gap-3 sm:grid-cols-3" aria-label="新增 SKU">
          <div className="sm:col-span-3">
            <Answer at="addSku" />
          </div>
          <CsrfField />
          <HiddenIntent value="addSku" />
          <label className="flex flex-col gap-1 text-sm">
            SKU 编号
            <input name="skuNo" required maxLength={32} defaultValue={typedNewSku?.skuNo} className={`${fieldClass} h-11`} placeholder="例如 S20002" />
          </label>
          <SkuFieldsInputs name={typedNewSku?.name ?? ""} price={typedNewSku?.price ?? ""} originPrice={typedNewSku?.originPrice ?? ""} />
          <OnSale checked={typedNewSku ? typedNewSku.onSale === "on" : true} label="在售" />
          <div className="sm:justify-self-end">
            <button type="submit" className={buttonClass({ size: "lg" })}>
              新增 SKU
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}
