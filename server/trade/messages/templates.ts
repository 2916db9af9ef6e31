// One template per message kind: the SMS text (the demo's outbox shows it; the webhook provider
// sends it), the variables an SMS provider's own template takes (Aliyun by name, Tencent in this
// order: docs/deploy.md "Going live"), and the mail's subject, plain text and HTML. The services
// say what happened (a kind and its variables); what the shopper reads is written here only.
import { escapeHtml } from "../../html";

export interface DeliveredItem {
  goods: string;
  sku: string;
  code: string;
  /** Where the code is redeemed, when the goods says. */
  url?: string | null;
  /** Steam's one-click activation link, for a Steam key. */
  activation?: string | null;
}

/** Each kind and its variables; every SMS variable is a string, as the providers' templates take them. */
export interface MessageParams {
  LOGIN_CODE: { code: string };
  SET_PASSWORD_CODE: { code: string };
  PASSWORD_CHANGED: { time: string };
  DELIVERY: { orderNo: string; amount: string; orderedAt: string; items: DeliveredItem[] };
  RESTOCK: { goods: string };
  REFUND_STARTED: { orderNo: string; amount: string; reason: string };
  REFUND_DONE: { orderNo: string; amount: string; reason: string };
}
export type MessageKind = keyof MessageParams;
export const MESSAGE_KINDS = [
  "LOGIN_CODE",
  "SET_PASSWORD_CODE",
  "PASSWORD_CHANGED",
  "DELIVERY",
  "RESTOCK",
  "REFUND_STARTED",
  "REFUND_DONE",
] as const satisfies readonly MessageKind[];

export function isMessageKind(kind: string): kind is MessageKind {
  return (MESSAGE_KINDS as readonly string[]).includes(kind);
}

/** The SMS signature the demo texts carry; a provider adds its own sign name (SMS_SIGN_NAME). */
const SIGN = "【TTS游戏商城】";

export interface Mail {
  subject: string;
  text: string;
  html: string;
}

interface Template<P> {
  sms(p: P): { subject: string; text: string };
  /** The provider template's variables, in the order Tencent's TemplateParamSet takes them. */
  smsVars(p: P): Record<string, string>;
  /** Absent: the kind goes by SMS only. `shop` is the shop's public origin ("" in the demo: paths stay relative). */
  mail?(p: P, shop: string): Mail;
}

const orderLink = (shop: string, orderNo: string) => `${shop}/order/detail/${encodeURIComponent(orderNo)}`;

/** A mail's HTML: the paragraphs of its text, escaped, links made clickable. */
function htmlOf(subject: string, paragraphs: string[]): string {
  const body = paragraphs
    .map(
      (p) =>
        `<p>${escapeHtml(p)
          .replace(/(https?:\/\/[^\s<]+|\/order\/detail\/[^\s<]+)/g, '<a href="$1">$1</a>')
          .replace(/\n/g, "<br>")}</p>`,
    )
    .join("\n");
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>\n${body}\n</body></html>`;
}

function mailFrom(subject: string, paragraphs: string[]): Mail {
  return { subject, text: paragraphs.join("\n\n"), html: htmlOf(subject, paragraphs) };
}

const codeVars = ({ code }: { code: string }) => ({ code });

export const TEMPLATES: { [K in MessageKind]: Template<MessageParams[K]> } = {
  LOGIN_CODE: {
    sms: ({ code }) => ({ subject: "登录验证码", text: `${SIGN}您的登录验证码为 ${code}，5分钟内有效，请勿泄露给他人。` }),
    smsVars: codeVars,
  },
  SET_PASSWORD_CODE: {
    sms: ({ code }) => ({
      subject: "设置密码验证码",
      text: `${SIGN}您正在设置登录密码，验证码为 ${code}，5分钟内有效，请勿泄露给他人。如非本人操作，请忽略本短信。`,
    }),
    smsVars: codeVars,
  },
  PASSWORD_CHANGED: {
    sms: ({ time }) => ({
      subject: "密码已修改",
      text: `${SIGN}您的登录密码已于 ${time} 修改，其他设备上的登录已全部退出。如非本人操作，请立即用短信验证码登录并重新设置密码。`,
    }),
    smsVars: ({ time }) => ({ time }),
    mail: ({ time }) =>
      mailFrom(`${SIGN}登录密码已修改`, [
        `您好，您的登录密码已于 ${time} 修改，其他设备上的登录已全部退出。`,
        "如非本人操作，请立即用短信验证码登录并重新设置密码。",
      ]),
  },
  DELIVERY: {
    sms: ({ orderNo, items }) => ({
      subject: "",
      text: `${SIGN}您的订单 ${orderNo} 已发货，兑换码：${items.map((i) => i.code).join("、")}，请在我的订单中查看详情。`,
    }),
    smsVars: ({ orderNo, items }) => ({ orderNo, codes: items.map((i) => i.code).join("、") }),
    mail: ({ orderNo, amount, orderedAt, items }, shop) =>
      mailFrom(`${SIGN}订单 ${orderNo} 的兑换码已发放`, [
        `您好，您于 ${orderedAt} 下单、实付 ${amount} 的商品已发货：`,
        ...items.map((i) => `${i.goods}（${i.sku}）：${i.code}${i.url ? `\n兑换地址：${i.url}` : ""}${i.activation ? `\n一键激活：${i.activation}` : ""}`),
        `订单详情：${orderLink(shop, orderNo)}`,
        "您也可以在「我的订单」中随时查看兑换码。",
      ]),
  },
  RESTOCK: {
    sms: ({ goods }) => ({ subject: "到货提醒", text: `${SIGN}您关注的${goods}已到货，库存有限，请尽快购买。` }),
    smsVars: ({ goods }) => ({ goods }),
    mail: ({ goods }) =>
      mailFrom(`${SIGN}到货提醒：${goods}`, [
        `您好，您关注的${goods}已到货，库存有限，请尽快到商城购买。`,
        "此提醒只发送一次；如需再次提醒，请在商品页重新订阅。",
      ]),
  },
  REFUND_STARTED: {
    sms: ({ orderNo, amount, reason }) => ({ subject: "", text: `${SIGN}${reason}：您的订单 ${orderNo} 退款 ${amount} 处理中，退回后将再次通知您。` }),
    smsVars: ({ orderNo, amount, reason }) => ({ reason, orderNo, amount }),
    mail: ({ orderNo, amount, reason }, shop) =>
      mailFrom(`${SIGN}订单 ${orderNo} 退款处理中`, [
        `您好，${reason}：订单 ${orderNo} 的退款 ${amount} 处理中，正在退回原支付账户，退回后我们会再通知您。`,
        `订单详情：${orderLink(shop, orderNo)}`,
      ]),
  },
  REFUND_DONE: {
    sms: ({ orderNo, amount }) => ({ subject: "", text: `${SIGN}您的订单 ${orderNo} 退款 ${amount} 已退回原支付账户，到账时间以支付渠道为准。` }),
    smsVars: ({ orderNo, amount }) => ({ orderNo, amount }),
    mail: ({ orderNo, amount, reason }, shop) =>
      mailFrom(`${SIGN}订单 ${orderNo} 退款 ${amount} 已退回`, [
        `您好，${reason}：订单 ${orderNo} 的退款 ${amount} 已退回原支付账户，到账时间以支付渠道为准。`,
        `订单详情：${orderLink(shop, orderNo)}`,
      ]),
  },
};

export function smsOf<K extends MessageKind>(kind: K, params: MessageParams[K]) {
  return (TEMPLATES[kind] as Template<MessageParams[K]>).sms(params);
}

export function smsVarsOf<K extends MessageKind>(kind: K, params: MessageParams[K]): Record<string, string> {
  return (TEMPLATES[kind] as Template<MessageParams[K]>).smsVars(params);
}

/** Null when the kind has no mail. */
export function renderMail<K extends MessageKind>(kind: K, params: MessageParams[K], shop: string): Mail | null {
  return (TEMPLATES[kind] as Template<MessageParams[K]>).mail?.(params, shop) ?? null;
}
