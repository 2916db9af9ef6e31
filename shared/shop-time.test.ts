import { describe, expect, it } from "vitest";
import { compactShopDay, formatDateTime, formatDotDate, shopDay, shopDayNumber, shopDayStart, shopInputValue, shopTimeOfInput } from "./shop-time";

describe("dates in Asia/Shanghai", () => {
  // 2026-11-21T16:30:00Z is 00:30 on the 22nd in Shanghai
  const ms = Date.UTC(2026, 10, 21, 16, 30, 0);
  it("formats in the shop's time zone whatever the machine's", () => {
    expect(formatDateTime(ms)).toBe("2026-11-22 00:30:00");
    expect(formatDotDate(ms)).toBe("2026.11.22");
    expect(shopDay(ms)).toBe("2026-11-22");
  });
  it("shows nothing for a missing time", () => {
    expect(formatDateTime(null)).toBe("");
  });
  it.each([
    // the last second of a Shanghai day and the first of the next
    [Date.UTC(2026, 10, 21, 15, 59, 59), "2026-11-21 23:59:59"],
    [Date.UTC(2026, 10, 21, 16, 0, 0), "2026-11-22 00:00:00"],
    // a year boundary, a leap day, a summer date (no daylight saving in Shanghai)
    [Date.UTC(2026, 11, 31, 16, 0, 0), "2027-01-01 00:00:00"],
    [Date.UTC(2028, 1, 28, 20, 5, 9), "2028-02-29 04:05:09"],
    [Date.UTC(2026, 6, 1, 4, 0, 0), "2026-07-01 12:00:00"],
  ])("%i reads %s, as the platform's own zone database says", (at, text) => {
    expect(formatDateTime(at)).toBe(text);
    const intl = new Intl.DateTimeFormat("sv-SE", {
      timeZone: "Asia/Shanghai",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    }).format(at);
    expect(intl).toBe(text);
  });
  it("counts calendar days of the shop, not 24-hour periods", () => {
    const lateEvening = Date.UTC(2026, 10, 21, 15, 0, 0); // 23:00 on the 21st
    const earlyMorning = Date.UTC(2026, 10, 21, 17, 0, 0); // 01:00 on the 22nd
    expect(shopDayNumber(earlyMorning) - shopDayNumber(lateEvening)).toBe(1);
    expect(shopDayNumber(ms + 23 * 3600_000) - shopDayNumber(ms)).toBe(0);
  });
  it.each([
    // noon, midnight itself, the last millisecond before it, the last of the day
    [Date.UTC(2026, 10, 22, 4, 0, 0), Date.UTC(2026, 10, 21, 16, 0, 0)],
    [Date.UTC(2026, 10, 21, 16, 0, 0), Date.UTC(2026, 10, 21, 16, 0, 0)],
    [Date.UTC(2026, 10, 21, 15, 59, 59, 999), Date.UTC(2026, 10, 20, 16, 0, 0)],
    [Date.UTC(2026, 10, 22, 15, 59, 59, 999), Date.UTC(2026, 10, 21, 16, 0, 0)],
  ])("the shop's day of %i starts at %i", (at, start) => {
    expect(shopDayStart(at)).toBe(start);
  });
  it.each([
    [Date.UTC(2026, 10, 21, 15, 59, 59), "20261121"],
    [Date.UTC(2026, 10, 21, 16, 0, 0), "20261122"],
    [Date.UTC(2026, 11, 31, 16, 0, 0), "20270101"],
  ])("the order-number day of %i is %s", (at, text) => {
    expect(compactShopDay(at)).toBe(text);
  });
});

describe("times an operator types (datetime-local, on the shop's clock)", () => {
  it.each([
    ["2026-11-22T00:30", Date.UTC(2026, 10, 21, 16, 30)],
    ["2026-11-22 00:30:15", Date.UTC(2026, 10, 21, 16, 30, 15)],
    ["2027-01-01T07:59", Date.UTC(2026, 11, 31, 23, 59)],
  ])("%s is %i", (text, ms) => {
    expect(shopTimeOfInput(text)).toBe(ms);
  });
  it.each(["", "2026-02-30T10:00", "2026-11-22T24:00", "2026-13-01T10:00", "2026/11/22 10:00", "明天", "2026-11-22"])("%j names no time", (text) => {
    expect(shopTimeOfInput(text)).toBeNull();
  });
  it("shows a moment as the field's value, whatever the machine's zone", () => {
    expect(shopInputValue(Date.UTC(2026, 10, 21, 16, 30, 59))).toBe("2026-11-22T00:30");
    expect(shopTimeOfInput(shopInputValue(Date.UTC(2026, 10, 21, 16, 30)))).toBe(Date.UTC(2026, 10, 21, 16, 30));
  });
});
