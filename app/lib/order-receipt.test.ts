import { describe, expect, it } from "vitest";
import { OrderDetailSchema, type OrderDetail } from "~/api/order.server";
import { hasReceipt, orderReceipt } from "./order-receipt";

const CODE = "SECRET-CODE-12345";

function detail(status: string, codes: string[], notice = "", refundList?: unknown[]): OrderDetail {
  return OrderDetailSchema.parse({
    order: {
      order_no: "TT20261126000001",
      status,
      pay_price: 15120,
      goods_amount: 16800,
      coupon_amount: 1680,
      pay_at: 1795676314262,
      created_at: 1795676312946,
      pay_way: "TCTP",
      notice,
    },
    goods: [{ goods_no: "G1002", goods_name: "艾尔登法环", sku_item: ["国区", "DLC"], sku_num: 2, sale_price: 8400 }],
    performance_list: codes.map((value) => ({ title: "兑换码", value, copy: true, url: { title: "", value: "" } })),
    ...(refundList ? { refund_list: refundList } : {}),
  });
}

describe("orderReceipt", () => {
  it.each([
    ["WAIT_PAY", false],
    ["PAY_FAIL", false],
    ["CLOSE", false],
    ["INIT", false],
    ["PAY_SUCCESS", true],
    ["SENDING", true],
    ["SEND_SUCCESS", true],
    ["PART_REFUND", true],
    ["ALL_REFUND", true],
  ])("a %s order has a receipt: %s", (status, expected) => {
    expect(hasReceipt(status)).toBe(expected);
  });

  it("names the pay way, the SKU and the amounts before and after the coupon, never the codes", () => {
    const receipt = orderReceipt(detail("SEND_SUCCESS", [CODE, `${CODE}-2`]));
    expect(receipt).toMatchObject({
      payWay: "支付宝",
      goods: [{ name: "艾尔登法环", sku: "国区 / DLC", count: 2, unitPriceCents: 8400 }],
      goodsAmountCents: 16800,
      couponAmountCents: 1680,
      payPriceCents: 15120,
      status: "已发货",
      delivery: "已发放 2/2 个兑换码",
      refunds: ["无"],
    });
    expect(JSON.stringify(receipt)).not.toContain(CODE);
  });

  it.each([
    ["SENDING", [""], "库存不足，正在补货", "发货中（库存不足，正在补货）", "无"],
    ["ALL_REFUND", [""], "商品缺货未能发货，退款 ￥151.2 已退回原支付账户", "未发货", "商品缺货未能发货，退款 ￥151.2 已退回原支付账户"],
    ["PART_REFUND", [CODE], "", "已发放 1/1 个兑换码", "部分退款"],
  ])("a %s order's delivery and refund lines", (status, codes, notice, delivery, refund) => {
    expect(orderReceipt(detail(status, codes, notice))).toMatchObject({ delivery, refunds: [refund] });
  });

  // 2026-11-13 10:00 and 2026-11-14 09:30 in Beijing
  const applied = Date.UTC(2026, 10, 13, 2);
  const settled = Date.UTC(2026, 10, 14, 1, 30);
  it("with the refunds extension, each refund says its amount, its day and where the money went", () => {
    const receipt = orderReceipt(
      detail("PART_REFUND", [CODE], "部分款项已退回原支付账户", [
        { refund_amount: 22000, refund_status: "REFUNDED", applied_at: applied, refunded_at: settled, pay_way: "TCTP" },
        { refund_amount: 1512, refund_status: "PROCESSING", applied_at: settled, refunded_at: null, pay_way: "WX" },
      ]),
    );
    expect(receipt.refunds).toEqual(["已退款 ￥220.00 · 2026-11-14 · 原路退回支付宝", "退款处理中 ￥15.12 · 2026-11-14 申请 · 将原路退回微信支付"]);
  });

  it("a refund list it cannot read counts as none: the notice speaks, as with a backend without the extension", () => {
    const receipt = orderReceipt(detail("ALL_REFUND", [CODE], "兑换失败，已全额退款至原支付账户", [{ refund_amount: "a lot" }]));
    expect(receipt.refunds).toEqual(["兑换失败，已全额退款至原支付账户"]);
  });
});
