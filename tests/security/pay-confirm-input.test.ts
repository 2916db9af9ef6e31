// Bad input to the checkout actions (pay-confirm and pay) is a 400 with a Chinese message, never a
// 500: a malformed goods number, an over-long or non-text field, a body that is not a form.
import { beforeAll, describe, expect, it } from "vitest";
import { openOrder } from "./open-order";
import { sharedShop } from "./shop";

const shop = sharedShop();
let orderNo: string;

beforeAll(async () => {
  ({ orderNo } = await openOrder(shop, 1));
}, 60_000);

function post(path: string, body: BodyInit, contentType?: string) {
  const headers: Record<string, string> = { Cookie: shop.memberCookie(1), Origin: shop.url };
  if (contentType) headers["Content-Type"] = contentType;
  return fetch(shop.url + path, { method: "POST", headers, body, redirect: "manual" });
}

const multipart = () => {
  const form = new FormData();
  form.set("sku_no", "G1001-S01");
  form.set("email", new Blob(["x".repeat(10)], { type: "text/plain" }), "email.txt");
  return form;
};

/** No form of the shop uploads files: multipart is refused before any action reads it. */
async function expectMultipartRefused(response: Response) {
  expect({ status: response.status, text: await response.text() }).toEqual({ status: 415, text: expect.stringMatching(/[\u4e00-\u9fff]/) });
}

describe("the pay-confirm action", () => {
  const cases: [string, string, () => BodyInit, string | undefined, string][] = [
    [
      "a malformed goods number",
      "/settle/pay-confirm/%3Cscript%3E",
      () => "sku_no=G1001-S01&email=a%40example.com",
      "application/x-www-form-urlencoded",
      "暂无商品",
    ],
    [
      "an over-long e-mail",
      "/settle/pay-confirm/G1001",
      () => `sku_no=G1001-S01&email=${"a".repeat(300)}%40example.com`,
      "application/x-www-form-urlencoded",
      "邮箱格式有误",
    ],
    ["a JSON body", "/settle/pay-confirm/G1001", () => JSON.stringify({ sku_no: "G1001-S01" }), "application/json", "请求无效，请刷新页面后重试"],
    ["a body with no type", "/settle/pay-confirm/G1001", () => "sku_no=G1001-S01", "text/plain", "请求无效，请刷新页面后重试"],
  ];
  for (const [what, path, body, type, message] of cases) {
    it(`answers ${what} with 400 and 「${message}」`, async () => {
      const response = await post(path, body(), type);
      const text = await response.text();
      expect({ status: response.status, hasMessage: text.includes(message) }).toEqual({ status: 400, hasMessage: true });
    });
  }
});

// posted to the pay page of an open order, as 继续支付 shows it (the page re-renders with the message)
describe("the pay action", () => {
  const cases: [string, () => BodyInit, string | undefined, string][] = [
    ["a JSON body", () => JSON.stringify({ pay_way: "ALIPAY" }), "application/json", "请求无效，请刷新页面后重试"],
    ["an unknown pay way", () => `pay_way=BITCOIN&request_id=req-0123456789&order_no=${orderNo}`, "application/x-www-form-urlencoded", "请选择支付方式"],
  ];
  for (const [what, body, type, message] of cases) {
    it(`answers ${what} with 400 and 「${message}」`, async () => {
      const response = await post(`/settle/pay?order_no=${orderNo}`, body(), type);
      const text = await response.text();
      expect({ status: response.status, hasMessage: text.includes(message) }).toEqual({ status: 400, hasMessage: true });
    });
  }
});

describe("a multipart body", () => {
  it("to the pay-confirm action (a file instead of the e-mail) is refused with 415 in Chinese", async () => {
    await expectMultipartRefused(await post("/settle/pay-confirm/G1001", multipart()));
  });
  it("to the pay action (broken) is refused with 415 in Chinese", async () => {
    await expectMultipartRefused(await post(`/settle/pay?order_no=${orderNo}`, "--x\r\nbroken", "multipart/form-data; boundary=x"));
  });
});
