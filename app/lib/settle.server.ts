// What the shopper confirmed on pay-confirm, carried to the pay page (the spec's session-storage
// state, kept as a cookie so it works without JavaScript — spec/03 §8).
import { createCookie } from "@remix-run/node";
import { z } from "zod";

export const SettleSchema = z.object({
  goodsNo: z.string().regex(/^[\w-]{1,32}$/),
  skuNo: z.string().regex(/^[\w-]{1,32}$/),
  couponNo: z.string().regex(/^[\w-]{1,32}$/).nullable(),
  email: z.string().max(50),
});
export type Settle = z.infer<typeof SettleSchema>;

export const settleCookie = createCookie("settle", { path: "/settle", sameSite: "lax", httpOnly: true, maxAge: 60 * 60 * 24 });

export async function readSettle(request: Request): Promise<Settle | null> {
  const parsed = SettleSchema.safeParse(await settleCookie.parse(request.headers.get("cookie")));
  return parsed.success ? parsed.data : null;
}
