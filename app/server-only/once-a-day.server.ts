// spec/01 §4's once-per-day trigger: an action runs only if it has not run on the current calendar
// day. The day of its last run, YYYY-MM-DD in the shop's time zone (spec/01 §9), is kept in a
// cookie instead of local storage, so the server can decide without JavaScript (spec/03 §8).
import type { AppLoadContext } from "@remix-run/node";
import { shopDay } from "../../shared/shop-time";
import type { PlainCookie } from "./cookies.server";

/**
 * Whether the action kept in `cookie` is due: true when it has not run today, and then today is
 * recorded (the caller runs the action; a failed run still counts, as in the original client).
 * The caller may keep more in the record after the day and a `|` (recordRest).
 */
export function dueToday(context: AppLoadContext, cookie: PlainCookie, now = Date.now()): boolean {
  const today = shopDay(now);
  if (context.session.get(cookie)?.split("|")[0] === today) return false;
  context.session.set(cookie, today);
  return true;
}

/** What the caller kept after the day: the record is `YYYY-MM-DD|rest`. */
export function recordRest(context: AppLoadContext, cookie: PlainCookie): string {
  return context.session.get(cookie)?.split("|")[1] ?? "";
}

/** Records today with `rest` kept after it. */
export function recordToday(context: AppLoadContext, cookie: PlainCookie, rest: string, now = Date.now()): void {
  context.session.set(cookie, rest ? `${shopDay(now)}|${rest}` : shopDay(now));
}
