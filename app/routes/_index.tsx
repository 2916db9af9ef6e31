import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { getLayout } from "~/api/layout.server";
import { getLoginStatus } from "~/api/member.server";
import { EmptyState } from "~/components/empty-state";
import { HomeBlocks, homeBlocksOf } from "~/components/home/home-blocks";
import { PopupAdvert } from "~/components/home/popup-advert";
import type { PopupAdvertView } from "~/lib/popup-advert";
import { requestNow } from "~/server-only/clock.server";
import { expectOk, optional } from "~/server-only/http.server";
import { linkHref } from "~/lib/links";
import { decidePopupAdvert } from "~/server-only/popup-advert.server";
import type { ShellHandle } from "~/lib/route-handle";
import { pageMeta } from "~/lib/seo";
import { shopConfig } from "~/server-only/shop-config.server";
import { derivedOnce } from "~/server-only/encoded-once.server";

export const handle: ShellHandle = { withHeader: true, withSidebar: true, group: "cn" };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...pageMeta({
    title: "TTS游戏商城 - 正版游戏兑换码、点卡充值、礼品卡",
    description: "Steam、Nintendo、PlayStation、Xbox 正版兑换码与充值卡，手游充值，礼品卡，秒发到账，支持微信与支付宝。",
    // a shop still being set up (decision 049) is not a page for search engines yet
    noindex: data !== undefined && !data.blocks.length,
  }),
  // the popup advert is the largest thing the page will show: its image loads with the page, not
  // when the advert appears a second after it
  ...(data?.popup?.image ? [{ tagName: "link", rel: "preload", as: "image", href: data.popup.image, fetchpriority: "high" }] : []),
];

/** The home list loads once per visit: staying on "/" (a modal opening, an action) keeps it and its advert. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = context.session.api;
  const { domains } = shopConfig(request, context.env);
  const query = new URL(request.url).searchParams;
  // no advert on top of the login modal, nor right after the shopper closed one without JS
  const wantsPopup = !query.has("login") && query.get("popup") !== "closed";

  const [blocks, advert] = await Promise.all([
    // the blocks are the page: a failure is the 服务繁忙 page, not 暂无内容
    getLayout(api, "HOME").then((layout) => derivedOnce(expectOk(layout).list, JSON.stringify(domains), (list) => homeBlocksOf(list, domains))),
    wantsPopup
      ? (async () => {
          const status = api.credential ? await optional(api.log, "login status", getLoginStatus(api)) : null;
          return decidePopupAdvert(context, api, { memberId: status?.member_id ?? null, now: requestNow(request, context.env) });
        })()
      : null,
  ]);

  const popup: PopupAdvertView | null = advert
    ? {
        id: advert.id,
        period: advert.pop_period,
        image: advert.image_urls[0],
        href: linkHref({ linkType: advert.jump_type, link: advert.link_url ?? undefined, goodsNo: advert.goods_no ?? undefined }, domains),
      }
    : null;
  // the advert is attempted once the home list has loaded (spec/01 §2)
  return { blocks, popup: blocks.length ? popup : null };
}

export default function Home() {
  const { blocks, popup } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="sr-only">TTS游戏商城首页</h1>
      {blocks.length ? (
        <HomeBlocks blocks={blocks} />
      ) : (
        // a new shop's home page has nothing on it until its goods are imported (decision 049)
        <EmptyState framed message="商城正在筹备中，敬请期待" hint="商品上架后即可在这里选购" />
      )}
      <PopupAdvert advert={popup} />
    </>
  );
}
