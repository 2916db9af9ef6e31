// The header search box and the results page (spec/01 §2 "Search box", "Search results", §4, §9;
// spec/03 §4, §8), with JavaScript on and off.
import type { Page } from "@playwright/test";
import { expect, holdScripts, test } from "./fixtures";
import { watchRequests } from "./quiet-network";

const START = "/?popup=closed";
// the history tests come back to the header many times: the header is the same on every page, and the 领券中心
// (one image) costs the browser a third of the home page (66 images) a load (docs/benchmarks.md, session 55)
const BACK_TO_HEADER = "/coupon-collection";
const searchBox = (page: Page) => page.getByRole("banner").getByPlaceholder("搜索关键词");
const dropdown = (page: Page) => page.getByRole("banner").locator(".search-dropdown");

/** Opens the dropdown the way a shopper does: by focusing the box. */
async function openDropdown(page: Page) {
  await searchBox(page).click();
  await expect(dropdown(page)).toBeVisible();
}

test.describe("search", () => {
  test("a keyword typed while the page's scripts are on their way stays in the box once React takes over", { tag: "@js-only" }, async ({ page }) => {
    // with JavaScript only: hydration needs JavaScript
    const release = await holdScripts(page);
    await page.goto("/", { waitUntil: "commit" });
    await searchBox(page).fill("黑神话");
    release();
    await page.locator(".search-box[data-enhanced]").waitFor();
    // a render after hydration (the box takes focus, its dropdown opens) keeps the typed keyword
    await searchBox(page).click();
    await expect(page.getByText("查看全部搜索结果")).toBeVisible();
    await expect(searchBox(page)).toHaveValue("黑神话");
  });

  test("a search from the header reaches the results and pages through them", async ({ page }) => {
    await page.goto(START);
    const box = searchBox(page);
    await expect(box).toHaveAttribute("placeholder", "搜索关键词");
    await expect(box).toHaveAttribute("maxlength", "32");
    await box.fill("充值");
    await box.press("Enter");

    await expect(page).toHaveURL(/\/search-result\/%E5%85%85%E5%80%BC$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("“充值”的搜索结果");
    await expect(page).toHaveTitle("“充值”的搜索结果 - TTS游戏商城");
    const results = page.getByRole("list", { name: "搜索结果" }).getByTestId("goods-card");
    await expect(results).toHaveCount(10);
    await expect(results.first()).toContainText(/￥\s?\d+\.\d{2}/);
    await expect(results.first()).toHaveAttribute("href", /^\/topic\/G\d+(\?sku=G\d+-S\d+)?$/);
    await expect(page.getByText(/^共 \d+ 件商品$/)).toBeVisible();

    const pages = page.getByRole("navigation", { name: "分页" });
    await expect(pages.locator('[aria-current="page"]')).toHaveText("1");
    await pages.getByRole("link", { name: "第 2 页" }).click();
    await expect(page).toHaveURL(/\/search-result\/%E5%85%85%E5%80%BC\?page=2$/);
    await expect(pages.locator('[aria-current="page"]')).toHaveText("2");
    const second = page.getByRole("list", { name: "搜索结果" }).getByTestId("goods-card");
    expect(await second.count()).toBeGreaterThan(0);
    expect(await second.count()).toBeLessThanOrEqual(10);
    await pages.getByRole("link", { name: "上一页" }).click();
    await expect(page).toHaveURL(/\/search-result\/%E5%85%85%E5%80%BC$/);

    // the keyword stays in the box on its results page
    await expect(searchBox(page)).toHaveValue("充值");
  });

  test("one page of results has no pagination; no results says 暂无搜索结果", { tag: "@server" }, async ({ page }) => {
    await page.goto("/search-result/PS5");
    await expect(page.getByRole("list", { name: "搜索结果" }).getByTestId("goods-card")).toHaveCount(8);
    await expect(page.getByRole("navigation", { name: "分页" })).toHaveCount(0);

    await page.goto(`/search-result/${encodeURIComponent("不存在的商品")}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("“不存在的商品”的搜索结果");
    await expect(page.getByText("暂无搜索结果")).toBeVisible();
    // no results: the page's cards are the hot goods it offers instead (forgiving-search.spec.ts)
    await expect(page.getByRole("list", { name: "搜索结果" })).toHaveCount(0);
  });

  test("results come in the service's order, ascending by default, and can be reversed", async ({ page, request }) => {
    const firstOf = async (order: "asc" | "desc") => {
      const answer = await request.get(`/api/trade_bff/v1/goods/search?keyword=${encodeURIComponent("充值")}&order_type=${order}`);
      return ((await answer.json()) as { result: { goods_list: { list: { goods_name: string }[] } } }).result.goods_list.list[0].goods_name;
    };
    const cards = page.getByRole("list", { name: "搜索结果" }).getByTestId("goods-card");
    await page.goto(`/search-result/${encodeURIComponent("充值")}`);
    await expect(cards.first().getByRole("heading")).toHaveText(await firstOf("asc"));
    await page.getByRole("navigation", { name: "排序" }).getByRole("link", { name: "价格从高到低" }).click();
    await expect(page).toHaveURL(/\?order=desc$/);
    await expect(cards.first().getByRole("heading")).toHaveText(await firstOf("desc"));
  });

  test("the words shoppers type for a platform find its goods", async ({ page }) => {
    await page.goto(START);
    for (const [keyword, count] of [
      ["PS5", 8],
      ["Switch", 8],
      ["任天堂", 8],
      ["steam", 15],
      ["XGP", 6],
    ] as const) {
      await searchBox(page).fill(keyword);
      await searchBox(page).press("Enter");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`“${keyword}”的搜索结果`);
      await expect(page.getByText(`共 ${count} 件商品`)).toBeVisible();
    }
  });

  test("platform chips and the price order are links, kept across pages", async ({ page }) => {
    const chips = page.getByRole("navigation", { name: "按平台筛选" });
    const sort = page.getByRole("navigation", { name: "排序" });
    const pages = page.getByRole("navigation", { name: "分页" });
    const cards = page.getByRole("list", { name: "搜索结果" }).getByTestId("goods-card");
    await page.goto(`/search-result/${encodeURIComponent("码")}`);
    await expect(chips.getByRole("link", { name: /^全部/ })).toHaveAttribute("aria-current", "true");
    await expect(page.getByText("共 37 件商品")).toBeVisible();

    await chips.getByRole("link", { name: /^Steam/ }).click();
    await expect(page).toHaveURL(/\?platform=STEAM$/);
    await expect(chips.getByRole("link", { name: /^Steam/ })).toHaveAttribute("aria-current", "true");
    await expect(page.getByText("共 15 件商品")).toBeVisible();
    await expect(cards).toHaveCount(10);

    await sort.getByRole("link", { name: "价格从高到低" }).click();
    await expect(page).toHaveURL(/\?platform=STEAM&order=desc$/);
    await pages.getByRole("link", { name: "第 2 页" }).click();
    await expect(page).toHaveURL(/\?platform=STEAM&page=2&order=desc$/);
    await expect(cards).toHaveCount(5);
    await expect(sort.getByRole("link", { name: "价格从高到低" })).toHaveAttribute("aria-current", "true");
    await expect(chips.getByRole("link", { name: /^Steam/ })).toHaveAttribute("aria-current", "true");

    // 全部 drops the platform, keeps the order, and starts again at page 1
    await chips.getByRole("link", { name: /^全部/ }).click();
    await expect(page).toHaveURL(/\/search-result\/%E7%A0%81\?order=desc$/);
    await expect(page.getByText("共 37 件商品")).toBeVisible();
  });

  test("search history keeps the 3 newest entries, without duplicates", async ({ page }) => {
    test.slow(); // a dozen page loads
    await page.goto(BACK_TO_HEADER);
    await openDropdown(page);
    const hot = dropdown(page).getByRole("list", { name: "热门搜索" }).getByRole("link");
    await expect(hot).toHaveCount(5);
    const titles = (await hot.allTextContents()).map((t) => t.replace(/^\d/, "").trim());
    await expect(dropdown(page).getByText("暂无搜索历史")).toBeVisible();

    // choose hot entries 1, 2, 3, 1 again and 4
    for (const i of [0, 1, 2, 0, 3]) {
      await page.goto(BACK_TO_HEADER);
      await openDropdown(page);
      await dropdown(page).getByRole("list", { name: "热门搜索" }).getByRole("link").nth(i).click();
      await expect(page).toHaveURL(/\/topic\/G\d+$/, { timeout: 15_000 });
    }

    await page.goto(BACK_TO_HEADER);
    await openDropdown(page);
    const history = dropdown(page).getByRole("list", { name: "历史搜索" }).getByRole("link");
    await expect(history).toHaveText([titles[3], titles[0], titles[2]]);

    // the cookie keeps them newest first, one per goods
    const cookie = (await page.context().cookies()).find((c) => c.name === "serach_cache");
    const stored = JSON.parse(decodeURIComponent(cookie!.value)) as { goodsNo: string; title: string }[];
    expect(stored.map((e) => e.title)).toEqual([titles[3], titles[0], titles[2], titles[1]]);
    expect(new Set(stored.map((e) => e.goodsNo)).size).toBe(stored.length);

    // a history entry leads to its goods and moves to the front
    await history.nth(2).click();
    await expect(page).toHaveURL(/\/topic\/G\d+$/, { timeout: 15_000 });
    await page.goto(BACK_TO_HEADER);
    await openDropdown(page);
    await expect(dropdown(page).getByRole("list", { name: "历史搜索" }).getByRole("link")).toHaveText([titles[2], titles[3], titles[0]]);
    // 清除历史 is forgiving-search.spec.ts's (at 1440 and 390 px)
  });

  test("without JavaScript the box is a plain form that lands on /search-result/{keyword}", { tag: "@no-js" }, async ({ page }) => {
    // without JavaScript only: the no-JS form
    await page.goto(START);
    const form = page.getByRole("banner").getByRole("search");
    await expect(form).toHaveAttribute("method", "get");
    await expect(form).toHaveAttribute("action", "/search-result");
    await searchBox(page).fill("激活码");
    await page.getByRole("banner").getByRole("button", { name: "搜索" }).click();
    await expect(page).toHaveURL(/\/search-result\/%E6%BF%80%E6%B4%BB%E7%A0%81$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("“激活码”的搜索结果");
    // an empty search goes home
    await page.goto("/search-result?keyword=");
    await expect(page).toHaveURL(/\/$/);
  });

  test("typing shows debounced suggestions with the keyword highlighted", { tag: "@js-only" }, async ({ page }) => {
    // with JavaScript only: suggestions need JavaScript
    test.slow();
    const calls: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/resources/search-suggest")) calls.push(request.url());
    });
    await page.clock.install();
    await page.goto(START);
    await page.locator(".search-box[data-enhanced]").waitFor();
    await searchBox(page).click();
    await searchBox(page).pressSequentially("黑神话", { delay: 50 });
    // no leading call: nothing is asked while typing; the debounce then asks once for the whole word
    expect(calls).toHaveLength(0);
    await page.clock.fastForward(1_100);
    const suggestions = dropdown(page).getByTestId("search-suggestion");
    await expect(suggestions.first()).toBeVisible();
    expect(calls).toHaveLength(1);
    expect(new URL(calls[0]).searchParams.get("keyword")).toBe("黑神话");
    await expect(suggestions.first().locator("mark")).toHaveText("黑神话");
    await expect(suggestions.first()).toContainText(/￥\d+\.\d{2}/);
    await expect(suggestions.first().locator("img")).toHaveAttribute("loading", "lazy");
    await expect(dropdown(page).getByRole("link", { name: "查看全部搜索结果" })).toHaveAttribute("href", `/search-result/${encodeURIComponent("黑神话")}`);

    // clearing the box clears the suggestions and shows history and hot searches again
    await searchBox(page).fill("");
    await expect(suggestions).toHaveCount(0);
    await expect(dropdown(page).getByRole("heading", { name: "热门搜索" })).toBeVisible();

    // choosing a suggestion opens the goods and remembers it
    await searchBox(page).fill("博德");
    await page.clock.fastForward(1_100);
    await expect(suggestions.first()).toBeVisible();
    const name = (await suggestions.first().locator(".truncate").first().textContent())!.trim();
    await suggestions.first().click();
    await expect(page).toHaveURL(/\/topic\/G\d+$/, { timeout: 15_000 });
    await searchBox(page).click();
    await expect(dropdown(page).getByRole("list", { name: "历史搜索" }).getByRole("link").first()).toHaveText(name);
  });

  test("Enter while the suggestions are still on their way lands on the results, on a slow connection too", { tag: "@js-only" }, async ({ page }) => {
    // a slow connection: what the suggestions need (their answer, and the route map a browser fetched them through
    // before decision 035) arrives 1.5 s late; the shopper presses Enter before it does
    const slow = /\/__manifest\?p=%2Fresources%2Fsearch-suggest|\/resources\/search-suggest/;
    await page.route(slow, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue().catch(() => undefined); // the page may have left
    });
    await page.goto(START);
    await watchRequests(page).quiet();
    const requests = watchRequests(page);
    await searchBox(page).fill("充值");
    await page.waitForRequest(slow);
    await searchBox(page).press("Enter");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("“充值”的搜索结果");
    // the late answer changes nothing: once every request has settled, the late one included, the results are still
    // there (it was 页面不存在)
    await requests.quiet();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("“充值”的搜索结果");
  });

  test("the dropdown is keyboard accessible and stays open while the pointer is over it", { tag: "@js-only" }, async ({ page }) => {
    // with JavaScript only: keyboard handling and hover need JavaScript; without it the dropdown opens on focus with CSS
    await page.goto(START);
    await page.locator(".search-box[data-enhanced]").waitFor();
    await searchBox(page).focus();
    await expect(dropdown(page)).toBeVisible();
    await expect(searchBox(page)).toHaveAttribute("role", "combobox");
    await expect(searchBox(page)).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("ArrowDown");
    const hotLinks = dropdown(page).getByRole("list", { name: "热门搜索" }).getByRole("link");
    await expect(hotLinks.first()).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(hotLinks.nth(1)).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dropdown(page)).toBeHidden();
    await expect(searchBox(page)).toBeFocused();

    // with the pointer over it, losing focus does not close it; leaving does
    await page.keyboard.press("ArrowDown");
    await expect(dropdown(page)).toBeVisible();
    await dropdown(page).getByRole("heading", { name: "热门搜索" }).hover();
    await dropdown(page).getByRole("heading", { name: "热门搜索" }).click();
    await expect(dropdown(page)).toBeVisible();
    await page.mouse.move(5, 600);
    await expect(dropdown(page)).toBeHidden();
  });

  test("without JavaScript the dropdown opens on focus and its entries still work", { tag: "@no-js" }, async ({ page }) => {
    // without JavaScript only: the CSS dropdown
    await page.goto(START);
    await expect(dropdown(page)).toBeHidden();
    await searchBox(page).focus();
    await expect(dropdown(page)).toBeVisible();
    const first = dropdown(page).getByRole("list", { name: "热门搜索" }).getByRole("link").first();
    await expect(first).toHaveAttribute("href", /^\/search-history\/add\?goods_no=G\d+$/);
    // typing hides history and hot searches (there are no suggestions without JavaScript)
    await searchBox(page).fill("原神");
    await expect(dropdown(page)).toBeHidden();
  });
});
