// pay_gateway/notify: where the payment provider (here the sandbox cashier) reports a payment.
import { Router } from "express";
import { z } from "zod";
import type { TradeDeps } from "../deps";
import { parse, send } from "../http/envelope";
import { applyNotification } from "../services/payment.service";
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

export function payGatewayRouter(deps: TradeDeps) {
  const router = Router();
  router.post("/notify", (req, res) => {
    const { sign, ...notification } = parse(NotifyBody, req.body);
    send(res, applyNotification(deps, notification, sign));
  });
  return router;
}
