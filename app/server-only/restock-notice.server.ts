// The one 到货提醒 action (an extension of the contract, decision 031): the goods page's 到货提醒 /
// 取消提醒 and 我的订单's 取消 post here through their own routes. A visitor is sent to log in and
// comes back to the same SKU, where the request is one click away.
import { redirect, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { TradeUnavailable } from "~/api/client.server";
import { cancelRestockNotice, requestRestockNotice } from "~/api/restock.server";
import { loginHref } from "~/login/login-href";
import { channelsOf, restockPromise } from "~/lib/notify-channels";
import { toLoginAgain } from "./auth.server";
import { setFlash } from "./flash.server";
import { UNREADABLE_FORM, type FormFields } from "./form.server";
import { CodeSchema } from "./schemas.server";

export const RESTOCK_INTENTS = ["restock", "restock-cancel"] as const;

const RestockForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("restock"), sku: CodeSchema }),
  z.object({ intent: z.literal("restock-cancel"), notice_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
]);

export const RESTOCK_TEXT = {
  CANCELLED: "已取消到货提醒",
  LOGIN_FIRST: "请先登录，登录后即可订阅到货提醒",
  BUSY: "服务繁忙，请稍后重试",
} as const;

export const isRestockForm = (form: FormFields | null) => (RESTOCK_INTENTS as readonly string[]).includes(form?.intent ?? "");

/** Runs the posted request or cancel and answers a redirect to `page` with a flash message. */
export async function restockAction(form: FormFields | null, context: AppLoadContext, page: string): Promise<Response> {
  const parsed = RestockForm.safeParse(form ?? {});
  const back = async (type: "success" | "error" | "info", message: string) => {
    await setFlash(context, { type, message });
    return redirect(page);
  };
  if (!parsed.success) return back("error", UNREADABLE_FORM);
  const input = parsed.data;
  const api = context.session.api;
  const toLogin = loginHref(page, { redirectTo: page });
  if (!api.credential) {
    await setFlash(context, { type: "info", message: RESTOCK_TEXT.LOGIN_FIRST });
    return redirect(toLogin);
  }
  const answer = await (input.intent === "restock" ? requestRestockNotice(api, input.sku) : cancelRestockNotice(api, input.notice_id)).catch(
    (error: unknown) => {
      if (error instanceof TradeUnavailable) return null;
      throw error;
    },
  );
  if (!answer) return back("error", RESTOCK_TEXT.BUSY);
  if (!answer.ok) {
    if (answer.errorCode === 401) return toLoginAgain(context, toLogin, answer.errorMsg);
    return back("error", answer.errorMsg || RESTOCK_TEXT.BUSY);
  }
  if (input.intent === "restock-cancel") return back("success", RESTOCK_TEXT.CANCELLED);
  // the channels the answer names, and only those (decision 058)
  const notifyBy = "notify_by" in answer.result ? answer.result.notify_by : undefined;
  return back("success", `${restockPromise(channelsOf(notifyBy))}（仅通知一次）`);
}
