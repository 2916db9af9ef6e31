// The back office's orders and members (issue 39, decision 060): the order search and an order's
// history, a refund through the refund queue (the provider pays it out, as for every refund of the
// shop), a flagged refund marked refunded by hand, the delivery message sent again, and members
// looked up and locked. Every change writes its audit line in its own transaction and answers in
// Chinese; a refused change answers `ok: false` and changes nothing. Codes leave this module masked.
import { and, asc, count, desc, eq, gt, inArray, like, max, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { idempotencyKeys, members, orderPerformances, orders, orderUnits, outboxMessages, paymentNotifications, refunds } from "../../../db/schema";
import {
  ORDER_PAGE_SIZE,
  type MemberSummary,
  type ChangeOutcome,
  type OrderDetail,
  type OrderSearch,
  type RefundInput,
  type SignedInOperator,
} from "../../../shared/back-office";
import { yuanText } from "../../../shared/money";
import type { ServiceDeps } from "../deps";
import { maskCode } from "../domain/masked-code";
import type { OrderStatus } from "../domain/order-state";
import { nextStatus } from "../domain/order-state";
import { ApiError } from "../http/api-error";
import { queueDeliveryMessages } from "../jobs/fulfilment";
import { recordAudit } from "./audit-log.service";
import { REFUND_MESSAGES, refundAmount } from "./order-admin";
import { findOrder } from "./order-transitions";
import { writeTransaction } from "./prepared";
import { refundDoneByHand, refundedSoFar } from "./refund.service";
import { revokeAllCredentials } from "./session.service";

export const DESK_MESSAGES = {
  NO_ORDER: "订单不存在",
  NO_MEMBER: "会员不存在",
  NOT_DELIVERED: "这笔订单还没有发货，没有可重发的兑换码（未发送）",
  ALL_REFUNDED: "这笔订单已全额退款，不再重发兑换码（未发送）",
  REFUND_NOT_FLAGGED: "这笔退款不是待人工处理的失败退款，无需标记（未修改）",
  ALREADY_LOCKED: "该会员已是锁定状态（未修改）",
  NOT_LOCKED: "该会员没有被锁定（未修改）",
  RESENT_ALREADY: "这张表单已提交过，发货通知没有再发一次；如需再发，请重新打开订单后再点重发发货通知",
  FORM_EXPIRED: "页面已过期，请重新打开订单后再操作（未发送）",
} as const;

/** Orders whose codes may be sent again: delivered, and not refunded in full. */
const RESENDABLE: readonly string[] = ["SEND_SUCCESS", "PART_REFUND"];
const MEMBER_LIST = 50;

/** A mobile as typed ("13800138000", "+86-13800138000", "+86 138…") and as stored ("+86-13800138000"). */
function mobilesOf(query: string): string[] | null {
  const compact = query.replace(/[\s()]/g, "");
  if (!/^\+?[\d-]{5,20}$/.test(compact)) return null;
  const digits = compact.replace(/\D/g, "");
  const stored = compact.startsWith("+") ? [`+${digits.slice(0, 2)}-${digits.slice(2)}`] : [`+86-${digits}`];
  return [...new Set([compact, digits, ...stored])];
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The search's condition: an e-mail, a mobile, else an order number or its start. */
function orderMatch(query: string): SQL | undefined {
  if (!query) return undefined;
  if (query.includes("@")) {
    const email = query.toLowerCase();
    return or(sql`lower(${orders.userEmail}) = ${email}`, sql`lower(${members.email}) = ${email}`);
  }
  const mobiles = mobilesOf(query);
  if (mobiles && !/^TT/i.test(query)) return or(inArray(members.mobile, mobiles), inArray(orders.userPhone, mobiles));
  return like(orders.orderNo, `${escapeLike(query.toUpperCase())}%`);
}

function searchOrders(deps: ServiceDeps, rawQuery: string, rawPage: number): OrderSearch {
  const { db } = deps.store;
  const query = rawQuery.trim().slice(0, 100);
  const where = orderMatch(query);
  const total = db.select({ n: count() }).from(orders).innerJoin(members, eq(members.memberId, orders.memberId)).where(where).get()!.n;
  const pages = Math.max(1, Math.ceil(total / ORDER_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.trunc(rawPage) || 1), pages);
  const rows = db
    .select({
      orderNo: orders.orderNo,
      status: orders.status,
      payPrice: orders.payPrice,
      createdAt: orders.createdAt,
      mobile: members.mobile,
      email: sql<string>`coalesce(nullif(${orders.userEmail}, ''), ${members.email}, '')`,
      goods: sql<string>`(select ${orderUnits.goodsName} || ' · ' || ${orderUnits.skuName} || case when count(*) over () > 1 then ' 等' else '' end from ${orderUnits} where ${orderUnits.orderNo} = ${orders.orderNo} order by ${orderUnits.id} limit 1)`,
      flag: orders.flag,
    })
    .from(orders)
    .innerJoin(members, eq(members.memberId, orders.memberId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.orderNo))
    .limit(ORDER_PAGE_SIZE)
    .offset((page - 1) * ORDER_PAGE_SIZE)
    .all();
  return { query, page, pages, total, orders: rows.map(({ flag, goods, ...o }) => ({ ...o, goods: goods ?? "", flagged: Boolean(flag) })) };
}

const TRADE_STATUS: Record<string, string> = { SUCCESS: "成功", FAIL: "失败" };
const NOTIFY_OUTCOME: Record<string, string> = { APPLIED: "已入账", IGNORED: "重复通知，已忽略", FLAGGED: "异常，已标记" };

function orderDetail(deps: ServiceDeps, orderNo: string): OrderDetail | null {
  const { db } = deps.store;
  const order = findOrder(db, orderNo);
  if (!order) return null;
  const member = db.select().from(members).where(eq(members.memberId, order.memberId)).get()!;
  const units = db
    .select({
      skuNo: orderUnits.skuNo,
      goodsName: orderUnits.goodsName,
      skuName: orderUnits.skuName,
      skuNum: orderUnits.skuNum,
      unitPrice: orderUnits.unitPrice,
    })
    .from(orderUnits)
    .where(eq(orderUnits.orderNo, orderNo))
    .orderBy(asc(orderUnits.id))
    .all();
  const codes = db
    .select({ title: orderPerformances.title, value: orderPerformances.value, createdAt: orderPerformances.createdAt })
    .from(orderPerformances)
    .where(eq(orderPerformances.orderNo, orderNo))
    .orderBy(asc(orderPerformances.id))
    .all()
    .map(({ value, ...c }) => ({ ...c, masked: maskCode(value) }));
  const payments = db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, orderNo)).orderBy(asc(paymentNotifications.id)).all();
  const refundRows = db.select().from(refunds).where(eq(refunds.orderNo, orderNo)).orderBy(asc(refunds.id)).all();
  const messages = db
    .select({
      id: outboxMessages.id,
      channel: outboxMessages.channel,
      kind: outboxMessages.kind,
      recipient: outboxMessages.recipient,
      status: outboxMessages.status,
      createdAt: outboxMessages.createdAt,
      sentAt: outboxMessages.sentAt,
      lastError: outboxMessages.lastError,
    })
    .from(outboxMessages)
    .where(eq(outboxMessages.orderNo, orderNo))
    .orderBy(asc(outboxMessages.id))
    .all();

  const history: OrderDetail["history"] = [
    {
      at: order.createdAt,
      what: "下单",
      detail: `商品 ${yuanText(order.goodsAmount)}，优惠 ${yuanText(order.couponAmount)}，应付 ${yuanText(order.payPrice)}`,
    },
    ...payments.map((p) => ({
      at: p.createdAt,
      what: "支付通知",
      detail: `${TRADE_STATUS[p.tradeStatus] ?? p.tradeStatus} ${yuanText(p.amount)}，${NOTIFY_OUTCOME[p.outcome] ?? p.outcome}（${p.notifyId}）`,
    })),
    ...(order.payAt ? [{ at: order.payAt, what: "支付成功", detail: yuanText(order.payPrice) }] : []),
    ...(order.deliveredAt ? [{ at: order.deliveredAt, what: "发货完成", detail: `${codes.length} 个兑换码` }] : []),
    ...(order.closedAt ? [{ at: order.closedAt, what: "订单关闭", detail: "" }] : []),
    ...refundRows.flatMap((r) => [
      { at: r.createdAt, what: "发起退款", detail: `${yuanText(r.amount)}，${r.reason}（${r.idempotencyKey}）` },
      ...(r.settledAt === null
        ? []
        : [
            r.status === "SUCCEEDED"
              ? {
                  at: r.settledAt,
                  what: r.settledBy ? "人工退款完成" : "退款成功",
                  detail: `${yuanText(r.amount)}${r.settledBy ? `（操作员 ${r.settledBy} 标记）` : ""}`,
                }
              : { at: r.settledAt, what: "退款失败", detail: `${yuanText(r.amount)}：${r.lastError ?? ""}` },
          ]),
    ]),
  ].sort((a, b) => a.at - b.at);

  const status = order.status as OrderStatus;
  const refundsAll = nextStatus(status, "REFUND_ALL") !== null;
  const refundsPart = nextStatus(status, "REFUND_PART") !== null;
  // a closed or unpaid order took no money: nothing to give back, whatever it would have cost
  const refundable = refundsAll || refundsPart ? Math.max(0, order.payPrice - refundedSoFar(db, orderNo).amount) : 0;
  return {
    orderNo,
    status,
    payWay: order.payWay,
    goodsAmount: order.goodsAmount,
    couponAmount: order.couponAmount,
    payPrice: order.payPrice,
    paid: order.payAt !== null,
    userPhone: order.userPhone,
    userEmail: order.userEmail,
    notice: order.notice,
    flag: order.flag,
    member: { memberId: member.memberId, mobile: member.mobile, email: member.email, disabled: member.disabledAt !== null },
    units,
    codes,
    history,
    refunds: refundRows.map((r) => ({
      id: r.id,
      key: r.idempotencyKey,
      amount: r.amount,
      reason: r.reason,
      status: r.status,
      attempts: r.attempts,
      lastError: r.lastError,
      createdAt: r.createdAt,
      settledAt: r.settledAt,
      settledBy: r.settledBy,
    })),
    messages,
    refundable,
    canRefund: refundable > 0 && refundsAll,
    canRefundPart: refundable > 0 && refundsPart,
    canResend: RESENDABLE.includes(status) && codes.length > 0,
  };
}

/** A change refused: nothing written, the reason in Chinese. */
const refused = (message: string): ChangeOutcome => ({ ok: false, message });

/** A change's refusal in the service's words (an ApiError of the order services), else thrown on. */
function refusedBy(error: unknown): ChangeOutcome {
  if (error instanceof ApiError) return refused(error.message);
  throw error;
}

/**
 * The refund form's token (decision 067): each rendering of the refund form carries a new one, and
 * the refund it made is kept under it (in idempotency_keys, per operator), so a double click or a
 * re-posted page finds its refund and makes no second one.
 */
const REFUND_FORM = "back-office.refund";
/** 重发发货通知 the same way: a reload of its answer without JavaScript posts the form again, and sent the SMS and mail again. */
const RESEND_FORM = "back-office.resend";
const formRequest = (orderNo: string, amount: number) => `${orderNo} ${amount}`;

/** What the form of this token did already (its request), or undefined. */
function formUse(db: Db, operator: SignedInOperator, scope: string, formToken: string) {
  return db
    .select({ requestHash: idempotencyKeys.requestHash })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.memberId, operator.operatorId), eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, formToken)))
    .get();
}

function recordFormUse(db: Db, operator: SignedInOperator, scope: string, formToken: string, requestHash: string, orderNo: string, now: number) {
  db.insert(idempotencyKeys).values({ key: formToken, memberId: operator.operatorId, scope, requestHash, orderNo, createdAt: now }).run();
}

const refundStarted = (amount: number): ChangeOutcome => ({
  ok: true,
  message: `已发起退款 ${yuanText(amount)}，将原路退回支付账户；退款结果见下方退款记录`,
});

/** The same refund form posted again (a double click, a reload): its refund stands, and the operator reads that none more was made. */
const refundRepeated = (amount: number): ChangeOutcome => ({
  ok: true,
  message: `已发起退款 ${yuanText(amount)}：这张退款单已提交过，没有再退一次；如需再退，请重新填写退款金额`,
});

function refundOrder(deps: ServiceDeps, operator: SignedInOperator, input: RefundInput): ChangeOutcome {
  const { db } = deps.store;
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) return refused("请填写大于 0 的退款金额（未退款）");
  if (!input.formToken) return refused(REFUND_MESSAGES.CHANGED);
  const now = deps.now();
  try {
    return writeTransaction(db, () => {
      const earlier = formUse(db, operator, REFUND_FORM, input.formToken);
      // the same form again: its refund was made; another amount under its token is not this form's
      if (earlier) return earlier.requestHash === formRequest(input.orderNo, input.amount) ? refundRepeated(input.amount) : refused(REFUND_MESSAGES.CHANGED);
      const order = findOrder(db, input.orderNo);
      if (!order) return refused(DESK_MESSAGES.NO_ORDER);
      const done = refundAmount(db, order, { amount: input.amount, now });
      recordFormUse(db, operator, REFUND_FORM, input.formToken, formRequest(order.orderNo, input.amount), order.orderNo, now);
      recordAudit(
        db,
        {
          operatorId: operator.operatorId,
          actor: operator.name,
          action: done.to === "ALL_REFUND" ? "全额退款" : "部分退款",
          subject: `${order.orderNo} 退款 ${yuanText(done.amount)}`,
          before: `${done.from}，可退 ${yuanText(done.left + done.amount)}`,
          after: `${done.to}，可退 ${yuanText(done.left)}`,
        },
        now,
      );
      return refundStarted(done.amount);
    });
  } catch (error) {
    return refusedBy(error);
  }
}

function markRefundDone(deps: ServiceDeps, operator: SignedInOperator, input: { orderNo: string; refundId: number }): ChangeOutcome {
  const { db } = deps.store;
  const now = deps.now();
  return writeTransaction(db, () => {
    const refund = db
      .select()
      .from(refunds)
      .where(and(eq(refunds.id, input.refundId), eq(refunds.orderNo, input.orderNo)))
      .get();
    if (!refund || !refundDoneByHand(db, refund, operator.name, now)) return refused(DESK_MESSAGES.REFUND_NOT_FLAGGED);
    recordAudit(
      db,
      {
        operatorId: operator.operatorId,
        actor: operator.name,
        action: "标记人工退款完成",
        subject: `${refund.orderNo} 退款 ${yuanText(refund.amount)}（${refund.idempotencyKey}）`,
        before: "退款失败，待人工退款",
        after: "已人工退款",
      },
      now,
    );
    return { ok: true, message: `已标记人工退款完成：${yuanText(refund.amount)}，已通知买家` };
  });
}

function resendDelivery(deps: ServiceDeps, operator: SignedInOperator, { orderNo, formToken }: { orderNo: string; formToken: string }): ChangeOutcome {
  const { db } = deps.store;
  const now = deps.now();
  if (!formToken) return refused(DESK_MESSAGES.FORM_EXPIRED);
  return writeTransaction(db, () => {
    if (formUse(db, operator, RESEND_FORM, formToken)) return { ok: true, message: DESK_MESSAGES.RESENT_ALREADY };
    const order = findOrder(db, orderNo);
    if (!order) return refused(DESK_MESSAGES.NO_ORDER);
    if (order.status === "ALL_REFUND") return refused(DESK_MESSAGES.ALL_REFUNDED);
    const delivered = db.select({ n: count() }).from(orderPerformances).where(eq(orderPerformances.orderNo, orderNo)).get()!.n;
    if (!RESENDABLE.includes(order.status) || !delivered) return refused(DESK_MESSAGES.NOT_DELIVERED);
    const lastId =
      db
        .select({ id: max(outboxMessages.id) })
        .from(outboxMessages)
        .get()!.id ?? 0;
    queueDeliveryMessages(db, order, now);
    const sent = db
      .select({ channel: outboxMessages.channel, recipient: outboxMessages.recipient })
      .from(outboxMessages)
      .where(gt(outboxMessages.id, lastId))
      .orderBy(asc(outboxMessages.id))
      .all()
      .map((m) => `${m.channel === "MAIL" ? "邮件" : "短信"} ${m.recipient}`)
      .join("，");
    recordFormUse(db, operator, RESEND_FORM, formToken, orderNo, orderNo, now);
    recordAudit(db, { operatorId: operator.operatorId, actor: operator.name, action: "重发发货通知", subject: orderNo, before: null, after: sent }, now);
    return { ok: true, message: `已重新发送发货通知：${sent}` };
  });
}

function findMembers(deps: ServiceDeps, rawQuery: string): MemberSummary[] {
  const { db } = deps.store;
  const query = rawQuery.trim().slice(0, 100);
  const mobiles = mobilesOf(query);
  const where = !query
    ? undefined
    : query.includes("@")
      ? sql`lower(${members.email}) = ${query.toLowerCase()}`
      : mobiles
        ? or(inArray(members.mobile, mobiles), like(members.mobile, `%${escapeLike(mobiles[1]!)}`))
        : sql`0`;
  return db
    .select({
      memberId: members.memberId,
      mobile: members.mobile,
      memberName: members.memberName,
      email: members.email,
      disabledAt: members.disabledAt,
      createdAt: members.createdAt,
      // named in full: drizzle writes a single-table select's columns without their table
      orders: sql<number>`(select count(*) from ${orders} o where o.member_id = ${sql.raw('"members"."member_id"')})`,
    })
    .from(members)
    .where(where)
    .orderBy(desc(members.memberId))
    .limit(MEMBER_LIST)
    .all()
    .map(({ disabledAt, ...m }) => ({ ...m, disabled: disabledAt !== null }));
}

/**
 * Locks a member (no login by password or SMS code, every credential revoked, so no order either)
 * or unlocks it (it logs in again; its old credentials stay revoked).
 */
function lockMember(deps: ServiceDeps, operator: SignedInOperator, { memberId, locked }: { memberId: number; locked: boolean }): ChangeOutcome {
  const { db } = deps.store;
  const now = deps.now();
  return writeTransaction(db, () => {
    const member = db.select().from(members).where(eq(members.memberId, memberId)).get();
    if (!member) return refused(DESK_MESSAGES.NO_MEMBER);
    if ((member.disabledAt !== null) === locked) return refused(locked ? DESK_MESSAGES.ALREADY_LOCKED : DESK_MESSAGES.NOT_LOCKED);
    db.update(members)
      .set({ disabledAt: locked ? now : null })
      .where(eq(members.memberId, memberId))
      .run();
    if (locked) revokeAllCredentials(db, memberId, now);
    recordAudit(
      db,
      {
        operatorId: operator.operatorId,
        actor: operator.name,
        action: locked ? "锁定会员" : "解锁会员",
        subject: `${member.mobile}（会员 ${memberId}）`,
        before: locked ? "正常" : "已锁定",
        after: locked ? "已锁定" : "正常",
      },
      now,
    );
    return { ok: true, message: locked ? `已锁定会员 ${member.mobile}：不能登录和下单，已登录的设备已退出` : `已解锁会员 ${member.mobile}` };
  });
}

/** The order and member calls of BackOfficeServices. */
export function orderDesk(deps: ServiceDeps) {
  return {
    searchOrders: (query: string, page: number) => searchOrders(deps, query, page),
    orderDetail: (orderNo: string) => orderDetail(deps, orderNo),
    refundOrder: (operator: SignedInOperator, input: RefundInput) => refundOrder(deps, operator, input),
    markRefundDone: (operator: SignedInOperator, input: { orderNo: string; refundId: number }) => markRefundDone(deps, operator, input),
    resendDelivery: (operator: SignedInOperator, input: { orderNo: string; formToken: string }) => resendDelivery(deps, operator, input),
    findMembers: (query: string) => findMembers(deps, query),
    lockMember: (operator: SignedInOperator, input: { memberId: number; locked: boolean }) => lockMember(deps, operator, input),
  };
}
