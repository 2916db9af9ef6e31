import { describe, expect, it } from "vitest";
import { addressLoginRefusal, LOGIN_LOCK, lockedUntil, type Attempt } from "./login-lock";

const NOW = 10_000_000_000;
const MIN = 60_000;
const fail = (minutesAgo: number): Attempt => ({ at: NOW - minutesAgo * MIN, success: false });
const ok = (minutesAgo: number): Attempt => ({ at: NOW - minutesAgo * MIN, success: true });

describe("lockedUntil", () => {
  it.each([
    { case: "no attempts", attempts: [], stored: null, expected: null },
    { case: "4 failures", attempts: [fail(4), fail(3), fail(2), fail(1)], stored: null, expected: null },
    { case: "5 failures within 15 minutes", attempts: [fail(5), fail(4), fail(3), fail(2), fail(1)], stored: null, expected: NOW + 14 * MIN },
    { case: "the 5th failure just now", attempts: [fail(4), fail(3), fail(2), fail(1), fail(0)], stored: null, expected: NOW + 15 * MIN },
    { case: "5 failures spread over more than 15 minutes", attempts: [fail(20), fail(14), fail(10), fail(5), fail(1)], stored: null, expected: null },
    { case: "a success in between clears the count", attempts: [fail(5), fail(4), ok(3), fail(2), fail(1)], stored: null, expected: null },
    { case: "a lock that has ended", attempts: [fail(20), fail(19), fail(18), fail(17), fail(16)], stored: null, expected: null },
    {
      case: "attempts during a lock do not extend it",
      attempts: [fail(20), fail(19), fail(18), fail(17), fail(16), fail(10), fail(8), fail(6), fail(4)],
      stored: null,
      expected: null,
    },
    {
      case: "after a lock ends, 5 new failures lock again",
      attempts: [fail(40), fail(39), fail(38), fail(37), fail(36), fail(15), fail(5), fail(4), fail(3), fail(2)],
      stored: null,
      expected: NOW + 13 * MIN,
    },
    { case: "a stored lock in the future", attempts: [], stored: NOW + 3 * MIN, expected: NOW + 3 * MIN },
    {
      case: "a stored lock that has ended forgives the failures before it",
      attempts: [fail(14), fail(13), fail(12), fail(11), fail(10)],
      stored: NOW - 9 * MIN,
      expected: null,
    },
    { case: "attempts in the future are ignored", attempts: [fail(-1), fail(-2), fail(-3), fail(-4), fail(-5)], stored: null, expected: null },
  ])("$case", ({ attempts, stored, expected }) => {
    expect(lockedUntil(attempts, NOW, stored)).toBe(expected);
  });

  it("does not depend on the order of the history", () => {
    const attempts = [fail(1), fail(5), fail(3), fail(2), fail(4)];
    expect(lockedUntil(attempts, NOW)).toBe(NOW + 14 * MIN);
  });
});

describe("addressLoginRefusal", () => {
  const failures = (count: number) => Array.from({ length: count }, (_, i) => NOW - (14 - i * 0.5) * MIN);
  it.each([
    { count: 0, expected: null },
    { count: LOGIN_LOCK.maxFailuresPerAddress - 1, expected: null },
    { count: LOGIN_LOCK.maxFailuresPerAddress, expected: "登录失败次数过多，请1分钟后再试" },
  ])("$count failures → $expected", ({ count, expected }) => {
    expect(addressLoginRefusal(failures(count), NOW, LOGIN_LOCK.maxFailuresPerAddress)).toBe(expected);
  });
});
