// Goods (issue 39, decision 061): every goods with its SKU count, lowest price and state, and a new
// goods with its first SKU, written by goods:import's own checks and writes.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ChangeAnswer, fieldClass, withTyped, type FormAnswer } from "~/components/back-office/change-answer";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { checkCsrf, requireOperator } from "~/server-only/back-office.server";
import { yuanText } from "../../shared/money";
import { CsrfField } from "./admin";

export function loader({ context, request }: LoaderFunctionArgs) {
  const { services } = requireOperator(context, request);
  return { goods: services.listGoods(), platforms: services.platforms() };
}

const text = (form: FormData, name: string) => String(form.get(name) ?? "").slice(0, 200);

export async function action({ context, request }: ActionFunctionArgs): Promise<FormAnswer> {
  const { services, operator } = requireOperator(context, request);
  const form = await request.formData();
  checkCsrf(form, operator);
  const outcome = services.createGoods(operator, {
    goodsNo: text(form, "goodsNo"),
    name: text(form, "name"),
    platform: text(form, "platform"),
    codeKind: text(form, "codeKind"),
    skuNo: text(form, "skuNo"),
    skuName: text(form, "skuName"),
    price: text(form, "price"),
  });
  return withTyped(outcome, form);
}

/** The platforms the seed and goods:import know, as shoppers read them; another is shown by its code. */
const PLATFORM_TEXT: Record<string, string> = {
  STEAM: "Steam",
  NINTENDO: "Nintendo eShop",
  PSN: "PlayStation",
  XBOX: "Xbox",
  MOBILE: "手游充值",
  GIFT_CARD: "礼品卡",
};

const CODE_KIND_TEXT: Record<string, string> = { GAME_KEY: "游戏激活码", WALLET_CODE: "钱包充值码", GIFT_CARD: "礼品卡", TOP_UP: "直充" };

export default function GoodsList() {
  const { goods, platforms } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const typed = answer?.typed;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-xl font-semibold">商品</h1>
      <section className={cardClass("md")} aria-labelledby="new-goods">
        <h2 id="new-goods" className="mb-1 font-semibold">
          新建商品
        </h2>
        <p className="mb-4 text-sm text-ink-muted">
          与 goods:import 导入相同的检查：编号只能是字母、数字、- 或 _；售价以元填写（如 38.00）。新建后即上架，更多 SKU、标签和封面在商品页里添加。
        </p>
        <div className="mb-4">
          <ChangeAnswer answer={answer} />
        </div>
        <Form method="post" className="grid gap-4 sm:grid-cols-2" aria-label="新建商品">
          <CsrfField />
          <label className="flex flex-col gap-1 text-sm">
            商品编号
            <input name="goodsNo" required maxLength={32} defaultValue={typed?.goodsNo} className={`${fieldClass} h-11`} placeholder="例如 G20001" />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            商品名称
            <input name="name" required maxLength={60} defaultValue={typed?.name} className={`${fieldClass} h-11`} />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            平台
            {/* no platform chosen for the operator: the first in the list was taken for every goods nobody set */}
            <select name="platform" required defaultValue={typed?.platform ?? ""} className={`${fieldClass} h-11`}>
              <option value="" disabled>
                请选择平台
              </option>
              {platforms.map((p) => (
                <option key={p} value={p}>
                  {PLATFORM_TEXT[p] ? `${PLATFORM_TEXT[p]}（${p}）` : p}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm">
            兑换码类型
            <select name="codeKind" defaultValue={typed?.codeKind} className={`${fieldClass} h-11`}>
              {Object.entries(CODE_KIND_TEXT).map(([kind, label]) => (
                <option key={kind} value={kind}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm">
            第一个 SKU 的编号
            <input name="skuNo" required maxLength={32} defaultValue={typed?.skuNo} className={`${fieldClass} h-11`} placeholder="例如 S20001" />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            SKU 名称
            <input name="skuName" required maxLength={60} defaultValue={typed?.skuName} className={`${fieldClass} h-11`} placeholder="例如 标准版" />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            售价（元）
            <input name="price" required inputMode="decimal" defaultValue={typed?.price} className={`${fieldClass} h-11`} placeholder="38.00" />
          </label>
          <div className="flex items-end">
            <button type="submit" className={buttonClass({ size: "lg" })}>
              新建商品
            </button>
          </div>
        </Form>
      </section>
      <section className={cardClass("md")} aria-labelledby="all-goods">
        <h2 id="all-goods" className="mb-3 font-semibold">
          全部商品（{goods.length}）
        </h2>
        {goods.length ? (
          <ul className="flex flex-col divide-y divide-surface-line">
            {goods.map((g) => (
              <li key={g.goodsNo} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2 text-sm">
                <Link
                  to={`/admin/goods/${encodeURIComponent(g.goodsNo)}`}
                  className="min-h-11 flex-1 basis-60 content-center font-medium hover:text-primary-400"
                >
                  {g.name}
                </Link>
                <span className="font-mono text-ink-muted">{g.goodsNo}</span>
                <span className="text-ink-muted">{g.platform}</span>
                <span>{g.skus} 个 SKU</span>
                <span>{g.lowestPrice === null ? "无在售 SKU" : `${yuanText(g.lowestPrice)} 起`}</span>
                {g.onSale ? null : <span className="rounded-full bg-surface-raised px-2 py-0.5 text-xs text-ink-muted">已下架</span>}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-ink-muted">还没有商品</p>
        )}
      </section>
    </div>
  );
}
