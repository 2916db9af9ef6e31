import { describe, expect, it } from "vitest";
import { ceilMinutes, ceilSeconds, waitBeforeNext } from "./rate-window";

const NOW = 1_000_000;

describe("waitBeforeNext", () => {
  it.each([
    { times: [], windowMs: 60_000, max: 1, wait: 0, case: "nothing yet" },
    { times: [NOW - 10_000], windowMs: 60_000, max: 1, wait: 50_000, case: "one event 10 s ago, one per minute" },
    { times: [NOW - 60_000], windowMs: 60_000, max: 1, wait: 0, case: "exactly one window ago" },
    { times: [NOW - 59_999], windowMs: 60_000, max: 1, wait: 1, case: "1 ms before the window ends" },
    { times: [NOW - 30_000, NOW - 20_000], windowMs: 60_000, max: 3, wait: 0, case: "under the cap" },
    { times: [NOW - 30_000, NOW - 20_000, NOW - 5_000], windowMs: 60_000, max: 3, wait: 30_000, case: "at the cap: the oldest must leave" },
    {
      times: [NOW - 50_000, NOW - 30_000, NOW - 20_000, NOW - 5_000],
      windowMs: 60_000,
      max: 3,
      wait: 30_000,
      case: "over the cap: all but the newest two must leave",
    },
    { times: [NOW - 90_000, NOW - 5_000], windowMs: 60_000, max: 2, wait: 0, case: "old events do not count" },
    { times: [NOW + 5_000], windowMs: 60_000, max: 1, wait: 0, case: "future events (clock moved back) do not count" },
    { times: [NOW - 5_000, NOW - 30_000], windowMs: 60_000, max: 2, wait: 30_000, case: "unsorted input" },
    { times: [], windowMs: 60_000, max: 0, wait: 60_000, case: "a cap of zero never allows" },
  ])("$case → $wait ms", ({ times, windowMs, max, wait }) => {
    expect(waitBeforeNext(times, NOW, windowMs, max)).toBe(wait);
  });
});

describe("rounding a wait up", () => {
  it.each([
    [1, 1, 1],
    [1000, 1, 1],
    [1001, 2, 1],
    [59_001, 60, 1],
    [60_001, 61, 2],
    [0, 1, 1],
  ])("%i ms → %i s, %i min", (ms, seconds, minutes) => {
    expect(ceilSeconds(ms)).toBe(seconds);
    expect(ceilMinutes(ms)).toBe(minutes);
  });
});
