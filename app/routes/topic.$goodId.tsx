import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, isRouteErrorResponse, Link, useLoaderData, useLocation } from "@remix-run/react";
import { z } from "zod";
import { getAfterPrice, getAfterPrices, type CartUnit } from "~/api/cart.server";
import type { TradeApi } from "~/api/client.server";
import { extraList, extraOf, getGoodsDetail, skuOriginPrice, type GoodsDetail } from "~/api/goods.server";
import { getPageContent, type LayoutItem } from "~/api/layout.server";
import { getAvailable } from "~/api/promotion.server";
import { getRestockStatus } from "~/api/restock.server";
import { RestockButton } from "~/components/restock/restock-button";
import { channelsOf } from "~/lib/notify-channels";
import { isRestockForm, restockAction } from "~/server-only/restock-notice.server";
import { BuyNotices } from "~/components/goods/buy-notices";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { GuideCards, guideCardsOf, guidePrice } from "~/components/goods/guide-cards";
import { JsonLd } from "~/components/layout/json-ld";
import { CouponBar } from "~/components/coupon/coupon-bar";
import { appliesToGoods } from "~/components/coupon/coupon-terms";
import { DiscountBadge, OriginPrice, Price } from "~/components/goods/price";
import { RecommendedGoods, recommendedCards, recommendedItems } from "~/components/goods/recommended-goods";
import { ShopImage } from "~/components/shop-image";
import { SkuSelector } from "~/components/goods/sku-selector";
import { claimAllThenCheckout, claimCoupons } from "~/server-only/coupon-claim.server";
import { presaleAhead } from "~/lib/presale";
import { productJsonLd } from "~/lib/seo";
import { readForm } from "~/server-only/form.server";
import { withDomain } from "~/lib/links";
import { formatDateTime } from "../../shared/shop-time";
import { expectOk, invariantResponse, optional } from "~/server-only/http.server";
import { formatYuan } from "../../shared/money";
import type { ShellHandle } from "~/lib/route-handle";
import { sanitizeRichText } from "~/server-only/sanitize.server";
import { shopConfig } from "~/server-only/shop-config.server";
import { derivedOnce } from "~/server-only/encoded-once.server";
import { selectSku } from "~/lib/sku-selection";
import { CodeSchema } from "~/server-only/schemas.server";
import { cardClass } from "~/components/ui/card";
import { RichText } from "~/components/goods/rich-text";
import { GoodsTags } from "~/components/goods/goods-tags";
import { buttonClass } from "~/components/ui/button";

const GoodsNo = CodeSchema;
const HOT_GOODS_MAX = 3;
const GUIDE_CARDS_MAX = 3;
const GOODS_MISSING = "商品不存在";

export const handle: ShellHandle = { withHeader: true, withSidebar: false, group: "hk" };

export const meta: MetaFunction<typeof loader> = ({ data: page, error }) =>
  page
    ? [
        { title: `${page.goods.goods_name} - TTS游戏商城` },
        { name: "description", content: page.goods.goods_desc || `${page.goods.goods_name}，正版兑换码，秒发到账。` },
        { property: "og:title", content: page.goods.goods_name },
        { property: "og:image", content: page.goods.covers[0] ?? "" },
        { property: "og:type", content: "product" },
      ]
    : [{ title: `${isRouteErrorResponse(error) && error.status === 404 ? GOODS_MISSING : "服务繁忙"} - TTS游戏商城` }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const api = context.session.api;
  const { goods, selection } = await loadCriticalData(api, request, params.goodId);
  const { render, recommend, activities, restock } = await loadOptionalData(api, goods);
  const richText = render ? render.list.flatMap((b) => b.content.map((i) => i.assembly.RICHTEXT?.value ?? "")).join("") : "";
  const recommended = recommendedItems(recommend?.list ?? null, HOT_GOODS_MAX + GUIDE_CARDS_MAX);
  const guideGoods = recommended.slice(HOT_GOODS_MAX);
  const { domains } = shopConfig(request, context.env);
  const skuPrice = selection.sku?.price_turn_cny ?? goods.sale_off_price_cny;
  const prices = await memberAfterPrices(api, selection.sku ? { goods_no: goods.goods_no, sku_no: selection.sku.sku_no, sku_num: 1 } : null, guideGoods);
  const after = prices.sku;

  return {
    // what the page shows of the goods and its SKU choice: not the SKU tree nor the extras, which
    // the browser would otherwise receive whole in the loader data
    goods: {
      goods_no: goods.goods_no,
      goods_name: goods.goods_name,
      goods_desc: goods.goods_desc,
      covers: goods.covers,
      goods_tags: goods.goods_tags,
      presale_performance_at: goods.presale_performance_at,
      region_restricted: goods.region_restricted,
    },
    selection: { levels: selection.levels, skuNo: selection.sku?.sku_no },
    skuPrice,
    originPrice: selection.sku ? skuOriginPrice(selection.sku) : goods.price_turn_cny,
    /** Known only for a member with a usable coupon that lowers the price. */
    afterPrice: after !== null && after < skuPrice ? after : null,
    richText: richText ? sanitizeRichText(richText) : "",
    hotGoods: recommend ? derivedOnce(recommend.list, JSON.stringify(domains), (list) => recommendedCards(recommendedItems(list, HOT_GOODS_MAX), domains)) : [],
    guideCards: guideCardsOf(guideGoods, prices.guide, domains),
    /** A member with coupons still to claim: the buy button claims them first (spec/02 §8). */
    claimable: Boolean(api.credential) && (activities?.list ?? []).some((a) => a.can_receive && !a.disabled),
    domains,
    images: {
      background: extraOf(goods, "TOPIC_BG_IMAGE") ?? goods.covers[0],
      title: extraOf(goods, "TOPIC_MAIN_IMAGE"),
      side: extraOf(goods, "TOPIC_SIDE_IMAGE") ?? goods.covers[0],
    },
    topicTags: extraList(goods, "TOPIC_TAGS"),
    gallery: extraList(goods, "TOPIC_SUB_IMAGES"),
    /** The corner label of the goods picture (热销, 预售, 新品 …). */
    cornerTag: extraOf(goods, "TAG") ?? null,
    /** How the goods is delivered (the `performance` extra), e.g. 自动发货：支付成功后约 1 分钟内发放兑换码… */
    delivery: extraOf(goods, "performance") ?? null,
    presale: presaleAhead(goods),
    /** The chosen SKU when it is sold out and the services offer 到货提醒 (an extension: null without it). */
    soldOutSkus: restock?.sold_out_skus ?? [],
    soldOut:
      selection.sku && restock?.sold_out_skus.includes(selection.sku.sku_no)
        ? {
            skuNo: selection.sku.sku_no,
            noticeId: restock.notices.find((n) => n.sku_no === selection.sku?.sku_no)?.notice_id ?? null,
            channels: channelsOf(restock.notify_by),
          }
        : null,
    /** Only coupons that can apply to this goods (when the backend names their scope). */
    activities: (activities?.list ?? []).filter((a) => appliesToGoods(a, goods.goods_no)),
  } as const;
}

/** What the page cannot live without: the goods (unknown or off sale → 404 商品不存在). */
async function loadCriticalData(api: TradeApi, request: Request, goodId: string | undefined) {
  const goodsNo = GoodsNo.safeParse(goodId);
  invariantResponse(goodsNo.success, GOODS_MISSING);
  const goods = expectOk(await getGoodsDetail(api, goodsNo.data)).goods_detail;
  return { goods, selection: selectSku(goods.sku_item, new URL(request.url).searchParams.get("sku")) };
}

/**
 * What the page shows when it can: rich text, recommendations, the member's coupons, the sold-out
 * SKUs (an extension a backend may lack). Never fails the page.
 */
function loadOptionalData(api: TradeApi, goods: GoodsDetail) {
  return Promise.all([
    optional(api.log, "goods rich text", getPageContent(api, { page_type: "PROMOTION_RENDER", render_type: "goods", render_id: goods.goods_no })),
    optional(api.log, "hot goods", getPageContent(api, { page_type: "PRODUCT_DETAIL", exclude_goods_no: goods.goods_no })),
    optional(api.log, "coupon activities", getAvailable(api)),
    optional(api.log, "restock status", getRestockStatus(api, goods.goods_no)),
  ]).then(([render, recommend, activities, restock]) => ({ render, recommend, activities, restock }));
}

/**
 * A member's 券后价 (after-coupon prices): the chosen SKU's, for the buy button, and each
 * shopping-guide card's (spec/02 §2, by goods number: the SKU the card's price belongs to,
 * goods_info's `sale_sku_no`; a backend without it shows none), a card's only when lower. One cart
 * is the spec's after_price; several go in one after_prices call (an extension, docs/api.md), and
 * without its answer (a backend lacking it, or a cart it would not price) one after_price each, as
 * the spec has it. Never fails the page.
 */
async function memberAfterPrices(api: TradeApi, sku: CartUnit | null, items: LayoutItem[]): Promise<{ sku: number | null; guide: Record<string, number> }> {
  if (!api.credential) return { sku: null, guide: {} };
  const cards = items.flatMap((item) => {
    const goods = item.assembly.GOODS?.goods_info;
    return goods?.sale_sku_no ? [{ goods, units: [{ goods_no: goods.goods_no, sku_no: goods.sale_sku_no, sku_num: 1 as const }] }] : [];
  });
  const carts = [...(sku ? [[sku]] : []), ...cards.map((card) => card.units)];
  if (carts.length === 0) return { sku: null, guide: {} };
  const batch = carts.length > 1 ? await optional(api.log, "after-coupon prices", getAfterPrices(api, carts)) : null;
  const prices = batch?.list ?? (await Promise.all(carts.map((units) => optional(api.log, "after-coupon price", getAfterPrice(api, units)))));
  const cardPrices = sku ? prices.slice(1) : prices;
  return {
    sku: sku ? (prices[0]?.after_price ?? null) : null,
    guide: Object.fromEntries(
      cards.flatMap(({ goods }, i) => {
        const after = cardPrices[i]?.after_price;
        return after !== undefined && after < guidePrice(goods) ? [[goods.goods_no, after] as const] : [];
      }),
    ),
  };
}

const BuyInput = z.object({ intent: z.literal("buy"), sku: CodeSchema.optional() });

/** Claims from the coupon bar, the buy button's one-click claim on the way to pay-confirm, and 到货提醒. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const form = await readForm(request.clone());
  if (isRestockForm(form)) return restockAction(form, context, url.pathname + url.search);
  const buy = BuyInput.safeParse(form ?? {});
  const goodsNo = GoodsNo.safeParse(params.goodId);
  if (buy.success && goodsNo.success) {
    const checkout = checkoutPath(goodsNo.data, buy.data.sku);
    return claimAllThenCheckout(request, context, withDomain(checkout, shopConfig(request, context.env).domains));
  }
  return claimCoupons(request, context, { page: url.pathname + url.search });
}

const checkoutPath = (goodsNo: string, skuNo: string | undefined) => `/settle/pay-confirm/${goodsNo}${skuNo ? `?sku=${encodeURIComponent(skuNo)}` : ""}`;

export default function Topic() {
  const page = useLoaderData<typeof loader>();
  const location = useLocation();
  const { goods, selection, images } = page;
  const buyHref = withDomain(checkoutPath(goods.goods_no, selection.skuNo), page.domains);
  const skuHref = (skuNo: string) => {
    const params = new URLSearchParams(location.search);
    params.set("sku", skuNo);
    return `?${params}`;
  };

  return (
    <article className="relative">
      <div aria-hidden="true" className="pointer-events-none absolute left-1/2 -top-[128px] h-[520px] w-screen -translate-x-1/2 overflow-hidden">
        {/* the largest paint of the page on phones: fetched first */}
        <ShopImage src={images.background} alt="" width={1920} height={600} priority className="mx-auto h-full w-[1920px] max-w-none object-cover opacity-45" />
        <div className="absolute inset-0 bg-gradient-to-b from-surface-page/10 via-surface-page/60 to-surface-page" />
      </div>

      <div className="relative grid gap-8 lg:grid-cols-[minmax(0,1fr)_380px] lg:grid-rows-[auto_1fr]">
        <div className="space-y-6 lg:col-start-1 lg:row-start-1">
          {images.title ? (
            <ShopImage src={images.title} alt={goods.goods_name} width={800} height={200} priority className="hidden h-auto w-full max-w-[640px] md:block" />
          ) : null}
          <h1 className={`text-2xl font-bold ${images.title ? "md:sr-only" : ""}`}>{goods.goods_name}</h1>
          {goods.goods_desc ? <p className="max-w-2xl text-ink-muted">{goods.goods_desc}</p> : null}
          {page.topicTags.length ? (
            <ul className="flex flex-wrap gap-2" aria-label="游戏标签">
              {page.topicTags.map((tag) => (
                <li key={tag} className="rounded-full bg-white/10 px-3 py-1 text-xs text-ink">
                  {tag}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <aside className="space-y-6 lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
          <section aria-label="购买" className={cardClass("md", "space-y-5 shadow-xl")}>
            <div className="flex gap-4">
              <div className="relative shrink-0">
                <ShopImage src={images.side} alt={goods.goods_name} width={96} height={96} className="h-24 w-24 rounded-xl object-cover" />
                {page.cornerTag ? (
                  <span
                    data-testid="goods-corner-tag"
                    className="absolute left-0 top-0 rounded-br-lg rounded-tl-xl bg-primary-600 px-1.5 py-0.5 text-[11px] font-medium text-white"
                  >
                    {page.cornerTag}
                  </span>
                ) : null}
              </div>
              <div className="min-w-0 space-y-2">
                <p className="line-clamp-2 font-semibold">{goods.goods_name}</p>
                <GoodsTags tags={goods.goods_tags} presale={page.presale} />
              </div>
            </div>
            {page.presale && goods.presale_performance_at ? (
              <p className="rounded-lg bg-presale/15 px-3 py-2 text-sm text-presale-soft">
                预售商品：游戏解锁后发放，预计 {formatDateTime(goods.presale_performance_at)}
              </p>
            ) : null}

            <SkuSelector selection={selection} hrefFor={skuHref} soldOut={page.soldOutSkus} />
            <CouponBar activities={page.activities} />

            <div className="flex items-baseline gap-3" data-testid="goods-price">
              <Price cents={page.skuPrice} className="text-2xl" />
              {page.originPrice > page.skuPrice ? <OriginPrice cents={page.originPrice} /> : null}
              <DiscountBadge originCents={page.originPrice} saleCents={page.skuPrice} />
            </div>

            {page.delivery && !page.presale ? (
              <p className="text-xs leading-5 text-ink-muted" data-testid="goods-delivery">
                {page.delivery}
              </p>
            ) : null}
            {/* on a phone the buy button is in the bar at the bottom of the screen (below) */}
            <div className="max-sm:hidden">
              {page.soldOut ? (
                <RestockButton {...page.soldOut} />
              ) : (
                <BuyButton href={buyHref} skuNo={selection.skuNo} claimFirst={page.claimable} afterPrice={page.afterPrice} />
              )}
            </div>
            <BuyNotices regionRestricted={goods.region_restricted} />
          </section>

          <RecommendedGoods title="热销游戏" pageType="PRODUCT_DETAIL" items={page.hotGoods} domains={page.domains} layout="box" />
        </aside>
        <div className="space-y-8 lg:col-start-1 lg:row-start-2">
          {page.gallery.length ? (
            <ul aria-label="商品图集" className="grid grid-cols-2 gap-3 sm:max-w-[800px]">
              {page.gallery.map((src) => (
                <li key={src}>
                  <ShopImage
                    src={src}
                    alt={`${goods.goods_name} 图集`}
                    width={400}
                    height={225}
                    loading="lazy"
                    className="aspect-video w-full rounded-xl object-cover ring-1 ring-surface-line"
                  />
                </li>
              ))}
            </ul>
          ) : null}
          <GuideCards items={page.guideCards} />

          {page.richText ? <RichText html={page.richText} /> : null}
        </div>
      </div>
      {/* Phone: 立即购买 is below the first screen, so the price and the button stay at the bottom of
          the screen (CSS sticky, with or without JavaScript); at the end of the page the bar sits
          after the content instead of over it, and nothing floats here (decision 027). */}
      <div
        data-testid="buy-bar"
        className="sticky bottom-0 z-20 -mx-4 mt-6 flex items-center gap-3 border-t border-surface-line bg-surface-container/95 px-4 py-3 backdrop-blur sm:hidden"
      >
        <Price cents={page.skuPrice} className="shrink-0 text-xl" />
        <div className="min-w-0 flex-1">
          {page.soldOut ? (
            <RestockButton {...page.soldOut} />
          ) : (
            <BuyButton href={buyHref} skuNo={selection.skuNo} claimFirst={page.claimable} afterPrice={page.afterPrice} />
          )}
        </div>
      </div>
      <JsonLd data={productJsonLd({ name: goods.goods_name, image: goods.covers[0], priceCents: page.skuPrice, description: goods.goods_desc })} />
    </article>
  );
}

/**
 * The buy button. With coupons the member may still claim it is a form: one click claims them all
 * and goes on to pay-confirm (spec/02 §8); otherwise a link there. The form pushes 确认订单 onto the
 * history like the link does, so Back returns to the goods page (a `replace` lost it: trial 11b #8).
 */
function BuyButton({ href, skuNo, claimFirst, afterPrice }: { href: string; skuNo?: string; claimFirst: boolean; afterPrice: number | null }) {
  const className = buttonClass({ size: "xl", block: true, className: "shadow-lg shadow-primary-500/20" });
  const label =
    afterPrice !== null ? (
      <>
        ￥{formatYuan(afterPrice)}
        <span className="ml-2 text-sm font-normal">券后价</span>
      </>
    ) : (
      "立即购买"
    );
  if (!claimFirst) {
    return (
      <Link to={href} className={className}>
        {label}
      </Link>
    );
  }
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="buy" />
      {skuNo ? <input type="hidden" name="sku" value={skuNo} /> : null}
      <button type="submit" className={className}>
        {label}
      </button>
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: { title: GOODS_MISSING, message: "该商品不存在或已下架，去看看其他热门游戏吧。" } }} />;
}
