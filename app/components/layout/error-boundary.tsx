import { isRouteErrorResponse, Link, useLocation, useParams, useRouteError, type Params } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { useShopHref } from "~/hooks/use-shop-href";
import { ShopImage } from "~/components/shop-image";
import { useEffect } from "react";

/** What a failed page shows: its heading, one sentence, and the way out. */
export interface ErrorView {
  title: string;
  message?: string;
  /** Defaults to 返回首页 for a 404 and 重试 (the same address, as a full load) otherwise. */
  action?: { to: string; label: string };
}

type StatusHandler = ErrorView | ((args: { params: Params; message: string | null }) => ErrorView);

/** The shop's words for each status a route may throw; a route overrides the ones it can name better. */
const DEFAULT_VIEWS: Record<number, ErrorView> = {
  400: { title: "请求有误", message: "请检查后重试" },
  401: { title: "请先登录", message: "登录已失效，请重新登录" },
  403: { title: "无权访问", message: "您无权查看该页面" },
  404: { title: "页面不存在", message: "您访问的页面不存在或已下架，去首页看看其他好物吧。" },
  405: { title: "无法完成该操作", message: "请通过页面上的按钮或链接操作" },
  429: { title: "操作过于频繁", message: "请稍后再试" },
  // the services out of reach (TradeUnavailable): the page is fine, the shopper can only wait
  503: { title: "服务繁忙", message: "暂时无法加载，请稍后重试" },
};
/** The 404 view of every page of one order (pay, pay-success, order detail). */
export const MISSING_ORDER: ErrorView = { title: "订单不存在", message: "该订单不存在或不属于当前账号", action: { to: "/order/list", label: "查看我的订单" } };

const SERVER_ERROR: ErrorView = { title: "出错了", message: "服务繁忙，请稍后再试" };

/**
 * Every route's error boundary: `export const ErrorBoundary = () => <GeneralErrorBoundary statusHandlers={{ 404: … }} />`.
 * A route's handler speaks first; otherwise a thrown 4xx `Response` shows its own text (the services' Chinese message).
 */
export function GeneralErrorBoundary({
  statusHandlers = {},
  otherwise,
}: {
  statusHandlers?: Partial<Record<number, StatusHandler>>;
  /** For every status without a handler of its own except 404: what this page could not do. */
  otherwise?: StatusHandler;
}) {
  const error = useRouteError();
  const params = useParams();
  const location = useLocation();
  const shopHref = useShopHref();
  // in the browser's console; the server logged it already, with the request id (entry.server.tsx's handleError)
  useEffect(() => {
    // eslint-disable-next-line no-console -- runs in the browser only
    if (!isRouteErrorResponse(error)) console.error(error);
  }, [error]);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // Remix's own answers (a method a route has no action for, an address no route matches) carry its internal
  // English text as data: never the shopper's to read
  const internal = isRouteErrorResponse(error) && "internal" in error && error.internal === true;
  const thrownText = isRouteErrorResponse(error) && !internal && typeof error.data === "string" && error.data ? error.data : null;
  const handler = statusHandlers[status] ?? (status === 404 ? undefined : otherwise);
  const view = (typeof handler === "function" ? handler({ params, message: thrownText }) : handler) ?? DEFAULT_VIEWS[status] ?? SERVER_ERROR;
  // the route's own words first, then what the server said (a 4xx is the shopper's to read), then the shop's default
  const message = handler ? view.message : ((status < 500 ? thrownText : null) ?? view.message);
  const action = view.action ?? (status === 404 ? { to: "/", label: "返回首页" } : { to: location.pathname + location.search, label: "重试" });
  return (
    <div className="flex flex-col items-center px-4 py-20 text-center" role={status >= 500 ? "alert" : undefined}>
      {status === 404 ? <ShopImage src="/images/not-found.svg" width={320} height={200} alt="" className="mx-auto" /> : null}
      <h1 className={`${status === 404 ? "mt-6 " : ""}text-2xl font-bold`}>{view.title}</h1>
      {message ? <p className="mt-3 text-ink-muted">{message}</p> : null}
      <Link to={shopHref(action.to)} reloadDocument className={buttonClass({ size: "lg", className: "mt-6" })}>
        {action.label}
      </Link>
    </div>
  );
}
