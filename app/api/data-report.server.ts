// data_report/v1/client/click_event: analytics events recorded from the server, so they count
// for shoppers without JavaScript too. Never blocks or fails a page.
import { z } from "zod";
import type { TradeApi } from "./client.server";

export interface ClickEvent {
  client_type: number;
  click_time: number;
  click_name: string;
  action_extra_info: Record<string, string | number | boolean | null>;
}

const ReportedSchema = z.object({}).passthrough();

/** Up to 50 events in one call. */
export function reportEvents(api: TradeApi, events: ClickEvent[]) {
  api.post("/api/data_report/v1/client/click_event", ReportedSchema, events).catch(() => {});
}

export function reportEvent(api: TradeApi, clickName: string, info: ClickEvent["action_extra_info"] = {}) {
  reportEvents(api, [{ client_type: 10, click_time: Date.now(), click_name: clickName, action_extra_info: info }]);
}
