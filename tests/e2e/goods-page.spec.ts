// The goods page's details of spec/02 §2 and §8 (issue 14): shopping-guide cards for other goods,
// the buy button's one-click claim on the way to pay-confirm, the picture gallery and corner label,
// the presale badge only while the presale is ahead, 查看更多 in the same tab, and images that
// fail to load saying 图片加载失败 — with JavaScript and without.
import { expect, jsEnabled, test } from "./fixtures";
import { readDb, writeDb } from "./shop-api";

test.describe("the goods page", () => {
  test("shopping-guide cards lead to other goods' pages", async ({ page }) => {
    await page.goto("/topic/G1001");
    const guide = page.getByRole("region", { name: "购物指南" }).or(page.locator("section", { has: page.getByRole("heading", { name: "购物指南" }) }));
    const cards = guide.getByTestId("guide-card");
    await expect(cards).not.toHaveCount(0);
    expect(await cards.count()).toBeLessThanOrEqual(3);
    const first = cards.first();
    const buy = first.getByRole("link", { name: /^立即购买：/ });
    const href = (await buy.getAttribute("href"))!;
    expect(href).toMatch(/^\/topic\/G\d+(\?sku=G\d+-S\d+)?$/);
    expect(href).not.toMatch(/^\/topic\/G1001\b/);
    const box = (await first.boundingBox())!;
    expect(box.height).toBe(113);
    expect(box.width).toBeLessThanOrEqual(800);
    const name = (await first.getByRole("heading").textContent())!;
    await buy.click();
    await expect(page).toHaveURL((url) => url.pathname + url.search === href);
    await expect(page.getByRole("heading", { level: 1, name })).toBeAttached();
  });

  test("the buy button claims the member's coupons in one click, then goes to pay-confirm", async ({ page, context, shopper, baseURL }) => {
    await shopper.useOwnAddress(page);
    const { mobile } = await shopper.signUp(context, baseURL!);
    const owned = () => readDb("select 1 from coupons c join members m on m.member_id = c.member_id where m.mobile = ?", `+86-${mobile}`).length;
    const before = owned();
    await page.goto("/topic/G1001");
    await page.getByRole("button", { name: /立即购买|券后价/ }).click();
    await expect(page).toHaveURL(/\/settle\/pay-confirm\/G1001\?sku=/);
    await expect(page.getByRole("status").filter({ hasText: "已为您一键领取优惠券" })).toBeVisible();
    expect(owned()).toBeGreaterThan(before);
  });

  test("the gallery, the corner label, the delivery note, and 查看更多 in the same tab", async ({ page }) => {
    await page.goto("/topic/G1001");
    await expect(page.getByRole("list", { name: "商品图集" }).getByRole("img")).toHaveCount(2);
    await expect(page.getByTestId("goods-corner-tag")).toHaveText("热销");
    // the goods' delivery note (its performance extra) beside the buy button
    await expect(page.getByTestId("goods-delivery")).toHaveText(/^自动发货：/);
    const more = page.getByRole("link", { name: "查看更多" });
    await expect(more).not.toHaveAttribute("target", "_blank");
    await more.click();
    await expect(page).toHaveURL(/\/recommend\/PRODUCT_DETAIL\//);
  });

  test("the presale badge shows only while the presale is ahead", async ({ page, context, shopper, baseURL }, testInfo) => {
    // a presale goods no other test buys, one per project: the test moves its presale time
    const goodsNo = jsEnabled(testInfo.project.name) ? "G1007" : "G1028";
    // a member's pages are never served from the visitor page cache, so the change shows at once
    await shopper.useOwnAddress(page);
    await shopper.signUp(context, baseURL!);
    // the badge before the goods' tags (a tag or the corner label may say 预售 too: that is the goods' data)
    const badge = page.getByRole("region", { name: "购买" }).getByTestId("presale-badge");
    const buyBox = page.getByRole("region", { name: "购买" });
    await page.goto(`/topic/${goodsNo}`);
    await expect(badge).toBeVisible();
    await expect(buyBox.getByText(/游戏解锁后发放/)).toBeVisible();
    const [{ at }] = readDb<{ at: number }>("select presale_performance_at as at from goods where goods_no = ?", goodsNo);
    try {
      writeDb("update goods set presale_performance_at = ? where goods_no = ?", Date.now() - 60_000, goodsNo);
      await page.goto(`/topic/${goodsNo}`);
      await expect(badge).toHaveCount(0);
      await expect(buyBox.getByText(/游戏解锁后发放/)).toHaveCount(0);
    } finally {
      writeDb("update goods set presale_performance_at = ? where goods_no = ?", at, goodsNo);
    }
  });

  test("images that cannot load say 图片加载失败", async ({ page }, testInfo) => {
    // every picture arrives as bytes that are no image (a failed request would also log a console error)
    await page.route(/\/(media|images)\//, (route) => route.fulfill({ status: 200, contentType: "image/png", body: "not a picture" }));
    await page.goto("/topic/G1001");
    if (jsEnabled(testInfo.project.name)) {
      await expect(page.getByRole("img", { name: "图片加载失败" }).first()).toBeVisible();
      return;
    }
    // without JavaScript a broken picture draws its placeholder text itself
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLImageElement>("img.shop-img")]
            .filter((img) => img.complete && img.naturalWidth === 0)
            .map((img) => getComputedStyle(img, "::after").content),
        ),
      )
      .not.toHaveLength(0);
    const texts = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLImageElement>("img.shop-img")]
        .filter((img) => img.complete && img.naturalWidth === 0)
        .map((img) => getComputedStyle(img, "::after").content),
    );
    expect(new Set(texts)).toEqual(new Set(['"图片加载失败"']));
  });
});
