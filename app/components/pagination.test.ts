import { describe, expect, it } from "vitest";
import { pageWindow } from "./pagination";

describe("pageWindow", () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 9, [1, 2, 3, null, 9]],
    [6, 20, [1, null, 4, 5, 6, 7, 8, null, 20]],
    [20, 20, [1, null, 18, 19, 20]],
    [4, 7, [1, 2, 3, 4, 5, 6, 7]],
  ])("page %i of %i shows %j", (page, total, shown) => {
    expect(pageWindow(page, total)).toEqual(shown);
  });
});
