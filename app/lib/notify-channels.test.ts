import { describe, expect, it } from "vitest";
import { channelsOf, checkoutFallback, checkoutPromise, deliveryPromise, restockOutcome, restockPromise } from "./notify-channels";

const both = { sms: true, mail: true };
const smsOnly = { sms: true, mail: false };
const none = { sms: false, mail: false };

describe("the words name only the channels the services name (decision 058)", () => {
  it("reads notify_by, an unknown channel ignored, absence as unknown", () => {
    expect(channelsOf(["SMS", "WECHAT"])).toEqual(smsOnly);
    expect(channelsOf([])).toEqual(none);
    expect(channelsOf(undefined)).toBeNull();
  });

  it("promises a reminder by the channels it will use, and none it cannot know", () => {
    expect(restockPromise(both)).toBe("已订阅到货提醒，到货后短信和邮件通知您");
    expect(restockPromise(smsOnly)).toBe("已订阅到货提醒，到货后短信通知您");
    expect(restockPromise({ sms: false, mail: true })).toBe("已订阅到货提醒，到货后邮件通知您");
    for (const unknown of [none, null]) expect(restockPromise(unknown)).not.toMatch(/短信|邮件/);
  });

  it("says a sent reminder went by mail only when it did, past the SMS cap too", () => {
    expect(restockOutcome({ smsSent: true, mailSent: true }, both)).toBe("已到货，已短信和邮件通知");
    expect(restockOutcome({ smsSent: true, mailSent: false }, smsOnly)).toBe("已到货，已短信通知");
    expect(restockOutcome({ smsSent: false, mailSent: true }, both)).toBe("已到货，今日短信提醒已达上限，已邮件通知");
    expect(restockOutcome({ smsSent: false, mailSent: false }, smsOnly)).toBe("已到货，今日短信提醒已达上限，未能通知您");
    expect(restockOutcome({ smsSent: false, mailSent: true }, { sms: false, mail: true })).toBe("已到货，已邮件通知");
    // a backend that does not say whether it mailed
    expect(restockOutcome({ smsSent: false, mailSent: undefined }, null)).toBe("已到货");
    expect(restockOutcome({ smsSent: true, mailSent: undefined }, null)).toBe("已到货，已短信通知");
  });

  it("tells how the codes reach the shopper by the channels named, else only 我的订单", () => {
    expect(deliveryPromise(both)).toContain("将通过短信和邮件发送给您");
    expect(deliveryPromise(smsOnly)).toContain("将通过短信发送给您");
    expect(deliveryPromise(null)).not.toMatch(/短信|邮件/);
    expect(deliveryPromise(none)).toContain("可在「我的订单」中随时查看");
  });

  it("at 确认订单, promises the e-mail and SMS only when the shop sends them (decision 062)", () => {
    expect(checkoutPromise(both)).toBe("游戏兑换码将发送至此邮箱，也可在「我的订单」及短信中查看");
    expect(checkoutPromise({ sms: false, mail: true })).toBe("游戏兑换码将发送至此邮箱，也可在「我的订单」中查看");
    expect(checkoutPromise(smsOnly)).toBe("游戏兑换码将通过短信发送给您，也可在「我的订单」中查看");
    for (const unknown of [none, null]) expect(checkoutPromise(unknown)).toBe("游戏兑换码可在「我的订单」中查看");
    expect(checkoutFallback(both)).toBe("您仍可在「我的订单」页面及短信中查看兑换码。");
    expect(checkoutFallback(smsOnly)).toBe("您仍可在「我的订单」页面及短信中查看兑换码。");
    for (const noSms of [{ sms: false, mail: true }, none, null]) expect(checkoutFallback(noSms)).toBe("您仍可在「我的订单」页面中查看兑换码。");
  });
});
