import { useEffect, useState } from "react";

export interface CountdownSetting {
  open: boolean;
  count_down_start?: number;
  count_down_end?: number;
  server_time: number;
  font_color?: string;
}

/** Remaining ms by server time: 0 once the start time is reached, else end − server time (spec 01 §4). */
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

export function Countdown({ setting, onFinish }: { setting: CountdownSetting; onFinish?: () => void }) {
  const [left, setLeft] = useState(() => remainingMs(setting));
  useEffect(() => {
    const endsAt = Date.now() + remainingMs(setting);
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
  return (
    <span className="inline-flex items-center gap-1 font-mono text-sm" role="timer" aria-label={`剩余 ${label}`} style={{ color: setting.font_color }}>
      {cells.map((cell, i) => (
        <span key={i} className="inline-flex items-center gap-1">
          {i > 0 ? <span aria-hidden="true">：</span> : null}
          <span className="rounded bg-black/60 px-1.5 py-0.5 tabular-nums text-white">{cell}</span>
        </span>
      ))}
    </span>
  );
}
