// What the shop says it will send, and sent (decision 058): only the channels an answer names. The
// services name them in `notify_by` (an optional extension of the order detail and 到货提醒 answers);
// from a backend without it the channels are unknown (null), and the words promise no channel.
import { z } from "zod";

export interface Channels {
  sms: boolean;
  mail: boolean;
}

/** `notify_by` as read from an answer: channel names (another backend may add its own), absent or malformed: undefined. */
export const NotifyBySchema = z.array(z.string()).optional().catch(undefined);

export function channelsOf(notifyBy: readonly string[] | undefined): Channels | null {
  return notifyBy ? { sms: notifyBy.includes("SMS"), mail: notifyBy.includes("MAIL") } : null;
}

/** 短信和邮件 / 短信 / 邮件, or null for no channel. */
function byWhat({ sms, mail }: Channels): string | null {
  return sms && mail ? "短信和邮件" : sms ? "短信" : mail ? "邮件" : null;
}

/** The goods page's line (and the flash after 到货提醒) for a reminder asked for. */
export function restockPromise(channels: Channels | null): string {
  const by = channels && byWhat(channels);
  if (by) return `已订阅到货提醒，到货后${by}通知您`;
  return "已订阅到货提醒，到货后可在「我的订单」的到货提醒中查看";
}

/**
 * 我的订单's line for a reminder sent. `mailSent` undefined: a backend that does not say (only its
 * SMS is known). `now`: the channels a reminder goes by today, which tell a reminder past the daily
 * SMS allowance from one the shop sends no SMS for.
 */
export function restockOutcome(sent: { smsSent: boolean; mailSent: boolean | undefined }, now: Channels | null): string {
  if (sent.mailSent === undefined) return sent.smsSent ? "已到货，已短信通知" : "已到货";
  const by = byWhat({ sms: sent.smsSent, mail: sent.mailSent });
  const capped = !sent.smsSent && now?.sms === true;
  if (by === "邮件" && capped) return "已到货，今日短信提醒已达上限，已邮件通知";
  if (by) return `已到货，已${by}通知`;
  return capped ? "已到货，今日短信提醒已达上限，未能通知您" : "已到货";
}

/** The order page's line on how the codes reach the shopper. */
export function deliveryPromise(channels: Channels | null): string {
  const by = channels && byWhat(channels);
  const where = by ? `将通过${by}发送给您，也可在「我的订单」中随时查看` : "可在「我的订单」中随时查看";
  return `游戏兑换码（CDKEY）${where}；预售商品将在游戏解锁后按约定时间发放。`;
}

/** 确认订单's line under 收货邮箱: where the codes will go (`channels`: the shop's, for an order with an e-mail). */
export function checkoutPromise(channels: Channels | null): string {
  if (channels?.mail) return `游戏兑换码将发送至此邮箱，也可在「我的订单」${channels.sms ? "及短信" : ""}中查看`;
  if (channels?.sms) return "游戏兑换码将通过短信发送给您，也可在「我的订单」中查看";
  return "游戏兑换码可在「我的订单」中查看";
}

/** The invalid-e-mail question's reminder of where the codes can still be read. */
export function checkoutFallback(channels: Channels | null): string {
  return `您仍可在「我的订单」页面${channels?.sms ? "及短信" : ""}中查看兑换码。`;
}
