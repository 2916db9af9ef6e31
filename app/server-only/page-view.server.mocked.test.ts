import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ClickEvent } from "~/api/data-report.server";
import { testBasics } from "../../tests/support/request-basics";

const sent: { channelId: string; credential: string | null; events: ClickEvent[] }[] = [];

// the trade API client as the page-view batcher sees it: the channel and credential the session read
vi.mock("~/api/client.server", () => ({
  tradeClient: (caller: { credential: string | null; urlParams: unknown }) => ({ credential: caller.credential, urlParams: caller.urlParams }),
}));
vi.mock("~/api/data-report.server", () => ({
  reportEvents: (api: { urlParams: { channelId: string }; credential: string | null }, events: ClickEvent[]) =>
    sent.push({ channelId: api.urlParams.channelId, credential: api.credential, events }),
}));

const { pageViewEvents, recordPageView } = await import("./page-view.server");
const { createAppLoadContext } = await import("./session.server");

const basics = testBasics();
const view = async (path: string, { cookie = "", query = "" } = {}) =>
  recordPageView(await createAppLoadContext(new Request(`http://shop.test${path}${query}`, { headers: { cookie } }), basics), path);
const settle = () => new Promise((r) => setImmediate(r));

describe("pageViewEvents", () => {
  const names = (path: string, found = true) => pageViewEvents(path, { found, channelName: "B站" }, 1).map((e) => e.click_name);

  it("names every page, the home page and a goods detail page (spec/01 §2)", () => {
    expect(names("/")).toEqual(["ttsgame_all_show", "ttsgame_home_show"]);
    expect(names("/topic/G1001")).toEqual(["ttsgame_all_show", "ttsgame_detail_show"]);
    expect(names("/topic/G404", false)).toEqual(["ttsgame_all_show"]);
    expect(names("/search-result/steam")).toEqual(["ttsgame_all_show"]);
  });

  it("carries the route and channel name, and the goods number for the detail view", () => {
    const [all, detail] = pageViewEvents("/topic/G1001", { found: true, channelName: "B站" }, 42);
    expect(all).toEqual({
      client_type: 10,
      click_time: 42,
      click_name: "ttsgame_all_show",
      action_extra_info: { channel_name: "B站", route_name: "/topic/G1001" },
    });
    expect(detail!.action_extra_info).toEqual({ goods_no: "G1001" });
  });
});

describe("recordPageView batching", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    sent.length = 0;
  });
  afterEach(() => vi.useRealTimers());

  it("sends the views of one channel and member together, a second after the first", async () => {
    await view("/");
    await view("/protocols/privacy");
    await view("/", { query: "?channelId=douyin" });
    await view("/", { cookie: "login_credential=abc" });
    await settle();
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(sent.map((b) => [b.channelId, b.credential, b.events.length])).toEqual([
      ["1", null, 3],
      ["douyin", null, 2],
      ["1", "abc", 2],
    ]);
  });

  it("never sends more than 50 events in one call", async () => {
    for (let i = 0; i < 30; i += 1) await view("/");
    await settle();
    vi.advanceTimersByTime(1_000);
    expect(sent.map((b) => b.events.length)).toEqual([50, 10]);
  });
});
