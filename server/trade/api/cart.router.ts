// order/cart/output: the price preview of a cart (spec/02 §7): 商品金额, 优惠券, 应付金额.
import { Router } from "express";
import { z } from "zod";
import type { TradeDeps } from "../deps";
import { optionalMember, requireMember } from "./member-auth";
import { parse, send } from "../http/envelope";
import { cartOutput } from "../services/pricing.service";
import { checkDistinctSkus, CouponNosSchema, singleCoupon, UnitsSchema } from "./units.schema";

const CartOutputBody = z.object({ units: UnitsSchema, coupons: CouponNosSchema });

export function cartRouter(deps: TradeDeps) {
  const router = Router();
  router.post("/output", (req, res) => {
    const body = parse(CartOutputBody, req.body);
    checkDistinctSkus(body.units);
    const couponNo = singleCoupon(body.coupons);
    // a coupon is the member's: login required; without one, visitors may preview the price
    const member = couponNo === null ? optionalMember(deps, res) : requireMember(deps, res);
    send(res, cartOutput(deps, member, { units: body.units, couponNo }));
  });
  return router;
}
