// 订单凭证 (issue 25, beyond the spec): a printable receipt of one of the member's paid orders, built
// from the spec's order detail call. Another member's order, an unknown one and an unpaid one all get
// the same 404 (no receipt, nothing said about the order). The print styles are in app.css.
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { getOrderDetail } from "~/api/order.server";
import { GeneralErrorBoundary, MISSING_ORDER } from "~/components/layout/error-boundary";
import { ReceiptView } from "~/components/order/receipt-view";
import { buttonClass } from "~/components/ui/button";
import { useHydrated } from "~/hooks/use-hydrated";
import { useShopHref } from "~/hooks/use-shop-href";
import { hasReceipt, orderReceipt } from "~/lib/order-receipt";
import type { ShellHandle } from "~/lib/route-handle";
import { NO_IDENTITY } from "~/content/seller";
import type { loader as rootLoader } from "~/root";
import { requireMember } from "~/server-only/auth.server";
import { privatePage } from "~/server-only/cache-control.server";
import { expectOk, invariantResponse } from "~/server-only/http.server";

export const handle: ShellHandle = { withHeader: true, withSidebar: false, group: "cn" };
export const meta: MetaFunction = () => [{ title: "订单凭证 - TTS游戏商城" }];
export const headers = privatePage;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireMember(request, context);
  const detail = expectOk(await getOrderDetail(api, params.orderId ?? ""), { missing: "订单不存在" });
  invariantResponse(hasReceipt(detail.order.status), "订单不存在");
  // only the receipt's fields leave the server: the codes stay out of the page and its data
  return { receipt: orderReceipt(detail) };
}

export default function OrderReceiptPage() {
  const { receipt } = useLoaderData<typeof loader>();
  const shopHref = useShopHref();
  const seller = useRouteLoaderData<typeof rootLoader>("root")?.identity ?? NO_IDENTITY;
  return (
    <div className="mx-auto max-w-2xl space-y-4 pb-16">
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <Link to={shopHref(`/order/detail/${receipt.orderNo}`)} className={buttonClass({ variant: "outline", size: "sm" })}>
          ‹ 返回订单
        </Link>
        <PrintButton />
      </div>
      <ReceiptView receipt={receipt} seller={seller} />
    </div>
  );
}

/** 打印凭证 with JavaScript; without it, where the browser's own print is. */
function PrintButton() {
  const hydrated = useHydrated();
  if (!hydrated) return <p className="text-sm text-ink-muted">使用浏览器的「打印」（Ctrl+P / ⌘P）即可打印或保存为 PDF</p>;
  return (
    <button type="button" onClick={() => window.print()} className={buttonClass({ size: "sm" })}>
      打印凭证
    </button>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: MISSING_ORDER }} />;
}
