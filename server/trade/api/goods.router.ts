// goods/search and v2/goods/{goodsNo}.
import { Router } from "express";
import { z } from "zod";
import type { TradeDeps } from "../deps";
import { publicRead } from "../http/cache-control";
import { ApiError, ERROR } from "../http/api-error";
import { parse, send } from "../http/envelope";
import { goodsDetail, searchGoods } from "../services/goods.service";

const SearchQuery = z.object({
  // no control characters: nobody types them, and a NUL ends the FTS5 query's string early
  keyword: z
    .string()
    .trim()
    .max(32)
    .regex(/^\P{Cc}*$/u)
    .default(""),
  // a goods platform (STEAM, NINTENDO, PSN, XBOX, MOBILE, GIFT_CARD): only its goods
  platform: z
    .string()
    .regex(/^[A-Z_]{1,20}$/)
    .optional(),
  order_by: z.enum(["origin_price", "sale_price"]).default("origin_price"),
  order_type: z.enum(["asc", "desc"]).default("asc"),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(100).optional(),
  preview: z.enum(["0", "1"]).default("0"),
});

export const GoodsNoParam = z.object({ goodsNo: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/) });

export function goodsSearchRouter(deps: TradeDeps) {
  const router = Router();
  router.get("/search", publicRead(deps.config.readCacheTtlMs), (req, res) => {
    const q = parse(SearchQuery, req.query);
    const goods_list = searchGoods(deps, {
      keyword: q.keyword,
      platform: q.platform,
      orderBy: q.order_by,
      orderType: q.order_type,
      page: q.page,
      // suggestions (preview) show 5, the results page 10 (spec/03 §4)
      size: q.size ?? (q.preview === "1" ? 5 : 10),
      // the results page's platform filter shows the keyword's count per platform
      withPlatforms: q.preview === "0",
    });
    send(res, { goods_list });
  });
  return router;
}

export function goodsDetailRouter(deps: TradeDeps) {
  const router = Router();
  router.get("/:goodsNo", publicRead(deps.config.readCacheTtlMs), (req, res) => {
    const { goodsNo } = parse(GoodsNoParam, req.params);
    const goods_detail = goodsDetail(deps, goodsNo);
    if (!goods_detail) throw new ApiError(ERROR.NOT_FOUND, "商品不存在");
    send(res, { goods_detail });
  });
  return router;
}
