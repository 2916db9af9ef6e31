import { describe, expect, it } from "vitest";
import { withoutSecrets } from "./log-url";

describe("withoutSecrets", () => {
  it.each([
    ["/mock-pay/D1?sig=abcdef", "/mock-pay/D1?sig=%5Bredacted%5D"],
    ["/x?a=1&pass_token=t&b=2", "/x?a=1&pass_token=%5Bredacted%5D&b=2"],
    ["/search-result/steam?page=2", "/search-result/steam?page=2"],
    ["/topic/G1", "/topic/G1"],
    [undefined, undefined],
  ])("logs %s as %s", (url, logged) => {
    expect(withoutSecrets(url)).toBe(logged);
  });
});
