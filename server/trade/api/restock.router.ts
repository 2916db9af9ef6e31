// trade_bff/ext/restock_notice: 到货提醒, an extension of the contract (docs/api.md, decision 031).
// A backend without it answers 404 and the storefront keeps the spec's goods page.
import { Router } from "express";
import { z } from "zod";
import type { TradeDeps } from "../deps";
import { optionalMember, requireMember } from "./member-auth";
import { parse, send } from "../http/envelope";
import { cancelRestockNotice, myRestockNotices, requestRestockNotice, restockStatus } from "../services/restock.service";
import { CodeSchema } from "./units.schema";

const StatusQuery = z.object({ goods_no: CodeSchema });
const RequestBody = z.object({ sku_no: CodeSchema });
const CancelBody = z.object({ notice_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

export function restockRouter(deps: TradeDeps) {
  const router = Router();

  router.get("/status", (req, res) => {
    const member = optionalMember(deps, res);
    const { goods_no } = parse(StatusQuery, req.query);
    send(res, restockStatus(deps, member, goods_no));
  });

  router.get("/list", (_req, res) => {
    const member = requireMember(deps, res);
    send(res, myRestockNotices(deps, member));
  });

  router.post("/", (req, res) => {
    const member = requireMember(deps, res);
    const { sku_no } = parse(RequestBody, req.body);
    send(res, requestRestockNotice(deps, member, sku_no));
  });

  router.post("/cancel", (req, res) => {
    const member = requireMember(deps, res);
    const { notice_id } = parse(CancelBody, req.body);
    send(res, cancelRestockNotice(deps, member, notice_id));
  });

  return router;
}
