// One-time messages after a redirect (Post/Redirect/Get): the root renders them in the server
// HTML, so shoppers without JavaScript see them too (spec/03 §8). The cookie is signed
// (app/lib/cookies.server.ts): a message another site or a script planted is never shown.
import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { readCookie, writeCookie } from "./cookies.server";

export const FlashSchema = z.object({
  type: z.enum(["success", "error", "warning", "info"]),
  message: z.string().max(200),
});
export type Flash = z.infer<typeof FlashSchema>;

/** Queues a message for the next page this shopper sees. */
export async function setFlash(request: Request, context: AppLoadContext, flash: Flash) {
  context.appendSetCookie(await writeCookie("flash", flash, request));
}

/** Reads the queued message, if any, and clears it. */
export async function takeFlash(request: Request, context: AppLoadContext): Promise<Flash | null> {
  const parsed = FlashSchema.safeParse(await readCookie("flash", request));
  if (!parsed.success) return null;
  context.appendSetCookie(await writeCookie("flash", null, request));
  return parsed.data;
}
