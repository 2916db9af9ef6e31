// What the shopper confirmed on pay-confirm, carried to the pay page (the spec's session-storage
// state, kept as a cookie so it works without JavaScript — decisions §8).
import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { CodeSchema } from "./schemas.server";

export const SettleSchema = z.object({
  goodsNo: CodeSchema,
  skuNo: CodeSchema,
  couponNo: CodeSchema.nullable(),
  email: z.string().max(50),
});
export type Settle = z.infer<typeof SettleSchema>;

export const settleCookie = createCookie("settle", { path: "/settle", sameSite: "lax", httpOnly: true, maxAge: 60 * 60 * 24 });

export async function readSettle(request: Request): Promise<Settle | null> {
  const parsed = SettleSchema.safeParse(await settleCookie.parse(request.headers.get("cookie")));
  return parsed.success ? parsed.data : null;
}
