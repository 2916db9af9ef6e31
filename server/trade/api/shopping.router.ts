// shopping/*: page layouts, popup adverts and page content (recommendations, goods rich text).
// page_content is the spec's POST; the same read as a GET is an extension of the contract
// (docs/api.md) that HTTP caches may reuse, as the other public reads.
import { Router, type Response } from "express";
import { z } from "zod";
import { CODE_PATTERN } from "../../../shared/codes";
import type { TradeDeps } from "../deps";
import { publicRead } from "../http/cache-control";
import { parse, send } from "../http/envelope";
import { activeAdverts, pageContent, pageLayout } from "../services/content.service";
import { PAGE_TYPES } from "../services/layout.service";

const PageTypeQuery = z.object({ page_type: z.enum(PAGE_TYPES) });

const PageContentBody = z.object({
  page_type: z.enum(PAGE_TYPES),
  exclude_goods_no: z
    .string()
    .max(1000)
    .regex(/^[\w-]*(,[\w-]*)*$/)
    .optional(),
  render_id: z.string().regex(CODE_PATTERN).optional(),
  render_type: z.enum(["goods"]).optional(),
});

export function shoppingRouter(deps: TradeDeps) {
  const router = Router();
  const cacheable = publicRead(deps.config.readCacheTtlMs);

  router.get("/layout", cacheable, (req, res) => {
    const { page_type } = parse(PageTypeQuery, req.query);
    send(res, { list: pageLayout(deps, page_type) });
  });

  router.get("/dialog/show", cacheable, (req, res) => {
    const { page_type } = parse(PageTypeQuery, req.query);
    send(res, { list: activeAdverts(deps, page_type) });
  });

  const answerPageContent = (res: Response, input: unknown) => {
    const body = parse(PageContentBody, input);
    const list = pageContent(deps, {
      pageType: body.page_type,
      excludeGoodsNos: body.exclude_goods_no?.split(",").filter(Boolean) ?? [],
      renderId: body.render_id,
    });
    send(res, { list });
  };
  router.post("/page_content", (req, res) => answerPageContent(res, req.body));
  // the same for anyone (no member data): public like the layouts
  router.get("/page_content", cacheable, (req, res) => answerPageContent(res, req.query));

  return router;
}
