// One-time messages after a redirect (Post/Redirect/Get): the root renders them in the server
// HTML, so shoppers without JavaScript see them too (spec/03 §8). The cookie is signed
// (app/server-only/cookies.server.ts): a message another site or a script planted is never shown.
import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";

export const FlashSchema = z.object({
  type: z.enum(["success", "error", "warning", "info"]),
  message: z.string().max(200),
});
export type Flash = z.infer<typeof FlashSchema>;

/** Queues a message for the next page this shopper sees. */
export async function setFlash(context: AppLoadContext, flash: Flash) {
  await context.session.write("flash", flash);
}

/** Reads the queued message, if any, and clears it. */
export async function takeFlash(context: AppLoadContext): Promise<Flash | null> {
  const parsed = FlashSchema.safeParse(await context.session.read("flash"));
  if (!parsed.success) return null;
  await context.session.write("flash", null);
  return parsed.data;
}
