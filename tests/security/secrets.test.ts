// Secrets (decision 011, docs/security.md): a session-secret file that is empty or shorter than 32
// characters stops start-up with a message; payment notifications are verified with their own key
// (PAY_NOTIFY_SECRET, or one derived from SESSION_SECRET for that purpose), never the session key.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PayNotification } from "../../server/trade/providers/pay";
import { signNotification } from "../../server/trade/providers/pay-sandbox";
import { SESSION_SECRET } from "../bench/server";
import { openOrder } from "./open-order";
import { startShop, type Shop } from "./shop";
import { startup } from "./startup";

const NOTIFY_SECRET = "notify-secret-for-the-security-tests-0123456789";

describe("the session-secret file kept beside the database", () => {
  // an empty one and one of 31 characters are server/config.test.ts's; here, that a real start-up stops on one
  it("stops start-up with a message when it is shorter than 32 characters", async () => {
    const dir = mkdtempSync(join(tmpdir(), "shop-secret-"));
    try {
      writeFileSync(join(dir, "session-secret"), "only-31-characters-long-secret\n");
      const result = await startup({ DB_FILE: join(dir, "shop.sqlite"), SESSION_SECRET: undefined, DEMO: "1" });
      expect(result.exited, `the server started with that secret:\n${result.output}`).toBe(true);
      expect(result.code).not.toBe(0);
      expect(result.output).toContain("session-secret");
      expect(result.output).toContain("32");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

async function notify(shop: Shop, key: string, orderNo: string, amount: number) {
  const n: PayNotification = { notify_id: `SEC-${randomUUID().slice(0, 18)}`, order_no: orderNo, trade_status: "SUCCESS", amount, pay_way: "WX" };
  const response = await fetch(`${shop.url}/api/pay_gateway/notify`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...n, sign: signNotification(key, n) }),
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function statusOf(shop: Shop, orderNo: string): Promise<string> {
  const response = await fetch(`${shop.url}/api/trade_bff/v1/order/status/${orderNo}`, { headers: { Cookie: shop.memberCookie(1) } });
  const body = (await response.json()) as any;
  return body.result.status ?? body.result.order_status;
}

const REFUSED = { status: 400, body: { success: false, result: { error_code: 400, error_msg: "签名校验失败" } } };

describe("payment notifications without PAY_NOTIFY_SECRET", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop({ env: { PAY_NOTIFY_SECRET: undefined } });
  }, 90_000);
  afterAll(() => shop?.close());

  it("refuse a notification signed with the session secret", async () => {
    const { orderNo, amount } = await openOrder(shop, 1);
    expect(await notify(shop, SESSION_SECRET, orderNo, amount)).toEqual(REFUSED);
    expect(await statusOf(shop, orderNo)).toBe("WAIT_PAY");
  });
});

describe("payment notifications with PAY_NOTIFY_SECRET", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop({ env: { PAY_NOTIFY_SECRET: NOTIFY_SECRET } });
  }, 90_000);
  afterAll(() => shop?.close());

  it("refuse a notification signed with the session secret", async () => {
    const { orderNo, amount } = await openOrder(shop, 1);
    expect(await notify(shop, SESSION_SECRET, orderNo, amount)).toEqual(REFUSED);
    expect(await statusOf(shop, orderNo)).toBe("WAIT_PAY");
  });

  it("accept one signed with PAY_NOTIFY_SECRET", async () => {
    const { orderNo, amount } = await openOrder(shop, 1);
    const answer = await notify(shop, NOTIFY_SECRET, orderNo, amount);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.result.outcome).toBe("APPLIED");
    expect(await statusOf(shop, orderNo)).not.toBe("WAIT_PAY");
  });
});
