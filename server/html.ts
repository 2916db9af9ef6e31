// Small helpers for the server-rendered pages outside Remix (/dev, /mock-pay).
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";

dayjs.extend(utc);
dayjs.extend(timezone);

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

export function formatTime(ms: number): string {
  return dayjs(ms).tz("Asia/Shanghai").format("YYYY-MM-DD HH:mm:ss");
}
