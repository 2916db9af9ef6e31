import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getOrderDetail } from "~/api/order.server";
import { GeneralErrorBoundary, MISSING_ORDER } from "~/components/layout/error-boundary";
import { OrderDetailView } from "~/components/order/order-detail-view";
import { requireMember } from "~/server-only/auth.server";
import { expectOk } from "~/server-only/http.server";
import type { ShellHandle } from "~/lib/route-handle";
import { privatePage } from "~/server-only/cache-control.server";
import { useShopHref } from "~/hooks/use-shop-href";
import { continuePayPathOfDetail, UNPAID_STATUSES } from "~/lib/order-status";

export const handle: ShellHandle = { withHeader: true, withSidebar: true, group: "hk" };
export const meta: MetaFunction = () => [{ title: "购买完成 - TTS游戏商城" }];
export const headers = privatePage;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireMember(request, context);
  const detail = expectOk(await getOrderDetail(api, params.orderId ?? ""), { missing: "订单不存在" });
  const { order } = detail;
  // the cashier's 返回商城 after a failed payment (through pay-wait) is not 购买完成: the pay page says 支付失败
  if (UNPAID_STATUSES.includes(order.status)) {
    throw redirect(continuePayPathOfDetail(detail));
  }
  return { detail };
}

export default function PaySuccess() {
  const { detail } = useLoaderData<typeof loader>();
  const shopHref = useShopHref();
  return (
    <div className="space-y-6">
      <div className="flex flex-col items-center gap-3 rounded-2xl bg-gradient-to-b from-emerald-500/15 to-transparent py-10 text-center">
        <svg width="56" height="56" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="12" cy="12" r="11" fill="#10B981" />
          <path d="M7 12.5l3 3 7-7" stroke="#fff" strokeWidth="2" fill="none" strokeLinecap="round" />
        </svg>
        <h1 className="text-2xl font-bold">购买完成</h1>
        <Link to={shopHref("/order/list")} className="inline-flex min-h-11 items-center px-3 text-sm text-primary-300 underline">
          查看我的订单
        </Link>
      </div>
      <OrderDetailView detail={detail} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: MISSING_ORDER }} />;
}
