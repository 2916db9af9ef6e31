// The shop's cashier hop for a real payment provider (decision 047): the order's signed pay_url
// (/cashier/<order>?sig=…) runs the provider's prepay step when the shopper opens it, then sends
// the shopper to Alipay's page (desktop page pay, phone WAP pay) or WeChat Pay's H5 page, or shows
// WeChat's Native code as an image this server renders (/cashier/<order>/qr.png), so it works
// without JavaScript. Mounted with PAY_PROVIDER=alipay|wechat on the trade tier, beside /api.
import { Router, type Request, type Response } from "express";
import QRCode from "qrcode";
import { z } from "zod";
import { yuanText } from "../../shared/money";
import { PAY_WAY_NAMES } from "../../shared/pay-way-names";
import { escapeHtml } from "../html";
import { payProvider, type TradeDeps } from "../trade/deps";
import { CASHIER_SIG, verifyCashierSignature } from "../trade/providers/cashier-link";
import type { PayClient } from "../trade/providers/pay";
import { cashierOrder } from "../trade/services/payment.service";
import { openCashier } from "../trade/services/pay-trade.service";
import { cashierPage } from "./page";

const Params = z.object({ orderNo: z.string().regex(/^TT\d{14}$/) });
const Query = z.object({ sig: z.string().regex(CASHIER_SIG) });

/** Phones get the provider's mobile page (Alipay WAP pay, WeChat H5 pay where the merchant has it). */
const PHONE = /Android|iPhone|iPad|iPod|Mobile|HarmonyOS/i;

export const CASHIER_DOWN = "支付通道暂时无法连接，请稍后重试";

export function cashierRouter(deps: TradeDeps) {
  const provider = payProvider(deps.config);
  if (!provider || provider.name === "sandbox") throw new Error(`the cashier hop needs a real PAY_PROVIDER, not ${deps.config.payProvider}`);
  const router = Router();

  const signedOrderNo = (req: Request): string | null => {
    const params = Params.safeParse(req.params);
    const query = Query.safeParse(req.query);
    if (!params.success || !query.success) return null;
    return verifyCashierSignature(deps.config.payLinkSecret, params.data.orderNo, query.data.sig) ? params.data.orderNo : null;
  };
  const client = (req: Request, device?: PayClient["device"]): PayClient => ({
    device: device ?? (PHONE.test(req.get("user-agent") ?? "") ? "phone" : "desktop"),
    ip: req.ip ?? "127.0.0.1",
  });
  const back = (orderNo: string) => `${deps.config.hkBaseUrl}/settle/pay-wait/${orderNo}`;
  const invalid = (res: Response) =>
    res.status(404).type("html").send(cashierPage("链接无效", `<p class="muted">支付链接无效或已过期，请返回商城重新发起支付。</p>`));
  const down = (res: Response, orderNo: string, error: unknown) => {
    deps.logger.error({ err: error, orderNo, provider: provider.name }, "pay provider's prepay step failed");
    res
      .status(502)
      .type("html")
      .send(cashierPage("暂时无法支付", `<p class="state">${CASHIER_DOWN}</p><p><a href="${deps.config.hkBaseUrl}/order/list">返回我的订单</a></p>`));
  };

  router.get("/:orderNo", async (req, res) => {
    res.set("Cache-Control", "no-store");
    const orderNo = signedOrderNo(req);
    if (!orderNo) return invalid(res);
    let cashier;
    try {
      cashier = await openCashier(deps, provider, orderNo, client(req));
    } catch (error) {
      return down(res, orderNo, error);
    }
    if (!cashier) return invalid(res);
    if (cashier.kind === "redirect") return res.redirect(303, cashier.url);
    if (cashier.kind === "state") {
      const text = cashier.paid ? "订单已支付" : "订单已关闭或已超时，无法支付";
      return res.type("html").send(cashierPage(text, `<p class="state">${text}</p><p><a class="pay" href="${back(orderNo)}">查看订单</a></p>`));
    }
    const order = cashierOrder(deps.store.db, orderNo)!;
    const qr = await QRCode.toString(cashier.codeUrl, { type: "svg", margin: 1, width: 200 });
    res.type("html").send(
      cashierPage(
        "微信扫码支付",
        `<p class="muted">订单号 ${escapeHtml(orderNo)}</p>
        <p class="amount">${yuanText(order.payPrice)}</p>
        <p>支付方式：<strong>${escapeHtml(PAY_WAY_NAMES.WX!)}</strong></p>
        <div class="qr" role="img" aria-label="微信支付二维码">${qr}</div>
        <p class="muted">请使用微信扫一扫完成支付，支付后本店自动确认。</p>
        <p><a class="pay" href="${back(orderNo)}">我已支付，查看结果</a></p>`,
      ),
    );
  });

  // the Native code as an image, for the pay page of the storefront (works without JavaScript)
  router.get("/:orderNo/qr.png", async (req, res) => {
    res.set("Cache-Control", "no-store");
    const orderNo = signedOrderNo(req);
    if (!orderNo) return res.status(404).end();
    let cashier;
    try {
      cashier = await openCashier(deps, provider, orderNo, client(req, "desktop"));
    } catch (error) {
      deps.logger.error({ err: error, orderNo, provider: provider.name }, "pay provider's prepay step failed");
      return res.status(502).end();
    }
    if (cashier?.kind !== "qr") return res.status(404).end();
    res.type("png").send(await QRCode.toBuffer(cashier.codeUrl, { type: "png", margin: 1, width: 240 }));
  });
  return router;
}
