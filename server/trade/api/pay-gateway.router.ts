// pay_gateway/notify: where the sandbox cashier reports a payment; pay_gateway/alipay/notify and
// pay_gateway/wechat/notify: where Alipay and WeChat Pay do (decision 047), each answered as its
// provider expects ("success" / 204 when taken, a failure it retries otherwise).
import { Router, type Response } from "express";
import { z } from "zod";
import { payProvider, type TradeDeps } from "../deps";
import { ApiError, ERROR } from "../http/api-error";
import { parse, send } from "../http/envelope";
import { ForeignMerchantError, type PayNotification } from "../providers/pay";
import type { AlipayPay } from "../providers/pay-alipay";
import type { WechatPay } from "../providers/pay-wechat";
import { applyNotification, applyPayment, flagForeignMerchant } from "../services/payment.service";
import { OrderNo } from "./order.router";
import { PAY_WAYS } from "../services/order-commands";

const NotifyBody = z.object({
  notify_id: z.string().regex(/^[\w-]{8,64}$/),
  order_no: OrderNo,
  trade_status: z.enum(["SUCCESS", "FAIL"]),
  // a number in JSON, digits in a form post (providers post forms)
  amount: z
    .union([
      z.number(),
      z
        .string()
        .regex(/^\d{1,12}$/)
        .transform(Number),
    ])
    .pipe(z.number().int().min(0).max(100_000_000)),
  pay_way: z.enum(PAY_WAYS),
  sign: z.string().regex(/^[0-9a-f]{64}$/),
});

const AlipayForm = z.record(z.string().max(64), z.string().max(4096));

type Answer = { ok: true } | { ok: false; status: number; message: string };

/**
 * A real provider's notification: verified and mapped by its adapter (`read`), then applied once.
 * A wrong signature or a body that is not the provider's is refused (400) and changes nothing; a
 * notification for another merchant flags its order; an order this shop does not have is refused.
 */
async function receive(deps: TradeDeps, read: () => Promise<PayNotification | null> | PayNotification | null): Promise<Answer> {
  try {
    const payment = await read();
    if (payment) applyPayment(deps, payment);
    return { ok: true };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof ForeignMerchantError) {
      if (/^TT\d{14}$/.test(error.orderNo)) flagForeignMerchant(deps, error.orderNo, message);
      return { ok: false, status: 400, message };
    }
    if (error instanceof ApiError) return { ok: false, status: error.status, message: error.message };
    deps.logger.warn({ err: error }, "payment notification refused");
    return { ok: false, status: 400, message };
  }
}

function providerOf<P>(deps: TradeDeps, name: string): P {
  const provider = payProvider(deps.config);
  if (provider?.name !== name) throw new ApiError(ERROR.NOT_FOUND, `支付通道 ${name} 未开通`);
  return provider as P;
}

export function payGatewayRouter(deps: TradeDeps) {
  const router = Router();
  router.post("/notify", (req, res) => {
    const { sign, ...notification } = parse(NotifyBody, req.body);
    send(res, applyNotification(deps, notification, sign));
  });
  return router;
}

/**
 * The real providers' notifications, in their own protocols (not the shop's API contract, like
 * the sandbox cashier's pages: docs/deploy.md "Going live: payments"), mounted beside pay_gateway.
 */
export function providerNotifyRouter(deps: TradeDeps) {
  const router = Router();

  // Alipay posts a form and retries until it reads exactly "success"
  router.post("/alipay/notify", async (req, res: Response) => {
    const alipay = providerOf<AlipayPay>(deps, "alipay");
    const form = AlipayForm.safeParse(req.body);
    const answer: Answer = form.success ? await receive(deps, () => alipay.notification(form.data)) : { ok: false, status: 400, message: "通知格式无效" };
    res
      .status(answer.ok ? 200 : answer.status)
      .type("text/plain")
      .send(answer.ok ? "success" : "fail");
  });

  // WeChat Pay posts JSON signed over its bytes; it retries unless answered 200/204
  router.post("/wechat/notify", async (req, res: Response) => {
    const wechat = providerOf<WechatPay>(deps, "wechat");
    const body = Buffer.isBuffer(req.body) ? req.body.toString("utf8") : "";
    const answer = await receive(deps, () => wechat.notification({ headers: req.headers, body }));
    if (answer.ok) return res.status(204).end();
    res.status(answer.status).json({ code: "FAIL", message: answer.message });
  });
  return router;
}
