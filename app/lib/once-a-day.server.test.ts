import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { dueToday } from "./once-a-day.server";

const request = (cookie = "") => new Request("http://shop.local/", { headers: { cookie } });
function capture() {
  const set: string[] = [];
  return { set, context: { appendSetCookie: (c: string) => void set.push(c) } as unknown as AppLoadContext };
}
// 2026-11-24 23:30 and 2026-11-25 00:30 in Shanghai
const lateEvening = Date.UTC(2026, 10, 24, 15, 30);
const afterMidnight = Date.UTC(2026, 10, 24, 16, 30);

describe("the once-a-day trigger", () => {
  it("is due on a first visit and records the shop's day as YYYY-MM-DD", () => {
    const { set, context } = capture();
    expect(dueToday(request(), context, "couponPopup", lateEvening)).toBe(true);
    expect(set).toHaveLength(1);
    expect(set[0]).toMatch(/^coupon_popup=2026-11-24;/);
  });

  it("is not due again the same day, and records nothing", () => {
    const { set, context } = capture();
    expect(dueToday(request("coupon_popup=2026-11-24"), context, "couponPopup", lateEvening)).toBe(false);
    expect(set).toEqual([]);
  });

  it("is due again after midnight in Shanghai, whatever the machine's time zone", () => {
    const { set, context } = capture();
    expect(dueToday(request("coupon_popup=2026-11-24"), context, "couponPopup", afterMidnight)).toBe(true);
    expect(set[0]).toMatch(/^coupon_popup=2026-11-25;/);
  });

  it("treats any other value as not run today", () => {
    const { context } = capture();
    expect(dueToday(request("coupon_popup=shown"), context, "couponPopup", lateEvening)).toBe(true);
  });
});
