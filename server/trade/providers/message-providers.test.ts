// The message providers as their authors test them, with no internet: the mail goes over SMTP to a
// local server and is read back; the SMS SDKs talk to local gateways that check their signatures
// with keys made here (tests/support/message-gateways.ts).
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aliyunStandIn, smtpStandIn, tencentStandIn } from "../../../tests/support/message-gateways";
import { renderMail, type MessageKind, type MessageParams } from "../messages/templates";
import { smtpMailSender } from "./mail-smtp";
import { RefusedMessage, type OutgoingMessage } from "./message-sender";
import { aliyunSmsSender } from "./sms-aliyun";
import { tencentSmsSender } from "./sms-tencent";
import { verifyWebhook, webhookSignature, webhookSmsSender, WEBHOOK_HEADERS } from "./sms-webhook";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

const SHOP = "https://shop.example";
const MAIL_PARAMS: { [K in MessageKind]?: MessageParams[K] } = {
  PASSWORD_CHANGED: { time: "2026-11-27 20:00:00" },
  DELIVERY: {
    orderNo: "TT20261127000001",
    amount: "￥92.00",
    orderedAt: "2026-11-27 19:58:00",
    items: [
      {
        goods: "黑神话：悟空",
        sku: "标准版",
        code: "AAAA-BBBB-CCCC",
        url: null,
        activation: "https://store.steampowered.com/account/registerkey?key=AAAA-BBBB-CCCC",
      },
      { goods: "原神", sku: "6480 创世结晶", code: "<b>X&Y</b>", url: "https://ys.example/redeem" },
    ],
  },
  RESTOCK: { goods: "原神（6480 创世结晶）" },
  REFUND_STARTED: { orderNo: "TT20261127000002", amount: "￥10.00", reason: "部分商品缺货" },
  REFUND_DONE: { orderNo: "TT20261127000002", amount: "￥10.00", reason: "部分商品缺货" },
};

function message(kind: MessageKind, recipient: string, params: object, id = 1): OutgoingMessage {
  return { key: `msg-test-${id}`, recipient, kind, params: params as Record<string, unknown>, subject: "", body: "" };
}

describe("mail through SMTP (nodemailer → smtp-server, read back with mailparser)", () => {
  let smtp: Awaited<ReturnType<typeof smtpStandIn>>;
  beforeAll(async () => (smtp = await smtpStandIn()));
  afterAll(() => smtp.close());

  it.each(Object.keys(MAIL_PARAMS) as MessageKind[])("%s arrives with its subject, plain text and HTML from one template", async (kind) => {
    const sender = smtpMailSender(
      { provider: "smtp", ratePerSecond: 5, url: smtp.url, from: "TTS游戏商城 <shop@shop.example>", replyTo: "help@shop.example" },
      SHOP,
      5_000,
    );
    const before = smtp.mails.length;
    const id = await sender.send(message(kind, "buyer@example.com", MAIL_PARAMS[kind]!, before + 1));
    const mail = smtp.mails[before]!;
    const expected = renderMail(kind, MAIL_PARAMS[kind] as never, SHOP)!;
    expect(mail.subject).toBe(expected.subject);
    expect(mail.text?.trim()).toBe(expected.text.trim());
    expect(mail.html).toContain("<p>");
    expect(mail.from?.text).toContain("shop@shop.example");
    expect(mail.replyTo?.text).toBe("help@shop.example");
    expect(smtp.envelopes[before]).toEqual({ from: "shop@shop.example", to: ["buyer@example.com"] });
    expect(mail.messageId).toBe(`<msg-test-${before + 1}@shop.example>`);
    expect(id).toBe(mail.messageId);
  });

  it("the delivery mail carries the codes, the amount and a link to the order page; HTML is escaped", async () => {
    const mail = renderMail("DELIVERY", MAIL_PARAMS.DELIVERY!, SHOP)!;
    expect(mail.text).toContain("AAAA-BBBB-CCCC");
    expect(mail.text).toContain("实付 ￥92.00");
    expect(mail.text).toContain(`${SHOP}/order/detail/TT20261127000001`);
    expect(mail.html).toContain(`<a href="${SHOP}/order/detail/TT20261127000001">`);
    expect(mail.html).toContain("&lt;b&gt;X&amp;Y&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>X");
  });

  it("a mailbox the server refuses (5xx) is refused for good; a server that is down is tried again", async () => {
    const sender = smtpMailSender({ provider: "smtp", ratePerSecond: 5, url: smtp.url, from: "shop@shop.example" }, SHOP, 2_000);
    smtp.refuse(550);
    await expect(sender.send(message("RESTOCK", "nobody@example.com", MAIL_PARAMS.RESTOCK!))).rejects.toBeInstanceOf(RefusedMessage);
    smtp.refuse(null);
    const down = smtpMailSender({ provider: "smtp", ratePerSecond: 5, url: "smtp://127.0.0.1:1", from: "shop@shop.example" }, SHOP, 2_000);
    const error = await down.send(message("RESTOCK", "a@example.com", MAIL_PARAMS.RESTOCK!)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(RefusedMessage);
  });
});

describe("Aliyun SMS (the official SDK → a local SendSms that checks ACS3-HMAC-SHA256)", () => {
  const keys = { accessKeyId: "LTAI-test-" + randomBytes(4).toString("hex"), secret: randomBytes(24).toString("base64") };
  let gateway: Awaited<ReturnType<typeof aliyunStandIn>>;
  const settings = () => ({
    provider: "aliyun" as const,
    ratePerSecond: 10,
    signName: "TTS游戏商城",
    templates: { LOGIN_CODE: "SMS_100000001", DELIVERY: "SMS_100000002" },
    accessKeyId: keys.accessKeyId,
    accessKeySecret: keys.secret,
    endpoint: gateway.endpoint,
  });
  beforeAll(async () => (gateway = await aliyunStandIn(keys)));
  afterAll(() => gateway.close());

  it("sends a login code, signed, with the sign name, the template code and its variables; the BizId is the provider's id", async () => {
    gateway.behave("ok");
    const id = await aliyunSmsSender(settings(), 3_000).send(message("LOGIN_CODE", "+86-13800138000", { code: "482913" }));
    const last = gateway.received.at(-1)!;
    expect(last.signatureValid).toBe(true);
    expect(last.body).toMatchObject({
      action: "SendSms",
      PhoneNumbers: "13800138000",
      SignName: "TTS游戏商城",
      TemplateCode: "SMS_100000001",
      TemplateParam: JSON.stringify({ code: "482913" }),
      OutId: "msg-test-1",
    });
    expect(id).toBe(`biz-${gateway.received.length}`);
  });

  it("numbers outside +86 go with their country code and no plus (Aliyun's international format)", async () => {
    gateway.behave("ok");
    await aliyunSmsSender(settings(), 3_000).send(message("LOGIN_CODE", "+852-51234567", { code: "111111" }));
    expect(gateway.received.at(-1)!.body.PhoneNumbers).toBe("85251234567");
  });

  it("a wrong key is refused by the gateway's signature check", async () => {
    gateway.behave("ok");
    const wrong = aliyunSmsSender({ ...settings(), accessKeySecret: "not-the-secret" }, 3_000);
    await expect(wrong.send(message("LOGIN_CODE", "+86-13800138000", { code: "1" }))).rejects.toThrow(/SignatureDoesNotMatch/);
    expect(gateway.received.at(-1)!.signatureValid).toBe(false);
  });

  it("a refused template is refused for good, throttling and a silent gateway are tried again", async () => {
    const sender = aliyunSmsSender(settings(), 1_000);
    gateway.behave("refuse");
    await expect(sender.send(message("DELIVERY", "+86-13800138000", MAIL_PARAMS.DELIVERY!))).rejects.toBeInstanceOf(RefusedMessage);
    gateway.behave("throttle");
    const throttled = await sender.send(message("LOGIN_CODE", "+86-13800138000", { code: "1" })).catch((e: unknown) => e);
    expect(throttled).not.toBeInstanceOf(RefusedMessage);
    expect(String(throttled)).toContain("Throttling");
    gateway.behave("hang");
    const silent = await sender.send(message("LOGIN_CODE", "+86-13800138000", { code: "1" })).catch((e: unknown) => e);
    expect(silent).toBeInstanceOf(Error);
    expect(silent).not.toBeInstanceOf(RefusedMessage);
  });

  it("a kind without a template code is refused without a call", async () => {
    const calls = gateway.received.length;
    await expect(aliyunSmsSender(settings(), 1_000).send(message("RESTOCK", "+86-13800138000", { goods: "x" }))).rejects.toThrow(/SMS_TEMPLATE_RESTOCK/);
    expect(gateway.received.length).toBe(calls);
  });
});

describe("Tencent Cloud SMS (the official SDK → a local SendSms that checks TC3-HMAC-SHA256)", () => {
  const keys = { secretId: "AKID-test-" + randomBytes(4).toString("hex"), secretKey: randomBytes(24).toString("base64") };
  let gateway: Awaited<ReturnType<typeof tencentStandIn>>;
  const settings = () => ({
    provider: "tencent" as const,
    ratePerSecond: 10,
    signName: "TTS游戏商城",
    templates: { LOGIN_CODE: "1000001", DELIVERY: "1000002" },
    secretId: keys.secretId,
    secretKey: keys.secretKey,
    appId: "1400000000",
    region: "ap-guangzhou",
    endpoint: "http://sms.tencentcloudapi.com",
    proxy: gateway.proxy,
  });
  beforeAll(async () => (gateway = await tencentStandIn(keys)));
  afterAll(() => gateway.close());

  it("sends in E.164 with the app id, sign name, template id and its variables in order; the SerialNo is the provider's id", async () => {
    gateway.behave("ok");
    const id = await tencentSmsSender(settings(), 3_000).send(message("DELIVERY", "+852-51234567", MAIL_PARAMS.DELIVERY!));
    const last = gateway.received.at(-1)!;
    expect(last.signatureValid).toBe(true);
    expect(last.body).toMatchObject({
      action: "SendSms",
      host: "sms.tencentcloudapi.com",
      PhoneNumberSet: ["+85251234567"],
      SmsSdkAppId: "1400000000",
      SignName: "TTS游戏商城",
      TemplateId: "1000002",
      TemplateParamSet: ["TT20261127000001", "AAAA-BBBB-CCCC、<b>X&Y</b>"],
      SessionContext: "msg-test-1",
    });
    expect(id).toBe(`serial-${gateway.received.length}`);
  });

  it("a wrong key fails the signature check; a refused template is refused for good; a rate limit is tried again", async () => {
    gateway.behave("ok");
    await expect(tencentSmsSender({ ...settings(), secretKey: "wrong" }, 3_000).send(message("LOGIN_CODE", "+86-13800138000", { code: "1" }))).rejects.toThrow(
      /SignatureFailure|credentials/,
    );
    gateway.behave("refuse");
    await expect(tencentSmsSender(settings(), 3_000).send(message("LOGIN_CODE", "+86-13800138000", { code: "1" }))).rejects.toBeInstanceOf(RefusedMessage);
    gateway.behave("throttle");
    const limited = await tencentSmsSender(settings(), 3_000)
      .send(message("LOGIN_CODE", "+86-13800138000", { code: "1" }))
      .catch((e: unknown) => e);
    expect(limited).not.toBeInstanceOf(RefusedMessage);
    expect(String(limited)).toContain("LimitExceeded");
    expect(gateway.received.at(-1)!.body.PhoneNumberSet).toEqual(["+8613800138000"]);
  });
});

describe("the SMS webhook: a signed body, checkable by the receiver", () => {
  const secret = randomBytes(32).toString("hex");

  it("the receiver takes what the shop signed, and refuses a body not signed by it, altered, or replayed late", async () => {
    const seen: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c));
      req.on("end", () => {
        seen.push({ headers: req.headers, body });
        if (!verifyWebhook(secret, req.headers, body)) return res.writeHead(401).end("bad signature");
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ id: "gw-1" }));
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
    try {
      const id = await webhookSmsSender({ provider: "webhook", ratePerSecond: 5, url, secret }, 3_000).send(
        message("LOGIN_CODE", "+86-13800138000", { code: "123456" }),
      );
      expect(id).toBe("gw-1");
      const { headers, body } = seen[0]!;
      expect(JSON.parse(body)).toMatchObject({ id: "msg-test-1", to: "+8613800138000", kind: "LOGIN_CODE", vars: { code: "123456" } });
      expect(headers[WEBHOOK_HEADERS.key]).toBe("msg-test-1");
      // an attacker's body: no signature, another key's, the shop's signature on another body, an old one
      const ts = String(Math.floor(Date.now() / 1000));
      expect(verifyWebhook(secret, {}, body)).toBe(false);
      expect(verifyWebhook(secret, { [WEBHOOK_HEADERS.timestamp]: ts, [WEBHOOK_HEADERS.signature]: webhookSignature("other-secret", ts, body) }, body)).toBe(
        false,
      );
      expect(verifyWebhook(secret, headers, body.replace("123456", "000000"))).toBe(false);
      expect(verifyWebhook(secret, headers, body, Date.now() + 10 * 60_000)).toBe(false);
      const wrongKey = webhookSmsSender({ provider: "webhook", ratePerSecond: 5, url, secret: "x".repeat(32) }, 3_000);
      await expect(wrongKey.send(message("LOGIN_CODE", "+86-13800138000", { code: "1" }))).rejects.toBeInstanceOf(RefusedMessage);
    } finally {
      server.close();
    }
  });
});
