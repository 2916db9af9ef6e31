// The back office's orders and members (issue 39, decision 060), through BackOfficeServices as its
// pages call them, on the seeded API harness: the search, an order's history with its codes masked,
// refunds in part and in full through the refund queue and the sandbox provider, bad refunds
// refused with nothing changed, a flagged refund marked refunded by hand, the delivery message sent
// again, and a locked member who can neither log in nor order. Every change has its audit line.
import { randomUUID } from "node:crypto";
import { and, count, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, cdkeys, members, orders, outboxMessages, refunds, sandboxRefunds } from "../../db/schema";
import type { BackOfficeServices, SignedInOperator } from "../../shared/back-office";
import { ORDER_PAGE_SIZE } from "../../shared/back-office";
import { LOGIN_MESSAGES } from "../../server/trade/domain/login-lock";
import { fulfilOrder } from "../../server/trade/jobs/fulfilment";
import { runRefunds } from "../../server/trade/jobs/refunds";
import { backOffice } from "../../server/trade/services/back-office";
import { DESK_MESSAGES } from "../../server/trade/services/back-office-orders";
import { createOperator } from "../../server/trade/services/operator.service";
import { REFUND_MESSAGES } from "../../server/trade/services/order-admin";
import { refundFailed, refundUnknown } from "../../server/trade/services/refund.service";
import { issueCredential, memberByCredential } from "../../server/trade/services/session.service";
import { startHarness, type Harness } from "./harness";
import { codeLogin, freshAddress, sendCode, withCredential } from "./member-helpers";
import { addCodes, insertPaidOrders, ORDER_V1, orderBody } from "./order-fixtures";

let h: Harness;
let desk: BackOfficeServices;
let operator: SignedInOperator;
const SKU = { goodsNo: "G1024", skuNo: "G1024-S05" };
let prefix = 0;

beforeAll(async () => {
  h = await startHarness();
  desk = backOffice(h.deps, { mediaDir: h.deps.config.mediaDir });
  createOperator(h.deps, "desk", "desk operator password");
  operator = { operatorId: 1, name: "desk", csrfToken: "" };
}, 60_000);
afterAll(() => h?.close());

const db = () => h.store.db;
const order = (orderNo: string) => db().select().from(orders).where(eq(orders.orderNo, orderNo)).get()!;
const refundsOf = (orderNo: string) => db().select().from(refunds).where(eq(refunds.orderNo, orderNo)).all();
const messagesOf = (orderNo: string) => db().select().from(outboxMessages).where(eq(outboxMessages.orderNo, orderNo)).all();
const lastAudit = () => db().select().from(auditLog).orderBy(desc(auditLog.id)).get()!;
const auditCount = () => db().select({ n: count() }).from(auditLog).get()!.n;
/** A new rendering of the refund form: its own token. */
const form = () => randomUUID();

/** A ￥50.00 order of a new member, paid and delivered (its code taken from the SKU's stock); its number and code. */
function deliveredOrder(email = ""): { orderNo: string; code: string; memberId: number } {
  const [code] = addCodes(db(), SKU.skuNo, 1);
  const { orderNos, memberId } = insertPaidOrders(db(), { ...SKU, count: 1, prefix: `9${String(++prefix).padStart(3, "0")}`, now: h.clock.now });
  const orderNo = orderNos[0]!;
  if (email) db().update(orders).set({ userEmail: email }).where(eq(orders.orderNo, orderNo)).run();
  // the new code is the one allocated: the SKU's older unused codes are taken out of the way first
  db()
    .update(cdkeys)
    .set({ status: "VOID" })
    .where(and(eq(cdkeys.skuNo, SKU.skuNo), eq(cdkeys.status, "UNUSED")))
    .run();
  db().update(cdkeys).set({ status: "UNUSED" }).where(eq(cdkeys.code, code!)).run();
  expect(fulfilOrder(h.deps, orderNo, h.clock.now)).toBe("delivered");
  return { orderNo, code: code!, memberId };
}

describe("the order search", () => {
  it("finds an order by its number or its start, its member's mobile (as typed) and its e-mail, newest first, paged", () => {
    const { orderNo, memberId } = deliveredOrder("Finder@Example.com");
    const mobile = db().select().from(members).where(eq(members.memberId, memberId)).get()!.mobile;
    expect(desk.searchOrders(orderNo, 1).orders.map((o) => o.orderNo)).toEqual([orderNo]);
    expect(desk.searchOrders(orderNo.slice(0, -2).toLowerCase(), 1).orders.map((o) => o.orderNo)).toContain(orderNo);
    for (const typed of [mobile, mobile.slice(4), ` ${mobile.slice(4)} `]) expect(desk.searchOrders(typed, 1).orders.map((o) => o.orderNo)).toEqual([orderNo]);
    expect(desk.searchOrders("finder@example.COM", 1).orders.map((o) => o.orderNo)).toEqual([orderNo]);
    expect(desk.searchOrders("nobody@example.com", 1).total).toBe(0);
    expect(desk.searchOrders("%", 1).total).toBe(0);

    // more than a page of orders, whatever the seed holds
    insertPaidOrders(db(), { ...SKU, count: ORDER_PAGE_SIZE + 1, prefix: `9${String(++prefix).padStart(3, "0")}`, now: h.clock.now });
    const all = desk.searchOrders("", 1);
    expect(all.orders).toHaveLength(ORDER_PAGE_SIZE);
    expect(all.pages).toBe(Math.ceil(all.total / ORDER_PAGE_SIZE));
    const times = all.orders.map((o) => o.createdAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const second = desk.searchOrders("", 2);
    expect(second.page).toBe(2);
    expect(second.orders[0]!.createdAt).toBeLessThanOrEqual(times.at(-1)!);
    // a page past the last is the last
    expect(desk.searchOrders("", 10_000).page).toBe(all.pages);
  });

  it("shows an order's history and messages with its code masked, never in full", () => {
    const { orderNo, code } = deliveredOrder("buyer@example.com");
    const detail = desk.orderDetail(orderNo)!;
    expect(detail.codes).toEqual([expect.objectContaining({ masked: `••••••${code.slice(-4)}` })]);
    expect(JSON.stringify(detail)).not.toContain(code);
    expect(JSON.stringify(desk.searchOrders(orderNo, 1))).not.toContain(code);
    expect(detail.history.map((e) => e.what)).toEqual(["下单", "支付成功", "发货完成"]);
    expect(detail.messages.map((m) => `${m.channel} ${m.kind}`).sort()).toEqual(["MAIL DELIVERY", "SMS DELIVERY"]);
    expect(detail).toMatchObject({ refundable: 5000, canRefund: true, canRefundPart: true, canResend: true });
    expect(desk.orderDetail("TT-NO-SUCH")).toBeNull();
  });
});

describe("a refund from the back office", () => {
  it("refunds in part, again in part, then the rest, through the refund queue and the provider, each with its own key and audit line", async () => {
    const { orderNo } = deliveredOrder();
    const part = desk.refundOrder(operator, { orderNo, amount: 1234, formToken: form() });
    expect(part.ok, part.message).toBe(true);
    expect(order(orderNo).status).toBe("PART_REFUND");
    expect(lastAudit()).toMatchObject({ actor: "desk", action: "部分退款", before: "SEND_SUCCESS，可退 ￥50.00", after: "PART_REFUND，可退 ￥37.66" });
    expect(desk.orderDetail(orderNo)).toMatchObject({ refundable: 3766, canRefund: true, canRefundPart: true });

    // a second part refund, later: the order stays PART_REFUND, less is left
    const again = desk.refundOrder(operator, { orderNo, amount: 1000, formToken: form() });
    expect(again.ok, again.message).toBe(true);
    expect(order(orderNo).status).toBe("PART_REFUND");
    expect(lastAudit()).toMatchObject({ action: "部分退款", before: "PART_REFUND，可退 ￥37.66", after: "PART_REFUND，可退 ￥27.66" });
    expect(desk.orderDetail(orderNo)).toMatchObject({ refundable: 2766, canRefundPart: true });
    expect(desk.refundOrder(operator, { orderNo, amount: 2767, formToken: form() })).toEqual({ ok: false, message: REFUND_MESSAGES.TOO_MUCH(2766) });

    const rest = desk.refundOrder(operator, { orderNo, amount: 2766, formToken: form() });
    expect(rest.ok, rest.message).toBe(true);
    expect(order(orderNo).status).toBe("ALL_REFUND");
    expect(lastAudit()).toMatchObject({ action: "全额退款", after: "ALL_REFUND，可退 ￥0.00" });
    expect(refundsOf(orderNo).map((r) => [r.amount, r.status, r.idempotencyKey])).toEqual([
      [1234, "PENDING", `${orderNo}:1`],
      [1000, "PENDING", `${orderNo}:2`],
      [2766, "PENDING", `${orderNo}:3`],
    ]);
    expect(desk.refundOrder(operator, { orderNo, amount: 1, formToken: form() })).toEqual({ ok: false, message: REFUND_MESSAGES.NOT_REFUNDABLE });

    // the refund job pays each out through the provider under its own key (the sandbox keeps its own ledger)
    await runRefunds(h.deps);
    expect(refundsOf(orderNo).map((r) => r.status)).toEqual(["SUCCEEDED", "SUCCEEDED", "SUCCEEDED"]);
    const paid = db().select().from(sandboxRefunds).where(eq(sandboxRefunds.orderNo, orderNo)).all();
    expect(paid.map((p) => [p.idempotencyKey, p.amount])).toEqual([
      [`${orderNo}:1`, 1234],
      [`${orderNo}:2`, 1000],
      [`${orderNo}:3`, 2766],
    ]);
    expect(desk.orderDetail(orderNo)).toMatchObject({ refundable: 0, canRefund: false, canResend: false });
  });

  it("offers nothing to refund on an order that was never paid, whatever it would have cost", () => {
    const orderNo = insertPaidOrders(db(), { ...SKU, count: 1, prefix: `9${String(++prefix).padStart(3, "0")}`, now: h.clock.now }).orderNos[0]!;
    db().update(orders).set({ status: "CLOSED", payAt: null }).where(eq(orders.orderNo, orderNo)).run();
    expect(desk.orderDetail(orderNo)).toMatchObject({ paid: false, refundable: 0, canRefund: false, canRefundPart: false, canResend: false });
  });

  it("shows on the overview as 今日退款 beside 今日收入, which stays what the day's payments brought in", () => {
    const before = desk.dashboard();
    const { orderNo } = deliveredOrder();
    expect(desk.refundOrder(operator, { orderNo, amount: 1234, formToken: form() }).ok).toBe(true);
    const after = desk.dashboard();
    expect(after.revenueCents - before.revenueCents).toBe(5000);
    expect(after.refundedCents - before.refundedCents).toBe(1234);
  });

  it("counts every refund against what was paid: pending, paid and flagged (its outcome unknown) alike", () => {
    const { orderNo } = deliveredOrder();
    expect(desk.refundOrder(operator, { orderNo, amount: 2000, formToken: form() }).ok).toBe(true);
    expect(desk.refundOrder(operator, { orderNo, amount: 1000, formToken: form() }).ok).toBe(true);
    const [first] = refundsOf(orderNo);
    // the first given up with the provider's answer unknown: it may have paid, so it still counts
    h.store.db.transaction((tx) => refundUnknown(tx as never, first!, "超时", h.clock.now));
    expect(refundsOf(orderNo).map((r) => r.status)).toEqual(["FAILED", "PENDING"]);
    expect(desk.orderDetail(orderNo)!.refundable).toBe(2000);
    expect(desk.refundOrder(operator, { orderNo, amount: 2001, formToken: form() })).toEqual({ ok: false, message: REFUND_MESSAGES.TOO_MUCH(2000) });
    expect(desk.refundOrder(operator, { orderNo, amount: 2000, formToken: form() }).ok).toBe(true);
    expect(refundsOf(orderNo).reduce((sum, r) => sum + r.amount, 0)).toBe(5000);
    expect(order(orderNo).status).toBe("ALL_REFUND");
  });

  it("lets two operators on the same page refund at once only as far as together they stay within what was paid", () => {
    const { orderNo } = deliveredOrder();
    // both pages read ￥50.00 refundable, each its own form
    const [a, b, c] = [form(), form(), form()];
    expect(desk.orderDetail(orderNo)!.refundable).toBe(5000);
    expect(desk.refundOrder(operator, { orderNo, amount: 2000, formToken: a }).ok).toBe(true);
    // within what is left: a refund of its own
    expect(desk.refundOrder({ ...operator, operatorId: 2, name: "other" }, { orderNo, amount: 2000, formToken: b }).ok).toBe(true);
    // past it: refused, nothing written
    const audits = auditCount();
    expect(desk.refundOrder(operator, { orderNo, amount: 2000, formToken: c })).toEqual({ ok: false, message: REFUND_MESSAGES.TOO_MUCH(1000) });
    expect(refundsOf(orderNo).map((r) => r.amount)).toEqual([2000, 2000]);
    expect(auditCount()).toBe(audits);
    // the refused form may be sent again with what is left
    expect(desk.refundOrder(operator, { orderNo, amount: 1000, formToken: c }).ok).toBe(true);
    expect(order(orderNo).status).toBe("ALL_REFUND");
  });

  it("refuses more than is left, nothing, a stale page and an unpaid order, changing nothing", () => {
    const { orderNo } = deliveredOrder();
    const unpaid = insertPaidOrders(db(), { ...SKU, count: 1, prefix: `9${String(++prefix).padStart(3, "0")}`, now: h.clock.now }).orderNos[0]!;
    db().update(orders).set({ status: "WAIT_PAY", payAt: null }).where(eq(orders.orderNo, unpaid)).run();
    const audits = auditCount();
    const cases: [Parameters<BackOfficeServices["refundOrder"]>[1], string][] = [
      [{ orderNo, amount: 5001, formToken: form() }, REFUND_MESSAGES.TOO_MUCH(5000)],
      [{ orderNo, amount: 0, formToken: form() }, "请填写大于 0 的退款金额（未退款）"],
      [{ orderNo, amount: -100, formToken: form() }, "请填写大于 0 的退款金额（未退款）"],
      [{ orderNo, amount: 0.5, formToken: form() }, "请填写大于 0 的退款金额（未退款）"],
      [{ orderNo, amount: 100, formToken: "" }, REFUND_MESSAGES.CHANGED],
      [{ orderNo: unpaid, amount: 100, formToken: form() }, REFUND_MESSAGES.NOT_REFUNDABLE],
      [{ orderNo: "TT-NO-SUCH", amount: 100, formToken: form() }, DESK_MESSAGES.NO_ORDER],
    ];
    for (const [input, message] of cases) expect(desk.refundOrder(operator, input), JSON.stringify(input)).toEqual({ ok: false, message });
    expect(order(orderNo).status).toBe("SEND_SUCCESS");
    expect(order(unpaid).status).toBe("WAIT_PAY");
    expect(refundsOf(orderNo)).toEqual([]);
    expect(refundsOf(unpaid)).toEqual([]);
    expect(auditCount()).toBe(audits);
  });

  it("refunds a form posted twice once: the second finds its form's refund, makes none and says so", () => {
    const { orderNo } = deliveredOrder();
    const token = form();
    const first = desk.refundOrder(operator, { orderNo, amount: 1000, formToken: token });
    const second = desk.refundOrder(operator, { orderNo, amount: 1000, formToken: token });
    expect(first.ok).toBe(true);
    // said as such: an operator who meant a second refund reads that none more was made
    expect(second).toMatchObject({ ok: true, message: expect.stringContaining("已发起退款 ￥10.00：这张退款单已提交过，没有再退一次") });
    // the same form with another amount (or for another order) is not a new refund either
    expect(desk.refundOrder(operator, { orderNo, amount: 900, formToken: token })).toEqual({ ok: false, message: REFUND_MESSAGES.CHANGED });
    expect(refundsOf(orderNo).map((r) => r.amount)).toEqual([1000]);
    expect(
      db()
        .select({ n: count() })
        .from(auditLog)
        .where(eq(auditLog.subject, `${orderNo} 退款 ￥10.00`))
        .get()!.n,
    ).toBe(1);
  });

  it("marks a flagged refund refunded by hand: the flag goes, the shopper is told, once", () => {
    const { orderNo } = deliveredOrder();
    expect(desk.refundOrder(operator, { orderNo, amount: 5000, formToken: form() }).ok).toBe(true);
    const [refund] = refundsOf(orderNo);
    // the provider refused it for good: the order is flagged for a person
    h.store.db.transaction((tx) => refundFailed(tx as never, { ...refund!, attempts: 6 }, "余额不足", h.clock.now, { giveUp: true }));
    expect(order(orderNo).flag).toContain("需人工退款 ￥50.00");
    expect(desk.orderDetail(orderNo)!.refunds[0]).toMatchObject({ status: "FAILED" });
    const told = messagesOf(orderNo).length;

    const done = desk.markRefundDone(operator, { orderNo, refundId: refund!.id });
    expect(done.ok, done.message).toBe(true);
    expect(refundsOf(orderNo)[0]).toMatchObject({ status: "SUCCEEDED", settledBy: "desk" });
    expect(order(orderNo).flag).toBeNull();
    expect(order(orderNo).notice).toContain("已退回原支付账户");
    expect(
      messagesOf(orderNo)
        .slice(told)
        .map((m) => m.kind),
    ).toEqual(["REFUND_DONE"]);
    expect(lastAudit()).toMatchObject({ action: "标记人工退款完成", before: "退款失败，待人工退款", after: "已人工退款" });

    // again, or a refund of another order, or one still with the provider: refused, nothing changed
    const audits = auditCount();
    expect(desk.markRefundDone(operator, { orderNo, refundId: refund!.id })).toEqual({ ok: false, message: DESK_MESSAGES.REFUND_NOT_FLAGGED });
    const other = deliveredOrder();
    expect(desk.refundOrder(operator, { orderNo: other.orderNo, amount: 100, formToken: form() }).ok).toBe(true);
    const pending = refundsOf(other.orderNo)[0]!;
    expect(desk.markRefundDone(operator, { orderNo: other.orderNo, refundId: pending.id })).toEqual({ ok: false, message: DESK_MESSAGES.REFUND_NOT_FLAGGED });
    expect(desk.markRefundDone(operator, { orderNo, refundId: pending.id })).toEqual({ ok: false, message: DESK_MESSAGES.REFUND_NOT_FLAGGED });
    expect(refundsOf(other.orderNo)[0]!.status).toBe("PENDING");
    expect(auditCount()).toBe(audits + 1);
  });
});

describe("the delivery message sent again", () => {
  it("queues the delivery's SMS and mail again, with its audit line", () => {
    const { orderNo, code } = deliveredOrder("again@example.com");
    const before = messagesOf(orderNo).length;
    const sent = desk.resendDelivery(operator, { orderNo, formToken: form() });
    expect(sent.ok, sent.message).toBe(true);
    const added = messagesOf(orderNo).slice(before);
    expect(added.map((m) => `${m.channel} ${m.kind}`).sort()).toEqual(["MAIL DELIVERY", "SMS DELIVERY"]);
    expect(added.every((m) => m.body.includes(code))).toBe(true);
    expect(lastAudit()).toMatchObject({ action: "重发发货通知", subject: orderNo });
    expect(lastAudit().after).toContain("again@example.com");
    expect(lastAudit().after).not.toContain(code);
  });

  it("sends nothing more when the same form comes again (a reload of its answer without JavaScript), and says so", () => {
    const { orderNo } = deliveredOrder("twice@example.com");
    const token = form();
    expect(desk.resendDelivery(operator, { orderNo, formToken: token }).ok).toBe(true);
    const sent = messagesOf(orderNo).length;
    const audits = auditCount();
    expect(desk.resendDelivery(operator, { orderNo, formToken: token })).toEqual({ ok: true, message: DESK_MESSAGES.RESENT_ALREADY });
    expect([messagesOf(orderNo).length, auditCount()]).toEqual([sent, audits]);
    // a new rendering of the page is a new press
    expect(desk.resendDelivery(operator, { orderNo, formToken: form() }).ok).toBe(true);
    expect(messagesOf(orderNo).length).toBe(sent + 2);
  });

  it("refuses an order not delivered or refunded in full, sending nothing", () => {
    const waiting = insertPaidOrders(db(), { ...SKU, count: 1, prefix: `9${String(++prefix).padStart(3, "0")}`, now: h.clock.now }).orderNos[0]!;
    const refunded = deliveredOrder().orderNo;
    expect(desk.refundOrder(operator, { orderNo: refunded, amount: 5000, formToken: form() }).ok).toBe(true);
    const audits = auditCount();
    const counts = [messagesOf(waiting).length, messagesOf(refunded).length];
    expect(desk.resendDelivery(operator, { orderNo: waiting, formToken: form() })).toEqual({ ok: false, message: DESK_MESSAGES.NOT_DELIVERED });
    expect(desk.resendDelivery(operator, { orderNo: refunded, formToken: form() })).toEqual({ ok: false, message: DESK_MESSAGES.ALL_REFUNDED });
    expect(desk.resendDelivery(operator, { orderNo: "TT-NO-SUCH", formToken: form() })).toEqual({ ok: false, message: DESK_MESSAGES.NO_ORDER });
    expect([messagesOf(waiting).length, messagesOf(refunded).length]).toEqual(counts);
    expect(auditCount()).toBe(audits);
  });
});

describe("a locked member", () => {
  it("is found by mobile or e-mail, cannot log in or order once locked, and logs in again once unlocked", async () => {
    const mobile = `+86-1770${String(Date.now()).slice(-7)}`;
    const address = freshAddress();
    const login = await codeLogin(h, mobile, await sendCode(h, mobile, address), address);
    expect(login.status).toBe(200);
    const credential: string = login.body.result.login_credential;
    const memberId: number = login.body.result.member_id;
    db().update(members).set({ email: "Locked@Example.com" }).where(eq(members.memberId, memberId)).run();

    expect(desk.findMembers(mobile.slice(4)).map((m) => [m.memberId, m.orders])).toEqual([[memberId, 0]]);
    const buyer = deliveredOrder().memberId;
    expect(desk.findMembers("").find((m) => m.memberId === buyer)!.orders).toBe(1);
    expect(desk.findMembers("locked@example.com").map((m) => m.memberId)).toEqual([memberId]);
    expect(desk.findMembers("nobody@example.com")).toEqual([]);

    expect(desk.lockMember(operator, { memberId, locked: true }).ok).toBe(true);
    expect(lastAudit()).toMatchObject({ action: "锁定会员", before: "正常", after: "已锁定" });
    expect(desk.findMembers(mobile)[0]!.disabled).toBe(true);
    expect(desk.lockMember(operator, { memberId, locked: true })).toEqual({ ok: false, message: DESK_MESSAGES.ALREADY_LOCKED });

    // its session is gone, an order is refused, and a new login by SMS code is refused in Chinese
    expect(memberByCredential(db(), credential, h.clock.now)).toBeNull();
    // nor is one issued while it is locked (a login that raced the lock) accepted
    expect(memberByCredential(db(), issueCredential(db(), memberId, h.clock.now).token, h.clock.now)).toBeNull();
    const ordered = await h.api(ORDER_V1, {
      method: "POST",
      headers: withCredential(credential),
      json: orderBody(memberId, [{ goods_no: SKU.goodsNo, sku_no: SKU.skuNo, sku_num: 1 }]),
    });
    expect(ordered.status).toBe(401);
    h.clock.now += 61_000;
    const refused = await codeLogin(h, mobile, await sendCode(h, mobile, address), address);
    expect(refused.status).toBe(400);
    expect(refused.body.error_msg ?? JSON.stringify(refused.body)).toContain(LOGIN_MESSAGES.DISABLED);

    expect(desk.lockMember(operator, { memberId, locked: false }).ok).toBe(true);
    expect(lastAudit()).toMatchObject({ action: "解锁会员", before: "已锁定", after: "正常" });
    h.clock.now += 61_000;
    const again = await codeLogin(h, mobile, await sendCode(h, mobile, address), address);
    expect(again.status).toBe(200);
    // the old credential stays revoked
    expect(memberByCredential(db(), credential, h.clock.now)).toBeNull();
    expect(desk.lockMember(operator, { memberId: 999_999, locked: true })).toEqual({ ok: false, message: DESK_MESSAGES.NO_MEMBER });
  });
});
