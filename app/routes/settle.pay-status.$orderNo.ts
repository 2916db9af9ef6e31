// Resource route polled by the pay page every second: the order's status, or why it can't tell.
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { getOrderStatus } from "~/api/order.server";
import { PRIVATE_NO_STORE } from "~/server-only/cache-control.server";
import type { PayStatusAnswer } from "~/lib/order-status";
import { CodeSchema } from "~/server-only/schemas.server";

// a member's order: never kept by a browser or a shared cache, whoever asks
const headers = { "Cache-Control": PRIVATE_NO_STORE };

export async function loader({ params, context }: LoaderFunctionArgs) {
  const orderNo = CodeSchema.safeParse(params.orderNo);
  if (!orderNo.success) return data<PayStatusAnswer>({ ok: false, errorCode: 404, errorMsg: "订单不存在" }, { headers });
  const status = await getOrderStatus(context.session.api, orderNo.data);
  return data<PayStatusAnswer>(
    status.ok ? { ok: true, orderStatus: status.result.order_status } : { ok: false, errorCode: status.errorCode, errorMsg: status.errorMsg },
    { headers },
  );
}
