import { describe, expect, it } from "vitest";
import { limitAddress } from "./client-address";

describe("limitAddress", () => {
  it.each([
    ["198.51.100.7", "198.51.100.7"],
    ["::ffff:198.51.100.7", "198.51.100.7"],
    ["::FFFF:c633:6407", "198.51.100.7"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002:ffff:ffff:ffff:fffe", "2001:db8:1:2::/64"],
    ["2001:DB8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8::", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["64:ff9b::198.51.100.7", "64:ff9b:0:0::/64"],
    ["unknown", "unknown"],
  ])("counts %s as %s", (address, bucket) => {
    expect(limitAddress(address)).toBe(bucket);
  });

  it("keeps different /64s apart", () => {
    expect(limitAddress("2001:db8:1:2::1")).not.toBe(limitAddress("2001:db8:1:3::1"));
  });
});
