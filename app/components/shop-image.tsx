import { useEffect, useRef, useState, type ImgHTMLAttributes } from "react";

/**
 * An image with fixed dimensions (no layout shift) that says 图片加载失败 when it cannot load
 * (spec/01 §2). A failure before hydration is caught too: the element is checked once React runs.
 */
export function ShopImage({
  alt,
  src,
  className = "",
  priority = false,
  style,
  ...rest
}: ImgHTMLAttributes<HTMLImageElement> & { width: number; height: number; priority?: boolean }) {
  const [failed, setFailed] = useState(!src);
  const img = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const el = img.current;
    if (el && el.complete && el.naturalWidth === 0 && el.currentSrc) setFailed(true);
  }, []);
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
