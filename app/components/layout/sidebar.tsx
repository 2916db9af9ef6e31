import { useEffect, useState } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { useShopHref } from "~/hooks/use-shop-href";

export const BACK_TO_TOP_AFTER_PX = 500;

/**
 * Fixed at the right (spec/01 §2 "Sidebar"): 领券中心, and 回到顶部 once the page is scrolled past
 * 500 px (with JavaScript by the scroll position; without it by a CSS scroll timeline where the
 * browser has one). On a phone nothing floats over a price or a primary action (decision 027): the
 * entries are a row at the end of the page, above the footer, with the chat bubble (app.css). The
 * customer-service chat script lives exactly as long as the sidebar.
 */
export function Sidebar({ csChatScriptUrl }: { csChatScriptUrl: string }) {
  const shopHref = useShopHref();
  const hydrated = useHydrated();
  const [showTop, setShowTop] = useState(false);

  useEffect(() => {
    const onScroll = () => setShowTop(window.scrollY > BACK_TO_TOP_AFTER_PX);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  useEffect(() => {
    const script = document.createElement("script");
    script.src = csChatScriptUrl;
    script.async = true;
    script.dataset.csChat = "";
    document.body.appendChild(script);
    return () => {
      script.remove();
      document.getElementById("cs-chat")?.remove();
    };
  }, [csChatScriptUrl]);

  const item =
    "flex h-16 w-16 flex-col items-center justify-center gap-1 rounded-xl bg-surface-container text-xs text-ink-muted shadow-lg ring-1 ring-surface-line transition hover:text-primary-400 hover:ring-primary-500/60 max-sm:h-12 max-sm:w-12 max-sm:gap-0.5 max-sm:text-[10px]";
  const topState = hydrated
    ? { className: showTop ? "" : "invisible opacity-0", "aria-hidden": !showTop, tabIndex: showTop ? 0 : -1 }
    : { className: "back-to-top-css" };
  return (
    <aside aria-label="快捷入口" className="fixed bottom-24 right-4 z-30 flex flex-col gap-3 max-sm:static max-sm:mt-8 max-sm:flex-row max-sm:justify-center">
      <a href={shopHref("/coupon-collection")} className={item}>
        <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
          <path d="M3 8a2 2 0 0 0 2-2h14a2 2 0 0 0 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 0-2 2H5a2 2 0 0 0-2-2v-2a2 2 0 0 0 0-4Z" />
          <path d="M9 6v12" strokeDasharray="2 2" />
        </svg>
        领券中心
      </a>
      <a
        href="#top"
        data-testid="back-to-top"
        onClick={(event) => {
          event.preventDefault();
          window.scrollTo({ top: 0, behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
        }}
        {...topState}
        className={`${item} ${topState.className}`}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
          <path d="M6 14l6-6 6 6M6 19h12" />
        </svg>
        回到顶部
      </a>
    </aside>
  );
}
