// data_report/v1/client/click_event: analytics events, stored with store line, channel and member.
import { sql } from "drizzle-orm";
import { Router } from "express";
import { z } from "zod";
import { analyticsEvents } from "../../../db/schema";
import type { TradeDeps } from "../deps";
import { optionalMember } from "./member-auth";
import { clientOf } from "../http/client-context";
import { parse, send } from "../http/envelope";
import { preparedFor, writeTransaction } from "../services/prepared";

const ClickEvent = z.object({
  client_type: z.number().int().min(0).max(100),
  click_time: z.number().int().min(0).max(8_640_000_000_000),
  click_name: z.string().regex(/^[\w.-]{1,64}$/),
  action_extra_info: z.record(z.string().max(64), z.union([z.string().max(256), z.number(), z.boolean(), z.null()])).default({}),
});
const ClickEvents = z.array(ClickEvent).min(1).max(50);

// one prepared row insert, run per event in one transaction: a drizzle insert of a whole batch was
// built and compiled anew for every batch (the storefront sends page views in batches of up to 50)
const p = sql.placeholder;
const statements = preparedFor((db) => ({
  insert: db
    .insert(analyticsEvents)
    .values({
      clickName: p("clickName"),
      clientType: p("clientType"),
      clickTime: p("clickTime"),
      actionExtraInfo: p("actionExtraInfo"),
      storeLine: p("storeLine"),
      channelId: p("channelId"),
      memberId: p("memberId"),
      createdAt: p("createdAt"),
    })
    .prepare(),
}));

export function dataReportRouter(deps: TradeDeps) {
  const router = Router();
  router.post("/click_event", (req, res) => {
    const events = parse(ClickEvents, req.body);
    const client = clientOf(res);
    const member = optionalMember(deps, res);
    const { db } = deps.store;
    const { insert } = statements(db);
    const [createdAt, memberId] = [deps.now(), member?.memberId ?? null];
    writeTransaction(db, () => {
      for (const e of events) {
        insert.run({
          clickName: e.click_name,
          clientType: e.client_type,
          clickTime: e.click_time,
          actionExtraInfo: e.action_extra_info,
          storeLine: client.storeLine,
          channelId: client.channelId,
          memberId,
          createdAt,
        });
      }
    });
    send(res, {});
  });
  return router;
}
