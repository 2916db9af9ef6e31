import { describe, expect, it } from "vitest";
import { validHost } from "./request-origin";

describe("validHost (review 2026-11c L2)", () => {
  it.each(["shop.example", "shop.example:443", "127.0.0.1:3000", "localhost:1", "localhost:65535", "[::1]:8080", "[::1]", "xn--fiqs8s.example"])(
    "takes %s",
    (host) => expect(validHost(host)).toBe(true),
  );
  it.each(["127.0.0.1:99999", "127.0.0.1:abc", "shop:0", "shop:65536", "shop:", "shop:80:80", "a b", "shop/evil", "", "[::1", "user@shop"])(
    "refuses %s",
    (host) => expect(validHost(host)).toBe(false),
  );
});
