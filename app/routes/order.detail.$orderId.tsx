import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { getPageContent } from "~/api/layout.server";
import { getOrderDetail } from "~/api/order.server";
import { OrderDetailView } from "~/components/order-detail-view";
import { RecommendedGoods, recommendedItems } from "~/components/recommended-goods";
import { requireMember } from "~/lib/auth.server";
import type { ShellHandle } from "~/lib/route-handle";
import { shopConfig } from "~/lib/shop-config.server";
import { useHydrated } from "~/lib/use-hydrated";
import { privatePage } from "~/lib/cache-control.server";

const RECOMMEND_MAX = 5;

export const handle: ShellHandle = { withHeader: true, withSidebar: false, group: "cn" };
export const meta: MetaFunction = () => [{ title: "订单详情 - TTS游戏商城" }];
export const headers = privatePage;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireMember(request, context);
  const detail = await getOrderDetail(api, params.orderId ?? "");
  if (!detail.ok) {
    if (detail.status === 404 || detail.status === 400) return data({ detail: null, recommend: [], domains: shopConfig(request).domains }, { status: 404 });
    throw new Response(detail.errorMsg, { status: detail.status });
  }
  const recommend = await getPageContent(api, {
    page_type: "ORDER_DETAIL",
    exclude_goods_no: detail.result.goods.map((g) => g.goods_no).join(","),
  }).catch(() => null);
  return {
    detail: detail.result,
    recommend: recommendedItems(recommend?.ok ? recommend.result.list : null, RECOMMEND_MAX),
    domains: shopConfig(request).domains,
  };
}

export default function OrderDetailPage() {
  const { detail, recommend, domains } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <div className="flex items-center gap-4">
        <BackButton />
        <h1 className="text-2xl font-bold">商品详情</h1>
      </div>
      {detail ? <OrderDetailView detail={detail} /> : <p className="rounded-2xl bg-surface-container py-16 text-center text-lg">订单不存在</p>}
      <RecommendedGoods title="为你推荐" pageType="ORDER_DETAIL" items={recommend} domains={domains} layout="grid" />
    </div>
  );
}

/** Goes back one step with JS; a link to the order list without it. */
function BackButton() {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  return (
    <Link
      to="/order/list"
      onClick={(e) => {
        if (!hydrated || window.history.length < 2) return;
        e.preventDefault();
        navigate(-1);
      }}
      className="rounded-full border border-surface-line px-4 py-1.5 text-sm hover:border-primary-400"
    >
      ‹ 返回
    </Link>
  );
}
