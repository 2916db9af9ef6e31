// Goods, SKUs and the shop's identity in the back office (issue 39, decision 061), as an operator
// works: a goods created (a negative price refused first), renamed with tags and an alias, its SKU
// repriced in yuan (a malformed price refused), a cover uploaded (a file that is not an image
// refused), a SKU an unpaid order holds kept on sale; then the storefront shows the new name, price,
// cover and alias. The shop's contact, ICP number and QR code edited and shown in the footer. Every
// refusal in Chinese with nothing changed. JS on and off, desktop and phone.
import { DEMO_IDENTITY } from "../../seed/seed";
import { ADMIN, backOfficeShot as shot, logInAsNewOperator } from "./back-office-steps";
import { expect as shopExpect, test } from "./fixtures";
import { readDb, writeDb } from "./shop-api";

// a page after a form post or a client navigation on a machine the whole suite keeps busy (as back-office.spec.ts's)
const expect = shopExpect.configure({ timeout: 15_000 });
/** A 2×2 PNG (red), enough for a browser to draw. */
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000002000000020802000000fdd49a730000001649444154789c63f8cfc0f09f81e13f03c37f0600003dfc07f9fd9c5f6b0000000049454e44ae426082",
  "hex",
);

/** This test's goods in the store (0 or 1): the other widths and projects create goods of their own at the same time. */
const goodsCount = (goodsNo: string) => readDb<{ n: number }>("SELECT count(*) AS n FROM goods WHERE goods_no = ?", goodsNo)[0]!.n;
const skuRow = (skuNo: string) => readDb<{ price_turn_cny: number; disabled: number; sku_name: string }>("SELECT * FROM skus WHERE sku_no = ?", skuNo)[0]!;

for (const width of [1440, 390]) {
  test.describe(`goods in the back office at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 400 ? 900 : 844 } });

    test("an operator creates and edits a goods and its SKU, and the shop shows it", async ({ page, baseURL }, info) => {
      test.setTimeout(180_000);
      await logInAsNewOperator(page, info, "goods");
      const goodsNo = `E2E${width}${info.project.name === "js-on" ? "J" : "N"}${Date.now() % 1_000_000}`;
      const skuNo = `${goodsNo}-S1`;
      const name = `测试游戏 ${goodsNo}`;

      await page.getByRole("navigation", { name: "后台菜单" }).getByRole("link", { name: "商品" }).click();
      await expect(page.getByRole("heading", { name: "新建商品" })).toBeVisible();
      const create = page.getByRole("form", { name: "新建商品" });
      await create.getByLabel("商品编号").fill(goodsNo);
      await create.getByLabel("商品名称").fill(name);
      // a platform whose searches no other test counts (the goods is on sale in the shop at once)
      await create.getByLabel("平台").selectOption({ label: "礼品卡（GIFT_CARD）" });
      await create.getByLabel("第一个 SKU 的编号").fill(skuNo);
      await create.getByLabel("SKU 名称").fill("标准版");
      // a negative price: refused, nothing written
      await create.getByLabel("售价（元）").fill("-5");
      await create.getByRole("button", { name: "新建商品" }).click();
      await expect(page.getByRole("alert")).toContainText("售价须为大于 0 的金额（元，最多两位小数，如 38.00）");
      expect(goodsCount(goodsNo)).toBe(0);
      await shot(page, info, "goods-create-refused");

      // what was typed stays, with or without JavaScript (without, the form came back empty): the price is mended alone
      await expect(create.getByLabel("商品编号")).toHaveValue(goodsNo);
      await expect(create.getByLabel("商品名称")).toHaveValue(name);
      await expect(create.getByLabel("平台")).toHaveValue("GIFT_CARD");
      await expect(create.getByLabel("第一个 SKU 的编号")).toHaveValue(skuNo);
      await expect(create.getByLabel("SKU 名称")).toHaveValue("标准版");
      await expect(create.getByLabel("售价（元）")).toHaveValue("-5");
      await create.getByLabel("售价（元）").fill("38");
      await create.getByRole("button", { name: "新建商品" }).click();
      await expect(page.getByRole("status")).toHaveText(`已新建商品「${name}」，已上架`);
      expect(goodsCount(goodsNo)).toBe(1);

      await page.getByRole("link", { name }).click();
      await expect(page.getByRole("heading", { name: new RegExp(name) })).toBeVisible();
      const details = page.getByRole("form", { name: "商品信息" });
      const renamed = `${name} 豪华版`;
      const alias = `alias${goodsNo.toLowerCase()}`;
      await details.getByLabel("商品名称").fill(renamed);
      await details.getByLabel(/^标签/).fill("独立游戏，像素");
      await details.getByLabel(/^搜索别名/).fill(alias);
      await details.getByRole("button", { name: "保存商品信息" }).click();
      await expect(details.getByRole("status")).toHaveText(`已保存商品「${renamed}」`);

      // a malformed price: refused, the stored one kept
      const sku = page.getByRole("form", { name: `SKU ${skuNo}` });
      await sku.getByLabel("售价（元）").fill("12.345");
      await sku.getByRole("button", { name: "保存 SKU" }).click();
      await expect(sku.getByRole("alert")).toContainText("售价须为大于 0 的金额");
      expect(skuRow(skuNo).price_turn_cny).toBe(3800);
      await expect(sku.getByLabel("售价（元）")).toHaveValue("12.345");
      await shot(page, info, "sku-price-refused");
      await sku.getByLabel("售价（元）").fill("29.9");
      await sku.getByRole("button", { name: "保存 SKU" }).click();
      await expect(sku.getByRole("status")).toHaveText("已保存 SKU「标准版」");
      expect(skuRow(skuNo).price_turn_cny).toBe(2990);

      // a cover that is not an image, then a real one
      const cover = page.getByRole("form", { name: "封面" });
      await cover.getByLabel(/^选择图片/).setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: Buffer.from("<html>not an image</html>") });
      await cover.getByRole("button", { name: "上传封面" }).click();
      await expect(cover.getByRole("alert")).toHaveText("不是图片：只能上传 PNG、JPEG、WebP 或 GIF 图片（未做任何修改）");
      await cover.getByLabel(/^选择图片/).setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: PNG });
      await cover.getByRole("button", { name: "上传封面" }).click();
      await expect(cover.getByRole("status")).toHaveText("已更换封面");
      await expect(cover.getByRole("img", { name: "当前封面" })).toHaveAttribute("src", /^\/media\/uploads\/[0-9a-f-]{36}\.png$/);
      await shot(page, info, "goods-edited");

      await page.getByRole("link", { name: "操作记录" }).click();
      await expect(page.getByText("修改 SKU").first()).toBeVisible();
      await expect(page.getByText(/售价 ￥38\.00.*/).first()).toBeVisible();

      // the storefront: the goods page, and search by the alias
      await page.goto(`${baseURL}/topic/${goodsNo}`);
      await expect(page.getByRole("heading", { name: renamed })).toBeVisible();
      await expect(page.getByText("29.90").first()).toBeVisible();
      await expect(page.locator(`img[src^="/media/uploads/"]`).first()).toBeVisible();
      await shot(page, info, "storefront-goods");
      await page.goto(`${baseURL}/search-result/${alias}`);
      await expect(page.getByText(renamed).first()).toBeVisible();
    });

    test("a SKU an unpaid order holds stays on sale", async ({ page, unpaidOrder }, info) => {
      test.setTimeout(90_000);
      const { sku_no: skuNo, goods_no: goodsNo } = readDb<{ sku_no: string; goods_no: string }>(
        "SELECT sku_no, goods_no FROM order_units WHERE order_no = ?",
        unpaidOrder,
      )[0]!;
      await logInAsNewOperator(page, info, "skuuse");
      await page.goto(`${ADMIN}/admin/goods/${goodsNo}`);
      const sku = page.getByRole("form", { name: `SKU ${skuNo}` });
      await expect(sku.getByText(/\d+ 笔待支付订单/)).toBeVisible();
      await sku.getByLabel("在售").uncheck();
      await sku.getByRole("button", { name: "保存 SKU" }).click();
      await expect(sku.getByRole("alert")).toContainText("笔待支付订单包含这个 SKU，暂不能停售");
      expect(skuRow(skuNo).disabled).toBe(0);
      await shot(page, info, "sku-in-use");
    });
  });
}

test.describe("the shop's identity", () => {
  // the demo's identity is every page's footer: one test changes it at a time, and puts it back
  test.describe.configure({ mode: "serial" });
  for (const width of [1440, 390]) {
    test(`an operator edits the contact, ICP number and QR code, and the footer shows them at ${width} px`, async ({ page, baseURL }, info) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
      await logInAsNewOperator(page, info, "identity");
      await page.getByRole("navigation", { name: "后台菜单" }).getByRole("link", { name: "商城信息" }).click();
      const form = page.getByRole("form", { name: "商城信息" });
      const contact = `李女士（e2e${width}${info.project.name}@example.com）`;
      try {
        // too long a contact: refused, nothing changed
        await form.getByLabel(/^商务合作联系方式/).evaluate((input: HTMLInputElement) => input.removeAttribute("maxlength"));
        await form.getByLabel(/^商务合作联系方式/).fill("长".repeat(121));
        await form.getByRole("button", { name: "保存商城信息" }).click();
        await expect(page.getByRole("alert")).toHaveText("联系方式最长 120 字（未做任何修改）");
        await expect(form.getByLabel(/^商务合作联系方式/)).toHaveValue("长".repeat(121));

        await form.getByLabel(/^商务合作联系方式/).fill(contact);
        await form.getByLabel(/^ICP 备案号/).fill("京ICP备00000000号-9");
        await form.getByLabel(/^客服二维码/).setInputFiles({ name: "qr.png", mimeType: "image/png", buffer: PNG });
        await form.getByRole("button", { name: "保存商城信息" }).click();
        await expect(page.getByRole("status")).toHaveText("已保存商城信息");
        await shot(page, info, "identity-saved");

        await page.goto(`${baseURL}/`);
        const footer = page.locator("footer");
        await expect(footer).toContainText(`商务合作请联系：${contact}。`);
        await expect(footer).toContainText(`本站所售数字商品由${DEMO_IDENTITY.company}授权销售。`);
        await expect(footer.getByRole("link", { name: "京ICP备00000000号-9" })).toBeVisible();
        await expect(footer.getByRole("img", { name: "客服微信二维码" })).toHaveAttribute("src", /^\/media\/uploads\/[0-9a-f-]{36}\.png$/);
        await footer.scrollIntoViewIfNeeded();
        await shot(page, info, "identity-footer");
      } finally {
        // back to the demo's values, for the other tests' footers
        const reset = [
          ["identity.contact", DEMO_IDENTITY.contact],
          ["identity.icp", DEMO_IDENTITY.icp],
          ["identity.qr_image", DEMO_IDENTITY.qrImage],
        ];
        for (const [key, value] of reset) writeDb("UPDATE shop_settings SET value = ? WHERE key = ?", value, key);
      }
    });
  }
});
