import { describe, expect, it } from "vitest";
import { presaleAhead } from "./presale";

describe("presaleAhead", () => {
  const now = Date.UTC(2026, 10, 24, 2);
  it("is true for a presale whose unlock time is ahead", () => {
    expect(presaleAhead({ is_presale: true, presale_performance_at: now + 1 }, now)).toBe(true);
  });
  it("is false once the unlock time has come, without an unlock time, and for ordinary goods", () => {
    expect(presaleAhead({ is_presale: true, presale_performance_at: now }, now)).toBe(false);
    expect(presaleAhead({ is_presale: true, presale_performance_at: null }, now)).toBe(false);
    expect(presaleAhead({ is_presale: false, presale_performance_at: now + 1 }, now)).toBe(false);
  });
});
