import type { MetaFunction } from "@remix-run/node";
import { NotFound } from "~/components/not-found";

export const meta: MetaFunction = () => [{ title: "页面不存在 - TTS游戏商城" }];

export async function loader() {
  throw new Response("页面不存在", { status: 404 });
}

export default function CatchAll() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return (
    <div className="py-16 text-center">
      <NotFound />
    </div>
  );
}
