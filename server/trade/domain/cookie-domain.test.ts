import { describe, expect, it } from "vitest";
import { cookieDomains, normalizeDomain } from "./cookie-domain";

describe("normalizeDomain", () => {
  it.each([
    ["shop.example.com", "shop.example.com"],
    ["  Shop.Example.COM ", "shop.example.com"],
    [".example.com", "example.com"],
    ["shop.example.com:3000", "shop.example.com"],
    ["https://hk.example.com/", "hk.example.com"],
    ["http://localhost:3000", "localhost"],
    ["localhost", "localhost"],
    ["127.0.0.1", "127.0.0.1"],
  ])("%j → %j", (input, expected) => {
    expect(normalizeDomain(input)).toBe(expected);
  });

  it.each([
    [""],
    ["ftp://example.com"],
    ["exa mple.com"],
    ["example..com"],
    ["-example.com"],
    ["<script>.com"],
    ["例子.中国"],
    ["a".repeat(254)],
    ["example.com; DROP TABLE members"],
    ["https://"],
  ])("refuses %j", (input) => {
    expect(normalizeDomain(input)).toBeNull();
  });
});

describe("cookieDomains", () => {
  it.each([
    { cn: "https://cn.example.com", hk: "https://hk.example.com", host: "127.0.0.1", expected: ["cn.example.com", "hk.example.com"] },
    { cn: "https://shop.example.com", hk: "", host: "127.0.0.1", expected: ["shop.example.com"] },
    { cn: "https://shop.example.com", hk: "https://shop.example.com/hk", host: "x", expected: ["shop.example.com"] },
    { cn: "", hk: "", host: "localhost", expected: ["localhost"] },
    { cn: "", hk: "", host: "", expected: [] },
  ])("cn=$cn hk=$hk host=$host → $expected", ({ cn, hk, host, expected }) => {
    expect(cookieDomains(cn, hk, host)).toEqual(expected);
  });
});
