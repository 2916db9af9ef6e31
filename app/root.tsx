import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useLocation, useMatches, useRouteLoaderData } from "@remix-run/react";
import { useRef } from "react";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { Sidebar } from "~/components/layout/sidebar";
import { getLoginStatus, hasPasswordReset, type Member } from "~/api/member.server";
import { getShopIdentity } from "~/api/shop-identity.server";
import { NO_IDENTITY } from "~/content/seller";
import { Toast } from "~/components/layout/toast";
import { CouponPopup, LoginModal } from "~/components/layout/overlay-dialogs";
import { loginModalState, takeCouponPopup } from "~/login/login.server";
import { takeFlash } from "~/server-only/flash.server";
import { shopConfig } from "~/server-only/shop-config.server";
import { useNonce } from "~/components/layout/nonce";
import { layoutOf } from "~/lib/route-handle";
import { isCheckoutPath } from "~/lib/checkout-pages";
import { searchBoxData } from "~/server-only/search-box.server";
import { PageViewReporter } from "~/components/layout/page-view-reporter";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { LOADER_SCRIPT } from "~/lib/scripts-after-hero";
import styles from "~/styles/app.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "TTS游戏商城 - 游戏兑换码、充值卡、礼品卡" },
  { name: "description", content: "正版游戏兑换码、点卡充值与礼品卡，秒发到账，支持微信与支付宝。" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // the back office (its own listener) has a layout of its own and no shopper
  if (context.backOffice) return null;
  const { session } = context;
  const api = session.api;
  if (session.urlParamsChanged) await session.write("urlParams", session.urlParams);
  // the footer's seller (a cached public read), asked beside the member's status
  const identity = getShopIdentity(api);
  const shop = shopConfig(request, context.env);
  let member: Member | null = null;
  // a login the services no longer accept (401) leaves a visitor: the session forgets it
  if (api.credential) {
    const status = await getLoginStatus(api);
    if (status.ok) member = status.result;
  }
  return {
    shop,
    // on a host that hides the ICP filing, its number stays out of the page's data too
    identity: shop.showIcp ? await identity : { ...(await identity), icp: "" },
    member,
    channel: { id: api.urlParams.channelId, name: api.urlParams.channelName },
    flash: await takeFlash(context),
    // the header search box's history (serach_cache cookie) and hot searches, rendered without JS too
    searchBox: await searchBoxData(context, api),
    // the login modal opens from the address (?login=captcha|pwd|reset); the coupon pop-up once after
    // login, never over a checkout page
    login: await loginModalState(request, api, member),
    // the member menu's 设置密码, when the services have the password extension (a cached read)
    passwordReset: member ? await hasPasswordReset(api) : false,
    couponPopup: member ? await takeCouponPopup(context, api, isCheckoutPath(new URL(request.url).pathname)) : null,
  };
}

/** Leaving the checkout pages loads the layout again: a coupon pop-up may wait for that page. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || (isCheckoutPath(currentUrl.pathname) && !isCheckoutPath(nextUrl.pathname));

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="zh-CN" className="scroll-smooth">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#161616" />
        <Meta />
        <Links />
      </head>
      <body id="top" className="flex min-h-screen flex-col">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: LOADER_SCRIPT }} />
      </body>
    </html>
  );
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  return data ? <Shop data={data} /> : <Outlet />;
}

function Shop({ data: { shop, identity, member, flash, login, passwordReset } }: { data: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>> }) {
  const layout = layoutOf(useMatches());
  const location = useLocation();
  // spec/01 §2: page changes slide and fade in. With JavaScript that is a client navigation (a new
  // <main>, keyed by path), not the document's first paint, which stays as fast as it can be;
  // without JavaScript every page change is a document load, so app.css animates those.
  const firstPath = useRef(location.pathname);
  const changedPage = useRef(false);
  if (location.pathname !== firstPath.current) changedPage.current = true;
  return (
    <>
      {layout.withHeader ? <SiteHeader member={member} passwordReset={passwordReset} /> : null}
      <Toast toast={flash} />
      <main
        key={location.pathname}
        className={`page-enter ${changedPage.current ? "page-changed" : ""} mx-auto w-full max-w-shop flex-1 px-4 ${layout.withHeader ? "pt-content" : "pt-8"}`}
      >
        <Outlet />
      </main>
      {layout.withSidebar ? <Sidebar csChatScriptUrl={shop.csChatScriptUrl} /> : null}
      <SiteFooter showIcp={shop.showIcp} identity={identity} />
      <PageViewReporter />
      {login && location.pathname !== "/login" ? <LoginModal state={login} /> : null}
      <CouponPopup />
    </>
  );
}

export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("root");
  if (data === null) return <GeneralErrorBoundary />;
  return (
    <>
      <SiteHeader member={data?.member ?? null} />
      <main className="mx-auto max-w-shop px-4 pb-16 pt-content">
        <GeneralErrorBoundary />
      </main>
      <SiteFooter showIcp={data?.shop.showIcp ?? true} identity={data?.identity ?? NO_IDENTITY} />
    </>
  );
}
