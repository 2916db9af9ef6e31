// /order/detail without an order number: 订单不存在 (spec/02 §5 "order detail requires an order id",
// §8), a member page like the detail itself, instead of the shop's generic 页面不存在.
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary, MISSING_ORDER } from "~/components/layout/error-boundary";
import { requireMember } from "~/server-only/auth.server";
import { invariantResponse } from "~/server-only/http.server";
import type { ShellHandle } from "~/lib/route-handle";
import { privatePage } from "~/server-only/cache-control.server";

export const handle: ShellHandle = { withHeader: true, withSidebar: false, group: "cn" };
export const meta: MetaFunction = () => [{ title: "订单不存在 - TTS游戏商城" }];
export const headers = privatePage;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireMember(request, context);
  invariantResponse(false, "订单不存在");
}

export default function NoOrderNumber() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: MISSING_ORDER }} />;
}
