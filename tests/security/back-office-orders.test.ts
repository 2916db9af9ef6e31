// The back office's orders and members (issue 39, decision 060), as an attacker and a hurried
// operator try them on the real server process with ADMIN_PORT set: a shopper's cookie reaches no
// order or member page and moves no money; a refund, a manual refund mark, a resend or a lock
// without the session's CSRF token (or from another site) is refused and changes nothing; the same
// refund form posted twice at once refunds once, two operators at once never past what was paid; bad amounts are refused in Chinese; no page shows
// a delivered code in full.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, members, orderPerformances, orders, outboxMessages, refunds } from "../../db/schema";
import { addCodes, insertPaidOrders } from "../api/order-fixtures";
import { withStore } from "../bench/data";
import { forgedPosts, startBackOffice, type BackOffice } from "./back-office-session";
import type { Shop } from "./shop";

let office: BackOffice;
let shop: Shop;
let admin: string;

beforeAll(async () => {
  office = await startBackOffice("desk");
  ({ shop, admin } = office);
}, 120_000);
afterAll(() => shop?.close());

const post = (path: string, cookie: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  office.post(path, cookie, new URLSearchParams(fields), headers);

let made = 0;
/** A ￥50.00 order of its own, paid and delivered by the shop's fulfilment worker; its number, price and code. */
async function deliveredOrder(): Promise<{ orderNo: string; payPrice: number; codes: string[] }> {
  const orderNo = withStore(shop.dbFile, (store) => {
    addCodes(store.db, "G1024-S05", 1);
    return insertPaidOrders(store.db, { goodsNo: "G1024", skuNo: "G1024-S05", count: 1, prefix: `8${++made}`, now: Date.now() }).orderNos[0]!;
  });
  const deadline = Date.now() + 20_000;
  for (;;) {
    const codes = withStore(shop.dbFile, (store) => store.db.select().from(orderPerformances).where(eq(orderPerformances.orderNo, orderNo)).all());
    if (codes.length) return { orderNo, payPrice: 5000, codes: codes.map((c) => c.value) };
    if (Date.now() > deadline) throw new Error(`${orderNo} was not delivered`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * What an operator's change would touch, and a refused attempt on `orderNo` must leave as it was: refunds, messages,
 * locks, audit lines and the order's status. Refunds and messages are the order's own: the refund job still finishes
 * an earlier test's refunds meanwhile, and writes their notices (a busy fresh-clone run counted three).
 */
const footprint = (orderNo: string) =>
  withStore(shop.dbFile, (store) => ({
    refunds: store.db.select({ n: count() }).from(refunds).where(eq(refunds.orderNo, orderNo)).get()!.n,
    messages: store.db.select({ n: count() }).from(outboxMessages).where(eq(outboxMessages.orderNo, orderNo)).get()!.n,
    locked: store.db
      .select({ id: members.memberId, at: members.disabledAt })
      .from(members)
      .all()
      .filter((m) => m.at !== null).length,
    audit: store.db.select({ n: count() }).from(auditLog).get()!.n,
    status: store.db.select({ status: orders.status }).from(orders).where(eq(orders.orderNo, orderNo)).get()!.status,
  }));
const refundsOf = (orderNo: string) => withStore(shop.dbFile, (store) => store.db.select().from(refunds).where(eq(refunds.orderNo, orderNo)).all());

/** The refund form's own token, as the order page shows it to this operator now (decision 067). */
async function refundForm(cookie: string, orderNo: string): Promise<string> {
  const html = await (await fetch(`${admin}/admin/orders/${orderNo}`, { headers: { Cookie: cookie } })).text();
  return /name="formToken" value="([^"]+)"/.exec(html)![1]!;
}

describe("who may use the order and member pages", () => {
  it("sends a shopper's session to the operator login and moves no money for it", async () => {
    const { orderNo, payPrice } = await deliveredOrder();
    const shopper = shop.memberCookie(1);
    const credential = /login_credential=([^;]+)/.exec(shopper)![1]!;
    const before = footprint(orderNo);
    for (const cookie of [shopper, `tts_operator=${credential}`]) {
      for (const path of ["/admin/orders", `/admin/orders/${orderNo}`, "/admin/members"]) {
        const answer = await fetch(`${admin}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
        expect(answer.status, path).toBe(302);
        expect(answer.headers.get("Location"), path).toBe("/admin/login");
      }
      const refund = await post(`/admin/orders/${orderNo}`, cookie, {
        intent: "refund",
        amount: String(payPrice / 100),
        formToken: "a-form-token-of-another-session",
      });
      expect(refund.status).toBe(302);
      const lock = await post("/admin/members", cookie, { intent: "lock", memberId: "1" });
      expect(lock.status).toBe(302);
    }
    expect(footprint(orderNo)).toEqual(before);
  });
});

describe("CSRF", () => {
  it("refuses a refund, a manual refund mark, a resend and a lock without the session's token or from another site, changing nothing", async () => {
    const { cookie, csrf } = await office.signIn("/admin/orders");
    const { orderNo } = await deliveredOrder();
    const before = footprint(orderNo);
    const actions: [string, Record<string, string>][] = [
      [`/admin/orders/${orderNo}`, { intent: "refund", amount: "1.00", formToken: "a-form-token-of-another-session" }],
      [`/admin/orders/${orderNo}`, { intent: "refund-done", refundId: "1" }],
      [`/admin/orders/${orderNo}`, { intent: "resend" }],
      ["/admin/members", { intent: "lock", memberId: "1" }],
    ];
    for (const [path, fields] of actions) {
      for (const [token, headers] of forgedPosts(csrf)) {
        const answer = await post(path, cookie, token === null ? fields : { ...fields, csrf: token }, headers);
        expect(answer.status, `${fields.intent} ${token} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    expect(footprint(orderNo)).toEqual(before);

    // the same posts with the token go through (the refusals above were the token's)
    const resend = await post(`/admin/orders/${orderNo}`, cookie, { intent: "resend", formToken: await refundForm(cookie, orderNo), csrf });
    expect(resend.status).toBe(200);
    expect(await resend.text()).toContain("已重新发送发货通知");
  });
});

describe("money moves once", () => {
  it("refunds once when the same refund form is posted four times at once, and answers each post with that refund", async () => {
    const { orderNo, payPrice } = await deliveredOrder();
    const { cookie, csrf } = await office.signIn(`/admin/orders/${orderNo}`);
    const formToken = await refundForm(cookie, orderNo);
    const part = ((payPrice - 100) / 100).toFixed(2);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => post(`/admin/orders/${orderNo}`, cookie, { intent: "refund", amount: part, formToken, csrf })),
    );
    const texts = await Promise.all(answers.map((a) => a.text()));
    expect(texts.filter((t) => t.includes(`已发起退款 ￥${part}`))).toHaveLength(4);
    expect(texts.filter((t) => t.includes("没有再退一次"))).toHaveLength(3);
    expect(refundsOf(orderNo).map((r) => r.amount)).toEqual([payPrice - 100]);
  });

  it("refunds a full refund posted twice at once once", async () => {
    const { orderNo, payPrice } = await deliveredOrder();
    const { cookie, csrf } = await office.signIn(`/admin/orders/${orderNo}`);
    const formToken = await refundForm(cookie, orderNo);
    const full = (payPrice / 100).toFixed(2);
    await Promise.all([0, 1].map(() => post(`/admin/orders/${orderNo}`, cookie, { intent: "refund", amount: full, formToken, csrf })));
    expect(refundsOf(orderNo).map((r) => r.amount)).toEqual([payPrice]);
  });

  it("lets two operators refunding in part at once pass only as far as what was paid", async () => {
    const { orderNo, payPrice } = await deliveredOrder();
    const operators = await Promise.all([0, 1].map(() => office.signIn(`/admin/orders/${orderNo}`)));
    const refundAtOnce = async (amount: number) => {
      const forms = await Promise.all(operators.map(({ cookie }) => refundForm(cookie, orderNo)));
      const answers = await Promise.all(
        operators.map(({ cookie, csrf }, i) =>
          post(`/admin/orders/${orderNo}`, cookie, { intent: "refund", amount: (amount / 100).toFixed(2), formToken: forms[i]!, csrf }),
        ),
      );
      return Promise.all(answers.map((a) => a.text()));
    };
    // ￥15.00 each of ￥50.00: both are refunds of their own
    const within = await refundAtOnce(1500);
    expect(within.filter((t) => t.includes("已发起退款 ￥15.00"))).toHaveLength(2);
    // ￥15.00 each of the ￥20.00 left: one passes, the other is told what is left
    const past = await refundAtOnce(1500);
    expect(past.filter((t) => t.includes("已发起退款 ￥15.00"))).toHaveLength(1);
    expect(past.filter((t) => t.includes("退款金额超过可退金额 ￥5.00"))).toHaveLength(1);
    const amounts = refundsOf(orderNo).map((r) => r.amount);
    expect(amounts).toEqual([1500, 1500, 1500]);
    expect(amounts.reduce((a, b) => a + b)).toBeLessThanOrEqual(payPrice);
  });

  it("answers a bad amount in Chinese and refunds nothing", async () => {
    const { cookie, csrf } = await office.signIn("/admin/orders");
    const { orderNo, payPrice } = await deliveredOrder();
    const before = footprint(orderNo);
    for (const [amount, message] of [
      ["-5", "请填写正确的退款金额"],
      ["abc", "请填写正确的退款金额"],
      ["1.234", "请填写正确的退款金额"],
      ["0", "请填写正确的退款金额"],
      ["", "请填写正确的退款金额"],
      [((payPrice + 1) / 100).toFixed(2), "退款金额超过可退金额"],
    ]) {
      const answer = await post(`/admin/orders/${orderNo}`, cookie, { intent: "refund", amount: amount!, formToken: await refundForm(cookie, orderNo), csrf });
      expect(answer.status, amount).toBe(200);
      expect(await answer.text(), amount).toContain(message);
    }
    const garbage = await post(`/admin/orders/${orderNo}`, cookie, { intent: "refund", amount: "1", formToken: "<script>", csrf });
    expect(await garbage.text()).toContain("表单无效");
    expect(footprint(orderNo)).toEqual(before);
  });
});

describe("codes", () => {
  it("are never shown in full on the order pages", async () => {
    const { cookie } = await office.signIn("/admin/orders");
    const { orderNo, codes } = await deliveredOrder();
    for (const path of [`/admin/orders/${orderNo}`, `/admin/orders?q=${orderNo}`, `/admin/orders/${orderNo}.data`]) {
      const page = await (await fetch(`${admin}${path}`, { headers: { Cookie: cookie } })).text();
      expect(page).toContain(orderNo);
      for (const code of codes) expect(page, `${path} shows ${code}`).not.toContain(code);
    }
  });
});
