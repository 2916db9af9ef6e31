import { describe, expect, it } from "vitest";
import { dueToday, recordRest, recordToday } from "./once-a-day.server";
import { createAppLoadContext } from "./session.server";
import { testBasics } from "../../tests/support/request-basics";

const contextOf = (cookie = "") => createAppLoadContext(new Request("http://shop.local/", { headers: { cookie } }), testBasics());
// 2026-11-24 23:30 and 2026-11-25 00:30 in Shanghai
const lateEvening = Date.UTC(2026, 10, 24, 15, 30);
const afterMidnight = Date.UTC(2026, 10, 24, 16, 30);

describe("the once-a-day trigger", () => {
  it("is due on a first visit and records the shop's day as YYYY-MM-DD", async () => {
    const context = await contextOf();
    expect(dueToday(context, "couponPopup", lateEvening)).toBe(true);
    const set = context.session.setCookieHeaders();
    expect(set).toHaveLength(1);
    expect(set[0]).toMatch(/^coupon_popup=2026-11-24;/);
  });

  it("is not due again the same day, and records nothing", async () => {
    const context = await contextOf("coupon_popup=2026-11-24");
    expect(dueToday(context, "couponPopup", lateEvening)).toBe(false);
    expect(context.session.setCookieHeaders()).toEqual([]);
  });

  it("is due again after midnight in Shanghai, whatever the machine's time zone", async () => {
    const context = await contextOf("coupon_popup=2026-11-24");
    expect(dueToday(context, "couponPopup", afterMidnight)).toBe(true);
    expect(context.session.setCookieHeaders()[0]).toMatch(/^coupon_popup=2026-11-25;/);
  });

  it("treats any other value as not run today", async () => {
    const context = await contextOf("coupon_popup=shown");
    expect(dueToday(context, "couponPopup", lateEvening)).toBe(true);
  });

  it("keeps what the caller records after the day: not due again that day, and the rest reads back", async () => {
    const context = await contextOf(`coupon_popup=${encodeURIComponent("2026-11-24|C1,C2")}`);
    expect(dueToday(context, "couponPopup", lateEvening)).toBe(false);
    expect(recordRest(context, "couponPopup")).toBe("C1,C2");
    recordToday(context, "couponPopup", "", lateEvening);
    expect(context.session.setCookieHeaders()[0]).toMatch(/^coupon_popup=2026-11-24;/);
  });
});
