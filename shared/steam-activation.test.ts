import { describe, expect, it } from "vitest";
import { steamActivationUrl } from "./steam-activation";

describe("steamActivationUrl", () => {
  it("links a Steam game key to Steam's activation page", () => {
    expect(steamActivationUrl({ platform: "STEAM", codeKind: "GAME_KEY", code: "AAAAA-BBBBB-CCCCC" })).toBe(
      "https://store.steampowered.com/account/registerkey?key=AAAAA-BBBBB-CCCCC",
    );
  });

  it.each([
    ["a Steam wallet code", "STEAM", "WALLET_CODE"],
    ["a Steam in-game top-up", "STEAM", "TOP_UP"],
    ["another platform's game key", "EPIC", "GAME_KEY"],
    ["a gift card", "GIFT_CARD", "GIFT_CARD"],
    ["a backend that does not say (no extension)", "", ""],
  ])("has no link for %s", (_, platform, codeKind) => {
    expect(steamActivationUrl({ platform, codeKind, code: "AAAAA-BBBBB-CCCCC" })).toBeNull();
  });

  it("has no link without a code", () => {
    expect(steamActivationUrl({ platform: "STEAM", codeKind: "GAME_KEY", code: "" })).toBeNull();
  });

  it.each(['A&B#C?D"E<F>G', "K=1&key=evil", "空 格/%+", "javascript:alert(1)"])("keeps %s whole inside the key parameter", (code) => {
    const url = new URL(steamActivationUrl({ platform: "STEAM", codeKind: "GAME_KEY", code })!);
    expect(url.origin + url.pathname).toBe("https://store.steampowered.com/account/registerkey");
    expect(url.hash).toBe("");
    expect([...url.searchParams.keys()]).toEqual(["key"]);
    expect(url.searchParams.get("key")).toBe(code);
  });
});
