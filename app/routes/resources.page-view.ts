// Page views of client-side navigations (a document load is recorded by entry.server).
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { readForm } from "~/server-only/form.server";
import { recordPageView } from "~/server-only/page-view.server";

const PageViewSchema = z.object({
  path: z
    .string()
    .regex(/^\/(?!\/)/)
    .max(500),
});

export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = PageViewSchema.safeParse((await readForm(request)) ?? {});
  if (!parsed.success) return new Response("页面地址无效", { status: 400 });
  recordPageView(context, parsed.data.path);
  return new Response(null, { status: 204 });
}
