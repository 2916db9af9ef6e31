// 订单凭证 (issue 25): what a paid order's receipt shows, built from the order detail the page
// already loads (no call beyond the spec's). Never the codes: a receipt is printed, filed and handed
// on, so it says how many codes were delivered, not which.
import type { OrderDetail } from "~/api/order.server";
import { PAY_WAY_NAMES } from "../../shared/pay-way-names";
import { refundLines } from "./order-money";
import { DELIVERY_STATUSES, ORDER_STATUS_TEXT } from "./order-status";

export interface OrderReceipt {
  orderNo: string;
  createdAt: number;
  payAt: number | null;
  currencySymbol: string;
  currency: string;
  goods: { name: string; sku: string; count: number; unitPriceCents: number }[];
  goodsAmountCents: number;
  couponAmountCents: number;
  payPriceCents: number;
  payWay: string;
  status: string;
  delivery: string;
  /** One line per refund (amount, date, where the money went), or the order's notice when the backend sends no refunds. */
  refunds: string[];
}

/** Only a paid order has a receipt: paid once, whatever came after (delivered, refunded). */
export function hasReceipt(status: string): boolean {
  return DELIVERY_STATUSES.includes(status);
}

export function orderReceipt({ order, goods, performance_list, refund_list }: OrderDetail): OrderReceipt {
  const delivered = performance_list.filter((item) => item.value).length;
  const refunded = order.status === "ALL_REFUND" || order.status === "PART_REFUND";
  return {
    orderNo: order.order_no,
    createdAt: order.created_at,
    payAt: order.pay_at,
    currencySymbol: order.currency_symbol || "￥",
    currency: order.currency,
    goods: goods.map((g) => ({
      name: g.goods_name,
      sku: g.sku_name || g.sku_item.join(" / "),
      count: g.sku_num,
      unitPriceCents: g.sale_price,
    })),
    goodsAmountCents: order.goods_amount,
    couponAmountCents: order.coupon_amount,
    payPriceCents: order.pay_price,
    payWay: PAY_WAY_NAMES[order.pay_way] ?? order.pay_way,
    status: ORDER_STATUS_TEXT[order.status] ?? order.status,
    delivery: delivered
      ? `已发放 ${delivered}/${performance_list.length} 个兑换码`
      : refunded
        ? "未发货"
        : `发货中${order.notice ? `（${order.notice}）` : ""}`,
    refunds: refundLines({ order, refund_list }) ?? [refunded ? order.notice || (ORDER_STATUS_TEXT[order.status] ?? "") : "无"],
  };
}
