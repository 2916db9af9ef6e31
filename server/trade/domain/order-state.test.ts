import { describe, expect, it } from "vitest";
import { eventBetween, nextStatus, ORDER_STATUSES, remainingMinutes, type OrderEvent, type OrderStatus } from "./order-state";

// Every allowed transition; every other (status, event) pair must be refused.
const ALLOWED: [OrderStatus, OrderEvent, OrderStatus][] = [
  ["INIT", "CREATED", "WAIT_PAY"],
  ["WAIT_PAY", "PAID", "PAY_SUCCESS"],
  ["PAY_FAIL", "PAID", "PAY_SUCCESS"],
  ["WAIT_PAY", "PAY_FAILED", "PAY_FAIL"],
  ["PAY_FAIL", "REISSUE_PAY", "WAIT_PAY"],
  ["WAIT_PAY", "REISSUE_PAY", "WAIT_PAY"],
  ["WAIT_PAY", "CLOSE", "CLOSE"],
  ["PAY_FAIL", "CLOSE", "CLOSE"],
  ["WAIT_PAY", "EXPIRE", "CLOSE"],
  ["PAY_FAIL", "EXPIRE", "CLOSE"],
  ["PAY_SUCCESS", "START_SENDING", "SENDING"],
  ["SENDING", "DELIVERED", "SEND_SUCCESS"],
  ["SEND_SUCCESS", "REFUND_PART", "PART_REFUND"],
  ["PART_REFUND", "REFUND_PART", "PART_REFUND"],
  ["SEND_SUCCESS", "REFUND_ALL", "ALL_REFUND"],
  ["PART_REFUND", "REFUND_ALL", "ALL_REFUND"],
  ["SENDING", "REFUND_ALL", "ALL_REFUND"],
];
const EVENTS: OrderEvent[] = ["CREATED", "PAID", "PAY_FAILED", "REISSUE_PAY", "CLOSE", "EXPIRE", "START_SENDING", "DELIVERED", "REFUND_PART", "REFUND_ALL"];

describe("order state machine", () => {
  it.each(ALLOWED)("%s --%s--> %s", (from, event, to) => {
    expect(nextStatus(from, event)).toBe(to);
  });

  const refused = ORDER_STATUSES.flatMap((from) =>
    EVENTS.filter((event) => !ALLOWED.some(([f, e]) => f === from && e === event)).map((event) => [from, event] as const),
  );
  it.each(refused)("refuses %s --%s-->", (from, event) => {
    expect(nextStatus(from, event)).toBeNull();
  });

  it("covers the whole table: allowed plus refused is every pair", () => {
    expect(ALLOWED.length + refused.length).toBe(ORDER_STATUSES.length * EVENTS.length);
  });

  it.each([
    ["WAIT_PAY", "PAY_SUCCESS", "PAID"],
    ["SEND_SUCCESS", "ALL_REFUND", "REFUND_ALL"],
    ["SEND_SUCCESS", "WAIT_PAY", null],
    ["CLOSE", "PAY_SUCCESS", null],
    ["WAIT_PAY", "WAIT_PAY", null],
  ] as const)("finds the event from %s to %s: %s", (from, to, event) => {
    expect(eventBetween(from, to)).toBe(event);
  });
});

describe("remainingMinutes", () => {
  it.each([
    ["WAIT_PAY", 15 * 60_000, 15],
    ["WAIT_PAY", 60_001, 2],
    ["WAIT_PAY", 1, 1],
    ["WAIT_PAY", 0, 0],
    ["WAIT_PAY", -5_000, 0],
    ["PAY_FAIL", 120_000, 2],
    ["PAY_SUCCESS", 120_000, 0],
    ["CLOSE", 120_000, 0],
  ] as const)("%s with %i ms left shows %i minutes", (status, left, minutes) => {
    expect(remainingMinutes(status, 1_000_000 + left, 1_000_000)).toBe(minutes);
  });
});
