// The home page's popup advert (spec 01 §2, §4): one image that leads to the advert's link, and a
// close button. The server decided whether and which advert shows (its frequency records are
// cookies). Without JavaScript it is in the HTML from the start and its close button is a link that
// reloads the page without it; with JavaScript it appears about 1 s after the page, fading and
// scaling in over 0.2 s, and the image, the close button or Escape remove it.
import { useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { ShopImage } from "./shop-image";

export const POPUP_DELAY_MS = 1000;
/** The address that shows the home page once without its advert (the no-JS close button). */
export const POPUP_CLOSED_HREF = "/?popup=closed";

export interface PopupAdvertView {
  id: number;
  period: string;
  image: string;
  href: string | null;
}

export function PopupAdvert({ advert }: { advert: PopupAdvertView | null }) {
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const [visible, setVisible] = useState(false);
  const [closed, setClosed] = useState(false);
  // never on top of another modal (the login modal opens from ?login=…)
  const blocked = searchParams.has("login");

  useEffect(() => {
    if (!advert) return;
    setClosed(false);
    const timer = setTimeout(() => setVisible(true), POPUP_DELAY_MS);
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
      <noscript>
        <PopupAdvertFrame advert={advert} closeHref={POPUP_CLOSED_HREF} />
      </noscript>
      {shown ? <PopupAdvertFrame advert={advert} closeHref={POPUP_CLOSED_HREF} onClose={() => setClosed(true)} /> : null}
    </>
  );
}

function PopupAdvertFrame({ advert, closeHref, onClose }: { advert: PopupAdvertView; closeHref: string; onClose?: () => void }) {
  const image = (
    <ShopImage
      src={advert.image}
      alt="活动广告"
      width={480}
      height={640}
      priority
      className="block aspect-[3/4] h-auto w-[min(360px,76vw,calc((100dvh-58px-120px)*0.75))] rounded-2xl object-cover shadow-2xl"
    />
  );
  return (
    // below the fixed header (z-40), so the header stays usable while the advert shows
    <div
      role="dialog"
      aria-label="活动广告"
      data-testid="popup-advert"
      data-advert-id={advert.id}
      data-period={advert.period}
      className="popup-mask-enter fixed inset-x-0 bottom-0 top-[58px] z-[35] flex items-center justify-center bg-black/65 px-4"
    >
      <div className="popup-enter flex flex-col items-center gap-5">
        {advert.href ? (
          <a href={advert.href} target="_blank" rel="noopener" onClick={onClose} className="block rounded-2xl">
            {image}
          </a>
        ) : (
          <div onClick={onClose}>{image}</div>
        )}
        {onClose ? (
          <button
            type="button"
            onClick={onClose}
            aria-label="关闭广告"
            className="flex h-10 w-10 items-center justify-center rounded-full border-2 border-white/80 text-white hover:border-primary-400 hover:text-primary-400"
          >
            <CloseIcon />
          </button>
        ) : (
          <a
            href={closeHref}
            aria-label="关闭广告"
            className="flex h-10 w-10 items-center justify-center rounded-full border-2 border-white/80 text-white hover:border-primary-400 hover:text-primary-400"
          >
            <CloseIcon />
          </a>
        )}
      </div>
    </div>
  );
}

function CloseIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" aria-hidden="true">
      <path d="M6 6l12 12M18 6 6 18" />
    </svg>
  );
}
