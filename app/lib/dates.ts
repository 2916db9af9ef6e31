// The one place dates are formatted: dayjs in Chinese, Asia/Shanghai, so server and browser
// render the same text.
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";
import "dayjs/locale/zh-cn.js";

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale("zh-cn");

export const SHOP_TIMEZONE = "Asia/Shanghai";

export function shopTime(ms: number) {
  return dayjs(ms).tz(SHOP_TIMEZONE);
}

/** "2026-11-22 18:05:09" */
export function formatDateTime(ms: number | null | undefined): string {
  return ms ? shopTime(ms).format("YYYY-MM-DD HH:mm:ss") : "";
}

/** "2026.11.22" (coupon validity) */
export function formatDotDate(ms: number): string {
  return shopTime(ms).format("YYYY.MM.DD");
}

/** "YYYY-MM-DD" of the shop's calendar day (the once-a-day records). */
export function shopDay(ms: number): string {
  return shopTime(ms).format("YYYY-MM-DD");
}
