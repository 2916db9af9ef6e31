import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { getOrderDetail } from "~/api/order.server";
import { continuePayPathOfDetail } from "~/lib/order-status";
import { optional } from "~/server-only/http.server";
import { useNavigate, useParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { ShellHandle } from "~/lib/route-handle";
import { privatePage } from "~/server-only/cache-control.server";
import { NoScriptRefresh } from "~/components/order/no-script-refresh";

const WAIT_SECONDS = 5;

export const handle: ShellHandle = { withHeader: true, withSidebar: true, group: "hk" };
export const meta: MetaFunction = () => [{ title: "支付结果 - TTS游戏商城" }];
export const headers = privatePage;

/**
 * The cashier's 返回商城 after a payment that already failed goes straight to the pay page's 支付失败 (shopper trial
 * 11b: five seconds of 返回支付结果中 first). Any other order, or one this request cannot read, waits as the spec says:
 * a payment may still be on its way.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const { api } = context.session;
  if (!api.credential) return null;
  const detail = await optional(api.log, "order detail", getOrderDetail(api, params.orderId ?? ""));
  if (detail?.order.status === "PAY_FAIL") throw redirect(continuePayPathOfDetail(detail));
  return null;
}

export default function PayWait() {
  const { orderId = "" } = useParams();
  const target = `/settle/pay-success/${encodeURIComponent(orderId)}`;
  const navigate = useNavigate();
  const [left, setLeft] = useState(WAIT_SECONDS);
  useEffect(() => {
    if (left <= 0) {
      navigate(target, { replace: true });
      return;
    }
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, navigate, target]);
  const progress = (WAIT_SECONDS - left) / WAIT_SECONDS;
  return (
    <>
      <NoScriptRefresh seconds={WAIT_SECONDS} url={target} />
      <div className="flex flex-col items-center gap-6 py-24 text-center">
        <svg width="120" height="120" viewBox="0 0 120 120" role="timer" aria-label={`${left} 秒`}>
          <circle cx="60" cy="60" r="52" stroke="#3D3D3D" strokeWidth="8" fill="none" />
          <circle
            cx="60"
            cy="60"
            r="52"
            stroke="#FF6200"
            strokeWidth="8"
            fill="none"
            strokeLinecap="round"
            strokeDasharray={2 * Math.PI * 52}
            strokeDashoffset={2 * Math.PI * 52 * (1 - progress)}
            transform="rotate(-90 60 60)"
            className="transition-[stroke-dashoffset] duration-1000 ease-linear"
          />
          <text x="60" y="70" textAnchor="middle" fontSize="32" fontWeight="700" fill="#F2F2F2">
            {left}
          </text>
        </svg>
        <p className="text-lg">返回支付结果中，请不要离开本页面</p>
      </div>
    </>
  );
}
