// An unpaid order's two actions, the same on 我的订单 and on the order's detail page: 继续支付 and
// 取消订单, whose confirmation opens from the address (?close=…) so it works without JavaScript; and a
// closed order's one, 重新购买, which keeps the confirmation's 关闭后您可重新提交.
import { Form, Link, useNavigate } from "@remix-run/react";
import { Overlay } from "~/components/ui/overlay";
import { cardClass } from "~/components/ui/card";
import { Button, buttonClass } from "~/components/ui/button";

/** 取消订单 (opens the confirmation at `closeHref`) and 继续支付. */
export function OrderActions({ closeHref, continueHref, className = "" }: { closeHref: string; continueHref: string; className?: string }) {
  return (
    <div className={`flex justify-end gap-3 ${className}`.trim()}>
      <Link to={closeHref} preventScrollReset className={buttonClass({ variant: "outline", size: "sm" })}>
        取消订单
      </Link>
      <Link to={continueHref} className={buttonClass({ size: "sm" })}>
        继续支付
      </Link>
    </div>
  );
}

/** 重新购买 of a closed order: 确认订单 for the same goods and SKU (the promise of the close confirmation). */
export function ReorderAction({ href, className = "" }: { href: string; className?: string }) {
  return (
    <div className={`flex justify-end gap-3 ${className}`.trim()}>
      <Link to={href} className={buttonClass({ size: "sm" })}>
        重新购买
      </Link>
    </div>
  );
}

/** The close confirmation; 取消 (and Escape) go to `cancelHref`, 确定 posts to the page's own action. */
export function CloseOrderDialog({ orderNo, cancelHref }: { orderNo: string; cancelHref: string }) {
  const navigate = useNavigate();
  return (
    <Overlay
      role="alertdialog"
      labelledBy="close-title"
      panelClassName={cardClass("lg", "w-full max-w-sm shadow-2xl")}
      onClose={() => navigate(cancelHref, { replace: true, preventScrollReset: true })}
    >
      <p id="close-title" className="text-base">
        是否确认关闭订单？关闭后您可重新提交
      </p>
      <Form method="post" className="mt-6 flex justify-end gap-3">
        <input type="hidden" name="order_no" value={orderNo} />
        <Link to={cancelHref} replace preventScrollReset className={buttonClass({ variant: "outline" })}>
          取消
        </Link>
        <Button
          type="submit"
          name="intent"
          value="close"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the confirmation opens from the URL, without JS too: focus moves into it, as a dialog should
          autoFocus
        >
          确定
        </Button>
      </Form>
    </Overlay>
  );
}
