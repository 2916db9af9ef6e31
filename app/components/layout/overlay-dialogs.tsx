// The layout's overlays that most pages never show: the login modal (opened from `?login=…`) and
// the coupon pop-up (once after a login). The server renders them into the HTML for shoppers
// without JavaScript; the browser loads their code (the login forms, the captcha widget, the coupon
// card) only when one is shown (app/lib/deferred.ts).
import { Suspense, type ComponentProps } from "react";
import { deferred } from "~/lib/deferred";
import { loadLoginModal } from "~/login/load-login-modal";
import { useCouponPopup } from "~/hooks/use-coupon-popup";

const loadCouponPopup = () => import("~/components/coupon/coupon-popup");
const LoginModalLater = deferred(import.meta.env.SSR ? (await loadLoginModal()).LoginModal : null, () => loadLoginModal().then((m) => m.LoginModal));
const CouponPopupLater = deferred(import.meta.env.SSR ? (await loadCouponPopup()).CouponPopup : null, () => loadCouponPopup().then((m) => m.CouponPopup));

export function LoginModal(props: ComponentProps<typeof LoginModalLater>) {
  return (
    <Suspense fallback={null}>
      <LoginModalLater {...props} />
    </Suspense>
  );
}

export function CouponPopup() {
  if (!useCouponPopup().popup) return null;
  return (
    <Suspense fallback={null}>
      <CouponPopupLater />
    </Suspense>
  );
}
