import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { tradeApi } from "~/api/client.server";
import { getLayout } from "~/api/layout.server";
import { HomeBlocks } from "~/components/home-blocks";
import type { ShellHandle } from "~/lib/route-handle";
import { shopConfig } from "~/lib/shop-config.server";

export const handle: ShellHandle = { withHeader: true, withSidebar: true, group: "cn" };

export const meta: MetaFunction = () => [
  { title: "TTS游戏商城 - 正版游戏兑换码、点卡充值、礼品卡" },
  { name: "description", content: "Steam、Nintendo、PlayStation、Xbox 正版兑换码与充值卡，手游充值，秒发到账。" },
  { property: "og:title", content: "TTS游戏商城" },
  { property: "og:type", content: "website" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await tradeApi(request, context);
  const layout = await getLayout(api, "HOME");
  return {
    blocks: layout.ok ? layout.result.list : [],
    domains: shopConfig(request).domains,
  };
}

export default function Home() {
  const { blocks, domains } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="sr-only">TTS游戏商城首页</h1>
      {blocks.length ? (
        <HomeBlocks blocks={blocks} domains={domains} />
      ) : (
        <p className="py-24 text-center text-ink-muted">暂无内容，请稍后再来</p>
      )}
    </>
  );
}
