// The goods platforms the search results filter by (the services' goods.platform), by the names
// shoppers know them by, and the word that finds each one's goods (the no-results page's chips).
// A platform this list does not know (another backend's) shows its code.
import { searchResultPath } from "./search-history";

const PLATFORMS: Record<string, { name: string; keyword: string }> = {
  STEAM: { name: "Steam", keyword: "Steam" },
  NINTENDO: { name: "Switch", keyword: "Switch" },
  PSN: { name: "PlayStation", keyword: "PlayStation" },
  XBOX: { name: "Xbox", keyword: "Xbox" },
  MOBILE: { name: "手游充值", keyword: "手游" },
  GIFT_CARD: { name: "礼品卡", keyword: "礼品卡" },
};

export const platformName = (platform: string) => PLATFORMS[platform]?.name ?? platform;

/** Every platform the shop knows, with the results page of its word. */
export const PLATFORM_SHELVES = Object.entries(PLATFORMS).map(([platform, { name, keyword }]) => ({ platform, name, href: searchResultPath(keyword) }));

/** What an address may name as a platform (the services' codes: upper-case letters and _). */
export const PLATFORM_CODE = /^[A-Z_]{1,20}$/;
