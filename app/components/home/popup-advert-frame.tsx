// The popup advert's frame (popup-advert.tsx decides when it shows): the image leading to the
// advert's link and the close button, a link without JavaScript.
import type { PopupAdvertView } from "~/lib/popup-advert";
import { ShopImage } from "~/components/shop-image";

export function PopupAdvertFrame({ advert, closeHref, onClose }: { advert: PopupAdvertView; closeHref: string; onClose?: () => void }) {
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
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- a click on the artwork closes it; keyboards use the 关闭广告 button
          <div onClick={onClose}>{image}</div>
        )}
        {onClose ? (
          <button
            type="button"
            onClick={onClose}
            aria-label="关闭广告"
            className="flex h-11 w-11 items-center justify-center rounded-full border-2 border-white/80 text-white hover:border-primary-400 hover:text-primary-400"
          >
            <CloseIcon />
          </button>
        ) : (
          <a
            href={closeHref}
            aria-label="关闭广告"
            className="flex h-11 w-11 items-center justify-center rounded-full border-2 border-white/80 text-white hover:border-primary-400 hover:text-primary-400"
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
