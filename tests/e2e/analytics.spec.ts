// Channel parameters and page-view analytics (spec/01 §1, §2 layout, §3 url_params, §7): a channel
// link's channelId and channelName are remembered in the url_params cookie, sent with every call to
// the trade services, and recorded with the page views ttsgame_all_show / ttsgame_home_show, which
// the server records, so they count without JavaScript. Read back from the e2e database.
import { expect, test } from "./fixtures";
import { readDb } from "./shop-api";

interface EventRow {
  click_name: string;
  channel_id: string;
  action_extra_info: string;
  store_line: string;
}

const eventsOf = (channelId: string) =>
  readDb<EventRow>("select click_name, channel_id, action_extra_info, store_line from analytics_events where channel_id = ? order by id", channelId).map(
    (row) => ({ ...row, info: JSON.parse(row.action_extra_info) as { channel_name: string; route_name: string } }),
  );

test.describe("channel and page views", () => {
  test("a channel link's channelId reaches the recorded page views, and later pages keep it", async ({ page }, testInfo) => {
    const channelId = `e2e-${testInfo.project.name}-${Date.now()}`;
    await page.goto(`/?popup=closed&channelId=${channelId}&channelName=${encodeURIComponent("抖音直播")}`);

    await expect
      .poll(() =>
        eventsOf(channelId)
          .map((e) => e.click_name)
          .sort(),
      )
      .toEqual(["ttsgame_all_show", "ttsgame_home_show"]);
    for (const event of eventsOf(channelId)) {
      expect(event.info).toEqual({ channel_name: "抖音直播", route_name: "/" });
      expect(event.store_line).toBe("official");
    }

    // remembered in the url_params cookie, so the next page (without the parameters) carries it
    const cookie = (await page.context().cookies()).find((c) => c.name === "url_params");
    expect(cookie, "url_params cookie").toBeDefined();
    await page.goto("/protocols/privacy");
    await expect
      .poll(() =>
        eventsOf(channelId)
          .filter((e) => e.info.route_name === "/protocols/privacy")
          .map((e) => e.click_name),
      )
      .toEqual(["ttsgame_all_show"]);
  });

  test("client-side navigations count as page views too", { tag: "@js-only" }, async ({ page }) => {
    // with JavaScript only: without JavaScript every page is a document, counted by the server
    const channelId = `e2e-nav-${Date.now()}`;
    await page.goto(`/search-result/steam?channelId=${channelId}&channelName=B%E7%AB%99`);
    await page.locator(".search-box[data-enhanced]").waitFor();
    await page.getByRole("banner").getByRole("link", { name: "TTS游戏商城 首页" }).click();
    await expect(page).toHaveURL(/\/$/);
    // the page view is posted after the new page has rendered and the server records it in its own time: 0.6 s on a
    // quiet machine, past 5 s as the first test of a full run on a busy one
    await expect
      .poll(
        () =>
          eventsOf(channelId)
            .map((e) => `${e.click_name} ${e.info.route_name} ${e.info.channel_name}`)
            .sort(),
        { timeout: 15_000 },
      )
      .toEqual(["ttsgame_all_show / B站", "ttsgame_all_show /search-result/steam B站", "ttsgame_home_show / B站"]);
  });
});
