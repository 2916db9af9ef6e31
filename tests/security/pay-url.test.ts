// Finding 8 of the 2026-11 security review (decision 014): the pay page took `pay_url` from the address and rendered it as
// the 前往收银台支付 link (and sent the cashier tab there). The link must be the order's own, as the
// trade services hand it out for that member's order; the query may at most say that one exists.
import { beforeAll, describe, expect, it } from "vitest";
import { openOrder } from "./open-order";
import { sharedShop } from "./shop";

const EVIL = "https://evil.example/cashier";

const shop = sharedShop();
let cookie: string;
let orderNo: string;
let ownPayUrl: string;

beforeAll(async () => {
  cookie = shop.memberCookie(1);
  ({ orderNo, payUrl: ownPayUrl } = await openOrder(shop, 1));
  expect(ownPayUrl).toContain(`/mock-pay/${orderNo}?sig=`);
}, 60_000);

const payPage = (query: Record<string, string>, data = false) =>
  fetch(`${shop.url}/settle/pay${data ? ".data" : ""}?${new URLSearchParams(query)}`, { headers: { Cookie: cookie }, redirect: "manual" });

describe("the pay page's cashier link", () => {
  for (const forged of [EVIL, "//evil.example/cashier", "/mock-pay/TT00000000000000?sig=0123456789abcdef0123456789abcdef"]) {
    it(`is the order's own, never the address's pay_url (${forged})`, async () => {
      const response = await payPage({ order_no: orderNo, pay_url: forged, pay_way: "ALIPAY" });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).not.toContain(forged.replaceAll("&", "&amp;"));
      expect(html).not.toContain("evil.example");
      const link = html.match(/<a [^>]*href="([^"]*)"[^>]*>前往收银台支付<\/a>/);
      expect(link?.[1]).toBe(ownPayUrl);
    });
  }

  it("is not in the page's data answer either", async () => {
    const response = await payPage({ order_no: orderNo, pay_url: EVIL, pay_way: "ALIPAY" }, true);
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).not.toContain("evil.example");
    expect(body).toContain(ownPayUrl);
  });

  it("is absent for another member's order, which is 订单不存在", async () => {
    const response = await fetch(`${shop.url}/settle/pay?${new URLSearchParams({ order_no: orderNo, pay_url: EVIL })}`, {
      headers: { Cookie: shop.memberCookie(2) },
    });
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("订单不存在");
    expect(html).not.toContain("evil.example");
    expect(html).not.toContain(`/mock-pay/${orderNo}`);
  });

  it("点击付款 without JavaScript sends the shopper to the order's own cashier, whatever the address says", async () => {
    const response = await fetch(`${shop.url}/settle/pay?${new URLSearchParams({ order_no: orderNo, pay_url: EVIL })}`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: shop.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ order_no: orderNo, request_id: "req-0123456789", pay_way: "ALIPAY", open_cashier: "1" }),
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(ownPayUrl);
  });

  it("a pay way outside the spec's is refused and changes nothing (an older page's ALIPAY, above, is the Alipay-type TCTP)", async () => {
    const response = await fetch(`${shop.url}/settle/pay?${new URLSearchParams({ order_no: orderNo })}`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: shop.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ order_no: orderNo, request_id: "req-0123456790", pay_way: "BITCOIN", open_cashier: "1" }),
      redirect: "manual",
    });
    expect(response.status).toBe(400);
    const page = await fetch(`${shop.url}/settle/pay?${new URLSearchParams({ order_no: orderNo, pay_url: "1" })}`, { headers: { Cookie: cookie } });
    expect(await page.text()).toContain(`/mock-pay/${orderNo}`);
  });
});
