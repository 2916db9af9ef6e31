// The back office's frame (issue 39): the signed-in operator, the menu, and each page below it.
// Only on the back office's own listener; every page needs an operator session.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, NavLink, Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { requireOperator } from "~/server-only/back-office.server";
import { CSRF_FIELD } from "../../shared/back-office";
import { buttonClass } from "~/components/ui/button";

export const meta: MetaFunction = () => [{ title: "TTS游戏商城 · 后台" }, { name: "robots", content: "noindex, nofollow" }];

export function loader({ context, request }: LoaderFunctionArgs) {
  const { operator } = requireOperator(context, request);
  return { name: operator.name, csrf: operator.csrfToken };
}

/** The session's CSRF token, for every form of a back-office page. */
export function CsrfField() {
  const data = useRouteLoaderData<typeof loader>("routes/admin");
  return <input type="hidden" name={CSRF_FIELD} value={data?.csrf ?? ""} />;
}

const MENU = [
  { to: "/admin", label: "概览", end: true },
  { to: "/admin/orders", label: "订单", end: false },
  { to: "/admin/goods", label: "商品", end: false },
  { to: "/admin/codes", label: "兑换码", end: false },
  { to: "/admin/coupons", label: "优惠券", end: false },
  { to: "/admin/members", label: "会员", end: false },
  { to: "/admin/settings", label: "商城信息", end: false },
  { to: "/admin/audit", label: "操作记录", end: false },
];

export default function BackOfficeFrame() {
  const { name } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto w-full max-w-shop px-4 pb-16">
      <header className="flex flex-wrap items-center gap-x-6 gap-y-2 border-b border-surface-line py-4">
        <p className="text-lg font-semibold">TTS游戏商城 · 后台</p>
        <nav aria-label="后台菜单" className="flex flex-wrap gap-1">
          {MENU.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                `inline-flex items-center rounded-full px-4 text-sm max-sm:min-h-11 sm:h-9 ${isActive ? "bg-primary-600 text-white" : "hover:bg-surface-container"}`
              }
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
        <Form method="post" action="/admin/logout" className="ml-auto flex items-center gap-3 text-sm">
          <span className="text-ink-muted">操作员 {name}</span>
          <CsrfField />
          <button type="submit" className={buttonClass({ variant: "outline", size: "sm" })}>
            退出
          </button>
        </Form>
      </header>
      {/* a name, a search or an audit line with no space in it wraps instead of widening the page on a phone; the
          tables keep whole words and scroll sideways */}
      <main className="pt-6 [overflow-wrap:anywhere] [&_table]:[overflow-wrap:normal]">
        <Outlet />
      </main>
    </div>
  );
}
