import { describe, expect, it } from "vitest";
import { notifyHost } from "./router";

describe("the address the sandbox cashier posts its notification to", () => {
  it.each([
    ["0.0.0.0", "127.0.0.1"],
    ["::", "[::1]"],
    ["[::]", "[::1]"],
    ["127.0.0.1", "127.0.0.1"],
    ["127.0.0.5", "127.0.0.5"],
    ["::1", "[::1]"],
    ["localhost", "localhost"],
    ["192.168.10.20", "192.168.10.20"],
    ["fd00::20", "[fd00::20]"],
    ["shop.internal", "shop.internal"],
  ])("HOST=%s → %s", (host, expected) => {
    expect(notifyHost(host)).toBe(expected);
  });
});
