import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigate, useSearchParams } from "@remix-run/react";
import { getPageContent } from "~/api/layout.server";
import { getOrderDetail } from "~/api/order.server";
import { GeneralErrorBoundary, MISSING_ORDER } from "~/components/layout/error-boundary";
import { OrderDetailView } from "~/components/order/order-detail-view";
import { CloseOrderDialog, OrderActions, ReorderAction } from "~/components/order/order-actions";
import { closeOrderAction } from "~/server-only/close-order.server";
import { continuePayPathOfDetail, REORDER_STATUSES, reorderPath, UNPAID_STATUSES } from "~/lib/order-status";
import { secondsLeftToPay } from "~/lib/order-money";
import { requestNow } from "~/server-only/clock.server";
import { hasReceipt } from "~/lib/order-receipt";
import { RecommendedGoods, recommendedCards, recommendedItems } from "~/components/goods/recommended-goods";
import { requireMember } from "~/server-only/auth.server";
import { expectOk, optional } from "~/server-only/http.server";
import type { ShellHandle } from "~/lib/route-handle";
import { shopConfig } from "~/server-only/shop-config.server";
import { useHydrated } from "~/hooks/use-hydrated";
import { privatePage } from "~/server-only/cache-control.server";
import { buttonClass } from "~/components/ui/button";
import { useShopHref } from "~/hooks/use-shop-href";

const RECOMMEND_MAX = 5;

export const handle: ShellHandle = { withHeader: true, withSidebar: false, group: "cn" };
export const meta: MetaFunction = () => [{ title: "订单详情 - TTS游戏商城" }];
export const headers = privatePage;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireMember(request, context);
  // a malformed number (400) is as missing as an unknown one, or another member's (404)
  const detail = expectOk(await getOrderDetail(api, params.orderId ?? ""), { missing: "订单不存在" });
  const recommend = await optional(
    api.log,
    "order recommendations",
    getPageContent(api, { page_type: "ORDER_DETAIL", exclude_goods_no: detail.goods.map((g) => g.goods_no).join(",") }),
  );
  const { domains } = shopConfig(request, context.env);
  const now = requestNow(request, context.env);
  const payClock = UNPAID_STATUSES.includes(detail.order.status) ? { seconds: secondsLeftToPay(detail.order, now), loadedAt: now } : null;
  return { detail, payClock, recommend: recommendedCards(recommendedItems(recommend?.list ?? null, RECOMMEND_MAX), domains), domains };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return closeOrderAction(request, context);
}

export default function OrderDetailPage() {
  const { detail, payClock, recommend, domains } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const shopHref = useShopHref();
  const { order } = detail;
  // the same actions and rules as 我的订单 (spec/02 §4, 25.3 in docs/spec-parity.md)
  const unpaid = UNPAID_STATUSES.includes(order.status);
  const here = `/order/detail/${order.order_no}`;
  const reorder = REORDER_STATUSES.includes(order.status) ? reorderPath(detail.goods[0]) : null;
  return (
    <div className="space-y-6">
      <div className="flex items-center gap-4">
        <BackButton />
        <h1 className="text-2xl font-bold">订单详情</h1>
      </div>
      <OrderDetailView
        detail={detail}
        payClock={payClock}
        actions={
          unpaid ? (
            <OrderActions
              closeHref={`${here}?close=${order.order_no}`}
              continueHref={shopHref(continuePayPathOfDetail(detail))}
              className="mt-4 border-t border-surface-line pt-4"
            />
          ) : hasReceipt(order.status) ? (
            <div className="mt-4 border-t border-surface-line pt-4">
              <Link to={shopHref(`/order/receipt/${order.order_no}`)} className={buttonClass({ variant: "outline", size: "sm" })}>
                订单凭证
              </Link>
            </div>
          ) : reorder ? (
            <ReorderAction href={shopHref(reorder)} className="mt-4 border-t border-surface-line pt-4" />
          ) : null
        }
      />
      {unpaid && params.get("close") === order.order_no ? <CloseOrderDialog orderNo={order.order_no} cancelHref={here} /> : null}
      <RecommendedGoods title="为你推荐" pageType="ORDER_DETAIL" items={recommend} domains={domains} layout="grid" />
    </div>
  );
}

/** Goes back one step with JS; a link to the order list without it. */
function BackButton() {
  const hydrated = useHydrated();
  const shopHref = useShopHref();
  const navigate = useNavigate();
  return (
    <Link
      to={shopHref("/order/list")}
      onClick={(e) => {
        if (!hydrated || window.history.length < 2) return;
        e.preventDefault();
        navigate(-1);
      }}
      className={buttonClass({ variant: "outline", size: "sm" })}
    >
      ‹ 返回
    </Link>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: MISSING_ORDER }} />;
}
