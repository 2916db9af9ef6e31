// What the shopper confirmed on pay-confirm, carried to the pay page (the spec's session-storage
// state, kept as a signed cookie so it works without JavaScript — spec/03 §8, decision 015).
import { randomUUID } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { CodeSchema } from "./schemas.server";

export const SettleSchema = z.object({
  goodsNo: CodeSchema,
  skuNo: CodeSchema,
  couponNo: CodeSchema.nullable(),
  email: z.string().max(50),
  /**
   * The idempotency key of this settlement's order (spec/03 §5), made once on 提交订单: every
   * 点击付款 of the settlement, before and after a login, sends it, so the services create one order.
   * Optional only for cookies written before it existed.
   */
  requestId: z
    .string()
    .regex(/^[\w-]{8,64}$/)
    .optional(),
  /** The order the settlement became: the bare pay page goes on to it instead of offering 点击付款 again. */
  orderNo: CodeSchema.optional(),
});
export type Settle = z.infer<typeof SettleSchema>;

/** A new settlement (提交订单 on pay-confirm), with the idempotency key of the one order it may become. */
export function startSettlement(context: AppLoadContext, settle: Omit<Settle, "requestId" | "orderNo">): Promise<void> {
  return keepSettle(context, { ...settle, requestId: randomUUID() });
}

export function keepSettle(context: AppLoadContext, settle: Settle): Promise<void> {
  return context.session.write("settle", settle);
}

export async function readSettle(context: AppLoadContext): Promise<Settle | null> {
  const parsed = SettleSchema.safeParse(await context.session.read("settle"));
  return parsed.success ? parsed.data : null;
}
