import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { reportEvent } from "~/api/data-report.server";
import { GeneralErrorBoundary, MISSING_ORDER } from "~/components/layout/error-boundary";
import { PayView } from "~/components/checkout/pay-view";
import { requireMember } from "~/server-only/auth.server";
import { readForm, UNREADABLE_FORM } from "~/server-only/form.server";
import { createAndPay, loadOrderPayment, loadSettlement, PayForm, PayQuery, payOrder } from "~/server-only/pay-page.server";
import type { ShellHandle } from "~/lib/route-handle";

export const handle: ShellHandle = { withHeader: true, withSidebar: true, group: "hk" };
export const meta: MetaFunction = () => [{ title: "支付订单 - TTS游戏商城" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, memberId } = await requireMember(request, context);
  const query = PayQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  reportEvent(api, "ttsgame_pay_show", { pay: 0, route_name: "pay" });
  return query.order_no
    ? loadOrderPayment(request, context, api, memberId, { ...query, order_no: query.order_no })
    : loadSettlement(request, context, api, query);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, memberId } = await requireMember(request, context);
  const fields = await readForm(request);
  if (!fields) return data({ error: UNREADABLE_FORM }, { status: 400 });
  const form = PayForm.safeParse(fields);
  if (!form.success) {
    const payWayWrong = form.error.issues.some((issue) => issue.path[0] === "pay_way");
    return data({ error: payWayWrong ? "请选择支付方式" : "创建订单失败" }, { status: 400 });
  }
  return form.data.order_no ? payOrder(api, { ...form.data, order_no: form.data.order_no }) : createAndPay(context, api, memberId, form.data);
}

export default function Pay() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <PayView page={page} error={actionData && "error" in actionData ? actionData.error : null} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: MISSING_ORDER }} />;
}
