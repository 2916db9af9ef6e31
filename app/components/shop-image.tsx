import { useState, type ImgHTMLAttributes } from "react";

/** An image with fixed dimensions (no layout shift) that says 图片加载失败 when it cannot load. */
export function ShopImage({
  alt,
  src,
  className = "",
  priority = false,
  ...rest
}: ImgHTMLAttributes<HTMLImageElement> & { width: number; height: number; priority?: boolean }) {
  const [failed, setFailed] = useState(!src);
  if (failed) {
    return (
      <span role="img" aria-label="图片加载失败" className={`flex items-center justify-center bg-surface-raised text-xs text-ink-faint ${className}`}>
        图片加载失败
      </span>
    );
  }
  // React 18 does not know fetchPriority; the lowercase attribute reaches the DOM as is
  const hint = priority ? ({ fetchpriority: "high" } as Record<string, string>) : {};
  return <img src={src} alt={alt} decoding="async" onError={() => setFailed(true)} className={className} {...hint} {...rest} />;
}
