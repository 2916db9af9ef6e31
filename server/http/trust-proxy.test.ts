import { describe, expect, it } from "vitest";
import { trustProxy } from "./trust-proxy";

describe("TRUST_PROXY", () => {
  it.each([
    ["loopback", "loopback"],
    ["1", 1],
    [" 2 ", 2],
    ["10.0.0.0/8", "loopback, 10.0.0.0/8"],
    ["uniquelocal, 192.0.2.7", "loopback, uniquelocal, 192.0.2.7"],
    ["loopback,fd00::/8", "loopback, fd00::/8"],
    ["2001:db8::1", "loopback, 2001:db8::1"],
  ])("takes %j as Express's %j, loopback always trusted", (value, expected) => {
    expect(trustProxy.parse(value)).toBe(expected);
  });

  it.each(["", "0", "11", "true", "*", "10.0.0.0/33", "fd00::/129", "10.0.0/8", "example.com", "10.0.0.0/8/1", "loopback,", "1.2.3.4/x"])(
    "refuses %j",
    (value) => {
      expect(trustProxy.safeParse(value).success).toBe(false);
    },
  );
});
