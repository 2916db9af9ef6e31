// The one 取消订单 action, posted by the close confirmation of 我的订单 and of the order detail page.
import { redirect, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { closeOrder } from "~/api/order.server";
import { requireMember } from "./auth.server";
import { setFlash } from "./flash.server";
import { readForm } from "./form.server";
import { CodeSchema } from "./schemas.server";

const CloseForm = z.object({ intent: z.literal("close"), order_no: CodeSchema });

/** Closes the order, queues the outcome as a toast (spec/02 §7) and goes back to the page without its ?close=. */
export async function closeOrderAction(request: Request, context: AppLoadContext) {
  const { api } = await requireMember(request, context);
  const form = CloseForm.safeParse((await readForm(request)) ?? {});
  // 关闭订单成功, or the refusal (订单不存在 for a malformed number or an order that is not this member's)
  const closed = form.success ? await closeOrder(api, form.data.order_no) : null;
  await setFlash(context, closed?.ok ? { type: "success", message: "关闭订单成功" } : { type: "error", message: closed?.errorMsg || "订单不存在" });
  const url = new URL(request.url);
  url.searchParams.delete("close");
  return redirect(url.pathname + url.search);
}
