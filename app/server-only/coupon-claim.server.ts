// The one coupon-claim action (spec/01 §8, §9): the goods page's coupon bar and the coupon centre
// post here through their own routes. Same messages and the same login handling everywhere: a
// visitor, or a member whose login has expired, is sent to log in and comes back to `returnTo`.
import { redirect, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { TradeUnavailable } from "~/api/client.server";
import { receiveCoupon, receiveOneClick } from "~/api/promotion.server";
import { toLoginAgain } from "./auth.server";
import { setFlash } from "./flash.server";
import { readForm } from "./form.server";
import { loginHref } from "~/login/login-href";
import { CodeSchema } from "./schemas.server";

export const ActivityNo = z.string().trim().pipe(CodeSchema);
const ClaimInput = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("claim"), activity_no: ActivityNo }),
  z.object({ intent: z.literal("claim-all") }),
]);

const CLAIM_MESSAGES = {
  CLAIMED: "领取成功",
  CLAIMED_ALL: "已为您一键领取优惠券",
  NOTHING_LEFT: "暂无可领取的优惠券",
  CLAIM_FAILED: "优惠券已失效",
  SERVICE_BUSY: "服务繁忙，请稍后重试",
} as const;

interface ClaimPlaces {
  /** The page the claim came from: the answer goes back there. */
  page: string;
  /**
   * Where login sends the shopper back to so the claim can go on (`all` or an activity); without
   * it they come back to `page` and claim again themselves.
   */
  afterLogin?: (pending: string) => string;
}

/** Runs the posted claim and answers the redirect, with a flash message saying how it went. */
export async function claimCoupons(request: Request, context: AppLoadContext, { page, afterLogin }: ClaimPlaces): Promise<Response> {
  const parsed = ClaimInput.safeParse((await readForm(request)) ?? {});
  if (!parsed.success) {
    await setFlash(context, { type: "error", message: CLAIM_MESSAGES.CLAIM_FAILED });
    return redirect(page);
  }
  const input = parsed.data;
  const pending = input.intent === "claim" ? input.activity_no : "all";
  const toLogin = loginHref(page, { redirectTo: afterLogin ? afterLogin(pending) : page });
  const rememberClick = () => {
    if (afterLogin) context.session.set("pendingClaim", pending);
  };
  const api = context.session.api;
  // the auth guard: a visitor logs in first; the pending_claim cookie remembers this click (decision 013)
  if (!api.credential) {
    rememberClick();
    return redirect(toLogin);
  }
  const result = await (input.intent === "claim" ? receiveCoupon(api, input.activity_no) : receiveOneClick(api)).catch((error: unknown) => {
    if (error instanceof TradeUnavailable) return null;
    throw error;
  });
  if (!result) {
    await setFlash(context, { type: "error", message: CLAIM_MESSAGES.SERVICE_BUSY });
    return redirect(page);
  }
  if (!result.ok) {
    if (result.errorCode === 401) {
      rememberClick();
      return toLoginAgain(context, toLogin, result.errorMsg);
    }
    // out of stock and the per-member limit say so (more useful than the catalogue's word); anything
    // else is 优惠券已失效 (spec/01 §8)
    await setFlash(context, { type: "error", message: result.status === 409 ? result.errorMsg : CLAIM_MESSAGES.CLAIM_FAILED });
    return redirect(page);
  }
  const nothingLeft = "received" in result.result && result.result.received.length === 0;
  await setFlash(
    context,
    nothingLeft
      ? { type: "info", message: CLAIM_MESSAGES.NOTHING_LEFT }
      : { type: "success", message: input.intent === "claim" ? CLAIM_MESSAGES.CLAIMED : CLAIM_MESSAGES.CLAIMED_ALL },
  );
  return redirect(page);
}

/**
 * spec/02 §8: the goods page's buy button first claims, in one click, every coupon the member may
 * still claim (已为您一键领取优惠券), then goes on to pay-confirm whatever the claim's outcome: a
 * failed claim is only logged, and a visitor is sent on too (pay-confirm asks them to log in).
 */
export async function claimAllThenCheckout(request: Request, context: AppLoadContext, checkout: string): Promise<Response> {
  const api = context.session.api;
  if (api.credential) {
    const claimed = await receiveOneClick(api).catch((error: unknown) => ({ ok: false as const, errorMsg: String(error) }));
    if (!claimed.ok) api.log.warn({ errorMsg: claimed.errorMsg }, "one-click claim before checkout failed");
    else if (claimed.result.received.length > 0) await setFlash(context, { type: "success", message: CLAIM_MESSAGES.CLAIMED_ALL });
  }
  return redirect(checkout);
}
