import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { getLayout, type GoodsInfo } from "~/api/layout.server";
import { hotGoodsOf, SEARCH_PAGE_SIZE, searchGoods } from "~/api/search.server";
import { expectOk, optional } from "~/server-only/http.server";
import { EmptyState } from "~/components/empty-state";
import { chipClass } from "~/components/ui/chip";
import { GoodsCard } from "~/components/goods/goods-card";
import { JsonLd } from "~/components/layout/json-ld";
import { NoResults } from "~/components/search/no-results";
import { Pagination } from "~/components/pagination";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { advertisedSku, linkHref } from "~/lib/links";
import { PLATFORM_CODE, platformName } from "~/lib/platforms";
import { searchKeyword } from "~/lib/search-history";
import type { ShellHandle } from "~/lib/route-handle";
import { goodsItemList, pageMeta, SITE_NAME } from "~/lib/seo";
import { shopConfig } from "~/server-only/shop-config.server";

const QuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  order: z.enum(["asc", "desc"]).catch("asc"),
  platform: z.string().regex(PLATFORM_CODE).optional().catch(undefined),
});

export const handle: ShellHandle = { withHeader: true, withSidebar: false, group: "cn" };

export const meta: MetaFunction<typeof loader> = ({ data, params }) => {
  const keyword = data?.keyword ?? params.keyword ?? "";
  return pageMeta({
    title: `“${keyword}”的搜索结果 - ${SITE_NAME}`,
    description: data?.total
      ? `在${SITE_NAME}找到 ${data.total} 件与“${keyword}”相关的游戏兑换码、充值卡与礼品卡，正版授权，秒发到账。`
      : `在${SITE_NAME}搜索“${keyword}”相关的游戏兑换码、充值卡与礼品卡。`,
    // a keyword's results are worth indexing (the spec says nothing against it); a page without any
    // (a typo, a keyword the shop does not sell), or with only a typo's near misses, is not
    noindex: !data?.total || data.approximate,
  });
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const keyword = searchKeyword(params.keyword ?? "");
  if (!keyword) throw redirect("/");
  const url = new URL(request.url);
  const { page, order, platform } = QuerySchema.parse(Object.fromEntries(url.searchParams));
  const api = context.session.api;
  // the results are the page: a failure is 加载失败 (the boundary), never 暂无搜索结果; the price
  // chips order by the price the cards show (sale_price), not the crossed-out one (issue 26)
  const result = expectOk(await searchGoods(api, { keyword, platform, page, orderBy: "sale_price", orderType: order, preview: 0 })).goods_list;
  const { domains } = shopConfig(request, context.env);
  const card = (info: GoodsInfo) => ({
    info,
    href: linkHref({ linkType: "GOODS_DETAIL", goodsNo: info.goods_no, skuNo: advertisedSku(info) }, domains),
  });
  const goods = result.list.map(card);
  // nothing found: what sells instead (the hot searches' goods), optional like the header's list
  const hot = result.total === 0 ? hotGoodsOf((await optional(api.log, "hot goods", getLayout(api, "HOT_SEARCH")))?.list ?? []).map(card) : [];
  return {
    keyword,
    page,
    order,
    platform: platform ?? null,
    platforms: (result.platforms ?? []).map((p) => ({ ...p, name: platformName(p.platform) })),
    total: result.total,
    approximate: result.approximate ?? false,
    hot,
    totalPages: Math.ceil(result.total / SEARCH_PAGE_SIZE),
    goods,
    // the JSON-LD is built by the page from the goods it has: the loader data carries them once
    origin: context.env.siteOrigin,
  };
}

export default function SearchResult() {
  const { keyword, page, order, platform, platforms, total, approximate, hot, totalPages, goods, origin } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  // while another results page loads (with JavaScript), the list shows nothing (spec/01 §2)
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith("/search-result/");
  // each link keeps what it does not change: sorting and filtering go back to page 1
  const hrefOf = (p: number, { o = order, pf = platform }: { o?: string; pf?: string | null } = {}) => {
    const query = new URLSearchParams();
    if (pf) query.set("platform", pf);
    if (p > 1) query.set("page", String(p));
    if (o !== "asc") query.set("order", o);
    const qs = query.toString();
    return `/search-result/${encodeURIComponent(keyword)}${qs ? `?${qs}` : ""}`;
  };

  return (
    <div className="pb-8">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4 border-b border-surface-line pb-4">
        <div>
          <h1 className="text-xl font-bold text-ink md:text-2xl">
            <span className="text-primary-400">“{keyword}”</span>的搜索结果
          </h1>
          {/* a heading between the page's h1 and the cards' h3 (the outline goes h1 → h2 → h3) */}
          {!loading && total > 0 ? <h2 className="mt-1 text-sm font-normal text-ink-muted">共 {total} 件商品</h2> : null}
          {!loading && approximate ? <p className="mt-1 text-sm text-ink-muted">没有与“{keyword}”完全一致的商品，以下是相近的结果</p> : null}
        </div>
        {total > 1 ? (
          <nav aria-label="排序" className="flex rounded-full bg-surface-container p-1 text-sm ring-1 ring-surface-line">
            {(
              [
                ["asc", "价格从低到高"],
                ["desc", "价格从高到低"],
              ] as const
            ).map(([value, label]) => (
              <Link
                key={value}
                to={hrefOf(1, { o: value })}
                aria-current={order === value ? "true" : undefined}
                className={`inline-flex items-center rounded-full px-3 py-1 max-sm:min-h-11 ${order === value ? "bg-primary-600 font-medium text-white" : "text-ink-muted hover:text-ink"}`}
              >
                {label}
              </Link>
            ))}
          </nav>
        ) : null}
      </div>

      {platforms.length > 1 || platform ? (
        <nav aria-label="按平台筛选" className="-mt-2 mb-5">
          <ul className="flex flex-wrap gap-2 text-sm">
            {[{ platform: null, name: "全部", total: platforms.reduce((sum, p) => sum + p.total, 0) }, ...platforms].map((chip) => (
              <li key={chip.platform ?? "all"}>
                <Link
                  to={hrefOf(1, { pf: chip.platform })}
                  aria-current={chip.platform === platform ? "true" : undefined}
                  className={chipClass(chip.platform === platform)}
                >
                  {chip.name}
                  <span className="ml-1 tabular-nums opacity-70">{chip.total}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      {loading ? null : total === 0 ? (
        <NoResults keyword={keyword} hot={hot} />
      ) : goods.length === 0 ? (
        <EmptyState picture message="暂无搜索结果" hint="换个关键词试试，例如“Steam”“原神”“Switch”" />
      ) : (
        <>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 md:gap-5 lg:grid-cols-5" aria-label="搜索结果">
            {goods.map(({ info, href }, i) => (
              <li key={info.goods_no}>
                <GoodsCard goods={info} href={href} eager={i < 5} priority={i === 0} />
              </li>
            ))}
          </ul>
          <Pagination page={page} totalPages={totalPages} hrefOf={(p) => hrefOf(p)} />
        </>
      )}
      {goods.length && !loading ? (
        <JsonLd
          data={goodsItemList(
            goods.map((g) => ({ info: g.info, url: g.href })),
            origin,
          )}
        />
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      // the services refuse a keyword they cannot search for (control characters)
      statusHandlers={{ 400: { title: "无法搜索该关键词", message: "关键词包含无法识别的字符，换个关键词试试", action: { to: "/", label: "返回首页" } } }}
      otherwise={{ title: "搜索结果加载失败", message: "服务繁忙，请稍后重试" }}
    />
  );
}
