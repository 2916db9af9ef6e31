import { Link, useNavigation } from "@remix-run/react";
import { tapTarget } from "~/components/ui/button";
import type { UsableCoupon } from "~/api/cart.server";
import { formatDotDate } from "../../../shared/shop-time";
import { cardClass } from "~/components/ui/card";
import { useShopHref } from "~/hooks/use-shop-href";
import { unusableText } from "./coupon-terms";

const SKELETONS = 9;

/**
 * Pick a coupon for the order (spec/02 §4): the optimal one is chosen automatically, usable ones
 * first, the rest disabled with the reason the services give (coupon-terms.ts; 不满足使用条件 when they
 * give none). Each choice is a link, so it works without JS.
 */
export function CouponPicker({
  coupons,
  chosen,
  optimal,
  hrefFor,
}: {
  coupons: UsableCoupon[];
  chosen: string | null;
  optimal: string | null;
  hrefFor: (couponNo: string | null) => string;
}) {
  const shopHref = useShopHref();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith("/settle/pay-confirm");
  const usable = coupons.filter((c) => c.usable);
  const ordered = [...usable, ...coupons.filter((c) => !c.usable)];
  return (
    <section aria-labelledby="coupon-picker-title" className={cardClass("md")}>
      <div className="mb-3 flex items-center gap-3">
        <h2 id="coupon-picker-title" className="font-semibold">
          使用优惠券
        </h2>
        {usable.length ? <p className="text-xs text-ink-muted">已为您自动选择最优优惠券</p> : null}
        <a
          href={shopHref("/coupon-collection")}
          target="_blank"
          rel="noopener"
          className={`ml-auto text-sm text-primary-400 hover:text-primary-300 ${tapTarget}`}
        >
          领券中心
        </a>
      </div>
      {loading ? (
        <ul className="grid max-h-[356px] gap-3 overflow-hidden sm:grid-cols-3" aria-busy="true" aria-label="正在加载优惠券">
          {Array.from({ length: SKELETONS }, (_, i) => (
            <li key={i} className="h-[92px] animate-pulse rounded-xl bg-surface-raised" />
          ))}
        </ul>
      ) : ordered.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-6 text-sm text-ink-muted">
          <p>暂无优惠券</p>
          <a
            href={shopHref("/coupon-collection")}
            className="rounded-full border border-primary-500 px-4 py-1.5 text-primary-400 hover:bg-primary-500 hover:text-white"
          >
            去领券中心
          </a>
        </div>
      ) : (
        <ul className="grid max-h-[356px] gap-3 overflow-y-auto pr-1 sm:grid-cols-3" data-testid="coupon-picker">
          {ordered.map((coupon) => {
            const selected = coupon.coupon_no === chosen;
            const body = (
              <>
                <span className="text-lg font-bold text-primary-400">{coupon.attr.display_name || coupon.coupon_name}</span>
                <span className="block truncate text-sm text-ink">{coupon.attr.main_title || coupon.coupon_name}</span>
                <span className="block text-xs text-ink-muted" data-testid={coupon.usable ? undefined : "coupon-unusable-reason"}>
                  {coupon.usable ? `${formatDotDate(coupon.use_time_start)}-${formatDotDate(coupon.use_time_end)}` : unusableText(coupon)}
                </span>
                {coupon.coupon_no === optimal ? (
                  <span className="absolute right-2 top-2 rounded bg-primary-600 px-1.5 text-[10px] text-white">最优</span>
                ) : null}
              </>
            );
            const frame = `relative block h-full rounded-xl border p-3 ${selected ? "border-primary-500 bg-primary-500/10" : "border-surface-line"}`;
            return (
              <li key={coupon.coupon_no}>
                {coupon.usable ? (
                  <Link
                    to={hrefFor(selected ? null : coupon.coupon_no)}
                    replace
                    preventScrollReset
                    aria-current={selected ? "true" : undefined}
                    className={`${frame} hover:border-primary-400`}
                    data-coupon={coupon.coupon_no}
                  >
                    {body}
                  </Link>
                ) : (
                  <div aria-disabled="true" className={`${frame} cursor-not-allowed opacity-45`} data-coupon={coupon.coupon_no}>
                    {body}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {usable.length && chosen ? (
        <Link to={hrefFor(null)} replace preventScrollReset className={`mt-3 text-xs text-ink-muted hover:text-primary-400 ${tapTarget}`}>
          不使用优惠券
        </Link>
      ) : null}
    </section>
  );
}
