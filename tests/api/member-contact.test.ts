// The member's e-mail on the account and the channels the shop names (an extension of the contract,
// decision 058): keeping, changing and removing the e-mail, refusals that change nothing, an order's
// e-mail never copied to the account, and `notify_by` / `mail_sent` saying only what is (or was) sent.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members, outboxMessages } from "../../db/schema";
import { fulfilOrder, restock } from "../../server/trade/jobs/fulfilment";
import { sendRestockNotices } from "../../server/trade/services/restock.service";
import { startHarness, type Harness } from "./harness";
import { addCodes, notification, NOTIFY, ORDER_V1, ORDER_V2, orderBody, orderRow, signedBody } from "./order-fixtures";
import { createGoods, createMember, credentialHeaders, unit } from "./promotion-fixtures";

const CONTACT = "/api/common_bll/ext/member/contact";
const RESTOCK = "/api/trade_bff/ext/restock_notice";

let h: Harness;
let noMail: Harness;
beforeAll(async () => {
  h = await startHarness();
  noMail = await startHarness({ MAIL_PROVIDER: "none" });
}, 60_000);
afterAll(() => Promise.all([h.close(), noMail.close()]));

function newMember(harness: Harness) {
  const memberId = createMember(harness.store.db);
  const { mobile } = harness.store.db.select({ mobile: members.mobile }).from(members).where(eq(members.memberId, memberId)).get()!;
  return { memberId, mobile, headers: credentialHeaders(harness, memberId) };
}
const storedEmail = (harness: Harness, memberId: number) =>
  harness.store.db.select({ email: members.email }).from(members).where(eq(members.memberId, memberId)).get()!.email;
const setEmail = (harness: Harness, headers: Record<string, string>, email: unknown) =>
  harness.api(`${CONTACT}/email`, { method: "POST", headers, json: { email } });

describe("the e-mail on the account", () => {
  it("is none for a new member, then kept, changed and removed", async () => {
    const m = newMember(h);
    const first = await h.api(CONTACT, { headers: m.headers });
    expect(first.status).toBe(200);
    expect(first.body.result).toEqual({ email: null, email_max_length: 50, delivery_by: ["SMS", "MAIL"] });
    expect((await setEmail(h, m.headers, " me@example.com ")).body.result.email).toBe("me@example.com");
    expect(storedEmail(h, m.memberId)).toBe("me@example.com");
    expect((await setEmail(h, m.headers, "new@example.cn")).body.result.email).toBe("new@example.cn");
    expect((await h.api(CONTACT, { headers: m.headers })).body.result.email).toBe("new@example.cn");
    expect((await setEmail(h, m.headers, "")).body.result.email).toBeNull();
    expect(storedEmail(h, m.memberId)).toBeNull();
  });

  it("refuses a visitor, a malformed or too long e-mail and a body that is not one, changing nothing", async () => {
    const m = newMember(h);
    await setEmail(h, m.headers, "keep@example.com");
    const cases: [Record<string, string>, unknown, number, string][] = [
      [{}, "x@example.com", 401, "登录已失效，请重新登录"],
      [m.headers, "not-an-email", 400, "邮箱格式有误"],
      [m.headers, "a@b.c", 400, "邮箱格式有误"],
      [m.headers, `${"a".repeat(40)}@example.com`, 400, "邮箱格式有误"],
      [m.headers, 42, 400, "参数 email 类型错误"],
    ];
    for (const [headers, email, status, message] of cases) {
      const answer = await setEmail(h, headers, email);
      expect(answer.status, String(email)).toBe(status);
      expect(answer.body.result.error_msg).toBe(message);
    }
    expect((await h.api(CONTACT)).status).toBe(401);
    expect(storedEmail(h, m.memberId)).toBe("keep@example.com");
  });

  it("is never taken from an order's e-mail, and the order's delivery names the channels it uses", async () => {
    const m = newMember(h);
    const { goodsNo, skuNos } = createGoods(h.store.db, [3000]);
    addCodes(h.store.db, skuNos[0]!, 2);
    const order = async (email: string) => {
      const made = await h.api(ORDER_V1, {
        method: "POST",
        headers: m.headers,
        json: orderBody(m.memberId, [unit(goodsNo, skuNos[0]!)], { customer: { user_id: String(m.memberId), user_phone: "", user_email: email } }),
      });
      expect(made.status).toBe(200);
      return (await h.api(`${ORDER_V2}/${made.body.result.order_no}`, { headers: m.headers })).body.result.order;
    };
    expect((await order("typed@example.com")).notify_by).toEqual(["SMS", "MAIL"]);
    expect(storedEmail(h, m.memberId)).toBeNull();
    // no e-mail on the order nor the account: the codes go by SMS only, and the answer says so
    expect((await order("")).notify_by).toEqual(["SMS"]);
    await setEmail(h, m.headers, "kept@example.com");
    expect((await order("")).notify_by).toEqual(["SMS", "MAIL"]);
  });

  it("a delivered order names the channels its delivery used, not today's (decision 062)", async () => {
    const m = newMember(h);
    const { goodsNo, skuNos } = createGoods(h.store.db, [3000, 3100]);
    addCodes(h.store.db, skuNos[0]!, 1);
    const order = async (skuNo: string) => {
      const customer = { user_id: String(m.memberId), user_phone: "", user_email: "" };
      const made = await h.api(ORDER_V1, { method: "POST", headers: m.headers, json: orderBody(m.memberId, [unit(goodsNo, skuNo)], { customer }) });
      expect(made.status).toBe(200);
      return made.body.result.order_no as string;
    };
    const detail = async (orderNo: string) => (await h.api(`${ORDER_V2}/${orderNo}`, { headers: m.headers })).body.result.order;
    const delivered = await order(skuNos[0]!);
    const paid = notification(delivered, orderRow(h.store.db, delivered)!.payPrice);
    expect((await h.api(NOTIFY, { method: "POST", json: signedBody(h.deps.config.payNotifySecret, paid) })).status).toBe(200);
    expect(fulfilOrder(h.deps, delivered, h.clock.now)).toBe("delivered");
    expect((await detail(delivered)).notify_by).toEqual(["SMS"]);
    // the member keeps an e-mail afterwards: the delivered codes went by SMS alone, an order not delivered yet will mail
    await setEmail(h, m.headers, "later@example.com");
    expect((await detail(delivered)).notify_by).toEqual(["SMS"]);
    expect((await detail(await order(skuNos[1]!))).notify_by).toEqual(["SMS", "MAIL"]);
    // a delivery message given up is not a channel the codes went by; once retention removed them, none is named
    h.store.db.update(outboxMessages).set({ status: "FAILED" }).where(eq(outboxMessages.orderNo, delivered)).run();
    expect((await detail(delivered)).notify_by).toEqual([]);
    h.store.db.delete(outboxMessages).where(eq(outboxMessages.orderNo, delivered)).run();
    expect((await detail(delivered)).notify_by).toBeUndefined();
  });

  it("a shop without mail names no mail, whatever e-mail there is", async () => {
    const m = newMember(noMail);
    // 确认订单's line (decision 062): the shop's channels for an order's codes name no mail
    expect((await noMail.api(CONTACT, { headers: m.headers })).body.result.delivery_by).toEqual(["SMS"]);
    await setEmail(noMail, m.headers, "kept@example.com");
    const { goodsNo, skuNos } = createGoods(noMail.store.db, [3000, 3100]);
    addCodes(noMail.store.db, skuNos[1]!, 1);
    const made = await noMail.api(ORDER_V1, { method: "POST", headers: m.headers, json: orderBody(m.memberId, [unit(goodsNo, skuNos[1]!)]) });
    expect((await noMail.api(`${ORDER_V2}/${made.body.result.order_no}`, { headers: m.headers })).body.result.order.notify_by).toEqual(["SMS"]);
    const asked = await noMail.api(RESTOCK, { method: "POST", headers: m.headers, json: { sku_no: skuNos[0] } });
    expect(asked.body.result.notify_by).toEqual(["SMS"]);
    restock(noMail.deps, skuNos[0]!, ["RS-NOMAIL-1"]);
    sendRestockNotices(noMail.deps);
    const [notice] = (await noMail.api(`${RESTOCK}/list`, { headers: m.headers })).body.result.list;
    expect(notice).toMatchObject({ status: "NOTIFIED", sms_sent: true, mail_sent: false });
    expect(noMail.store.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, "kept@example.com")).all()).toEqual([]);
  });
});

describe("到货提醒 names only the channels it uses", () => {
  it("SMS alone for a member without an e-mail, SMS and mail once one is kept, and the list says what went", async () => {
    const m = newMember(h);
    const { goodsNo, skuNos } = createGoods(h.store.db, [4000, 4100]);
    const status = async () => (await h.api(`${RESTOCK}/status?goods_no=${goodsNo}`, { headers: m.headers })).body.result;
    expect((await h.api(`${RESTOCK}/status?goods_no=${goodsNo}`)).body.result.notify_by).toBeUndefined();
    expect((await status()).notify_by).toEqual(["SMS"]);
    const first = await h.api(RESTOCK, { method: "POST", headers: m.headers, json: { sku_no: skuNos[0] } });
    expect(first.body.result.notify_by).toEqual(["SMS"]);
    restock(h.deps, skuNos[0]!, ["RS-CONTACT-1"]);
    sendRestockNotices(h.deps);
    await setEmail(h, m.headers, "restock@example.com");
    expect((await status()).notify_by).toEqual(["SMS", "MAIL"]);
    const second = await h.api(RESTOCK, { method: "POST", headers: m.headers, json: { sku_no: skuNos[1] } });
    expect(second.body.result.notify_by).toEqual(["SMS", "MAIL"]);
    restock(h.deps, skuNos[1]!, ["RS-CONTACT-2"]);
    sendRestockNotices(h.deps);
    const list = (await h.api(`${RESTOCK}/list`, { headers: m.headers })).body.result;
    expect(list.notify_by).toEqual(["SMS", "MAIL"]);
    expect(list.list.map((n: { sku_no: string; sms_sent: boolean; mail_sent: boolean }) => [n.sku_no, n.sms_sent, n.mail_sent])).toEqual([
      [skuNos[1], true, true],
      [skuNos[0], true, false],
    ]);
    expect(h.store.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, "restock@example.com")).all()).toHaveLength(1);
  });
});
