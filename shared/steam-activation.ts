// 一键激活 (issue 25): Steam takes a game key in the address of its activation page, so a shopper
// redeems a Steam game key with one click. Only game keys: Steam's registerkey page refuses wallet
// codes, gift cards and in-game top-ups, whose steps stay as the redemption guide shows them.
// The storefront (order pages) and the services (the delivery mail) build the link here alike.

const STEAM_REGISTER_KEY = "https://store.steampowered.com/account/registerkey";

/** Steam's activation address for a delivered code, or null when Steam's page does not take it. */
export function steamActivationUrl({ platform, codeKind, code }: { platform: string; codeKind: string; code: string }): string | null {
  if (platform !== "STEAM" || codeKind !== "GAME_KEY" || !code) return null;
  return `${STEAM_REGISTER_KEY}?key=${encodeURIComponent(code)}`;
}
