// An open (unpaid) order of a seeded member, created through the trade services as the storefront
// does; answers its number and the cashier link the services gave out for it.
import Database from "better-sqlite3";
import type { Shop } from "./shop";

export async function openOrder(shop: Shop, memberId = 1): Promise<{ orderNo: string; payUrl: string }> {
  const db = new Database(shop.dbFile, { readonly: true });
  const { sku_no } = db.prepare("select sku_no from skus where goods_no = 'G1001' order by sku_no limit 1").get() as { sku_no: string };
  db.close();
  const credential = shop.memberCookie(memberId).split("=")[1];
  const response = await fetch(`${shop.url}/api/trade_bff/v1/order`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Login-Credential": credential },
    body: JSON.stringify({
      customer: { user_id: String(memberId), user_phone: "", user_email: "" },
      units: [{ goods_no: "G1001", sku_no, sku_num: 1 }],
      channel: { channel_name: "", channel_no: "1" },
      pay_way: "ALIPAY",
      coupons: [],
    }),
  });
  const answer = (await response.json()) as { success: boolean; result: { order_no: string; third_pay_detail: { pay_url: string } } };
  if (!answer.success) throw new Error(`create order: ${JSON.stringify(answer.result)}`);
  return { orderNo: answer.result.order_no, payUrl: answer.result.third_pay_detail.pay_url };
}
