import type { ReactNode } from "react";
import { cardClass } from "~/components/ui/card";
import { SHOP_NAME, type ShopIdentity } from "~/content/seller";
import type { OrderReceipt } from "~/lib/order-receipt";
import { formatYuan } from "../../../shared/money";
import { formatDateTime } from "../../../shared/shop-time";

/** The 订单凭证 sheet: the order, its goods, its amounts before and after coupons, its delivery and refunds. */
export function ReceiptView({ receipt, seller }: { receipt: OrderReceipt; seller: ShopIdentity }) {
  const money = (cents: number) => `${receipt.currencySymbol}${formatYuan(cents)}`;
  return (
    <article aria-labelledby="receipt-title" className={cardClass("xl", "space-y-6")} data-testid="receipt">
      <header className="flex flex-wrap items-baseline justify-between gap-2 border-b border-surface-line pb-4">
        <h1 id="receipt-title" className="text-2xl font-bold">
          订单凭证
        </h1>
        <div className="text-sm text-ink-muted sm:text-right" data-testid="receipt-seller">
          <p>{SHOP_NAME}</p>
          {seller.company ? <p>销售方：{seller.company}</p> : null}
          {seller.address ? <p>地址：{seller.address}</p> : null}
        </div>
      </header>

      <ReceiptList
        rows={[
          ["订单编号", <span className="break-all font-mono">{receipt.orderNo}</span>],
          ["下单时间", `${formatDateTime(receipt.createdAt)}（北京时间）`],
          ["支付时间", receipt.payAt ? `${formatDateTime(receipt.payAt)}（北京时间）` : "—"],
          ["支付方式", receipt.payWay || "—"],
          ["订单状态", receipt.status],
        ]}
      />

      <table className="w-full text-left text-sm">
        <caption className="sr-only">购买的商品</caption>
        <thead className="border-b border-surface-line text-ink-muted">
          <tr>
            <th scope="col" className="py-2 font-normal">
              商品
            </th>
            <th scope="col" className="py-2 font-normal">
              规格
            </th>
            <th scope="col" className="py-2 text-right font-normal whitespace-nowrap">
              单价
            </th>
            <th scope="col" className="py-2 pl-3 text-right font-normal whitespace-nowrap">
              数量
            </th>
          </tr>
        </thead>
        <tbody>
          {receipt.goods.map((g, i) => (
            <tr key={i} className="border-b border-surface-line align-top">
              <td className="py-2 pr-3">{g.name}</td>
              <td className="py-2 pr-3">{g.sku || "—"}</td>
              <td className="py-2 text-right whitespace-nowrap">{money(g.unitPriceCents)}</td>
              <td className="py-2 pl-3 text-right">{g.count}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <ReceiptList
        rows={[
          ["商品金额", money(receipt.goodsAmountCents)],
          // no coupon, no 优惠券抵扣 row (spec/01 §5: a falsy amount is not shown as ￥0)
          ...(receipt.couponAmountCents ? [["优惠券抵扣", `-${money(receipt.couponAmountCents)}`] as [string, ReactNode]] : []),
          ["实付金额", <strong className="text-lg">{money(receipt.payPriceCents)}</strong>],
          ["币种", receipt.currency],
        ]}
      />

      <ReceiptList
        rows={[
          ["发货状态", receipt.delivery],
          [
            "退款",
            receipt.refunds.length > 1 ? (
              <ul>
                {receipt.refunds.map((line, i) => (
                  <li key={i}>{line}</li>
                ))}
              </ul>
            ) : (
              receipt.refunds[0]
            ),
          ],
        ]}
      />

      <p className="border-t border-surface-line pt-4 text-xs leading-5 text-ink-muted">
        本凭证仅记录订单与付款信息，不含兑换码；兑换码请在「我的订单」中查看。
      </p>
    </article>
  );
}

function ReceiptList({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[6rem_1fr] gap-x-4 gap-y-2 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-ink-muted">{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
