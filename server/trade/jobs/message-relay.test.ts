// The outbox relay's fault cases: provider down, timeout, refusal, a crash between send and record,
// two relays at once, no provider, the rate limit. Nothing is lost; nothing is sent twice by the
// shop, and after a crash the second call carries the first one's idempotency key.
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../../db/client";
import { outboxMessages } from "../../../db/schema";
import type { MessageSettings } from "../../config-messages";
import type { TradeDeps } from "../deps";
import { RefusedMessage, type MessageSender, type OutgoingMessage } from "../providers/message-sender";
import { queueSms } from "../providers/outbox";
import { backoffMs, claimMessage, dueMessages, listMessages, messageKey } from "../services/message.service";
import { messageRelay, rateLimiter } from "./message-relay";

const T0 = Date.UTC(2026, 10, 27, 12);
const settings: MessageSettings = {
  sms: { provider: "outbox", ratePerSecond: 1000 },
  mail: { provider: "none", ratePerSecond: 1000 },
  maxAttempts: 3,
  sendTimeoutMs: 200,
};

let store: Store;
let now: number;
let deps: TradeDeps;
beforeEach(() => {
  store = openStore(":memory:");
  now = T0;
  deps = { config: {} as TradeDeps["config"], store, logger: pino({ level: "silent" }), now: () => now };
});
afterEach(() => store.close());

/** A provider that records every call it gets. */
function gateway(behave: (m: OutgoingMessage, call: number) => Promise<string> | string = (m) => `id-${m.key}`) {
  const calls: OutgoingMessage[] = [];
  const sender: MessageSender = {
    name: "test",
    async send(m) {
      calls.push(m);
      return behave(m, calls.length);
    },
  };
  return { sender, calls };
}

function queue(n: number, kind: "RESTOCK" | "LOGIN_CODE" = "RESTOCK") {
  for (let i = 0; i < n; i++) queueSms(store.db, `+86-1380013800${i}`, { kind, params: kind === "RESTOCK" ? { goods: `G${i}` } : { code: "123456" }, now });
}
const rows = () => store.db.select().from(outboxMessages).all();

describe("the outbox relay", () => {
  it("sends each pending message once and records SENT with the provider's id", async () => {
    queue(3);
    const gw = gateway();
    const relay = messageRelay(deps, { SMS: gw.sender, MAIL: null }, settings);
    expect((await relay()).sent).toHaveLength(3);
    expect((await relay()).sent).toHaveLength(0);
    expect(gw.calls).toHaveLength(3);
    for (const row of rows())
      expect(row).toMatchObject({ status: "SENT", attempts: 1, sentAt: T0, lastError: null, providerId: expect.stringMatching(/^id-msg-/) });
  });

  it("a provider that is down: the message waits with backoff and goes out when it is back; after the last attempt it is FAILED and listed", async () => {
    queue(1);
    let down = true;
    const gw = gateway(() => {
      if (down) throw new Error("connect ECONNREFUSED");
      return "ok-1";
    });
    const relay = messageRelay(deps, { SMS: gw.sender, MAIL: null }, settings);
    expect((await relay()).retrying).toHaveLength(1);
    expect(rows()[0]).toMatchObject({ status: "PENDING", attempts: 1, lastError: "connect ECONNREFUSED", nextAttemptAt: T0 + backoffMs(1) });
    expect((await relay()).retrying).toHaveLength(0); // not before the backoff
    now += backoffMs(1);
    down = false;
    expect((await relay()).sent).toHaveLength(1);
    expect(rows()[0]).toMatchObject({ status: "SENT", providerId: "ok-1", attempts: 2 });

    queue(1);
    down = true;
    for (let i = 0; i < settings.maxAttempts; i++) {
      await relay();
      now += backoffMs(settings.maxAttempts);
    }
    const failed = listMessages(store.db, "FAILED");
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ attempts: settings.maxAttempts, lastError: "connect ECONNREFUSED", kind: "RESTOCK" });
  });

  it("a provider that does not answer is timed out and tried again; one that refuses the message is FAILED at once", async () => {
    queue(2);
    const gw = gateway((m, call) => (call === 1 ? new Promise<string>(() => {}) : Promise.reject(new RefusedMessage("模板未审批"))));
    const pass = await messageRelay(deps, { SMS: gw.sender, MAIL: null }, settings)();
    expect(pass.retrying).toHaveLength(1);
    expect(pass.failed).toHaveLength(1);
    const [first, second] = rows();
    expect(first).toMatchObject({ status: "PENDING", lastError: "0.2 秒未答复" });
    expect(second).toMatchObject({ status: "FAILED", lastError: "模板未审批", attempts: 1 });
  });

  it("a crash between the provider's answer and the record: sent again after the lease with the same key, so a deduplicating provider delivers once", async () => {
    queue(1);
    const gw = gateway();
    // the crashed relay: claimed and called the provider, never recorded
    const [message] = dueMessages(store.db, "SMS", now, 10);
    expect(claimMessage(store.db, message!, now, settings.sendTimeoutMs * 2)).toBe(true);
    await gw.sender.send({ key: messageKey(message!), recipient: message!.recipient, kind: "RESTOCK", params: {}, subject: "", body: "" });
    const relay = messageRelay(deps, { SMS: gw.sender, MAIL: null }, settings);
    expect((await relay()).sent).toHaveLength(0); // the lease holds it
    now += settings.sendTimeoutMs * 2;
    expect((await relay()).sent).toHaveLength(1);
    expect(gw.calls).toHaveLength(2);
    expect(gw.calls[0]!.key).toBe(gw.calls[1]!.key);
    expect(rows()[0]).toMatchObject({ status: "SENT", attempts: 2 });
  });

  it("two relays at once (a second process by mistake): each message is sent once", async () => {
    queue(20);
    const gw = gateway(async (m) => {
      await new Promise((r) => setTimeout(r, 1));
      return m.key;
    });
    const a = messageRelay(deps, { SMS: gw.sender, MAIL: null }, settings);
    const b = messageRelay(deps, { SMS: gw.sender, MAIL: null }, settings);
    await Promise.all([a(), b()]);
    expect(gw.calls).toHaveLength(20);
    expect(new Set(gw.calls.map((c) => c.key)).size).toBe(20);
  });

  it("a channel without a provider records its messages SKIPPED, with the reason; an expired login code is not sent late", async () => {
    store.sqlite
      .prepare("INSERT INTO outbox_messages (channel, recipient, subject, body, kind, created_at) VALUES ('MAIL', 'a@example.com', 's', 'b', 'RESTOCK', ?)")
      .run(now);
    queue(1, "LOGIN_CODE");
    now += 6 * 60_000;
    const gw = gateway();
    const pass = await messageRelay(deps, { SMS: gw.sender, MAIL: null }, settings)();
    expect(pass.skipped).toBe(1);
    expect(gw.calls).toHaveLength(0);
    expect(rows().map((r) => [r.channel, r.status, r.lastError])).toEqual([
      ["MAIL", "SKIPPED", "MAIL_PROVIDER 未配置"],
      ["SMS", "FAILED", "验证码已过期，不再发送"],
    ]);
  });

  it("a message of a kind the shop has no template for, or with unreadable parameters, is FAILED at once without calling the provider", async () => {
    // as an outbox written by hand or by an older seed leaves them: an empty kind, a kind that does not exist
    const insert = store.sqlite.prepare(
      "INSERT INTO outbox_messages (channel, recipient, subject, body, kind, params, created_at) VALUES ('SMS', '+86-13800138000', 's', 'b', ?, ?, ?)",
    );
    insert.run("", "{}", now);
    insert.run("COUPON_PUSH", "{}", now);
    insert.run("RESTOCK", "{not json", now);
    queue(1);
    const gw = gateway();
    const pass = await messageRelay(deps, { SMS: gw.sender, MAIL: null }, settings)();
    expect(pass).toMatchObject({ sent: [4], retrying: [] });
    expect(pass.failed).toHaveLength(3);
    expect(gw.calls.map((m) => m.kind)).toEqual(["RESTOCK"]);
    expect(rows().map((r) => [r.status, r.attempts, r.lastError])).toEqual([
      ["FAILED", 0, "无法发送：没有「」这种消息"],
      ["FAILED", 0, "无法发送：没有「COUPON_PUSH」这种消息"],
      ["FAILED", 0, "无法发送：消息参数不是 JSON"],
      ["SENT", 1, null],
    ]);
  });

  it("keeps a channel within its rate", async () => {
    const wait = rateLimiter(20);
    const started = Date.now();
    for (let i = 0; i < 6; i++) await wait();
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
  });
});
