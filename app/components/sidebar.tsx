import { useEffect, useState } from "react";

/** Fixed at the right: 领券中心, and 回到顶部 once the page is scrolled past 500px. */
export function Sidebar({ csChatScriptUrl }: { csChatScriptUrl: string }) {
  const [showTop, setShowTop] = useState(false);

  useEffect(() => {
    const onScroll = () => setShowTop(window.scrollY > 500);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  // the customer-service chat script lives as long as the sidebar does
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
    "flex h-16 w-16 flex-col items-center justify-center gap-1 rounded-xl bg-surface-container text-xs text-ink-muted shadow-lg ring-1 ring-surface-line hover:text-primary-400";
  return (
    <aside aria-label="快捷入口" className="fixed bottom-24 right-4 z-30 flex flex-col gap-3">
      <a href="/coupon-collection" className={item}>
        <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
          <path d="M3 8a2 2 0 0 0 2-2h14a2 2 0 0 0 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 0-2 2H5a2 2 0 0 0-2-2v-2a2 2 0 0 0 0-4Z" />
          <path d="M9 6v12" strokeDasharray="2 2" />
        </svg>
        领券中心
      </a>
      <a href="#top" className={`${item} ${showTop ? "" : "invisible"}`} aria-hidden={!showTop} tabIndex={showTop ? 0 : -1}>
        <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
          <path d="M6 14l6-6 6 6M6 19h12" />
        </svg>
        回到顶部
      </a>
    </aside>
  );
}
