// The trade and member services, mounted by the Express process under TRADE_API_PREFIX.
import express, { Router } from "express";
import { hasBody } from "../http/has-body";
import { CROSS_SITE_MESSAGE, sameOriginWrites } from "../http/same-origin";
import { dataReportRouter } from "./api/data-report.router";
import { goodsDetailRouter, goodsSearchRouter } from "./api/goods.router";
import { memberRouter } from "./api/member.router";
import { orderDetailRouter, orderRouter } from "./api/order.router";
import { payGatewayRouter, providerNotifyRouter } from "./api/pay-gateway.router";
import { cartRouter } from "./api/cart.router";
import { promotionRouter } from "./api/promotion.router";
import { restockRouter } from "./api/restock.router";
import { shopIdentityRouter } from "./api/shop-identity.router";
import { shoppingRouter } from "./api/shopping.router";
import type { TradeDeps } from "./deps";
import { NO_STORE } from "./http/cache-control";
import { clientContext } from "./http/client-context";
import { memberContactRouter } from "./api/member-contact.router";
import { ApiError, ERROR } from "./http/api-error";
import { apiErrorHandler, sendError } from "./http/envelope";
import { configureReadCache } from "./services/read-cache";

/** Where the Express process mounts the trade services. */
export const TRADE_API_PREFIX = "/api";

/**
 * Each service's router and where it is mounted under TRADE_API_PREFIX, as data: the API-docs
 * drift test (tests/api/api-docs.test.ts) reads its routes from here. More specific paths first.
 */
export const TRADE_SERVICES: readonly { path: string; router: (deps: TradeDeps) => Router }[] = [
  { path: "/trade_bff/v1/shopping", router: shoppingRouter },
  { path: "/common_bll/v1", router: memberRouter },
  { path: "/trade_bff/v1/promotion", router: promotionRouter },
  { path: "/trade_bff/v1/order/cart", router: cartRouter },
  { path: "/trade_bff/v1/order", router: orderRouter },
  { path: "/trade_bff/v2/order", router: orderDetailRouter },
  { path: "/pay_gateway", router: payGatewayRouter },
  { path: "/trade_bff/v1/goods", router: goodsSearchRouter },
  { path: "/trade_bff/v2/goods", router: goodsDetailRouter },
  { path: "/data_report/v1/client", router: dataReportRouter },
  // an extension of the contract (docs/api.md): a backend without it answers 404
  { path: "/trade_bff/ext/restock_notice", router: restockRouter },
  { path: "/trade_bff/ext/shop_identity", router: shopIdentityRouter },
  { path: "/common_bll/ext/member", router: memberContactRouter },
];

/** Posted by the payment provider, authenticated by its signature (not by cookies): forms allowed. */
const PROVIDER_NOTIFY = "/pay_gateway/notify";
const ALIPAY_NOTIFY = "/pay_gateway/alipay/notify";
/** WeChat Pay signs the body's bytes: kept raw for its verification. */
const WECHAT_NOTIFY = "/pay_gateway/wechat/notify";
const FROM_PROVIDERS = new Set([PROVIDER_NOTIFY, ALIPAY_NOTIFY, WECHAT_NOTIFY]);

export function tradeRouter(deps: TradeDeps) {
  configureReadCache(deps.store.db, deps.config.readCacheTtlMs);
  const api = Router();
  api.use((_req, res, next) => {
    // public reads say otherwise (server/trade/http/cache-control.ts)
    res.set("Cache-Control", NO_STORE);
    next();
  });
  // decision 012 (review finding 2): no cross-site writes, and JSON bodies only, which a cross-site page cannot
  // send without a CORS preflight (that this API never answers)
  const crossSite = sameOriginWrites([deps.config.cnBaseUrl, deps.config.hkBaseUrl], (res) =>
    sendError(res, new ApiError(ERROR.FORBIDDEN, CROSS_SITE_MESSAGE)),
  );
  api.use((req, res, next) => (FROM_PROVIDERS.has(req.path) ? next() : crossSite(req, res, next)));
  api.use((req, _res, next) => {
    if (!FROM_PROVIDERS.has(req.path) && hasBody(req) && !req.is("application/json")) {
      throw new ApiError(ERROR.UNSUPPORTED_MEDIA_TYPE, "请求体须为 JSON");
    }
    next();
  });
  api.use(WECHAT_NOTIFY, express.raw({ type: () => true, limit: "64kb" }));
  api.use(express.json({ limit: "64kb" }));
  api.use([PROVIDER_NOTIFY, ALIPAY_NOTIFY], express.urlencoded({ extended: false, limit: "64kb" }));
  api.use(clientContext(deps.config.sessionSecret));

  api.use("/pay_gateway", providerNotifyRouter(deps));
  for (const service of TRADE_SERVICES) api.use(service.path, service.router(deps));

  api.use((_req, res) => sendError(res, new ApiError(ERROR.NOT_FOUND, "接口不存在")));
  api.use(apiErrorHandler(deps.logger));
  return api;
}
