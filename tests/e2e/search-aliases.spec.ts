// Issue 37, "Search that knows the shop's own words" (decision 043): the shop's own hot searches and the
// names shoppers type for a game (English titles, common names, shorthands) find its goods, from the
// catalogue's search aliases. At 1440 px and on a 390 px touch phone, with JavaScript on and off.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { saveShot } from "./page-shots";

const SCREENS = [
  { name: "1440", use: { viewport: { width: 1440, height: 900 } } },
  { name: "390", use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
];

/** The words of the second shopper's trial (#9) that found nothing, and the goods each must find. */
const WORDS: [string, string][] = [
  ["原神充值", "原神 创世结晶"],
  ["PS Plus", "PlayStation Plus 会员"],
  ["elden ring", "艾尔登法环 黄金树幽影"],
  ["cyberpunk", "赛博朋克2077 往日之影"],
  ["zelda", "塞尔达传说 王国之泪"],
  ["wukong", "黑神话：悟空"],
  ["baldur", "博德之门3"],
  ["老头环", "艾尔登法环 黄金树幽影"],
  ["GTA5", "侠盗猎车手5"],
  ["minecraft", "我的世界：Java 版与基岩版"],
  ["我的世界", "我的世界：Java 版与基岩版"],
];

const searchBox = (page: Page) => page.getByRole("banner").getByPlaceholder("搜索关键词");
const results = (page: Page) => page.getByRole("list", { name: "搜索结果" }).getByTestId("goods-card");
const resultsPage = (keyword: string) => `/search-result/${encodeURIComponent(keyword)}`;

/** The results of a keyword as the server renders them: the names of the goods found, exactly (no near misses). */
async function namesFound(page: Page, keyword: string) {
  await page.goto(resultsPage(keyword));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`“${keyword}”的搜索结果`);
  await expect(page.getByText("以下是相近的结果")).toHaveCount(0);
  return results(page).getByRole("heading").allTextContents();
}

test.describe("search aliases", () => {
  test("the words shoppers type for a game find its goods @server", async ({ page }) => {
    test.slow(); // eleven result pages
    for (const [keyword, goods] of WORDS) {
      expect(await namesFound(page, keyword), keyword).toContain(goods);
    }
  });

  test("every hot search finds the goods it advertises @server", async ({ page }) => {
    test.slow(); // a results page per hot word
    await page.goto("/?popup=closed");
    // the header's dropdown is in the server's HTML (it opens on focus); each entry leads to its goods
    const entries = page.getByRole("banner").locator('ol[aria-label="热门搜索"] a');
    const hot = await entries.evaluateAll((links) =>
      links.map((link) => ({
        word: link.textContent!.replace(/^\d+/, "").trim(),
        goodsNo: new URL((link as HTMLAnchorElement).href).searchParams.get("goods_no"),
      })),
    );
    expect(hot).toHaveLength(5);
    for (const { word, goodsNo } of hot) {
      expect(goodsNo, word).toMatch(/^G\d+$/);
      await page.goto(resultsPage(word));
      await expect(page.getByText("以下是相近的结果"), word).toHaveCount(0);
      await expect(results(page).and(page.locator(`[href^="/topic/${goodsNo}"]`)), `${word} finds ${goodsNo}`).not.toHaveCount(0);
    }
  });

  for (const screen of SCREENS) {
    test.describe(`${screen.name} px`, () => {
      test.use(screen.use);

      test("an English title typed in the header finds the goods", async ({ page }, testInfo) => {
        await page.goto("/?popup=closed");
        await searchBox(page).fill("Elden Ring");
        await searchBox(page).press("Enter");
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("“Elden Ring”的搜索结果");
        await expect(results(page).getByRole("heading", { name: "艾尔登法环 黄金树幽影" })).toBeVisible();
        await saveShot(page, `search-alias-${screen.name}-${testInfo.project.name}`);
      });
    });
  }
});
