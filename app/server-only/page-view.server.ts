// Page-view analytics (spec/01 §2 layout): ttsgame_all_show on entering any route and
// ttsgame_home_show on the home page, each with the channel name. Recorded from the server, so they
// count without JavaScript: entry.server for documents (and the page cache for the pages it
// serves), /resources/page-view for client navigations.
//
// Page views are batched: click_event takes up to 50 events per call, and the services store with
// each event only its store line, channel and member, so the views of shoppers who share those
// three go out together, at most FLUSH_MS after the first one. One page view thus costs a fraction
// of a call instead of two calls per page (docs/benchmarks.md).
import type { AppLoadContext } from "@remix-run/node";
import type { TradeApi } from "~/api/client.server";
import { reportEvents, type ClickEvent } from "~/api/data-report.server";
import { CODE_PATTERN } from "../../shared/codes";

const FLUSH_MS = 1_000;
const MAX_EVENTS = 50;

interface Batch {
  api: TradeApi;
  events: ClickEvent[];
  timer: ReturnType<typeof setTimeout>;
}
const batches = new Map<string, Batch>();

/** The analytics events of entering a page: every page, the home page, a goods detail page. */
export function pageViewEvents(path: string, { found, channelName }: { found: boolean; channelName: string }, at = Date.now()): ClickEvent[] {
  const event = (name: string, info: ClickEvent["action_extra_info"]): ClickEvent => ({
    client_type: 10,
    click_time: at,
    click_name: name,
    action_extra_info: info,
  });
  const view = { channel_name: channelName, route_name: path.slice(0, 200) };
  const events = [event("ttsgame_all_show", view)];
  if (path === "/") events.push(event("ttsgame_home_show", view));
  const goodsNo = path.startsWith("/topic/") ? path.slice("/topic/".length) : "";
  if (CODE_PATTERN.test(goodsNo) && found) events.push(event("ttsgame_detail_show", { goods_no: goodsNo }));
  return events;
}

/** Fire and forget: never delays or fails the page. */
export function recordPageView(context: AppLoadContext, path: string, { found = true } = {}) {
  const { session } = context;
  const { urlParams, credential } = session;
  const key = `${urlParams.storeId}\n${urlParams.channelId}\n${credential ?? ""}`;
  // the client (its browser description and headers) is made only for the view that opens a batch;
  // the page's own response may be gone by the time the service answers: its cookies stay untouched
  queue(key, () => session.apiWithoutCookies(), pageViewEvents(path, { found, channelName: urlParams.channelName }));
}

function queue(key: string, client: () => TradeApi, events: ClickEvent[]) {
  let batch = batches.get(key);
  if (batch && batch.events.length + events.length > MAX_EVENTS) {
    flush(key, batch);
    batch = undefined;
  }
  if (!batch) {
    const created: Batch = { api: client(), events: [], timer: setTimeout(() => flush(key, created), FLUSH_MS) };
    created.timer.unref();
    batches.set(key, (batch = created));
  }
  batch.events.push(...events);
}

function flush(key: string, batch: Batch) {
  clearTimeout(batch.timer);
  if (batches.get(key) === batch) batches.delete(key);
  reportEvents(batch.api, batch.events);
}
