import { useEffect, useRef, useState, type ImgHTMLAttributes } from "react";

/**
 * An image with fixed dimensions (no layout shift) that says 图片加载失败 when it cannot load
 * (spec/01 §2). A failure before hydration is caught too: the element is checked once React runs.
 * Without a `src` (goods whose cover is not uploaded yet) a neutral placeholder named by `alt` takes its place.
 */
export function ShopImage({
  alt,
  src,
  className = "",
  priority = false,
  style,
  ...rest
}: ImgHTMLAttributes<HTMLImageElement> & { width: number; height: number; priority?: boolean }) {
  const [failed, setFailed] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const el = img.current;
    if (el && el.complete && el.naturalWidth === 0 && el.currentSrc) setFailed(true);
  }, []);
  if (!src) {
    // an image nobody gave (goods without a cover yet): nothing failed, the place keeps its size and the shop's mark
    return (
      <span
        role="img"
        aria-label={alt || "暂无图片"}
        className={`flex items-center justify-center bg-surface-raised text-ink-faint ${className}`}
        style={{ aspectRatio: `${rest.width} / ${rest.height}`, ...style }}
      >
        <svg width="40%" viewBox="0 0 32 32" aria-hidden="true" className="max-w-16 opacity-40">
          <path
            d="M9 12.5h14a3.5 3.5 0 0 1 3.4 4.3l-1 4.3a2.7 2.7 0 0 1-4.6 1.2L18.7 20h-5.4l-2.1 2.3a2.7 2.7 0 0 1-4.6-1.2l-1-4.3A3.5 3.5 0 0 1 9 12.5Z"
            fill="currentColor"
          />
        </svg>
      </span>
    );
  }
  if (failed) {
    return (
      <span
        role="img"
        aria-label="图片加载失败"
        className={`flex items-center justify-center bg-surface-raised text-xs text-ink-faint ${className}`}
        style={{ aspectRatio: `${rest.width} / ${rest.height}`, ...style }}
      >
        图片加载失败
      </span>
    );
  }
  // React 18 does not know fetchPriority; the lowercase attribute reaches the DOM as is
  const hint = priority ? ({ fetchpriority: "high" } as Record<string, string>) : {};
  return (
    <img ref={img} src={src} alt={alt} decoding="async" onError={() => setFailed(true)} className={`shop-img ${className}`} style={style} {...hint} {...rest} />
  );
}
