// An order in the back office (issue 39, decision 060): what it bought, its codes (masked), its
// history (states, payments, refunds) and the messages sent; a refund in part or in full through
// the refund queue, a flagged refund marked refunded by hand, the delivery message sent again.
// Each a form with the session's CSRF token; the answer is said above the forms, the page re-read.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { z } from "zod";
import { withTyped, type FormAnswer } from "~/components/back-office/change-answer";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { ORDER_STATUS_TEXT } from "~/lib/order-status";
import { checkCsrf, newFormToken, requireOperator } from "~/server-only/back-office.server";
import { centsOfYuan, yuanAmount, yuanText } from "../../shared/money";
import { PAY_WAY_NAMES } from "../../shared/pay-way-names";
import { formatDateTime } from "../../shared/shop-time";
import { CsrfField } from "./admin";
import { fieldClass } from "./admin.orders._index";

export function loader({ context, request, params }: LoaderFunctionArgs) {
  const order = requireOperator(context, request).services.orderDetail(params.orderNo ?? "");
  if (!order) throw new Response("订单不存在", { status: 404 });
  // each rendering of the page's forms is one refund, one resend at most: a double click or a re-post finds it (decision 067)
  return { ...order, formToken: newFormToken() };
}

export const AMOUNT_MESSAGE = "请填写正确的退款金额：大于 0 的数字，单位元，最多两位小数（未退款）";

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("refund"),
    amount: z.string().trim().max(20),
    formToken: z.string().regex(/^[\w-]{16,64}$/),
  }),
  z.object({ intent: z.literal("refund-done"), refundId: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("resend"), formToken: z.string().regex(/^[\w-]{16,64}$/) }),
]);

export async function action({ context, request, params }: ActionFunctionArgs): Promise<FormAnswer> {
  const { services, operator } = requireOperator(context, request);
  const form = await request.formData();
  checkCsrf(form, operator);
  const orderNo = params.orderNo ?? "";
  const parsed = ActionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return { ok: false, message: "表单无效，请刷新页面后重试（未做任何修改）" };
  const input = parsed.data;
  if (input.intent === "refund") {
    const amount = centsOfYuan(input.amount);
    // refused, the amount comes back as typed, never as the whole rest
    return withTyped(amount ? services.refundOrder(operator, { orderNo, amount, formToken: input.formToken }) : { ok: false, message: AMOUNT_MESSAGE }, form);
  }
  if (input.intent === "refund-done") return services.markRefundDone(operator, { orderNo, refundId: input.refundId });
  return services.resendDelivery(operator, { orderNo, formToken: input.formToken });
}

const REFUND_STATUS: Record<string, string> = { PENDING: "退款中", SUCCEEDED: "已退回", FAILED: "失败，需人工退款" };
const MESSAGE_KIND: Record<string, string> = { DELIVERY: "发货通知", REFUND_STARTED: "退款处理中", REFUND_DONE: "退款到账" };
const MESSAGE_STATUS: Record<string, string> = { PENDING: "待发送", SENT: "已发送", FAILED: "发送失败", SKIPPED: "未发送（未配置通道）" };

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className={cardClass("md")} aria-labelledby={id}>
      <h2 id={id} className="mb-3 font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function OrderPage() {
  const order = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // the refund form keeps the token and the amount it was posted with until the operator types another amount: the
  // second click of a double click that lands after the first refund's answer posts the same form again (one refund),
  // not a form redrawn with a new token and everything left as its amount (a busy CI run refunded the rest so).
  // Without JavaScript the answer is a new page: after any change made (a refund, a resend) its amount is left empty,
  // so a late second click refunds nothing; after a refused refund it is the amount typed
  const [refundToken, setRefundToken] = useState(order.formToken);
  const figures = [
    ["状态", ORDER_STATUS_TEXT[order.status] ?? order.status],
    order.paid ? ["实付", yuanText(order.payPrice)] : ["应付（未支付）", yuanText(order.payPrice)],
    ["商品金额", yuanText(order.goodsAmount)],
    ["优惠", yuanText(order.couponAmount)],
    ["可退金额", yuanText(order.refundable)],
    // the shopper's word, and the services' code beside it for a look in the provider's records
    ["支付方式", PAY_WAY_NAMES[order.payWay] ? `${PAY_WAY_NAMES[order.payWay]}（${order.payWay}）` : order.payWay],
  ];
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm">
        <Link to="/admin/orders" className="text-primary-400">
          ← 订单
        </Link>
      </p>
      <h1 className="break-all font-mono text-xl font-semibold">{order.orderNo}</h1>
      {answer ? <Alert tone={answer.ok ? "success" : "error"}>{answer.message}</Alert> : null}
      {order.flag ? <Alert tone="warning">待处理：{order.flag}</Alert> : null}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-6">
        {figures.map(([label, value]) => (
          <div key={label} className={cardClass("md")}>
            <dt className="text-sm text-ink-muted">{label}</dt>
            <dd className="mt-1 font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <Section id="buyer" title="买家">
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link to={`/admin/members?${new URLSearchParams({ q: order.member.mobile })}`} className="text-primary-400">
            {order.member.mobile}
          </Link>
          {order.member.email ? <span>{order.member.email}</span> : null}
          {order.userEmail && order.userEmail !== order.member.email ? <span>订单邮箱 {order.userEmail}</span> : null}
          {order.member.disabled ? <span className="text-danger-200">已锁定</span> : null}
        </p>
      </Section>
      <Section id="goods" title="商品与兑换码">
        <ul className="flex flex-col gap-1 text-sm">
          {order.units.map((u) => (
            <li key={u.skuNo} className="flex flex-wrap gap-x-4">
              <span>
                {u.goodsName} · {u.skuName}
              </span>
              <span className="font-mono text-ink-muted">{u.skuNo}</span>
              <span>
                {yuanText(u.unitPrice)} × {u.skuNum}
              </span>
            </li>
          ))}
        </ul>
        {order.codes.length ? (
          <ul className="mt-2 flex flex-col gap-1 text-sm">
            {order.codes.map((c, i) => (
              <li key={i} className="flex flex-wrap gap-x-4">
                <span className="text-ink-muted">{c.title}</span>
                <span className="font-mono">{c.masked}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-ink-muted">还没有发出兑换码</p>
        )}
      </Section>
      <div className="grid gap-6 lg:grid-cols-2">
        <Section id="refund" title="退款（原路退回支付账户）">
          {order.canRefund ? (
            <Form method="post" className="flex flex-col gap-3">
              <CsrfField />
              <input type="hidden" name="formToken" value={refundToken} />
              <label className="flex flex-col gap-1 text-sm">
                退款金额（元）
                <input
                  name="amount"
                  inputMode="decimal"
                  defaultValue={answer?.typed?.amount ?? (answer ? "" : yuanAmount(order.refundable))}
                  onChange={() => setRefundToken(order.formToken)}
                  className={fieldClass}
                />
              </label>
              <p className="text-xs text-ink-muted">
                {order.canRefundPart
                  ? `最多 ${yuanText(order.refundable)}；少于此数为部分退款，可以再退，直到退完。`
                  : `只能全额退还剩余的 ${yuanText(order.refundable)}。`}
              </p>
              <button type="submit" name="intent" value="refund" className={buttonClass({ size: "field" })}>
                退款
              </button>
            </Form>
          ) : (
            <p className="text-sm text-ink-muted">这笔订单当前不能退款：未付款、已关闭或已全额退款。</p>
          )}
        </Section>
        <Section id="resend" title="发货通知">
          {order.canResend ? (
            <Form method="post" className="flex flex-col gap-3">
              <CsrfField />
              <input type="hidden" name="formToken" value={order.formToken} />
              <p className="text-sm text-ink-muted">把兑换码再发一次到买家的手机{order.member.email || order.userEmail ? "和邮箱" : ""}。</p>
              <button type="submit" name="intent" value="resend" className={buttonClass({ variant: "outline", size: "field" })}>
                重发发货通知
              </button>
            </Form>
          ) : (
            <p className="text-sm text-ink-muted">这笔订单没有可重发的兑换码：未发货、已关闭或已全额退款。</p>
          )}
        </Section>
      </div>
      <Section id="refunds" title="退款记录">
        {order.refunds.length ? (
          <ul className="flex flex-col divide-y divide-surface-line text-sm">
            {order.refunds.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
                <span className="font-semibold">{yuanText(r.amount)}</span>
                <span>{r.settledBy ? `已人工退款（${r.settledBy}）` : (REFUND_STATUS[r.status] ?? r.status)}</span>
                <span className="text-ink-muted">{r.reason}</span>
                <span className="font-mono text-xs text-ink-muted">{r.key}</span>
                <span className="text-ink-muted">{formatDateTime(r.createdAt)}</span>
                {r.lastError ? <span className="basis-full text-ink-soft">上次错误：{r.lastError}</span> : null}
                {r.status === "FAILED" ? (
                  <Form method="post" className="basis-full">
                    <CsrfField />
                    <input type="hidden" name="refundId" value={r.id} />
                    <button type="submit" name="intent" value="refund-done" className={buttonClass({ variant: "outline", size: "sm" })}>
                      已人工退款 {yuanText(r.amount)}，标记完成
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-ink-muted">没有退款</p>
        )}
      </Section>
      <Section id="history" title="订单记录">
        <ol className="flex flex-col gap-1 text-sm">
          {order.history.map((h, i) => (
            <li key={i} className="flex flex-wrap gap-x-4">
              <span className="text-ink-muted">{formatDateTime(h.at)}</span>
              <span className="font-semibold">{h.what}</span>
              {h.detail ? <span className="break-all">{h.detail}</span> : null}
            </li>
          ))}
        </ol>
      </Section>
      <Section id="messages" title="已发消息">
        {order.messages.length ? (
          <ul className="flex flex-col gap-1 text-sm">
            {order.messages.map((m) => (
              <li key={m.id} className="flex flex-wrap gap-x-4">
                <span className="text-ink-muted">{formatDateTime(m.createdAt)}</span>
                <span>
                  {m.channel === "MAIL" ? "邮件" : "短信"} · {MESSAGE_KIND[m.kind] ?? m.kind}
                </span>
                <span className="break-all">{m.recipient}</span>
                <span>{MESSAGE_STATUS[m.status] ?? m.status}</span>
                {m.lastError ? <span className="basis-full text-ink-soft">{m.lastError}</span> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-ink-muted">没有发过消息</p>
        )}
      </Section>
    </div>
  );
}
