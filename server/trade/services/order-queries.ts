// What a member reads of their orders (spec/02 §7): status, the list, the detail with its codes
// once delivered, and their servers.
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { CURRENCY_SYMBOL } from "../../../shared/money";
import type { Db } from "../../../db/client";
import { memberServers, orderGifts, orderPerformances, orders, ORDERS_OPEN_SQL, orderUnits, refunds } from "../../../db/schema";
import type { TradeDeps } from "../deps";
import { OPEN_STATUSES, PAID_STATUSES, remainingMinutes, type OrderStatus } from "../domain/order-state";
import { ApiError, ERROR } from "../http/api-error";
import { deliveredBy, memberEmail, notifyBy, shopChannels } from "./member-contact.service";
import { ORDER_MESSAGES, ownOrder, type OrderRow } from "./order-transitions";
import { payProvider, thirdPayDetail } from "./payment.service";
import { preparedFor } from "./prepared";
import { redeemGuideOfGoods } from "./platforms.service";
import type { Member } from "./session.service";

const p = sql.placeholder;

export function orderStatus(deps: TradeDeps, member: Member, orderNo: string) {
  const order = ownOrder(deps.store.db, member, orderNo);
  return {
    order_no: order.orderNo,
    order_status: order.status,
    remain_minutes: remainingMinutes(order.status as OrderStatus, order.payExpireAt, deps.now()),
  };
}

export const LIST_FILTERS = { ALL: null, PAY_SUCCESS: PAID_STATUSES, WAIT_PAY: OPEN_STATUSES } as const;
type ListFilter = keyof typeof LIST_FILTERS;

/** What a list item shows of an order and of its units. */
const LIST_COLUMNS = {
  orderNo: orders.orderNo,
  status: orders.status,
  payPrice: orders.payPrice,
  goodsAmount: orders.goodsAmount,
  couponAmount: orders.couponAmount,
  currencySymbol: orders.currencySymbol,
  currency: orders.currency,
  payAt: orders.payAt,
  createdAt: orders.createdAt,
  payExpireAt: orders.payExpireAt,
  payWay: orders.payWay,
};
const UNIT_COLUMNS = {
  orderNo: orderUnits.orderNo,
  goodsNo: orderUnits.goodsNo,
  goodsName: orderUnits.goodsName,
  goodsTags: orderUnits.goodsTags,
  covers: orderUnits.covers,
  skuNo: orderUnits.skuNo,
  skuName: orderUnits.skuName,
  skuOptions: orderUnits.skuOptions,
  skuNum: orderUnits.skuNum,
  unitPrice: orderUnits.unitPrice,
  originPrice: orderUnits.originPrice,
  isPresale: orderUnits.isPresale,
  presalePerformanceAt: orderUnits.presalePerformanceAt,
};
type UnitRow = Pick<typeof orderUnits.$inferSelect, keyof typeof UNIT_COLUMNS>;

/**
 * The list reads a member's orders newest first along orders_member_idx (member, created_at,
 * order_no, status), so a page costs its own rows, not the member's whole history, and the count
 * runs on the same index without touching the table. Unpaid orders are few (each closes within
 * ORDER_PAY_MINUTES): they come from the partial orders_open_idx and are ordered here, rather than
 * found by walking every order of the member.
 */
const listQueries = preparedFor((db) => {
  const paid = and(eq(orders.memberId, p("memberId")), inArray(orders.status, [...PAID_STATUSES]));
  const newestFirst = [desc(orders.createdAt), desc(orders.orderNo)];
  return {
    ALL: {
      count: db
        .select({ n: sql<number>`count(*)` })
        .from(orders)
        .where(eq(orders.memberId, p("memberId")))
        .prepare(),
      page: db
        .select(LIST_COLUMNS)
        .from(orders)
        .where(eq(orders.memberId, p("memberId")))
        .orderBy(...newestFirst)
        .limit(p("size"))
        .offset(p("offset"))
        .prepare(),
    },
    PAY_SUCCESS: {
      count: db
        .select({ n: sql<number>`count(*)` })
        .from(orders)
        .where(paid)
        .prepare(),
      page: db
        .select(LIST_COLUMNS)
        .from(orders)
        .where(paid)
        .orderBy(...newestFirst)
        .limit(p("size"))
        .offset(p("offset"))
        .prepare(),
    },
    open: db
      .select(LIST_COLUMNS)
      .from(orders)
      .where(and(eq(orders.memberId, p("memberId")), sql`${orders.status} in ${sql.raw(ORDERS_OPEN_SQL)}`))
      .prepare(),
    units: db
      .select({ id: orderUnits.id, ...UNIT_COLUMNS })
      .from(orderUnits)
      .where(inArray(orderUnits.orderNo, sql`(select value from json_each(${p("orderNos")}))`))
      .prepare(),
  };
});

type ListRow = { [K in keyof typeof LIST_COLUMNS]: OrderRow[K] };
const newestFirst = (a: ListRow, b: ListRow) => b.createdAt - a.createdAt || (a.orderNo < b.orderNo ? 1 : a.orderNo > b.orderNo ? -1 : 0);

export function listOrders(deps: TradeDeps, member: Member, query: { user_id: string; order_status: ListFilter; page: number; size: number }) {
  if (query.user_id !== String(member.memberId)) throw new ApiError(ERROR.FORBIDDEN, ORDER_MESSAGES.NOT_YOURS);
  const q = listQueries(deps.store.db);
  const { memberId } = member;
  const offset = (query.page - 1) * query.size;
  let rows: ListRow[];
  let total: number;
  if (query.order_status === "WAIT_PAY") {
    const open = q.open.all({ memberId }).sort(newestFirst);
    rows = open.slice(offset, offset + query.size);
    total = open.length;
  } else {
    const { count, page } = q[query.order_status];
    rows = page.all({ memberId, size: query.size, offset });
    // a page that is not full is the last one: the count follows without counting
    total = rows.length < query.size && (rows.length > 0 || offset === 0) ? offset + rows.length : (count.get({ memberId })?.n ?? 0);
  }
  const units = unitsOf(
    deps.store.db,
    rows.map((o) => o.orderNo),
  );
  const now = deps.now();
  const provider = payProvider(deps.config);
  return {
    list: rows.map((o) => {
      const goods = units.get(o.orderNo) ?? [];
      return {
        order_no: o.orderNo,
        status: o.status,
        pay_price: o.payPrice,
        goods_amount: o.goodsAmount,
        coupon_amount: o.couponAmount,
        pay_currency_symbol: o.currencySymbol,
        currency: o.currency,
        pay_at: o.payAt,
        created_at: o.createdAt,
        buy_num: goods.reduce((n, u) => n + u.skuNum, 0),
        remain_minutes: remainingMinutes(o.status as OrderStatus, o.payExpireAt, now),
        pay_way: o.payWay,
        goods: goods.map(wireGoods),
        third_pay_detail: provider && OPEN_STATUSES.includes(o.status as OrderStatus) ? thirdPayDetail(provider, o.orderNo) : { pay_url: "" },
      };
    }),
    page: query.page,
    size: query.size,
    total,
  };
}

/** The units of these orders, each order's in the order they were added. */
function unitsOf(db: Db, orderNos: string[]) {
  const byOrder = new Map<string, (UnitRow & { id: number })[]>();
  if (orderNos.length === 0) return byOrder;
  for (const unit of listQueries(db).units.all({ orderNos: JSON.stringify(orderNos) })) {
    const list = byOrder.get(unit.orderNo);
    if (list) list.push(unit);
    else byOrder.set(unit.orderNo, [unit]);
  }
  for (const list of byOrder.values()) if (list.length > 1) list.sort((a, b) => a.id - b.id);
  return byOrder;
}

function wireGoods(unit: UnitRow) {
  return {
    goods_no: unit.goodsNo,
    goods_name: unit.goodsName,
    goods_tags: unit.goodsTags,
    covers: unit.covers,
    sku_no: unit.skuNo,
    sku_name: unit.skuName,
    sku_item: unit.skuOptions,
    sku_num: unit.skuNum,
    sale_price: unit.unitPrice,
    origin_price: unit.originPrice,
    sale_currency_symbol: CURRENCY_SYMBOL,
    is_presale: unit.isPresale,
    presale_performance_at: unit.presalePerformanceAt,
  };
}

export function orderDetail(deps: TradeDeps, member: Member, orderNo: string) {
  const { db } = deps.store;
  const order = ownOrder(db, member, orderNo);
  const units = db.select().from(orderUnits).where(eq(orderUnits.orderNo, orderNo)).orderBy(asc(orderUnits.id)).all();
  // a code is shown once its order is delivered (all its units have one: decision 021), never before
  const delivered = new Map(
    order.deliveredAt === null
      ? []
      : db
          .select()
          .from(orderPerformances)
          .where(eq(orderPerformances.orderNo, orderNo))
          .all()
          .map((p) => [p.unitId, p]),
  );
  const gifts = db.select().from(orderGifts).where(eq(orderGifts.orderNo, orderNo)).all();
  const guides = delivered.size
    ? redeemGuideOfGoods(db, [...new Set(units.map((u) => u.goodsNo))])
    : new Map<string, { platform: string; codeKind: string; steps: string[] }>();
  return {
    order: {
      order_no: order.orderNo,
      status: order.status,
      pay_price: order.payPrice,
      goods_amount: order.goodsAmount,
      coupon_amount: order.couponAmount,
      pay_at: order.payAt,
      created_at: order.createdAt,
      currency_symbol: order.currencySymbol,
      currency: order.currency,
      pay_way: order.payWay,
      user_email: order.userEmail,
      remain_minutes: remainingMinutes(order.status as OrderStatus, order.payExpireAt, deps.now()),
      // an addition to the spec's contract: when an open order stops being payable (to the second)
      pay_expire_at: OPEN_STATUSES.includes(order.status as OrderStatus) ? order.payExpireAt : null,
      notice: order.notice ?? "",
      // an addition to the spec's contract (decisions 058, 062): the channels the codes are sent by — for a
      // delivered order those its delivery used; before, SMS when the shop sends SMS, mail when it sends
      // mail and the order (else the account) has an e-mail
      notify_by:
        order.deliveredAt === null ? notifyBy(shopChannels(deps, "DELIVERY"), order.userEmail || memberEmail(deps, member)) : deliveredBy(deps, order.orderNo),
    },
    goods: units.map(wireGoods),
    // an addition to the spec's contract: the money that went back, each refund with its amount and dates
    refund_list: refundsOf(db, order),
    // one entry per unit (its length is the purchase count); the code appears once delivered
    performance_list: units.map((unit) => {
      const item = delivered.get(unit.id);
      const guide = guides.get(unit.goodsNo);
      return item
        ? {
            title: item.title,
            value: item.value,
            copy: item.copy,
            url: { title: item.urlTitle ?? "", value: item.urlValue ?? "" },
            notice_text: item.noticeText,
            // additions to the spec's contract: how to redeem a code of the goods' platform and kind
            redeem_steps: guide?.steps ?? [],
            platform: guide?.platform ?? "",
            code_kind: guide?.codeKind ?? "",
          }
        : {
            title: "兑换码",
            value: "",
            copy: false,
            url: { title: "", value: "" },
            notice_text: order.notice ?? "",
            redeem_steps: [],
            platform: "",
            code_kind: "",
          };
    }),
    gift_list: gifts.map((g) => ({ title: g.title, value: g.value, copy: g.copy, url: { title: g.urlTitle ?? "", value: g.urlValue ?? "" } })),
  };
}

/**
 * The order's refunds, oldest first, as the shopper reads them: confirmed by the pay provider
 * (REFUNDED, with the day it came back) or still on its way (PROCESSING; a refund given up and
 * left for a person reads the same to the shopper). The money goes back the way it was paid.
 */
function refundsOf(db: Db, order: OrderRow) {
  return db
    .select({ amount: refunds.amount, status: refunds.status, reason: refunds.reason, createdAt: refunds.createdAt, settledAt: refunds.settledAt })
    .from(refunds)
    .where(eq(refunds.orderNo, order.orderNo))
    .orderBy(asc(refunds.id))
    .all()
    .map((r) => ({
      refund_amount: r.amount,
      refund_status: r.status === "SUCCEEDED" ? "REFUNDED" : "PROCESSING",
      reason: r.reason,
      applied_at: r.createdAt,
      refunded_at: r.status === "SUCCEEDED" ? r.settledAt : null,
      pay_way: order.payWay,
    }));
}

export function serverList(deps: TradeDeps, member: Member, type: "ALL" | "RUNNING" | "EXPIRED") {
  const now = deps.now();
  const rows = deps.store.db
    .select()
    .from(memberServers)
    .where(eq(memberServers.memberId, member.memberId))
    .orderBy(desc(memberServers.expiresAt))
    .all()
    .filter((s) => type === "ALL" || (type === "RUNNING") === s.expiresAt > now);
  return {
    list: rows.map((s) => ({ id: s.id, server_name: s.serverName, server_status: s.serverStatus, expires_at: s.expiresAt, running: s.expiresAt > now })),
  };
}
