import { Form, useFetchers, useSubmit } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import type { PayPage } from "~/server-only/pay-page.server";
import { usePaymentPolling } from "~/hooks/use-payment-polling";
import { useHydrated } from "~/hooks/use-hydrated";
import { Price } from "~/components/goods/price";
import { PriceLines } from "./price-lines";
import { PurchaseDetails } from "./purchase-details";
import { NoScriptRefresh } from "~/components/order/no-script-refresh";
import { ShopImage } from "~/components/shop-image";
import { Toast } from "~/components/layout/toast";
import { cardClass } from "~/components/ui/card";
import { Alert } from "~/components/ui/alert";
import { StatusButton } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import { PayDeadline } from "~/components/order/pay-deadline";

/** Without JavaScript the page reloads itself until the order is paid. */
const NO_JS_REFRESH_S = 3;

function payPageHref(orderNo: string | null, hasCashier: boolean) {
  if (!orderNo) return "/settle/pay";
  const params = new URLSearchParams({ order_no: orderNo });
  if (hasCashier) params.set("pay_url", "1");
  return `/settle/pay?${params}`;
}

/** The pay page: what is bought, the pay ways, 点击付款, and the wait for the cashier. */
export function PayView({ page, error }: { page: PayPage; error: string | null }) {
  const hydrated = useHydrated();
  const payWindow = useRef<Window | null>(null);
  const submitting = useIsPending();
  // a change of pay way is a submission while the order is polled: a submission aborts a poll on its
  // way (a console error), so it waits for that poll, and polling pauses until the answer is in
  const submit = useSubmit();
  const pollOnItsWay = useFetchers().some((fetcher) => fetcher.state !== "idle");
  const [heldSubmission, setHeldSubmission] = useState<FormData | null>(null);
  const polling = usePaymentPolling(submitting || heldSubmission ? null : page.orderNo);
  const formAction = payPageHref(page.orderNo, Boolean(page.payUrl));
  useEffect(() => {
    if (!heldSubmission || pollOnItsWay) return;
    submit(heldSubmission, { method: "post", action: formAction, replace: true });
    setHeldSubmission(null);
  }, [heldSubmission, pollOnItsWay, submit, formAction]);
  // whether this page's click opened the cashier's tab: the page never claims a tab it did not open
  const [cashierTab, setCashierTab] = useState<CashierTab>(null);
  const failed = (polling.status ?? page.status) === "PAY_FAIL";

  // a failed attempt closes the tab its click opened instead of leaving it blank
  useEffect(() => {
    if (error && payWindow.current) {
      payWindow.current.close();
      payWindow.current = null;
      setCashierTab(null);
    }
  }, [error]);

  // the cashier opens in the tab the click opened (a tab opened later would be blocked); after a change
  // of pay way the order's cashier link may read the same, so every new answer of the loader counts
  useEffect(() => {
    if (page.payUrl && payWindow.current) {
      payWindow.current.location.href = page.payUrl;
      payWindow.current = null;
    }
  }, [page]);

  useEffect(() => {
    if (!submitting && !polling.active) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "你确定要离开这个页面吗？";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [submitting, polling.active]);

  // a refused 点击付款 (创建订单失败, 请选择支付方式) is a toast (spec/02 §7); the payment's progress stays on the form
  const errorToast = useMemo(() => (error ? { type: "error" as const, message: error } : null), [error]);
  return (
    <>
      {page.orderNo ? <NoScriptRefresh seconds={NO_JS_REFRESH_S} /> : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
        <div className="space-y-6">
          <h1 className="text-2xl font-bold">支付订单</h1>
          {page.goods ? <PurchaseDetails {...page.goods} /> : null}
          <Form
            method="post"
            // the page's own address, not the one it was reached by (whose query may carry anything)
            action={formAction}
            replace
            // without JavaScript, an order with a cashier opens it in a new tab while this page refreshes
            target={page.payUrl ? "_blank" : undefined}
            className={cardClass("md", "space-y-6")}
            onSubmit={(e) => {
              if (submitting || heldSubmission) return e.preventDefault();
              const chosen = new FormData(e.currentTarget).get("pay_way");
              if (page.payUrl && chosen === page.orderPayWay) {
                // the order already has its cashier: reopen it and poll, nothing to create (spec/02 §4 "Pay flow")
                e.preventDefault();
                // no "noopener" feature: with it window.open answers null even when the tab opened
                const tab = window.open(page.payUrl, "_blank");
                if (tab) tab.opener = null;
                setCashierTab(tab ? "opened" : "blocked");
                polling.restart();
                return;
              }
              // a new order, or another pay way for this one (order/pay_way): the action answers with its cashier
              payWindow.current = window.open("", "_blank");
              setCashierTab(payWindow.current ? "opened" : "blocked");
              if (page.orderNo) {
                e.preventDefault();
                setHeldSubmission(new FormData(e.currentTarget));
              }
            }}
          >
            <input type="hidden" name="request_id" value={page.requestId} />
            {page.orderNo ? <input type="hidden" name="order_no" value={page.orderNo} /> : null}
            {/* without JavaScript the form itself opens the cashier's tab; with it the page opens that tab */}
            {page.payUrl && !hydrated ? <input type="hidden" name="open_cashier" value="1" /> : null}
            {/* the pay way can change while the order is unpaid, also once its cashier opened (decision 042) */}
            <fieldset disabled={!page.payable} aria-describedby={page.payUrl ? "pay-way-hint" : undefined}>
              <legend className="mb-3 font-semibold">支付方式</legend>
              <div className="flex flex-wrap gap-3">
                {page.payWays.map((way) => (
                  <label
                    key={way.value}
                    className="flex cursor-pointer items-center gap-2 rounded-xl border border-surface-line px-4 py-3 has-[:checked]:border-primary-500 has-[:checked]:bg-primary-500/10"
                  >
                    <input
                      type="radio"
                      name="pay_way"
                      value={way.value}
                      // uncontrolled: a pay way picked before React took over stays picked
                      defaultChecked={page.payWay === way.value}
                      className="accent-primary-500"
                    />
                    <PayWayIcon way={way.value} />
                    {way.label}
                  </label>
                ))}
              </div>
              {page.payUrl ? (
                <p id="pay-way-hint" className="mt-2 text-xs text-ink-muted">
                  可更换支付方式：选择后点击付款，将以新的支付方式打开收银台
                </p>
              ) : null}
            </fieldset>
            {page.payUrl ? (
              <CashierNextStep
                payUrl={page.payUrl}
                qrUrl={page.qrUrl}
                failed={failed}
                tab={cashierTab}
                onOpen={() => {
                  setCashierTab("opened");
                  polling.restart();
                }}
              />
            ) : null}
            <div className="flex items-center justify-between gap-4 border-t border-surface-line pt-5">
              <div>
                <p>
                  <span className="mr-2 text-sm text-ink-muted">应付金额</span>
                  <Price cents={page.price} className="text-2xl" />
                </p>
                {page.payClock ? <PayDeadline seconds={page.payClock.seconds} loadedAt={page.payClock.loadedAt} className="mt-1" /> : null}
              </div>
              {page.payable ? (
                <StatusButton pending={submitting} size="xl">
                  点击付款
                </StatusButton>
              ) : (
                <p className="text-sm text-ink-muted">订单已关闭，请重新下单</p>
              )}
            </div>
            {polling.message ? <Alert>{polling.message}</Alert> : null}
            <Toast toast={errorToast} />
          </Form>
        </div>
        {page.payUrl || !page.goods || !page.summary ? null : (
          <aside className="space-y-4 lg:sticky lg:top-20 lg:self-start" aria-label="订单摘要">
            <section className={cardClass("md", "space-y-4")}>
              <ShopImage src={page.goods.cover} alt={page.goods.name} width={280} height={158} className="aspect-video w-full rounded-lg object-cover" />
              <p className="font-semibold">{page.goods.name}</p>
              {page.summary.desc ? <p className="line-clamp-3 text-sm text-ink-muted">{page.summary.desc}</p> : null}
              {page.summary.lines.length ? <PriceLines lines={page.summary.lines} /> : null}
            </section>
          </aside>
        )}
        {submitting ? (
          <div className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-black/75" role="status">
            <span className="h-10 w-10 animate-spin rounded-full border-4 border-primary-500 border-t-transparent" aria-hidden="true" />
            <p className="text-ink">正在转接，当前等待时间可能较长，请勿关闭或刷新此页面</p>
          </div>
        ) : null}
      </div>
    </>
  );
}

type CashierTab = "opened" | "blocked" | null;

/**
 * What happened to the cashier and the one next step: a failed payment says so (from the polling,
 * or the page's own status without JavaScript); a tab this page opened, or one the browser blocked,
 * is named as such; otherwise (without JavaScript, or 继续支付 from 我的订单) no tab was opened.
 */
function CashierNextStep({
  payUrl,
  qrUrl,
  failed,
  tab,
  onOpen,
}: {
  payUrl: string;
  qrUrl: string | null;
  failed: boolean;
  tab: CashierTab;
  onOpen: () => void;
}) {
  const link = (
    <a href={payUrl} target="_blank" rel="noopener" onClick={onOpen} className="ml-1 font-semibold text-primary-300 underline">
      前往收银台支付
    </a>
  );
  if (failed) {
    return (
      <div data-testid="cashier-next-step">
        <Alert tone="error">支付失败，订单仍可支付，请重新支付：{link}</Alert>
      </div>
    );
  }
  const step = (
    <p className="rounded-lg bg-primary-500/10 px-4 py-3 text-sm" role="status" data-testid="cashier-next-step">
      {tab === "opened"
        ? "收银台已在新标签页打开，请在那里完成支付。没有看到？"
        : tab === "blocked"
          ? "收银台未能自动打开（可能被浏览器拦截），请点击"
          : "订单待支付，请前往收银台完成支付："}
      {link}
    </p>
  );
  if (!qrUrl) return step;
  // a provider paid by scanning: its code, rendered by the server, right here (works without JavaScript)
  return (
    <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
      <img src={qrUrl} width={160} height={160} alt="微信支付二维码" className="shrink-0 rounded-lg bg-white p-1" data-testid="pay-qr" />
      <div className="space-y-2">
        <p className="text-sm">请使用微信扫一扫，扫描二维码完成支付</p>
        {step}
      </div>
    </div>
  );
}

function PayWayIcon({ way }: { way: string }) {
  return way === "WX" ? (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="12" r="11" fill="#07C160" />
      <path d="M7 12.5l3 3 7-7" stroke="#fff" strokeWidth="2.2" fill="none" strokeLinecap="round" />
    </svg>
  ) : (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
      <rect width="24" height="24" rx="6" fill="#1677FF" />
      <text x="12" y="17" textAnchor="middle" fontSize="13" fontWeight="700" fill="#fff">
        支
      </text>
    </svg>
  );
}
