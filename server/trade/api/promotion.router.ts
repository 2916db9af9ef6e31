// promotion/*: my coupons, the collection centre, claims, coupon eligibility and the after-coupon
// price (spec/01 §7, spec/02 §7, spec/03 §4).
import { Router } from "express";
import { z } from "zod";
import type { TradeDeps } from "../deps";
import { optionalMember, requireMember } from "./member-auth";
import { parse, send } from "../http/envelope";
import { afterPrice, afterPrices, availableCoupons } from "../services/pricing.service";
import { availableActivities, claimCoupon, myCoupons, receiveAuto, receiveOneClick } from "../services/promotion.service";
import { checkDistinctSkus, CodeSchema, UnitsSchema } from "./units.schema";

const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
const ReceiveBody = z.object({ activity_no: CodeSchema });
const UnitsBody = z.object({ units: UnitsSchema });
/** At most this many carts in one after_prices call (an extension of the contract, docs/api.md). */
const MAX_CARTS = 10;
const CartsBody = z.object({ carts: z.array(UnitsBody).min(1).max(MAX_CARTS) });

export function promotionRouter(deps: TradeDeps) {
  const router = Router();

  router.get("/my_coupon", (req, res) => {
    const member = requireMember(deps, res);
    const paging = parse(PageQuery, req.query);
    send(res, myCoupons(deps, member, paging));
  });

  router.get("/available", (req, res) => {
    const member = optionalMember(deps, res);
    const paging = parse(PageQuery, req.query);
    send(res, availableActivities(deps, member, paging));
  });

  router.post("/receive", (req, res) => {
    const member = requireMember(deps, res);
    const { activity_no } = parse(ReceiveBody, req.body);
    send(res, claimCoupon(deps, member, activity_no));
  });

  router.post("/receive_auto", (_req, res) => {
    const member = requireMember(deps, res);
    send(res, receiveAuto(deps, member));
  });

  router.post("/receive_one_click", (_req, res) => {
    const member = requireMember(deps, res);
    send(res, receiveOneClick(deps, member));
  });

  router.post("/available_coupon", (req, res) => {
    const member = requireMember(deps, res);
    const { units } = parse(UnitsBody, req.body);
    checkDistinctSkus(units);
    send(res, availableCoupons(deps, member, units));
  });

  router.post("/after_price", (req, res) => {
    const member = optionalMember(deps, res);
    const { units } = parse(UnitsBody, req.body);
    checkDistinctSkus(units);
    send(res, afterPrice(deps, member, units));
  });

  // an extension of the contract: after_price for up to 10 carts in one call (docs/api.md)
  router.post("/after_prices", (req, res) => {
    const member = optionalMember(deps, res);
    const { carts } = parse(CartsBody, req.body);
    const unitLists = carts.map(({ units }) => units);
    unitLists.forEach((units, i) => checkDistinctSkus(units, `carts.${i}.units`));
    send(res, afterPrices(deps, member, unitLists));
  });

  return router;
}
