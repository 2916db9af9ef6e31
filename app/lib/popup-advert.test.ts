import { describe, expect, it } from "vitest";
import { isDue, parseRecords, pickAdvert, recordShown, serializeRecords, type PopupRecords, type Viewer } from "./popup-advert";

const everyUser = { id: 1, pop_period: "EVERY_USER" };
const everyDay = { id: 2, pop_period: "EVERY_DAY" };
const everyTime = { id: 3, pop_period: "EVERY_TIMES" };
const none: PopupRecords = { dates: [], users: [] };
const visitor = (records = none, today = "2026-11-22"): Viewer => ({ today, memberId: null, records });
const member = (records = none, today = "2026-11-22"): Viewer => ({ today, memberId: 7, records });

describe("isDue", () => {
  it.each([
    ["EVERY_TIMES always", everyTime, visitor({ dates: ["2026-11-22:3"], users: ["7:3"] }), true],
    ["EVERY_DAY when not shown today", everyDay, visitor(), true],
    ["EVERY_DAY not twice the same day", everyDay, visitor({ dates: ["2026-11-22:2"], users: [] }), false],
    ["EVERY_DAY again the next day", everyDay, visitor({ dates: ["2026-11-22:2"], users: [] }, "2026-11-23"), true],
    ["EVERY_DAY another advert's record does not count", everyDay, visitor({ dates: ["2026-11-22:9"], users: [] }), true],
    ["EVERY_USER never for a visitor", everyUser, visitor(), false],
    ["EVERY_USER for a member who has not seen it", everyUser, member(), true],
    ["EVERY_USER not twice for the same member", everyUser, member({ dates: [], users: ["7:1"] }), false],
    ["EVERY_USER not twice, even on another day", everyUser, member({ dates: [], users: ["7:1"] }, "2027-01-01"), false],
    ["EVERY_USER for another member on the same browser", everyUser, member({ dates: [], users: ["8:1"] }), true],
    ["an unknown period never", { id: 4, pop_period: "SOMETIMES" }, member(), false],
  ])("%s", (_name, advert, viewer, due) => {
    expect(isDue(advert, viewer)).toBe(due);
  });
});

describe("pickAdvert: the first entry of the service's list (spec/01 §7), when its period allows", () => {
  it("the first entry when it is due", () => {
    expect(pickAdvert([everyUser, everyDay, everyTime], member())?.id).toBe(1);
    expect(pickAdvert([everyDay, everyTime, everyUser], visitor())?.id).toBe(2);
  });
  it("no other advert in its place when the first is not due", () => {
    expect(pickAdvert([everyUser, everyDay, everyTime], visitor())).toBeNull();
    const shown = recordShown(none, 2, visitor());
    expect(pickAdvert([everyDay, everyTime], visitor(shown))).toBeNull();
    expect(pickAdvert([everyDay, everyTime], visitor(shown, "2026-11-23"))?.id).toBe(2);
  });
  it("nothing when the list is empty", () => {
    expect(pickAdvert([], member())).toBeNull();
  });
});

describe("recordShown", () => {
  it("records today's date and, for a member, the member id with the advert id", () => {
    expect(recordShown(none, 1, { today: "2026-11-22", memberId: 7 })).toEqual({ dates: ["2026-11-22:1"], users: ["7:1"] });
    expect(recordShown(none, 2, { today: "2026-11-22", memberId: null })).toEqual({ dates: ["2026-11-22:2"], users: [] });
  });
  it("keeps today's other records and drops older days", () => {
    const records = { dates: ["2026-11-21:2", "2026-11-22:3"], users: ["7:1"] };
    expect(recordShown(records, 2, { today: "2026-11-22", memberId: 7 })).toEqual({
      dates: ["2026-11-22:3", "2026-11-22:2"],
      users: ["7:2", "7:1"],
    });
  });
});

describe("the cookie values", () => {
  it("round-trip and drop malformed entries", () => {
    const records = { dates: ["2026-11-22:2", "2026-11-22:3"], users: ["7:1", "8:1"] };
    const { dates, users } = serializeRecords(records);
    expect(parseRecords(dates, users)).toEqual(records);
    expect(parseRecords("2026-11-22:2,<script>,2026-1-1:3", "7:1,x:1,")).toEqual({ dates: ["2026-11-22:2"], users: ["7:1"] });
    expect(parseRecords(undefined, undefined)).toEqual({ dates: [], users: [] });
  });
});
