// /coupon: my coupons (spec/01 §2 "My coupons", §4, §8). Three tabs as links (?tab=unused|used|expired),
// page 1 of 20 per group; a visitor is sent to the login modal and comes back here.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { tapTarget } from "~/components/ui/button";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { z } from "zod";
import { getMyCoupons, PAGE_SIZE } from "~/api/promotion.server";
import { CouponCard, couponButton, couponView, type CouponCardView } from "~/components/coupon/coupon-card";
import { EmptyState } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { requireMember, safeReturnTo } from "~/server-only/auth.server";
import { expectOk } from "~/server-only/http.server";
import { withoutLoginParams } from "~/login/login-href";
import { withDomain } from "~/lib/links";
import type { ShellHandle } from "~/lib/route-handle";
import type { loader as rootLoader } from "~/root";
import { privatePage } from "~/server-only/cache-control.server";
import { useShopHref } from "~/hooks/use-shop-href";

const TABS = [
  { key: "unused", label: "未使用", group: "unused_coupons" },
  { key: "used", label: "已使用", group: "used_coupons" },
  { key: "expired", label: "已过期", group: "expired_coupons" },
] as const;
type TabKey = (typeof TABS)[number]["key"];
const TabSchema = z.enum(["unused", "used", "expired"]).catch("unused");
const FETCH_FAILED = "获取优惠券失败";

export const handle: ShellHandle = { withHeader: true, withSidebar: false, group: "cn" };

export const meta: MetaFunction = () => [{ title: "我的优惠券 - TTS游戏商城" }, { name: "robots", content: "noindex" }];
export const headers = privatePage;

export async function loader({ request, context }: LoaderFunctionArgs) {
  // a visitor sees the login modal over the page they came from, then lands here
  const { api } = await requireMember(request, context, refererPage(request));
  const tab: TabKey = TabSchema.parse(new URL(request.url).searchParams.get("tab"));
  // a failure is 获取优惠券失败 (the boundary), never the empty 暂无优惠券
  const mine = expectOk(await getMyCoupons(api, { page: 1, size: PAGE_SIZE }));
  const group = TABS.find((t) => t.key === tab)!.group;
  return {
    tab,
    now: Date.now(),
    coupons: mine[group],
    totals: mine.totals ?? null,
  };
}

/** The same-site page the shopper came from, for the login modal to open over; home otherwise. */
function refererPage(request: Request): string {
  const referer = request.headers.get("referer");
  if (!referer) return "/";
  try {
    const from = new URL(referer);
    const here = new URL(request.url);
    if (from.host !== here.host || from.pathname === here.pathname) return "/";
    return safeReturnTo(withoutLoginParams(from));
  } catch {
    return "/";
  }
}

export default function MyCoupons() {
  const { tab, now, coupons, totals } = useLoaderData<typeof loader>();
  const domains = useRouteLoaderData<typeof rootLoader>("root")?.shop.domains ?? { cn: "", hk: "" };
  return (
    <section aria-labelledby="coupon-title" className="rounded-2xl bg-surface-sunken p-6 ring-1 ring-surface-line max-sm:p-4">
      <header className="flex items-center justify-between">
        <h1 id="coupon-title" className="text-2xl font-bold text-ink">
          我的优惠券
        </h1>
        <Link to={withDomain("/coupon-collection", domains)} className={`gap-1 text-sm text-primary-400 hover:text-primary-300 ${tapTarget}`}>
          领券中心
          <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden="true">
            <path d="M9 6l6 6-6 6" />
          </svg>
        </Link>
      </header>
      <nav aria-label="优惠券状态" className="mt-4 flex justify-center gap-10 border-b border-surface-line">
        {TABS.map((t) => (
          <Link
            key={t.key}
            to={`?tab=${t.key}`}
            preventScrollReset
            aria-current={tab === t.key ? "page" : undefined}
            className={`-mb-px inline-flex min-h-11 items-center border-b-2 px-1 pb-1 text-[15px] ${tab === t.key ? "border-primary-500 font-semibold text-ink" : "border-transparent text-ink-muted hover:text-ink"}`}
          >
            {t.label}
            {totals ? (
              <span className="ml-1 text-xs text-ink-faint" aria-hidden="true">
                {totals[t.group]}
              </span>
            ) : null}
          </Link>
        ))}
      </nav>
      <div className="mt-6 max-h-[680px] overflow-y-auto pr-1 [scrollbar-color:#3d3d3d_transparent]">
        {coupons.length ? (
          <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-4" aria-label={`${TABS.find((t) => t.key === tab)!.label}的优惠券`}>
            {coupons.map((coupon) => {
              const view = couponView(coupon, now);
              return (
                <li key={view.key}>
                  <OwnedCoupon view={view} href={view.jumpUrl ? withDomain(view.jumpUrl, domains) : null} />
                </li>
              );
            })}
          </ul>
        ) : (
          <EmptyState message="暂无优惠券" action={{ to: "/coupon-collection", label: "去领券中心", tone: "solid" }} />
        )}
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary otherwise={{ title: FETCH_FAILED, message: "服务繁忙，请稍后重试", action: { to: "/coupon", label: "重试" } }} />;
}

/** An unused coupon with a jump URL is a link to it (spec/01 §2: clicking the coupon navigates there). */
function OwnedCoupon({ view, href }: { view: CouponCardView; href: string | null }) {
  const shopHref = useShopHref();
  const active = view.status === "active";
  if (active && href) {
    return (
      <a href={href} className="block h-full rounded-xl focus-visible:outline-offset-4" aria-label={`${view.title}，立即使用`}>
        <CouponCard view={view} action={<span className={couponButton}>立即使用</span>} />
      </a>
    );
  }
  return (
    <CouponCard
      view={view}
      action={
        active ? (
          <Link to={shopHref("/")} className={couponButton}>
            立即使用
          </Link>
        ) : null
      }
    />
  );
}
