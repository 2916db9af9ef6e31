// The shop's calendar and clock (Asia/Shanghai) for the storefront, the services and the seed, so
// that no rule depends on the machine's time zone (process.env.TZ). Shanghai has kept UTC+8
// without daylight saving since 1991, so a fixed offset is exact for every date the shop handles;
// this also keeps dayjs and its time-zone plugins out of the browser (decision 010).

export const SHOP_TIMEZONE = "Asia/Shanghai";
export const SHOP_OFFSET_MS = 8 * 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The wall clock of the shop at `ms`: year, month (1–12), day, hours, minutes, seconds. */
export function shopClock(ms: number) {
  const d = new Date(ms + SHOP_OFFSET_MS);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hours: d.getUTCHours(),
    minutes: d.getUTCMinutes(),
    seconds: d.getUTCSeconds(),
  };
}

/** The shop's calendar day of `ms` as a number (days since 1970-01-01 in Shanghai): differences count days. */
export function shopDayNumber(ms: number): number {
  return Math.floor((ms + SHOP_OFFSET_MS) / DAY_MS);
}

/** Midnight in Shanghai of the calendar day that `ms` falls in, as epoch ms. */
export function shopDayStart(ms: number): number {
  return shopDayNumber(ms) * DAY_MS - SHOP_OFFSET_MS;
}

/** "2026-11-22 18:05:09" */
export function formatDateTime(ms: number | null | undefined): string {
  if (!ms) return "";
  const t = shopClock(ms);
  return `${shopDay(ms)} ${pad(t.hours)}:${pad(t.minutes)}:${pad(t.seconds)}`;
}

/** "2026.11.22" (coupon validity, spec/01 §9) */
export function formatDotDate(ms: number): string {
  const t = shopClock(ms);
  return `${pad(t.year, 4)}.${pad(t.month)}.${pad(t.day)}`;
}

/** "YYYY-MM-DD" of the shop's calendar day (the once-a-day records). */
export function shopDay(ms: number): string {
  const t = shopClock(ms);
  return `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}`;
}

/** "YYYYMMDD" of the shop's calendar day (the day part of order numbers). */
export function compactShopDay(ms: number): string {
  const t = shopClock(ms);
  return `${pad(t.year, 4)}${pad(t.month)}${pad(t.day)}`;
}

/** "2026-11-22T18:05": what a datetime-local field shows for `ms` on the shop's clock. */
export function shopInputValue(ms: number): string {
  const t = shopClock(ms);
  return `${shopDay(ms)}T${pad(t.hours)}:${pad(t.minutes)}`;
}

/** The moment a datetime-local field's "YYYY-MM-DDTHH:mm" (seconds allowed) names on the shop's clock; null when it names none. */
export function shopTimeOfInput(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hours, minutes, seconds] = m.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number];
  const ms = Date.UTC(year, month - 1, day, hours, minutes, seconds) - SHOP_OFFSET_MS;
  const t = shopClock(ms);
  // 2026-02-30 or 25:00 roll over into another day or hour: not a time the operator meant
  return t.year === year && t.month === month && t.day === day && t.hours === hours && t.minutes === minutes ? ms : null;
}
