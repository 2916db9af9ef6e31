// data_report/v1/client/click_event: analytics events, stored with store line, channel and member.
import { Router } from "express";
import { z } from "zod";
import { analyticsEvents } from "../../../db/schema";
import type { TradeDeps } from "../deps";
import { optionalMember } from "../http/auth";
import { clientOf } from "../http/client-context";
import { parse, send } from "../http/envelope";

const ClickEvent = z.object({
  client_type: z.number().int().min(0).max(100),
  click_time: z.number().int().min(0).max(8_640_000_000_000),
  click_name: z.string().regex(/^[\w.-]{1,64}$/),
  action_extra_info: z.record(z.string().max(64), z.union([z.string().max(256), z.number(), z.boolean(), z.null()])).default({}),
});
const ClickEvents = z.array(ClickEvent).min(1).max(50);

export function dataReportRouter(deps: TradeDeps) {
  const router = Router();
  router.post("/click_event", (req, res) => {
    const events = parse(ClickEvents, req.body);
    const client = clientOf(res);
    const member = optionalMember(deps, res);
    deps.store.db
      .insert(analyticsEvents)
      .values(
        events.map((e) => ({
          clickName: e.click_name,
          clientType: e.client_type,
          clickTime: e.click_time,
          actionExtraInfo: e.action_extra_info,
          storeLine: client.storeLine,
          channelId: client.channelId,
          memberId: member?.memberId ?? null,
          createdAt: deps.now(),
        })),
      )
      .run();
    send(res, {});
  });
  return router;
}
