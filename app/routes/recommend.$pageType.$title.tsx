import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { tapTarget } from "~/components/ui/button";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { getPageContent, type GoodsInfo, type PageType } from "~/api/layout.server";
import { JsonLd } from "~/components/layout/json-ld";
import { EmptyState } from "~/components/empty-state";
import { GoodsCard } from "~/components/goods/goods-card";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { expectOk } from "~/server-only/http.server";
import { itemHref } from "~/lib/links";
import type { ShellHandle } from "~/lib/route-handle";
import { goodsItemList, pageMeta, SITE_NAME } from "~/lib/seo";
import { shopConfig } from "~/server-only/shop-config.server";
import { useShopHref } from "~/hooks/use-shop-href";

/** An unknown page type falls back to the product-detail one (spec/02 §2). */
const PageTypeSchema = z.enum(["HOME", "PRODUCT_DETAIL", "ORDER_DETAIL", "PROMOTION_RENDER", "HOT_SEARCH"]).catch("PRODUCT_DETAIL");
const TITLE_MAX = 30;

export const handle: ShellHandle = { withHeader: true, withSidebar: false, group: "cn" };

export const meta: MetaFunction<typeof loader> = ({ data, params }) => {
  const title = data?.title ?? params.title ?? "推荐";
  return pageMeta({
    title: `${title} - ${SITE_NAME}`,
    description: `${SITE_NAME}${title}：精选热门游戏兑换码、充值卡与礼品卡，正版授权，限时折扣，秒发到账。`,
  });
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const pageType: PageType = PageTypeSchema.parse(params.pageType);
  const title = (params.title ?? "").trim().slice(0, TITLE_MAX) || "热销游戏";
  const api = context.session.api;
  const { domains } = shopConfig(request, context.env);
  // the recommendation page sends only page_type; only RECOMMEND blocks are kept (spec/02 §7)
  const answer = expectOk(await getPageContent(api, { page_type: pageType }));
  const items = answer.list
    .filter((block) => block.style_type === "RECOMMEND")
    .flatMap((block) => block.content)
    .flatMap((item) => {
      const goods = item.assembly.GOODS?.goods_info;
      if (!goods) return [];
      const href = itemHref(item.assembly, domains);
      return [{ id: item.id, goods, href, image: item.assembly.IMG?.value, title: item.assembly.TEXT?.value }];
    });
  return {
    title,
    items,
    structuredData: items.length
      ? goodsItemList(
          items.map((i) => ({ info: i.goods as GoodsInfo, url: i.href })),
          context.env.siteOrigin,
        )
      : null,
  };
}

export default function Recommend() {
  const shopHref = useShopHref();
  const { title, items, structuredData } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl pb-8">
      <nav aria-label="面包屑" className="mb-3 text-sm text-ink-muted">
        <Link to={shopHref("/")} className={`hover:text-primary-400 ${tapTarget}`}>
          首页
        </Link>
        <span className="mx-2" aria-hidden="true">
          /
        </span>
        <span className="text-ink-muted">{title}</span>
      </nav>
      <h1 className="mb-6 flex items-center text-xl font-bold text-ink md:text-2xl">
        <span className="mr-2 inline-block h-6 w-1 rounded bg-primary-600" aria-hidden="true" />
        {title}
      </h1>
      {items.length ? (
        <ol className="space-y-3" aria-label={title}>
          {items.map((item, i) => (
            <li key={item.id}>
              <GoodsCard goods={item.goods} href={item.href} image={item.image} title={item.title} eager={i < 6} layout="row" />
            </li>
          ))}
        </ol>
      ) : (
        <EmptyState picture message={`暂无${title}相关商品`} action={{ to: "/", label: "去首页逛逛", tone: "outline" }} />
      )}
      {structuredData ? <JsonLd data={structuredData} /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary otherwise={{ title: "推荐商品加载失败", message: "服务繁忙，请稍后重试" }} />;
}
