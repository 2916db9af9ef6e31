// The trade and member services, mounted by the Express process under /api.
import express, { Router } from "express";
import { dataReportRouter } from "./api/data-report.router";
import { goodsDetailRouter, goodsSearchRouter } from "./api/goods.router";
import { memberRouter } from "./api/member.router";
import { orderDetailRouter, orderRouter } from "./api/order.router";
import { payGatewayRouter } from "./api/pay-gateway.router";
import { cartRouter } from "./api/cart.router";
import { promotionRouter } from "./api/promotion.router";
import { shoppingRouter } from "./api/shopping.router";
import type { TradeDeps } from "./deps";
import { clientContext } from "./http/client-context";
import { ApiError, apiErrorHandler, ERROR, sendError } from "./http/envelope";

export function tradeRouter(deps: TradeDeps) {
  const api = Router();
  api.use(express.json({ limit: "64kb" }));
  api.use(express.urlencoded({ extended: false, limit: "64kb" }));
  api.use((_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });
  api.use(clientContext(deps.config.sessionSecret));

  api.use("/trade_bff/v1/shopping", shoppingRouter(deps));
  api.use("/common_bll/v1", memberRouter(deps));
  api.use("/trade_bff/v1/promotion", promotionRouter(deps));
  api.use("/trade_bff/v1/order/cart", cartRouter(deps));
  api.use("/trade_bff/v1/order", orderRouter(deps));
  api.use("/trade_bff/v2/order", orderDetailRouter(deps));
  api.use("/pay_gateway", payGatewayRouter(deps));
  api.use("/trade_bff/v1/goods", goodsSearchRouter(deps));
  api.use("/trade_bff/v2/goods", goodsDetailRouter(deps));
  api.use("/data_report/v1/client", dataReportRouter(deps));

  api.use((_req, res) => sendError(res, new ApiError(ERROR.NOT_FOUND, "接口不存在")));
  api.use(apiErrorHandler(deps.logger));
  return api;
}
