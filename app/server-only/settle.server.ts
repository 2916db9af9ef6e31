// What the shopper confirmed on pay-confirm, carried to the pay page (the spec's session-storage
// state, kept as a signed cookie so it works without JavaScript — spec/03 §8, decision 015).
import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { CodeSchema } from "./schemas.server";

export const SettleSchema = z.object({
  goodsNo: CodeSchema,
  skuNo: CodeSchema,
  couponNo: CodeSchema.nullable(),
  email: z.string().max(50),
});
export type Settle = z.infer<typeof SettleSchema>;

export function keepSettle(context: AppLoadContext, settle: Settle): Promise<void> {
  return context.session.write("settle", settle);
}

export async function readSettle(context: AppLoadContext): Promise<Settle | null> {
  const parsed = SettleSchema.safeParse(await context.session.read("settle"));
  return parsed.success ? parsed.data : null;
}
