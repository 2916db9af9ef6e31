// data_report/v1/client/click_event: analytics events recorded from the server, so they count
// for shoppers without JavaScript too. Never blocks or fails a page.
import { z } from "zod";
import type { TradeApi } from "./client.server";

export function reportEvent(api: TradeApi, clickName: string, info: Record<string, string | number | boolean | null> = {}) {
  api
    .post("/api/data_report/v1/client/click_event", z.object({}).passthrough(), [
      { client_type: 10, click_time: Date.now(), click_name: clickName, action_extra_info: info },
    ])
    .catch(() => {});
}
