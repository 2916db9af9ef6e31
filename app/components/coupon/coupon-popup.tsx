// The coupon pop-up of the layout (spec/01 §2 "Coupon pop-up", §4): 恭喜您, up to 3 unused coupons with
// 立即使用, and 领取更多优惠券. The root loader decides it once after a login
// (app/login/login.server.ts takeCouponPopup), so it is in the server HTML: without JavaScript it
// closes with a link back to this page (the decision is spent by then); with JavaScript it is a
// modal dialog (ui/overlay.tsx) that a click beside it closes too.
import { useLocation } from "@remix-run/react";
import { CloseIcon } from "~/components/captcha-widget";
import { CouponCard, couponButton, couponView } from "./coupon-card";
import { buttonClass, tapTarget } from "~/components/ui/button";
import { Overlay } from "~/components/ui/overlay";
import { useShopHref } from "~/hooks/use-shop-href";
import { useCouponPopup } from "~/hooks/use-coupon-popup";

export function CouponPopup() {
  const shopHref = useShopHref();
  const location = useLocation();
  const { popup, close } = useCouponPopup();
  if (!popup) return null;
  const here = location.pathname + location.search;

  return (
    <Overlay
      labelledBy="coupon-popup-title"
      onClose={close}
      closeOnBackdrop
      panelClassName="w-[460px] max-w-full overflow-hidden rounded-2xl bg-surface-overlay shadow-2xl ring-1 ring-primary-500/30"
    >
      <div className="relative bg-gradient-to-b from-primary-500/30 via-primary-500/5 to-transparent px-6 pb-2 pt-8 text-center">
        <CloseLink href={here} onClose={close} label="关闭" className={`absolute right-1 top-1 rounded-full text-ink-muted hover:text-ink ${tapTarget}`}>
          <CloseIcon />
        </CloseLink>
        <h2 id="coupon-popup-title" className="text-2xl font-bold text-primary-400">
          恭喜您
        </h2>
        <p className="mt-2 text-sm text-ink">获得新的优惠券，快去使用吧！</p>
      </div>
      <ul className="space-y-3 px-6 py-4">
        {popup.coupons.slice(0, 3).map((coupon) => {
          const view = couponView(coupon, popup.now);
          return (
            <li key={view.key}>
              <CouponCard
                view={view}
                compact
                action={
                  view.jumpUrl ? (
                    <a href={view.jumpUrl} target="_blank" rel="noopener" className={couponButton}>
                      立即使用
                    </a>
                  ) : (
                    <CloseLink href={here} onClose={close} className={couponButton}>
                      立即使用
                    </CloseLink>
                  )
                }
              />
            </li>
          );
        })}
      </ul>
      <div className="px-6 pb-6">
        <a
          href={shopHref("/coupon-collection")}
          target="_blank"
          rel="noopener"
          className={buttonClass({ size: "lg", block: true, className: "h-11 text-[15px]" })}
        >
          领取更多优惠券
        </a>
      </div>
    </Overlay>
  );
}

/**
 * A link back to this page, which is what closes the pop-up without JavaScript; once React runs,
 * the same element closes it in place. It is never swapped for a button on hydration: a click whose
 * press landed on the link and whose release on its replacement was lost (no navigation, no close).
 */
function CloseLink({
  href,
  onClose,
  label,
  className,
  children,
}: {
  href: string;
  onClose: () => void;
  label?: string;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <a
      href={href}
      aria-label={label}
      className={className}
      onClick={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {children}
    </a>
  );
}
