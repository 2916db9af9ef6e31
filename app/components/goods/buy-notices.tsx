/** The three notices of the goods and pay-confirm pages (spec/02 §2, §9). */
export function BuyNotices({ regionRestricted }: { regionRestricted: boolean }) {
  return (
    <ul className="space-y-1.5 rounded-lg bg-surface-raised/60 p-3 text-xs leading-5 text-ink-muted" aria-label="购买须知">
      <li className={regionRestricted ? "text-amber-300" : undefined}>· 部分商品兑换存在地域限制，请留意您购买的商品兑换区域</li>
      <li>· 商品属于游戏兑换码产品，非普通商品，除兑换失败原因外不支持退换</li>
      <li>· 受实时汇率影响，实际支付金额可能存在细微差异</li>
    </ul>
  );
}
