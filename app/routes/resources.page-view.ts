// Page views of client-side navigations (a document load is recorded by entry.server).
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { recordPageView } from "~/lib/page-view.server";

const PageViewSchema = z.object({ path: z.string().regex(/^\/(?!\/)/).max(500) });

export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = PageViewSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return new Response(null, { status: 400 });
  recordPageView(request, context, parsed.data.path);
  return new Response(null, { status: 204 });
}
