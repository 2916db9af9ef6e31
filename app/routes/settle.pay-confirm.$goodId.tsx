import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { z } from "zod";
import { getAvailableCoupons, getCartOutput, type PriceLine, type UsableCoupon } from "~/api/cart.server";
import { reportEvent } from "~/api/data-report.server";
import { getGoodsDetail, skuOriginPrice } from "~/api/goods.server";
import { BuyNotices } from "~/components/goods/buy-notices";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { ErrorList, Field } from "~/components/forms";
import { CouponPicker } from "~/components/coupon/coupon-picker";
import { PriceLines } from "~/components/checkout/price-lines";
import { PurchaseDetails } from "~/components/checkout/purchase-details";
import { Overlay } from "~/components/ui/overlay";
import { requireMember } from "~/server-only/auth.server";
import { grantAutoCoupons } from "~/login/login.server";
import { getMemberContact, setMemberEmail } from "~/api/member.server";
import { EMAIL_MAX_LENGTH, filterEmailInput, isValidEmail } from "../../shared/email";
import { readForm, UNREADABLE_FORM } from "~/server-only/form.server";
import { expectOk, invariantResponse, optional } from "~/server-only/http.server";
import type { ShellHandle } from "~/lib/route-handle";
import { readSettle, startSettlement } from "~/server-only/settle.server";
import { selectSku } from "~/lib/sku-selection";
import { useHydrated } from "~/hooks/use-hydrated";
import { CodeSchema } from "~/server-only/schemas.server";
import { cardClass } from "~/components/ui/card";
import { Toast } from "~/components/layout/toast";
import { Button, buttonClass, StatusButton } from "~/components/ui/button";
import { formatYuan } from "../../shared/money";
import { useIsPending } from "~/hooks/use-is-pending";
import { useShopHref } from "~/hooks/use-shop-href";
import { channelsOf, checkoutFallback, checkoutPromise, type Channels } from "~/lib/notify-channels";

const GoodsNo = CodeSchema;
const ConfirmForm = z.object({
  sku_no: CodeSchema.optional().catch(undefined),
  coupon_no: CodeSchema.optional().catch(undefined),
  email: z.string().max(200).default(""),
  continue_anyway: z.literal("1").optional().catch(undefined),
  /** 保存到我的账户, ticked by the shopper (decision 058): the only way an e-mail typed here reaches the account. */
  save_email: z.literal("1").optional().catch(undefined),
});
const CONFIRM_LOCK_MS = 1000;
const GOODS_MISSING = "暂无商品";
const CONTINUE_DELAY_S = 2;

export const handle: ShellHandle = { withHeader: true, withSidebar: true, group: "hk" };
export const meta: MetaFunction = () => [{ title: "确认订单 - TTS游戏商城" }];

/**
 * The page a visitor logs in over: the goods page on the SKU they chose, so the page behind the
 * login modal and its × keep that choice (issue 26).
 */
function goodsPageOf(request: Request, goodsNo: string | undefined): string {
  if (!goodsNo) return "/";
  const sku = CodeSchema.safeParse(new URL(request.url).searchParams.get("sku"));
  return `/topic/${goodsNo}${sku.success ? `?sku=${encodeURIComponent(sku.data)}` : ""}`;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const goodsNo = GoodsNo.safeParse(params.goodId);
  const { api } = await requireMember(request, context, goodsPageOf(request, goodsNo.data));
  invariantResponse(goodsNo.success, GOODS_MISSING);
  // the coupons this visit's login grants are the member's before the usable ones are read
  // the account's e-mail (an optional extension, decision 058) is the e-mail field's default
  const [detail, , contact] = await Promise.all([
    getGoodsDetail(api, goodsNo.data),
    grantAutoCoupons(context, api),
    optional(api.log, "member contact", getMemberContact(api)),
  ]);
  const goods = expectOk(detail).goods_detail;
  const url = new URL(request.url);
  const selection = selectSku(goods.sku_item, url.searchParams.get("sku"));
  reportEvent(api, "ttsgame_pay_confirm_show", { route_name: "pay-confirm" });
  const settle = await readSettle(context);
  const email = (settle?.goodsNo === goods.goods_no ? settle.email : "") || contact?.email || "";
  /** null: the services keep no e-mail on accounts (no 保存到我的账户); "": none kept yet. */
  const accountEmail = contact ? (contact.email ?? "") : null;
  /** The channels the codes will go by (decision 062); unknown (null) from a backend that does not say. */
  const channels = channelsOf(contact?.delivery_by);
  const prices = {
    sale: selection.sku?.price_turn_cny ?? goods.sale_off_price_cny,
    origin: selection.sku ? skuOriginPrice(selection.sku) : goods.price_turn_cny,
  };
  if (!selection.sku)
    return {
      goods,
      selection,
      prices,
      coupons: [] as UsableCoupon[],
      optimal: null,
      chosen: null,
      lines: [] as PriceLine[],
      email,
      accountEmail,
      channels,
      priceError: null,
    };

  const units = [{ goods_no: goods.goods_no, sku_no: selection.sku.sku_no, sku_num: 1 as const }];
  const eligibility = await optional(api.log, "usable coupons", getAvailableCoupons(api, units));
  const coupons = eligibility?.coupons ?? [];
  const optimal = eligibility?.optimal_coupon ?? null;
  const wanted = url.searchParams.get("coupon");
  const chosen = wanted === "none" ? null : (coupons.find((c) => c.coupon_no === wanted && c.usable)?.coupon_no ?? optimal);
  // a failed price preview is a toast over the page (spec/02 §7), which stays usable: the pay page prices again
  const output = await getCartOutput(api, units, chosen);
  const lines = output.ok ? output.result.list : [];
  const priceError = output.ok ? null : { type: "error" as const, message: output.errorMsg || "价格计算失败，请稍后再试" };
  return { goods, selection, prices, coupons, optimal, chosen, lines, email, accountEmail, channels, priceError };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const goodsNo = GoodsNo.safeParse(params.goodId);
  const { api } = await requireMember(request, context, goodsPageOf(request, goodsNo.data));
  if (!goodsNo.success) return data({ error: GOODS_MISSING } as const, { status: 400 });
  const fields = await readForm(request);
  if (!fields) return data({ error: UNREADABLE_FORM } as const, { status: 400 });
  const parsed = ConfirmForm.safeParse(fields);
  if (!parsed.success) return data({ error: "邮箱格式有误" } as const, { status: 400 });
  const form = parsed.data;
  if (!form.sku_no) return data({ error: "请选择商品规格" } as const, { status: 400 });
  const detail = await getGoodsDetail(api, goodsNo.data);
  if (!detail.ok || selectSku(detail.result.goods_detail.sku_item, form.sku_no).sku?.sku_no !== form.sku_no) {
    return data({ error: "请选择商品规格" } as const, { status: 400 });
  }
  const email = form.email.trim();
  const validEmail = isValidEmail(email);
  if (!validEmail && !form.continue_anyway) return { emailDialog: true, email } as const;
  // kept on the account only when asked; a failure to keep it does not stop the order (the order has its e-mail)
  if (validEmail && form.save_email) await optional(api.log, "save e-mail", setMemberEmail(api, email));
  await startSettlement(context, { goodsNo: goodsNo.data, skuNo: form.sku_no, couponNo: form.coupon_no ?? null, email: validEmail ? email : "" });
  return redirect("/settle/pay");
}

export default function PayConfirm() {
  const shopHref = useShopHref();
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const askEmail = Boolean(actionData && "emailDialog" in actionData);
  // one toast per answer: the action's refusal (请选择商品规格), else the price preview's failure
  const toast = useMemo(
    () => (actionData && "error" in actionData ? { type: "error" as const, message: actionData.error } : page.priceError),
    [actionData, page.priceError],
  );
  const [dialogOpen, setDialogOpen] = useState(askEmail);
  useEffect(() => setDialogOpen(askEmail), [actionData, askEmail]);
  // 返回修改 leads to the e-mail field, once the closing dialog has handed focus back (to 提交订单)
  const backToEmail = useRef(false);
  useEffect(() => {
    if (dialogOpen || !backToEmail.current) return;
    backToEmail.current = false;
    document.getElementById("email")?.focus();
  }, [dialogOpen]);
  const { goods, selection } = page;
  const hrefWith = (key: string, value: string) => {
    const params = new URLSearchParams(location.search);
    params.set(key, value);
    return `?${params}`;
  };
  const submit = useSubmitLock();
  const total = page.lines.at(-1);
  return (
    <div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_340px]">
        <div className="space-y-6">
          <h1 className="text-2xl font-bold">确认订单</h1>
          <PurchaseDetails
            cover={goods.covers[0]}
            name={goods.goods_name}
            tags={goods.goods_tags}
            skuValues={selection.values}
            salePrice={page.prices.sale}
            originPrice={page.prices.origin}
          />
          {selection.sku ? null : (
            <p className="rounded-lg bg-amber-500/10 px-4 py-3 text-sm text-amber-200">
              该商品暂无可选规格，
              <Link to={shopHref(`/topic/${goods.goods_no}`)} className="underline">
                返回商品页
              </Link>
            </p>
          )}
          {selection.sku ? (
            <CouponPicker coupons={page.coupons} chosen={page.chosen} optimal={page.optimal} hrefFor={(no) => hrefWith("coupon", no ?? "none")} />
          ) : null}
          <EmailCard
            defaultEmail={actionData && "email" in actionData ? actionData.email : page.email}
            accountEmail={page.accountEmail}
            channels={page.channels}
          />
          <BuyNotices regionRestricted={goods.region_restricted} />
        </div>
        <aside className="lg:sticky lg:top-20 lg:self-start">
          <section aria-labelledby="checkout-title" className={cardClass("md", "space-y-5")}>
            <h2 id="checkout-title" className="font-semibold">
              购物车结算
            </h2>
            <PriceLines lines={page.lines} />
            <Toast toast={toast} />
            {/* on a phone and a tablet 提交订单 is in the bar at the bottom of the screen (below) */}
            <ConfirmOrderForm skuNo={selection.sku?.sku_no} couponNo={page.chosen} lock={submit} className="max-lg:hidden" />
          </section>
        </aside>
      </div>
      {/* Below 1024 px the card with 提交订单 comes after the coupons and the e-mail, far below the first
          screen: the total and the button stay at the bottom of the screen (CSS sticky, with or without
          JavaScript), like the goods page's buy bar (decision 027); the button submits the card's form. */}
      <div
        data-testid="checkout-bar"
        className="sticky bottom-0 z-20 -mx-4 mt-6 flex items-center gap-3 border-t border-surface-line bg-surface-container/95 px-4 py-3 backdrop-blur lg:hidden"
      >
        {total ? (
          <p className="shrink-0 text-sm text-ink-muted">
            {total.title}
            <span className="ml-1 text-xl font-bold text-price">
              {total.currency_symbol}
              {formatYuan(Math.abs(total.price))}
            </span>
          </p>
        ) : null}
        <div className="min-w-0 flex-1">
          <SubmitOrderButton form="confirm-form" lock={submit} />
        </div>
      </div>
      {dialogOpen ? (
        <EmailDialog
          skuNo={selection.sku?.sku_no}
          couponNo={page.chosen}
          channels={page.channels}
          returnHref={location.pathname + location.search}
          onClose={() => {
            backToEmail.current = true;
            setDialogOpen(false);
          }}
        />
      ) : null}
    </div>
  );
}

function EmailCard({ defaultEmail, accountEmail, channels }: { defaultEmail: string; accountEmail: string | null; channels: Channels | null }) {
  const [email, setEmail] = useState(defaultEmail);
  const invalid = email !== "" && !isValidEmail(email);
  const hydrated = useHydrated();
  const offerNow = accountEmail !== null && isValidEmail(email) && email !== accountEmail;
  // without JavaScript the box cannot follow the typing: it is there whenever the account can keep an
  // e-mail, and the action keeps only a valid one. Where the browser runs scripts the server's box is not
  // drawn unless React will keep it, so the page does not get shorter as it hydrates
  const offerSave = accountEmail !== null && (!hydrated || offerNow);
  return (
    <section aria-labelledby="email-title" className={cardClass("md")}>
      <h2 id="email-title" className="mb-1 font-semibold">
        <label htmlFor="email">收货邮箱</label>
      </h2>
      <p className="mb-3 text-xs text-ink-muted" data-testid="email-promise">
        {checkoutPromise(channels)}
      </p>
      <div className="relative max-w-md">
        <Field
          id="email"
          name="email"
          form="confirm-form"
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={EMAIL_MAX_LENGTH}
          placeholder="请输入"
          value={email}
          onValue={(value) => setEmail(filterEmailInput(value))}
          error={invalid ? "邮箱格式有误" : null}
          className="h-10 w-full rounded-lg border border-surface-line bg-surface-raised px-3 pr-11 max-sm:h-11 text-sm focus:border-primary-500 focus:outline-none aria-[invalid]:border-red-500"
        />
        {email ? (
          <button
            type="button"
            onClick={() => setEmail("")}
            aria-label="清除邮箱"
            className="absolute right-0 top-0 flex h-10 w-10 items-center justify-center rounded-full text-ink-faint hover:text-ink max-sm:h-11 max-sm:w-11"
          >
            ×
          </button>
        ) : null}
      </div>
      <ErrorList id="email" errors={[invalid ? "邮箱格式有误" : null]} className="mt-2 text-sm text-red-400" />
      {offerSave ? (
        <label
          className={`mt-3 flex min-h-11 w-fit cursor-pointer items-center gap-2 text-sm text-ink-muted ${offerNow ? "" : "[@media(scripting:enabled)]:hidden"}`}
          data-testid="save-email"
        >
          <input type="checkbox" name="save_email" value="1" form="confirm-form" className="h-4 w-4 accent-primary-500" />
          保存到我的账户{accountEmail && accountEmail !== email ? `（替换 ${accountEmail}）` : ""}
        </label>
      ) : null}
    </section>
  );
}

/** 提交订单 pressed: a second press within CONFIRM_LOCK_MS (from the card or the phone's bar) is ignored. */
function useSubmitLock() {
  const pending = useIsPending();
  const [locked, setLocked] = useState(false);
  useEffect(() => {
    if (!locked) return;
    const timer = setTimeout(() => setLocked(false), CONFIRM_LOCK_MS);
    return () => clearTimeout(timer);
  }, [locked]);
  return { busy: locked || pending, locked, lock: () => setLocked(true) };
}
type SubmitLock = ReturnType<typeof useSubmitLock>;

function ConfirmOrderForm({ skuNo, couponNo, lock, className }: { skuNo?: string; couponNo: string | null; lock: SubmitLock; className: string }) {
  return (
    <Form method="post" id="confirm-form" noValidate onSubmit={(e) => (lock.locked ? e.preventDefault() : lock.lock())}>
      {skuNo ? <input type="hidden" name="sku_no" value={skuNo} /> : null}
      {couponNo ? <input type="hidden" name="coupon_no" value={couponNo} /> : null}
      <SubmitOrderButton lock={lock} className={className} />
    </Form>
  );
}

function SubmitOrderButton({ lock, form, className }: { lock: SubmitLock; form?: string; className?: string }) {
  return (
    <StatusButton pending={lock.busy} form={form} size="xl" block className={className}>
      提交订单
    </StatusButton>
  );
}

/** The invalid e-mail dialog (spec/02 §4); with JS 仍然继续 waits 2 s, showing the seconds. */
function EmailDialog({
  skuNo,
  couponNo,
  channels,
  returnHref,
  onClose,
}: {
  skuNo?: string;
  couponNo: string | null;
  channels: Channels | null;
  returnHref: string;
  onClose: () => void;
}) {
  const hydrated = useHydrated();
  const [left, setLeft] = useState(CONTINUE_DELAY_S);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const waiting = hydrated && left > 0;
  return (
    <Overlay role="alertdialog" labelledBy="email-dialog-title" describedBy="email-dialog-text" onClose={onClose}>
      <h2 id="email-dialog-title" className="text-lg font-semibold">
        提示
      </h2>
      <p id="email-dialog-text" className="mt-3 text-sm leading-6 text-ink">
        未输入有效邮箱，游戏兑换码可能无法通过邮件发送给您， 是否重新填写？
      </p>
      <p className="mt-2 text-xs text-ink-muted">{checkoutFallback(channels)}</p>
      <Form method="post" className="mt-6 flex justify-end gap-3">
        {skuNo ? <input type="hidden" name="sku_no" value={skuNo} /> : null}
        {couponNo ? <input type="hidden" name="coupon_no" value={couponNo} /> : null}
        <input type="hidden" name="continue_anyway" value="1" />
        {/* without JavaScript: to the field on this same page (app.css hides the warning then) */}
        <Link
          to={`${returnHref}#email`}
          replace
          className={buttonClass({ variant: "outline" })}
          onClick={(e) => {
            e.preventDefault();
            onClose();
          }}
        >
          返回修改
        </Link>
        <Button type="submit" disabled={waiting}>
          仍然继续{waiting ? `（${left}s）` : ""}
        </Button>
      </Form>
    </Overlay>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: { title: GOODS_MISSING, message: "该商品不存在或已下架" } }} />;
}
