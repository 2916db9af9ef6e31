// promotion/*: my coupons, the collection centre, claims, coupon eligibility and the after-coupon
// price (spec/01 §7, spec/02 §7, spec/03 §4).
import { Router } from "express";
import { z } from "zod";
import type { TradeDeps } from "../deps";
import { optionalMember, requireMember } from "../http/auth";
import { parse, send } from "../http/envelope";
import { afterPrice, availableCoupons } from "../services/pricing.service";
import { availableActivities, claimCoupon, myCoupons, receiveAuto, receiveOneClick } from "../services/promotion.service";
import { checkDistinctSkus, CodeSchema, UnitsSchema } from "./units.schema";

const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
const ReceiveBody = z.object({ activity_no: CodeSchema });
const UnitsBody = z.object({ units: UnitsSchema });

export function promotionRouter(deps: TradeDeps) {
  const { store } = deps;
  const router = Router();

  router.get("/my_coupon", (req, res) => {
    const member = requireMember(deps, res);
    const paging = parse(PageQuery, req.query);
    send(res, myCoupons(store.db, member.memberId, deps.now(), paging));
  });

  router.get("/available", (req, res) => {
    const member = optionalMember(deps, res);
    const paging = parse(PageQuery, req.query);
    send(res, availableActivities(store.db, member?.memberId ?? null, deps.now(), paging));
  });

  router.post("/receive", (req, res) => {
    const member = requireMember(deps, res);
    const { activity_no } = parse(ReceiveBody, req.body);
    send(res, claimCoupon(store.db, member.memberId, activity_no, deps.now()));
  });

  router.post("/receive_auto", (_req, res) => {
    const member = requireMember(deps, res);
    send(res, receiveAuto(store.db, member.memberId, deps.now()));
  });

  router.post("/receive_one_click", (_req, res) => {
    const member = requireMember(deps, res);
    send(res, receiveOneClick(store.db, member.memberId, deps.now()));
  });

  router.post("/available_coupon", (req, res) => {
    const member = requireMember(deps, res);
    const { units } = parse(UnitsBody, req.body);
    checkDistinctSkus(units);
    send(res, availableCoupons(store.db, member.memberId, units, deps.now()));
  });

  router.post("/after_price", (req, res) => {
    const member = optionalMember(deps, res);
    const { units } = parse(UnitsBody, req.body);
    checkDistinctSkus(units);
    send(res, afterPrice(store.db, member?.memberId ?? null, units, deps.now()));
  });

  return router;
}
