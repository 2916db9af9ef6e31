// Coupon activities in the back office (issue 39, decision 064), as an operator and a shopper work:
// an activity created (a zero amount, a threshold below the amount and an end before the start
// refused first, nothing written), edited, claimed by a shopper in the shop's coupon centre, then
// stopped: the centre no longer shows it and the shopper keeps the coupon. Every change in the audit
// log. JS on and off, desktop and phone (touch).
import type { Page } from "@playwright/test";
import { ADMIN, backOfficeShot as shot, logInAsNewOperator } from "./back-office-steps";
import { expect as shopExpect, test } from "./fixtures";
import { readDb } from "./shop-api";

// a page after a form post or a client navigation on a machine the whole suite keeps busy (as back-office.spec.ts's)
const expect = shopExpect.configure({ timeout: 15_000 });

/**
 * An activity's claims as the store holds them. Other tests' shoppers claim any activity the coupon centre shows (coupons.spec's
 * 一键领取 claims them all), so a count on an operator's page is checked against this, not against this test's claim alone.
 */
const claimsOf = (activityNo: string) =>
  readDb<{ claimed: number; unused: number }>(
    "SELECT count(*) AS claimed, coalesce(sum(status = 'UNUSED'), 0) AS unused FROM coupons WHERE activity_no = ?",
    activityNo,
  )[0]!;
const activityNamed = (name: string) =>
  readDb<{ activity_no: string; amount_off: number; threshold: number; total_stock: number; stopped_at: number | null }>(
    "SELECT * FROM coupon_activities WHERE coupon_name = ?",
    name,
  );

async function fillActivity(
  page: Page,
  fields: Partial<Record<"活动名称" | "面额（元）" | "使用门槛（满多少元可用）" | "发放总量（张）" | "每人限领（张）", string>>,
) {
  const form = page.getByRole("form", { name: /活动$/ }).first();
  for (const [label, value] of Object.entries(fields)) await form.getByLabel(label, { exact: true }).fill(value);
  return form;
}

for (const width of [1440, 390]) {
  test.describe(`coupon activities in the back office at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 400 ? 900 : 844 }, hasTouch: width < 400 });

    test("an operator creates, edits and stops an activity; a shopper claims it in the coupon centre", async ({ page, member, baseURL }, info) => {
      test.setTimeout(180_000);
      await logInAsNewOperator(page, info, "coupon");
      const tag = `${width}${info.project.name === "js-on" ? "J" : "N"}${Date.now() % 1_000_000}`;
      const name = `测试满减 ${tag}`;

      await page.getByRole("navigation", { name: "后台菜单" }).getByRole("link", { name: "优惠券" }).click();
      await expect(page.getByRole("heading", { name: "新建优惠券活动" })).toBeVisible();

      // bad input: each refused in Chinese, what was typed kept, nothing written
      let form = await fillActivity(page, {
        活动名称: name,
        "面额（元）": "0",
        "使用门槛（满多少元可用）": "100",
        "发放总量（张）": "50",
        "每人限领（张）": "1",
      });
      await form.getByRole("button", { name: "新建活动" }).click();
      await expect(page.getByRole("alert")).toHaveText("面额须为大于 0 的金额（元，最多两位小数，如 38.00）（未做任何修改）");
      await expect(page.getByLabel("活动名称", { exact: true })).toHaveValue(name);
      await shot(page, info, "coupon-create-refused");
      form = await fillActivity(page, { "面额（元）": "12.5", "使用门槛（满多少元可用）": "10" });
      await form.getByRole("button", { name: "新建活动" }).click();
      await expect(page.getByRole("alert")).toHaveText("使用门槛不能低于面额（满 X 元减 Y 元，X 不能小于 Y）（未做任何修改）");
      await fillActivity(page, { "使用门槛（满多少元可用）": "100" });
      await form.getByLabel("结束时间（北京时间）").fill("2020-01-01T00:00");
      await form.getByRole("button", { name: "新建活动" }).click();
      await expect(page.getByRole("alert")).toHaveText("结束时间须晚于开始时间（未做任何修改）");
      // by its name: the other project runs this test beside it, making activities of its own
      expect(activityNamed(name)).toEqual([]);

      await form.getByLabel("结束时间（北京时间）").fill("2099-12-31T23:59");
      await form.getByRole("button", { name: "新建活动" }).click();
      await expect(page.getByRole("status")).toHaveText(`已新建优惠券活动「${name}」`);
      expect(activityNamed(name)).toMatchObject([{ amount_off: 1250, threshold: 10000, total_stock: 50, stopped_at: null }]);
      const row = page.getByRole("list", { name: "优惠券活动" }).getByRole("listitem").filter({ hasText: name });
      await expect(row).toContainText("进行中");
      await expect(row).toContainText(/已领 \d+\/50 · 已用 0/);
      await shot(page, info, "coupon-created");

      // edit: more stock
      await row.getByRole("link", { name }).click();
      await expect(page.getByRole("heading", { name: new RegExp(name) })).toBeVisible();
      const edit = page.getByRole("form", { name: "修改活动" });
      await edit.getByLabel("发放总量（张）").fill("-1");
      await edit.getByRole("button", { name: "保存修改" }).click();
      await expect(edit.getByRole("alert")).toHaveText("发放总量须为正整数（未做任何修改）");
      await edit.getByLabel("发放总量（张）").fill("80");
      await edit.getByRole("button", { name: "保存修改" }).click();
      await expect(edit.getByRole("status")).toHaveText(`已保存优惠券活动「${name}」`);
      expect(activityNamed(name)[0]!.total_stock).toBe(80);
      await shot(page, info, "coupon-edited");

      // the shopper claims it in the coupon centre
      await page.goto(`${baseURL}/coupon-collection`);
      await page.getByRole("button", { name: `立即领取：${name}` }).click();
      await expect(page.getByRole("status").filter({ hasText: "领取成功" })).toBeVisible();
      await expect(page.getByRole("button", { name: `已领取：${name}` })).toBeDisabled();
      await shot(page, info, "coupon-centre-claimed");

      // stop it: claimed coupons stay valid (the box left unticked)
      const activityNo = activityNamed(name)[0]!.activity_no;
      const stop = page.getByRole("form", { name: "停用活动" });
      // the page says what the store holds when it was read, this shopper's claim among them (another claim in between: read again)
      await expect(async () => {
        await page.goto(`${ADMIN}/admin/coupons/${activityNo}`);
        const { claimed, unused } = claimsOf(activityNo);
        expect(claimed).toBeGreaterThanOrEqual(1);
        await expect(page.getByText(`${claimed} / 80 张`)).toBeVisible({ timeout: 2_000 });
        await expect(stop.getByLabel(`同时作废已领取但未使用的 ${unused} 张券`)).not.toBeChecked({ timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      await stop.getByRole("button", { name: "停用活动" }).click();
      await expect(page.getByRole("status")).toHaveText(`已停用优惠券活动「${name}」，领券中心不再显示；已领取的券仍可使用`);
      await expect(page.getByRole("heading", { name: new RegExp(name) })).toContainText("已停用");
      expect(activityNamed(name)[0]!.stopped_at).not.toBeNull();
      await shot(page, info, "coupon-stopped");

      await page.getByRole("link", { name: "操作记录" }).click();
      for (const action of ["新建优惠券活动", "修改优惠券活动", "停用优惠券活动"]) await expect(page.getByText(action).first()).toBeVisible();

      // the coupon centre no longer shows it; the shopper keeps the coupon
      await page.goto(`${baseURL}/coupon-collection`);
      await expect(page.getByRole("heading", { name: "领券中心", level: 1 })).toBeVisible();
      await expect(page.getByRole("button", { name: new RegExp(`：${name}$`) })).toHaveCount(0);
      await shot(page, info, "coupon-centre-after-stop");
      await page.goto(`${baseURL}/coupon`);
      await expect(page.getByTestId("coupon-card").filter({ hasText: name })).toBeVisible();
      expect(
        readDb(
          "SELECT c.status FROM coupons c JOIN coupon_activities a USING (activity_no) WHERE a.coupon_name = ? AND c.member_id = ?",
          name,
          member.memberId,
        ),
      ).toEqual([{ status: "UNUSED" }]);
    });
  });
}

// Decision 066: a percentage (折扣) activity whose coupons last N days from the claim, made in the back
// office (bad input refused first, nothing written), claimed in the coupon centre and applied at 确认订单:
// 8.5 折 of PSN 点卡 美服 $10 (￥74.00) takes off ￥11.10; of $50 (￥365.00) the cap, ￥30.00.
const PSN_US = "G1030";
const skusOf = (goodsNo: string) =>
  readDb<{ sku_no: string; price: number }>("SELECT sku_no, price_turn_cny AS price FROM skus WHERE goods_no = ? ORDER BY price_turn_cny", goodsNo);

for (const width of [1440, 390]) {
  test.describe(`a 折扣 coupon lasting N days after the claim, at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 400 ? 900 : 844 }, hasTouch: width < 400 });

    test("an operator creates it; a shopper claims it in the coupon centre and sees it applied at 确认订单", async ({ page, member, baseURL }, info) => {
      test.setTimeout(180_000);
      await logInAsNewOperator(page, info, "fold");
      const name = `测试折扣 ${width}${info.project.name === "js-on" ? "J" : "N"}${Date.now() % 1_000_000}`;
      await page.goto(`${ADMIN}/admin/coupons`);
      const form = page.getByRole("form", { name: "新建优惠券活动" });
      // the 满减 fields until 折扣券 is chosen, with or without JavaScript (CSS :has)
      await expect(form.getByLabel("面额（元）")).toBeVisible();
      await expect(form.getByLabel("折扣（折）")).toBeHidden();
      await form.getByRole("radio", { name: /^折扣券/ }).check();
      await expect(form.getByLabel("面额（元）")).toBeHidden();
      await expect(form.getByLabel("有效天数（领取后）")).toBeHidden();
      await form.getByRole("radio", { name: /^领取后 N 天内有效/ }).check();
      const fill = async (fields: Record<string, string>) => {
        for (const [label, value] of Object.entries(fields)) await form.getByLabel(label, { exact: true }).fill(value);
      };
      await fill({
        活动名称: name,
        "折扣（折）": "10",
        "最多减（元）": "30",
        "使用门槛（满多少元可用）": "0",
        "有效天数（领取后）": "7",
        "发放总量（张）": "5",
        "每人限领（张）": "1",
        "适用商品编号（用逗号或空格分隔，留空为全部商品）": PSN_US,
      });
      await form.getByLabel("结束时间（北京时间）").fill("2099-12-31T23:59");

      // bad input: refused in Chinese, what was typed (and the kinds chosen) kept, nothing written
      await form.getByRole("button", { name: "新建活动" }).click();
      await expect(page.getByRole("alert")).toHaveText("折扣须为 0.1 到 9.9 折，最多一位小数（如 8.5 折填 8.5）（未做任何修改）");
      await expect(form.getByRole("radio", { name: /^折扣券/ })).toBeChecked();
      await expect(form.getByLabel("折扣（折）")).toHaveValue("10");
      await shot(page, info, "coupon-discount-refused");
      await fill({ "折扣（折）": "8.5", "有效天数（领取后）": "0" });
      await form.getByRole("button", { name: "新建活动" }).click();
      await expect(page.getByRole("alert")).toHaveText("有效天数须为正整数（未做任何修改）");
      // by its name: the other project runs this test beside it, making activities of its own
      expect(activityNamed(name)).toEqual([]);

      await fill({ "有效天数（领取后）": "7" });
      await form.getByRole("button", { name: "新建活动" }).click();
      await expect(page.getByRole("status")).toHaveText(`已新建优惠券活动「${name}」`);
      const [stored] = readDb<Record<string, unknown>>("SELECT * FROM coupon_activities WHERE coupon_name = ?", name);
      expect(stored).toMatchObject({
        coupon_type: "DISCOUNT",
        discount_percent: 15,
        max_discount: 3000,
        threshold: 0,
        validity_mode: "DAYS",
        valid_days: 7,
        display_name: "8.5折",
        display_use: "无门槛",
      });
      const row = page.getByRole("list", { name: "优惠券活动" }).getByRole("listitem").filter({ hasText: name });
      await expect(row).toContainText("折扣券 8.5折（最多减 ￥30.00），无门槛");
      await expect(row).toContainText("券领取后7天内有效");
      await row.scrollIntoViewIfNeeded();
      await shot(page, info, "coupon-discount-listed");

      // the edit form shows what is stored; a longer validity is saved and audited
      await row.getByRole("link", { name }).click();
      const edit = page.getByRole("form", { name: "修改活动" });
      await expect(edit.getByRole("radio", { name: /^折扣券/ })).toBeChecked();
      await expect(edit.getByRole("radio", { name: /^领取后 N 天内有效/ })).toBeChecked();
      await expect(edit.getByLabel("折扣（折）")).toHaveValue("8.5");
      await expect(edit.getByLabel("最多减（元）")).toHaveValue("30.00");
      await edit.getByLabel("有效天数（领取后）").fill("10");
      await edit.getByRole("button", { name: "保存修改" }).click();
      await expect(edit.getByRole("status")).toHaveText(`已保存优惠券活动「${name}」`);
      await expect(page.getByText("领取后10天内有效")).toBeVisible();
      await shot(page, info, "coupon-discount-edited");

      // the shopper claims it in the coupon centre: the coupon lasts 10 days from the claim
      await page.goto(`${baseURL}/coupon-collection`);
      await page.getByRole("button", { name: `立即领取：${name}` }).click();
      await expect(page.getByRole("status").filter({ hasText: "领取成功" })).toBeVisible();
      const [coupon] = readDb<{ coupon_no: string; use_time_start: number; use_time_end: number }>(
        "SELECT c.coupon_no, c.use_time_start, c.use_time_end FROM coupons c JOIN coupon_activities a USING (activity_no) WHERE a.coupon_name = ? AND c.member_id = ?",
        name,
        member.memberId,
      );
      expect(coupon!.use_time_end - coupon!.use_time_start).toBe(10 * 24 * 60 * 60 * 1000);

      // at 确认订单: 15 % off ￥74.00, and the cap on ￥365.00
      const [ten, , fifty] = skusOf(PSN_US);
      expect([ten!.price, fifty!.price]).toEqual([7400, 36500]);
      for (const [sku, saving, payable] of [
        [ten!.sku_no, "-￥11.10", "￥62.90"],
        [fifty!.sku_no, "-￥30.00", "￥335.00"],
      ]) {
        await page.goto(`${baseURL}/settle/pay-confirm/${PSN_US}?sku=${sku}&coupon=${coupon!.coupon_no}`);
        await expect(page.getByRole("heading", { name: "确认订单" })).toBeVisible();
        const chosen = page.getByTestId("coupon-picker").locator('a[aria-current="true"]');
        await expect(chosen).toHaveAttribute("data-coupon", coupon!.coupon_no);
        await expect(chosen).toContainText("8.5折");
        const lines = page.getByTestId("price-lines");
        await expect(lines.locator("div").filter({ hasText: "优惠券" }).locator("dd")).toHaveText(saving!);
        await expect(lines.locator("dd").last()).toHaveText(payable!);
      }
      await shot(page, info, "coupon-discount-at-checkout");

      // stopped, so the coupon centre other tests see is as it was (the shopper keeps the coupon)
      await page.goto(`${ADMIN}/admin/coupons/${String(stored!.activity_no)}`);
      await page.getByRole("form", { name: "停用活动" }).getByRole("button", { name: "停用活动" }).click();
      await expect(page.getByRole("status")).toContainText("已停用优惠券活动");
    });
  });
}
