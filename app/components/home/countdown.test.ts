import { describe, expect, it } from "vitest";
import { countdownCells, readableColor, remainingMs } from "./countdown";

describe("remainingMs", () => {
  it.each([
    [{ open: true, count_down_end: 1_000_100, server_time: 1_000_000 }, 100_000],
    [{ open: true, count_down_end: 999_000, server_time: 1_000_000 }, 0],
    [{ open: true, count_down_start: 999_999, count_down_end: 1_000_100, server_time: 1_000_000 }, 0],
    [{ open: true, count_down_start: 1_000_001, count_down_end: 1_000_100, server_time: 1_000_000 }, 100_000],
  ])("%j leaves %i ms", (setting, ms) => {
    expect(remainingMs(setting)).toBe(ms);
  });
});

describe("countdownCells", () => {
  it.each([
    [0, ["00", "00", "00"]],
    [59_000, ["00", "00", "59"]],
    [3_661_000, ["01", "01", "01"]],
    [86_399_000, ["23", "59", "59"]],
    [86_400_000, ["01", "00", "00", "00"]],
    [2 * 86_400_000 + 5_000, ["02", "00", "00", "05"]],
  ])("%i ms shows %j (days only above zero)", (ms, cells) => {
    expect(countdownCells(ms)).toEqual(cells);
  });
});

describe("readableColor", () => {
  it.each([
    ["#FFFFFF", "#2C2C2C", "#FFFFFF"],
    ["#FFFFFF", "#FF6200", "#161616"],
    ["#161616", "#FF6200", "#161616"],
    ["#FF6200", "#000000", "#FF6200"],
    ["#777", "#888", "#161616"],
    ["#FFFFFF", "linear-gradient(#000,#111)", "#FFFFFF"],
    [undefined, "#2C2C2C", "#FFFFFF"],
  ])("%s on %s reads as %s", (fg, bg, shown) => {
    expect(readableColor(fg, bg)).toBe(shown);
  });
});
