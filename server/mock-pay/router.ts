// The sandbox cashier (spec/03 §6, decision 011), standing in for WeChat Pay / Alipay: a signed link shows
// the amount, the pay way and a QR-style image, and two buttons that send a signed notification
// through the same HTTP path a real provider uses. Plain HTML forms: works without JavaScript.
// Mounted only when PAY_PROVIDER=sandbox, which the configuration allows only in the demo (DEMO=1)
// or outside production.
import express, { Router, type Request } from "express";
import QRCode from "qrcode";
import { z } from "zod";
import type { Store } from "../../db/client";
import type { Config } from "../config";
import { cashierPage } from "../cashier/page";
import { escapeHtml } from "../html";
import { yuanText } from "../../shared/money";
import type { PayNotification } from "../trade/providers/pay";
import { sandboxPay } from "../trade/providers/pay-sandbox";
import { cashierOrder } from "../trade/services/payment.service";
import { PAY_WAY_NAMES } from "../../shared/pay-way-names";

const Params = z.object({ orderNo: z.string().regex(/^TT\d{14}$/) });
const Query = z.object({ sig: z.string().regex(/^[0-9a-f]{32}$/) });
const Submit = z.object({ sig: z.string().regex(/^[0-9a-f]{32}$/), result: z.enum(["SUCCESS", "FAIL"]) });

/** `internalApiUrl`: where this process answers its own service calls during a drain (server/serve.ts); else the port the cashier was reached on. */
export function mockPayRouter(config: Config, store: Store, internalApiUrl: () => string | undefined = () => undefined) {
  if (config.payProvider !== "sandbox") throw new Error(`the sandbox cashier needs PAY_PROVIDER=sandbox, not ${config.payProvider}`);
  const sandbox = sandboxPay(config);
  const router = Router();
  router.use(express.urlencoded({ extended: false, limit: "4kb" }));

  const signed = (req: Request, sig: string | undefined) => {
    const params = Params.safeParse(req.params);
    if (!params.success || !sig || !sandbox.verifyCashierLink(params.data.orderNo, sig)) return null;
    return cashierOrder(store.db, params.data.orderNo);
  };

  router.get("/:orderNo", async (req, res) => {
    const query = Query.safeParse(req.query);
    const order = signed(req, query.success ? query.data.sig : undefined);
    if (!order) return res.status(404).type("html").send(page("链接无效", `<p class="muted">支付链接无效或已过期，请返回商城重新发起支付。</p>`));
    const qr = await QRCode.toString(`${req.protocol}://${req.get("host")}${req.originalUrl}`, { type: "svg", margin: 1, width: 200 });
    const amount = yuanText(order.payPrice);
    const body = `
      <p class="muted">订单号 ${escapeHtml(order.orderNo)}</p>
      <p class="amount">${amount}</p>
      <p>支付方式：<strong>${escapeHtml(PAY_WAY_NAMES[order.payWay] ?? order.payWay)}</strong></p>
      <div class="qr" role="img" aria-label="支付二维码（沙箱）">${qr}</div>
      <p class="muted">这是沙箱收银台：不会产生真实扣款。</p>
      ${
        order.payable
          ? `<form method="post" action="/mock-pay/${escapeHtml(order.orderNo)}">
              <input type="hidden" name="sig" value="${escapeHtml(query.success ? query.data.sig : "")}">
              <button name="result" value="SUCCESS" class="pay">确认支付 ${amount}</button>
              <button name="result" value="FAIL" class="fail">模拟支付失败</button>
            </form>`
          : // the way back to the shop, as the answer to a payment has it
            `<p class="state">${order.status === "CLOSE" ? "订单已关闭，无法支付" : "订单已支付"}</p>
            <p><a class="pay" href="${config.hkBaseUrl}/order/detail/${escapeHtml(order.orderNo)}">查看订单</a></p>`
      }`;
    res.type("html").send(page("收银台", body));
  });

  router.post("/:orderNo", async (req, res) => {
    const form = Submit.safeParse(req.body);
    const order = signed(req, form.success ? form.data.sig : undefined);
    if (!form.success || !order) return res.status(400).type("html").send(page("支付失败", `<p class="muted">请求无效，请返回商城重新发起支付。</p>`));
    const back = `${config.hkBaseUrl}/settle/pay-wait/${order.orderNo}`;
    if (order.paid) {
      // a resubmitted page (back button, second click): the order is paid, charge nothing
      return res
        .type("html")
        .send(page("订单已支付", `<p class="state">订单已支付，请回到商城页面查看订单。</p><p><a class="pay" href="${back}">查看支付结果</a></p>`));
    }
    // One payment per attempt: two submissions of the same page at once carry the same id (the
    // second is a replay), while a retry after a recorded failure is a new payment.
    const notification: PayNotification = {
      notify_id: `MOCK-${order.orderNo}-${order.attempts}-${form.data.result}`,
      order_no: order.orderNo,
      trade_status: form.data.result,
      amount: order.payPrice,
      pay_way: order.payWay,
    };
    const api = `${internalApiUrl() ?? `http://${notifyHost(config.host)}:${req.socket.localPort}`}/api/pay_gateway/notify`;
    const answer = await fetch(api, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...notification, sign: sandbox.signNotification(notification) }),
    })
      .then((r) => r.json() as Promise<{ success: boolean; result: { outcome?: string; error_msg?: string } }>)
      .catch(() => null);
    if (!answer?.success) {
      return res
        .status(502)
        .type("html")
        .send(page("支付失败", `<p>${escapeHtml(answer?.result.error_msg ?? "支付通知发送失败")}</p><p><a href="${back}">返回商城</a></p>`));
    }
    const ok = form.data.result === "SUCCESS" && answer.result.outcome !== "FLAGGED";
    res
      .type("html")
      .send(
        page(
          ok ? "支付成功" : "支付未完成",
          ok
            ? `<p class="state">支付成功，请回到商城页面查看订单。</p><p><a class="pay" href="${back}">查看支付结果</a></p>`
            : `<p class="state">${answer.result.outcome === "FLAGGED" ? "订单已关闭，本次支付将原路退回" : "支付失败，您可以返回商城重新支付"}</p><p><a href="${back}">返回商城</a></p>`,
        ),
      );
  });
  return router;
}

/**
 * Where the cashier reaches this server's notification endpoint: over loopback when HOST listens
 * on every address (0.0.0.0, ::), otherwise at HOST itself, which may be a single non-loopback
 * address that 127.0.0.1 would not reach.
 */
export function notifyHost(host: string): string {
  const bare = host.replace(/^\[(.*)\]$/, "$1");
  if (bare === "" || bare === "0.0.0.0") return "127.0.0.1";
  if (bare === "::") return "[::1]";
  return bare.includes(":") ? `[${bare}]` : bare;
}

const page = (title: string, body: string) => cashierPage(title, body, "沙箱收银台");
