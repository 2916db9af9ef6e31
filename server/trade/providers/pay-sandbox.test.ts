import { describe, expect, it } from "vitest";
import { openStore } from "../../../db/client";
import { sandboxRefunds } from "../../../db/schema";
import { derivedKey } from "../../config";
import type { PayNotification } from "./pay";
import { sandboxPay, signNotification } from "./pay-sandbox";

const SESSION = "a-session-secret-of-at-least-32-characters";
const config = {
  hkBaseUrl: "https://pay.example.hk",
  payLinkSecret: derivedKey(SESSION, "pay-cashier-link"),
  payNotifySecret: derivedKey(SESSION, "pay-notify"),
};
const sandbox = sandboxPay(config);
const n: PayNotification = { notify_id: "N-0001-abcd", order_no: "TT20261123000001", trade_status: "SUCCESS", amount: 2990, pay_way: "WX" };

describe("the sandbox payment provider", () => {
  it("links an order to its cashier page with a signature only that order's link carries", () => {
    const url = new URL(sandbox.payUrl(n.order_no));
    expect(url.origin + url.pathname).toBe("https://pay.example.hk/mock-pay/TT20261123000001");
    const sig = url.searchParams.get("sig")!;
    expect(sig).toMatch(/^[0-9a-f]{32}$/);
    expect(sandbox.verifyCashierLink(n.order_no, sig)).toBe(true);
    expect(sandbox.verifyCashierLink("TT20261123000002", sig)).toBe(false);
    expect(
      sandboxPay({ ...config, payLinkSecret: derivedKey("another-session-secret-of-32-chars!", "pay-cashier-link") }).verifyCashierLink(n.order_no, sig),
    ).toBe(false);
  });

  it("accepts a notification signed with the notification key, and no other", () => {
    expect(sandbox.verifyNotification(n, sandbox.signNotification(n))).toBe(true);
    expect(sandbox.verifyNotification(n, signNotification(config.payNotifySecret, n))).toBe(true);
    expect(sandbox.verifyNotification(n, signNotification(SESSION, n))).toBe(false);
    expect(sandbox.verifyNotification(n, signNotification(config.payLinkSecret, n))).toBe(false);
    expect(sandbox.verifyNotification({ ...n, amount: 1 }, sandbox.signNotification(n))).toBe(false);
    expect(sandbox.verifyNotification(n, "00")).toBe(false);
  });

  it("refunds an idempotency key once: a replay is the same refund, the key with another amount is refused", async () => {
    const store = openStore(":memory:");
    try {
      const request = { idempotencyKey: `${n.order_no}:1`, orderNo: n.order_no, amount: 2990 };
      await sandbox.refund(store.db, request);
      await sandbox.refund(store.db, request);
      await expect(sandbox.refund(store.db, { ...request, amount: 2991 })).rejects.toThrow(/another refund/);
      await expect(sandbox.refund(store.db, { ...request, idempotencyKey: `${n.order_no}:2`, amount: 0 })).rejects.toThrow(/invalid amount/);
      expect(store.db.select().from(sandboxRefunds).all()).toEqual([expect.objectContaining({ idempotencyKey: request.idempotencyKey, amount: 2990 })]);
    } finally {
      store.close();
    }
  });

  it("answers a refund query from its ledger: paid for the key it recorded, never received for another, refused for a key used otherwise", async () => {
    const store = openStore(":memory:");
    try {
      const request = { idempotencyKey: `${n.order_no}:1`, orderNo: n.order_no, amount: 2990 };
      expect(await sandbox.queryRefund(store.db, request)).toEqual({ status: "NOT_FOUND" });
      await sandbox.refund(store.db, request);
      expect(await sandbox.queryRefund(store.db, request)).toEqual({ status: "SUCCEEDED" });
      expect(await sandbox.queryRefund(store.db, { ...request, idempotencyKey: `${n.order_no}:2` })).toEqual({ status: "NOT_FOUND" });
      expect(await sandbox.queryRefund(store.db, { ...request, amount: 2991 })).toEqual({ status: "FAILED", reason: expect.stringMatching(/another refund/) });
    } finally {
      store.close();
    }
  });
});
