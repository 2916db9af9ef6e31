// Resource route polled by the pay page every second: the order's status, or why it can't tell.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { tradeApi } from "~/api/client.server";
import { getOrderStatus } from "~/api/order.server";
import { CodeSchema } from "~/lib/schemas.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const orderNo = CodeSchema.safeParse(params.orderNo);
  if (!orderNo.success) return { ok: false as const, errorCode: 404, errorMsg: "订单不存在" };
  const status = await getOrderStatus(await tradeApi(request, context), orderNo.data);
  return status.ok
    ? { ok: true as const, orderStatus: status.result.order_status }
    : { ok: false as const, errorCode: status.errorCode, errorMsg: status.errorMsg };
}
