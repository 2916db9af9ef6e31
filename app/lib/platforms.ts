// The goods platforms the search results filter by (the services' goods.platform), by the names
// shoppers know them by. A platform this list does not know (another backend's) shows its code.
const PLATFORM_NAMES: Record<string, string> = {
  STEAM: "Steam",
  NINTENDO: "Switch",
  PSN: "PlayStation",
  XBOX: "Xbox",
  MOBILE: "手游充值",
  GIFT_CARD: "礼品卡",
};

export const platformName = (platform: string) => PLATFORM_NAMES[platform] ?? platform;

/** What an address may name as a platform (the services' codes: upper-case letters and _). */
export const PLATFORM_CODE = /^[A-Z_]{1,20}$/;
