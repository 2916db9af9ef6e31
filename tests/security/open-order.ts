// Orders of a seeded member, created through the trade services as the storefront does.
import { skuToBuy } from "../bench/data";
import type { Shop } from "./shop";

/** POST /order for one unit of a goods' SKU in stock: the raw answer, and the price it should cost. */
export async function postOrder(shop: Shop, memberId = 1, goodsNo = "G1001") {
  const sku = skuToBuy(shop.dbFile, goodsNo);
  const response = await fetch(`${shop.url}/api/trade_bff/v1/order`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: shop.memberCookie(memberId) },
    body: JSON.stringify({
      customer: { user_id: String(memberId), user_phone: "", user_email: "buyer@example.com" },
      units: [{ goods_no: sku.goodsNo, sku_no: sku.skuNo, sku_num: 1 }],
      channel: { channel_name: "", channel_no: "1" },
      pay_way: "ALIPAY",
      coupons: [],
    }),
  });
  return { status: response.status, body: (await response.json()) as any, amount: sku.priceCents };
}

/** An open (unpaid) order: its number, the cashier link the services gave out for it, and its price. */
export async function openOrder(shop: Shop, memberId = 1): Promise<{ orderNo: string; payUrl: string; amount: number }> {
  const { body, amount } = await postOrder(shop, memberId);
  if (!body.success) throw new Error(`create order: ${JSON.stringify(body.result)}`);
  return { orderNo: body.result.order_no, payUrl: body.result.third_pay_detail.pay_url, amount };
}
