// One-time messages after a redirect (Post/Redirect/Get): the root renders them in the server
// HTML, so shoppers without JavaScript see them too (spec/03 §8).
import type { AppLoadContext } from "@remix-run/node";
import { createCookie } from "@remix-run/node";
import { z } from "zod";

export const FlashSchema = z.object({
  type: z.enum(["success", "error", "warning", "info"]),
  message: z.string().max(200),
});
export type Flash = z.infer<typeof FlashSchema>;

const flashCookie = createCookie("flash", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 60 });

/** Queues a message for the next page this shopper sees. */
export async function setFlash(context: AppLoadContext, flash: Flash) {
  context.appendSetCookie(await flashCookie.serialize(flash));
}

/** Reads the queued message, if any, and clears it. */
export async function takeFlash(request: Request, context: AppLoadContext): Promise<Flash | null> {
  const parsed = FlashSchema.safeParse(await flashCookie.parse(request.headers.get("cookie")));
  if (!parsed.success) return null;
  context.appendSetCookie(await flashCookie.serialize("", { maxAge: 0 }));
  return parsed.data;
}
