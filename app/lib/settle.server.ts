// What the shopper confirmed on pay-confirm, carried to the pay page (the spec's session-storage
// state, kept as a signed cookie so it works without JavaScript — spec/03 §8, decision 015).
import { z } from "zod";
import { readCookie, writeCookie } from "./cookies.server";
import { CodeSchema } from "./schemas.server";

export const SettleSchema = z.object({
  goodsNo: CodeSchema,
  skuNo: CodeSchema,
  couponNo: CodeSchema.nullable(),
  email: z.string().max(50),
});
export type Settle = z.infer<typeof SettleSchema>;

export function settleCookie(settle: Settle, request: Request): Promise<string> {
  return writeCookie("settle", settle, request);
}

export async function readSettle(request: Request): Promise<Settle | null> {
  const parsed = SettleSchema.safeParse(await readCookie("settle", request));
  return parsed.success ? parsed.data : null;
}
