import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";

export const meta: MetaFunction = () => [{ title: "页面不存在 - TTS游戏商城" }];

export async function loader() {
  throw new Response(null, { status: 404 });
}

/** Never rendered: the loader always throws, and the boundary shows the 404. */
export default function CatchAll() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
