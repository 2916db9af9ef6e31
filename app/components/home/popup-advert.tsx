// The home page's popup advert (spec/01 §2, §4): one image that leads to the advert's link, and a
// close button. The server decided whether and which advert shows (its frequency records are
// cookies). Without JavaScript it is in the HTML from the start and its close button is a link that
// reloads the page without it; with JavaScript it appears about 1 s after the list, fading and
// scaling in over 0.2 s, and the image, the close button or Escape remove it.
import { useSearchParams } from "@remix-run/react";
import { Suspense, useEffect, useRef, useState } from "react";
import { deferred } from "~/lib/deferred";
import type { PopupAdvertView } from "~/lib/popup-advert";
import { useHydrated } from "~/hooks/use-hydrated";
import { useCouponPopup } from "~/hooks/use-coupon-popup";

// The frame is in the server HTML (inside <noscript>, which React never renders in the browser);
// with JavaScript it shows a second after the page, so its code loads meanwhile.
const loadFrame = () => import("./popup-advert-frame");
const Frame = deferred(import.meta.env.SSR ? (await loadFrame()).PopupAdvertFrame : null, () => loadFrame().then((m) => m.PopupAdvertFrame));

export const POPUP_DELAY_MS = 1000;
/** The address that shows the home page once without its advert (the no-JS close button). */
export const POPUP_CLOSED_HREF = "/?popup=closed";

export function PopupAdvert({ advert }: { advert: PopupAdvertView | null }) {
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const [visible, setVisible] = useState(false);
  const [closed, setClosed] = useState(false);
  // never on top of another overlay (the login modal opens from ?login=…); after the coupon pop-up
  const couponPopupOpen = useCouponPopup().popup !== null;
  const blocked = searchParams.has("login") || couponPopupOpen;
  // "about 1 s after the list loads": a list that came with the document (this render hydrates it)
  // was on screen from the start of the page, so the second counts from there, not from whenever
  // the scripts finish on a slow phone; a list loaded by a client navigation counts from now
  const withDocument = useRef(!hydrated);

  useEffect(() => {
    if (!advert) return;
    setClosed(false);
    void loadFrame();
    const sinceStart = withDocument.current ? Number(document.timeline?.currentTime ?? performance.now()) : 0;
    withDocument.current = false;
    const timer = setTimeout(() => setVisible(true), Math.max(0, POPUP_DELAY_MS - sinceStart));
    return () => clearTimeout(timer);
  }, [advert]);

  const shown = hydrated && advert !== null && visible && !closed && !blocked;
  useEffect(() => {
    if (!shown) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setClosed(true);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [shown]);

  if (!advert) return null;
  return (
    <>
      {/* without JavaScript: in the page from the start (React leaves <noscript> alone when hydrating) */}
      {couponPopupOpen ? null : (
        <noscript>
          <Frame advert={advert} closeHref={POPUP_CLOSED_HREF} />
        </noscript>
      )}
      {shown ? (
        <Suspense fallback={null}>
          <Frame advert={advert} closeHref={POPUP_CLOSED_HREF} onClose={() => setClosed(true)} />
        </Suspense>
      ) : null}
    </>
  );
}
