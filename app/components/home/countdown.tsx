import { useEffect, useState } from "react";
import { ShopImage } from "~/components/shop-image";

export interface CountdownSetting {
  open: boolean;
  count_down_start?: number;
  count_down_end?: number;
  server_time: number;
  font_color?: string;
  background_style?: string;
  timer_image?: string;
}

/** Remaining ms by server time: 0 once the start time is reached, else end − server time (spec/01 §4). */
export function remainingMs({ count_down_start, count_down_end, server_time }: CountdownSetting): number {
  if (count_down_start !== undefined && count_down_start <= server_time) return 0;
  return Math.max(0, ((count_down_end ?? server_time) - server_time) * 1000);
}

/** Day (only above zero), hours, minutes, seconds as two-digit cells. */
export function countdownCells(ms: number): string[] {
  const total = Math.floor(ms / 1000);
  const days = Math.floor(total / 86400);
  const cells = [Math.floor((total % 86400) / 3600), Math.floor((total % 3600) / 60), total % 60].map((n) => String(n).padStart(2, "0"));
  return days > 0 ? [String(days).padStart(2, "0"), ...cells] : cells;
}

function luminance(hex: string): number | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1].length === 3 ? m[1].replace(/./g, "$&$&") : m[1];
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/**
 * The cells' text colour: the block's font_color, unless it is hard to read (below 4.5:1) on the
 * block's background_style; then white or near-black, whichever reads better.
 */
export function readableColor(fg: string | undefined, bg: string | undefined): string {
  const text = fg || "#FFFFFF";
  const back = bg ? luminance(bg) : null;
  const front = luminance(text);
  if (back === null || front === null || contrast(front, back) >= 4.5) return text;
  return contrast(1, back) >= contrast(luminance("#161616")!, back) ? "#FFFFFF" : "#161616";
}

/**
 * Two-digit cells separated by a fullwidth colon (spec/01 §4), coloured by the block's setting, with
 * the timer image as a badge in front when the block has one. The server renders the remaining
 * time by server_time; the browser then ticks it down and calls onFinish at zero.
 */
export function Countdown({ setting, onFinish, className = "" }: { setting: CountdownSetting; onFinish?: () => void; className?: string }) {
  const [left, setLeft] = useState(() => remainingMs(setting));
  useEffect(() => {
    const endsAt = Date.now() + remainingMs(setting);
    if (endsAt <= Date.now()) return;
    const timer = setInterval(() => {
      const ms = Math.max(0, endsAt - Date.now());
      setLeft(ms);
      if (ms === 0) {
        clearInterval(timer);
        onFinish?.();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [setting, onFinish]);
  const cells = countdownCells(left);
  const label = cells.length === 4 ? `${cells[0]}天${cells[1]}时${cells[2]}分${cells[3]}秒` : `${cells[0]}时${cells[1]}分${cells[2]}秒`;
  const cellStyle = {
    color: readableColor(setting.font_color, setting.background_style || "#000000"),
    background: setting.background_style || "rgba(0,0,0,.6)",
  };
  return (
    <span className={`inline-flex h-8 items-center overflow-hidden rounded-full bg-surface-sunken pr-1.5 ring-1 ring-primary-500/70 ${className}`}>
      {setting.timer_image ? (
        // the seed's timer image is a pill whose left part reads 限时: show that part as a badge
        <span className="h-8 w-[50px] shrink-0 overflow-hidden" aria-hidden="true">
          <ShopImage src={setting.timer_image} alt="" width={128} height={32} className="h-8 w-32 max-w-none" />
        </span>
      ) : (
        <span className="pl-3 pr-1 text-xs font-medium text-primary-300">限时</span>
      )}
      <span className="ml-1.5 inline-flex items-center font-mono text-sm" role="timer" aria-label={`剩余 ${label}`}>
        {cells.map((cell, i) => (
          <span key={i} className="inline-flex items-center" aria-hidden="true">
            {i > 0 ? <span className="px-0.5 text-ink-muted">：</span> : null}
            <span className="min-w-[1.625rem] rounded px-1 py-0.5 text-center font-semibold tabular-nums leading-5" style={cellStyle}>
              {cell}
            </span>
          </span>
        ))}
      </span>
    </span>
  );
}
