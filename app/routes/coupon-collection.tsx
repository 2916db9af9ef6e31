// /coupon-collection: the coupon collection centre (spec/01 §2 "Coupon collection centre", §4, §8).
// Claims are real forms (intent claim / claim-all). A visitor who claims is sent to the login modal
// and comes back with `?claim=<activity_no|all>`: with JavaScript the pending claim then runs by
// itself, without JavaScript the page asks for one more click (docs/decisions/006). It runs by
// itself only when this browser's own click started it (the pending_claim cookie): a link with
// `?claim=` alone only shows the banner, so no page load claims anything (decision 013).
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Await, Form, Link, useFetcher, useLoaderData, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { Suspense, useEffect, useRef } from "react";
import { z } from "zod";
import { getAvailable, type Activity } from "~/api/promotion.server";
import { ClaimButton } from "~/components/coupon/claim-button";
import { activityView, CouponCard, couponButton } from "~/components/coupon/coupon-card";
import { EmptyState } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { ActivityNo, claimCoupons } from "~/server-only/coupon-claim.server";
import { optional } from "~/server-only/http.server";
import { loginHref } from "~/login/login-href";
import type { ShellHandle } from "~/lib/route-handle";
import type { loader as rootLoader } from "~/root";
import { buttonClass, tapTarget } from "~/components/ui/button";
import { useShopHref } from "~/hooks/use-shop-href";

const PendingClaim = z
  .union([z.literal("all"), ActivityNo])
  .nullable()
  .catch(null);

const PATH = "/coupon-collection";
const SKELETONS = 8;

export const handle: ShellHandle = { withHeader: true, withSidebar: false, group: "cn" };

export const meta: MetaFunction = () => [
  { title: "领券中心 - TTS游戏商城" },
  { name: "description", content: "领取游戏兑换码、充值卡专用优惠券，满减券、折扣券每日更新。" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = context.session.api;
  const url = new URL(request.url);
  // optional data: streamed to client navigations (8 skeletons meanwhile), awaited in the server HTML
  const coupons = optional(api.log, "coupon activities", getAvailable(api)).then((r) =>
    r ? { ok: true as const, list: r.list } : { ok: false as const, list: [] as Activity[] },
  );
  const pendingClaim = api.credential ? PendingClaim.parse(url.searchParams.get("claim")) : null;
  // the claim a visitor clicked before logging in: only that one may run without a second click
  const clicked = context.session.get("pendingClaim");
  // the cookie is spent on the first member page that sees it
  if (api.credential && clicked) context.session.set("pendingClaim", null);
  return { coupons, pendingClaim, autoClaim: pendingClaim !== null && clicked === pendingClaim };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return claimCoupons(request, context, { page: PATH, afterLogin: (pending) => `${PATH}?claim=${encodeURIComponent(pending)}` });
}

export default function CouponCollection() {
  const { coupons, pendingClaim, autoClaim } = useLoaderData<typeof loader>();
  const shopHref = useShopHref();
  const member = useRouteLoaderData<typeof rootLoader>("root")?.member ?? null;
  const navigation = useNavigation();
  const reloading = navigation.state === "loading" && navigation.location.pathname === PATH && !navigation.formMethod;
  const myCoupons = member ? "/coupon" : loginHref(PATH, { redirectTo: "/coupon" });

  return (
    <section aria-labelledby="collection-title">
      <header className="flex flex-wrap items-end gap-x-6 gap-y-3">
        <h1 id="collection-title" className="text-2xl font-bold text-ink">
          领券中心
        </h1>
        <a href={shopHref("/protocols/coupon-rules")} target="_blank" rel="noopener" className={`text-sm text-ink-muted hover:text-primary-400 ${tapTarget}`}>
          使用规则
        </a>
        <div className="ml-auto flex items-center gap-3">
          <Link to={myCoupons} preventScrollReset={!member} className={`text-sm text-ink-muted hover:text-primary-400 ${tapTarget}`}>
            我的优惠券
          </Link>
          <Form method="post" action={PATH}>
            <button type="submit" name="intent" value="claim-all" className={buttonClass()}>
              一键领取
            </button>
          </Form>
        </div>
      </header>
      <div className="mt-6">
        {reloading ? (
          <Skeletons />
        ) : (
          <Suspense fallback={<Skeletons />}>
            <Await resolve={coupons}>
              {(loaded) =>
                !loaded.ok ? (
                  <EmptyState framed message="优惠券加载失败，请稍后重试" action={{ to: PATH, label: "重试", tone: "outline" }} />
                ) : loaded.list.length ? (
                  <>
                    {pendingClaim ? <PendingClaimBanner pending={pendingClaim} auto={autoClaim} list={loaded.list} /> : null}
                    <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-4" aria-label="可领取的优惠券">
                      {loaded.list.map((activity) => (
                        <li key={activity.activity_no}>
                          <CouponCard
                            view={activityView(activity)}
                            action={<ClaimButton activity={activity} action={PATH} idleLabel="立即领取" className={couponButton} />}
                          />
                        </li>
                      ))}
                    </ul>
                  </>
                ) : (
                  <EmptyState framed message="暂无可领取的优惠券" action={{ to: PATH, label: "刷新", tone: "outline" }} />
                )
              }
            </Await>
          </Suspense>
        )}
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary otherwise={{ title: "领券中心暂时无法打开", message: "请稍后再试", action: { to: PATH, label: "刷新" } }} />;
}

// ─── parts ───────────────────────────────────────────────────────────────

/**
 * After logging in to claim: with JavaScript the claim the shopper clicked (`auto`) runs by itself;
 * otherwise, and for a `?claim=` that came from a link, it takes one click.
 */
function PendingClaimBanner({ pending, auto, list }: { pending: string; auto: boolean; list: Activity[] }) {
  const fetcher = useFetcher();
  const formRef = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  const activity = pending === "all" ? null : list.find((a) => a.activity_no === pending);
  const claimable = pending === "all" || Boolean(activity && !activity.disabled);
  useEffect(() => {
    if (!auto || !claimable || sent.current || !formRef.current) return;
    sent.current = true;
    fetcher.submit(new FormData(formRef.current), { method: "post", action: PATH });
  }, [auto, claimable, fetcher]);
  if (!claimable) return null;
  const what = activity ? `「${activity.extra_info.main_title}」` : "全部可领取的优惠券";
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={PATH}
      className="mb-6 flex flex-wrap items-center gap-4 rounded-xl border border-primary-500/40 bg-primary-500/10 px-5 py-4"
    >
      <input type="hidden" name="intent" value={activity ? "claim" : "claim-all"} />
      {activity ? <input type="hidden" name="activity_no" value={activity.activity_no} /> : null}
      <p className="text-sm text-ink">已登录，继续领取{what}</p>
      <button type="submit" className={couponButton}>
        {fetcher.state === "idle" ? "继续领取" : "领取中…"}
      </button>
    </fetcher.Form>
  );
}

function Skeletons() {
  return (
    <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-4" aria-label="正在加载优惠券" aria-busy="true">
      {Array.from({ length: SKELETONS }, (_, i) => (
        <li key={i} data-testid="coupon-skeleton" className="h-[188px] animate-pulse rounded-xl bg-surface-container ring-1 ring-surface-line">
          <div className="flex gap-4 p-5">
            <div className="h-12 w-20 rounded bg-surface-raised" />
            <div className="flex-1 space-y-2">
              <div className="h-4 w-3/4 rounded bg-surface-raised" />
              <div className="h-3 w-1/2 rounded bg-surface-raised" />
            </div>
          </div>
          <div className="space-y-2 px-5 pt-6">
            <div className="h-3 w-2/3 rounded bg-surface-raised" />
            <div className="h-3 w-1/2 rounded bg-surface-raised" />
          </div>
        </li>
      ))}
    </ul>
  );
}
