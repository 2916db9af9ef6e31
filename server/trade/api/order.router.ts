// order/*: create (idempotent), pay way, status, list, detail v2, close, server list.
import { Router } from "express";
import { z } from "zod";
import { CODE_PATTERN } from "../../../shared/codes";
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from "../../../shared/email";
import type { TradeDeps } from "../deps";
import { requireMember } from "./member-auth";
import { clientOf } from "../http/client-context";
import { parse, send } from "../http/envelope";
import { checkDistinctSkus } from "./units.schema";
import { changePayWay, closeOrder, createOrder, PAY_WAYS } from "../services/order-commands";
import { LIST_FILTERS, listOrders, orderDetail, orderStatus, serverList } from "../services/order-queries";

export const OrderNo = z.string().regex(/^TT\d{14}$/);
const OrderNoParam = z.object({ orderNo: OrderNo });
const Code = z.string().regex(CODE_PATTERN);

export const CreateOrderBody = z.object({
  customer: z.object({
    user_id: z.union([z.string().regex(/^\d{1,12}$/), z.number().int().positive().max(1e12).transform(String)]),
    user_phone: z
      .string()
      .max(24)
      .regex(/^(\+\d{1,4}-)?\d{0,15}$/)
      .default(""),
    user_email: z
      .string()
      .max(EMAIL_MAX_LENGTH)
      .regex(new RegExp(`^$|${EMAIL_PATTERN.source}`))
      .default(""),
  }),
  units: z
    .array(z.object({ sku_no: Code, goods_no: Code, sku_num: z.literal(1) }))
    .min(1)
    .max(10),
  channel: z
    .object({
      channel_name: z.string().max(64).default(""),
      channel_no: z
        .string()
        .regex(/^[\w-]{0,32}$/)
        .default("1"),
    })
    .default({ channel_name: "", channel_no: "1" }),
  pay_way: z.enum(PAY_WAYS),
  order_no: z.union([OrderNo, z.literal("")]).optional(),
  coupons: z
    .array(z.union([z.string().regex(/^CP\d{10}$/), z.literal("")]))
    .max(1)
    .default([]),
  /** The hidden form field carrying the idempotency key (or use the Idempotency-Key header). */
  request_id: z
    .string()
    .regex(/^[\w-]{8,64}$/)
    .optional(),
});

const IdempotencyHeader = z
  .string()
  .regex(/^[\w-]{8,64}$/)
  .optional();
const PayWayBody = z.object({ order_no: OrderNo, pay_way: z.enum(PAY_WAYS) });
const ListQuery = z.object({
  user_id: z.string().regex(/^\d{1,12}$/),
  order_status: z.enum(Object.keys(LIST_FILTERS) as [keyof typeof LIST_FILTERS]).default("ALL"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(999).default(999),
});
const ServerListQuery = z.object({ type: z.enum(["ALL", "RUNNING", "EXPIRED"]).default("ALL") });

export function orderRouter(deps: TradeDeps) {
  const router = Router();

  router.post("/", (req, res) => {
    const member = requireMember(deps, res);
    const { request_id, ...input } = parse(CreateOrderBody, req.body);
    checkDistinctSkus(input.units);
    const header = parse(IdempotencyHeader, req.get("Idempotency-Key"), "请求头 Idempotency-Key");
    send(
      res,
      createOrder(deps, member, { ...input, order_no: input.order_no || undefined }, { key: request_id ?? header ?? null, storeLine: clientOf(res).storeLine }),
    );
  });

  router.post("/pay_way", (req, res) => {
    const member = requireMember(deps, res);
    const body = parse(PayWayBody, req.body);
    send(res, changePayWay(deps, member, body.order_no, body.pay_way));
  });

  router.get("/status/:orderNo", (req, res) => {
    const member = requireMember(deps, res);
    send(res, orderStatus(deps, member, parse(OrderNoParam, req.params).orderNo));
  });

  router.get("/list", (req, res) => {
    const member = requireMember(deps, res);
    send(res, listOrders(deps, member, parse(ListQuery, req.query)));
  });

  router.post("/close/:orderNo", (req, res) => {
    const member = requireMember(deps, res);
    send(res, closeOrder(deps, member, parse(OrderNoParam, req.params).orderNo));
  });

  router.get("/server_list", (req, res) => {
    const member = requireMember(deps, res);
    send(res, serverList(deps, member, parse(ServerListQuery, req.query).type));
  });

  return router;
}

export function orderDetailRouter(deps: TradeDeps) {
  const router = Router();
  router.get("/:orderNo", (req, res) => {
    const member = requireMember(deps, res);
    send(res, orderDetail(deps, member, parse(OrderNoParam, req.params).orderNo));
  });
  return router;
}
