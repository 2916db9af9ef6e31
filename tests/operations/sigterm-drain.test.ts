// SIGTERM with SERVER_ROLE=all (operator trial M2): member pages and cashier payments in flight when the signal comes
// finish with their real answer. Each of them calls the services over loopback; before, that listener was the shop's
// own port, closed first, and half of them answered 503 (or 502 支付通知发送失败 at the cashier).
import { Agent, request } from "undici";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openOrder } from "../security/open-order";
import { startShop, type Shop } from "../security/shop";

const PAGES = 24;
const PAYMENTS = 2;
let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 90_000);
afterAll(() => shop?.close());

it("every member page and cashier payment in flight at SIGTERM answers as it would have, and the process exits", async () => {
  const orders = [];
  for (let i = 0; i < PAYMENTS; i++) orders.push(await openOrder(shop));
  // one open connection per request, so that each is in the server's hands, not in a queue of the client, at the signal
  const dispatcher = new Agent({ connections: PAGES + PAYMENTS, pipelining: 1 });
  await Promise.all(Array.from({ length: PAGES + PAYMENTS }, () => request(`${shop.url}/healthz`, { dispatcher }).then((answer) => answer.body.dump())));
  const pages = Array.from({ length: PAGES }, (_, i) =>
    request(`${shop.url}/order/list?n=${i}`, { dispatcher, headers: { cookie: shop.memberCookie() } }).then(async (answer) => {
      const html = await answer.body.text();
      return { status: answer.statusCode, listsOrders: html.includes("我的订单") };
    }),
  );
  const payments = orders.map(({ payUrl }) => {
    const cashier = new URL(payUrl, shop.url);
    return request(`${shop.url}${cashier.pathname}`, {
      dispatcher,
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: shop.url },
      body: new URLSearchParams({ sig: cashier.searchParams.get("sig") ?? "", result: "SUCCESS" }).toString(),
    }).then(async (answer) => ({ status: answer.statusCode, paid: (await answer.body.text()).includes("支付成功") }));
  });
  // the requests are out; the signal comes while the server works through them
  await new Promise((resolve) => setTimeout(resolve, 30));
  const exited = shop.stop();
  const answers = await Promise.all(pages);
  const paid = await Promise.all(payments);
  await exited;
  await dispatcher.close();

  expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
  expect(answers.every((answer) => answer.listsOrders)).toBe(true);
  expect(paid).toEqual(orders.map(() => ({ status: 200, paid: true })));
  // the drain was real: the process logged its shutdown after the signal, and stopped
  expect(shop.log()).toContain('"msg":"shutting down: finishing in-flight requests"');
  expect(shop.log()).toContain('"msg":"stopped"');
}, 60_000);
