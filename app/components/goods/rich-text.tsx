import { useEffect, useRef } from "react";
import { cardClass } from "~/components/ui/card";

const IMAGE_FAILED = "图片加载失败";

/**
 * The goods page's introduction (sanitized HTML, server-only/sanitize.server.ts). Its pictures fail
 * like every other image (spec/01 §2, parity F21): app.css draws 图片加载失败 over a broken one, with or
 * without JavaScript; once hydrated, a picture that failed (before or after) is also named so, as
 * ShopImage's placeholder is, instead of by its description's alt.
 */
export function RichText({ html }: { html: string }) {
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = section.current;
    if (!el) return;
    const markFailed = (img: HTMLImageElement) => img.setAttribute("alt", IMAGE_FAILED);
    for (const img of el.querySelectorAll("img")) if (img.complete && img.naturalWidth === 0 && img.currentSrc) markFailed(img);
    // error events do not bubble: listen while they go down (lazy pictures fail later)
    const onError = (event: Event) => {
      if (event.target instanceof HTMLImageElement) markFailed(event.target);
    };
    el.addEventListener("error", onError, true);
    return () => el.removeEventListener("error", onError, true);
  }, [html]);
  return <section ref={section} aria-label="商品介绍" className={cardClass("lg", "rich-text")} dangerouslySetInnerHTML={{ __html: html }} />;
}
