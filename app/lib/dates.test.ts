import { describe, expect, it } from "vitest";
import { formatDateTime, formatDotDate, shopDay } from "./dates";

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
});
