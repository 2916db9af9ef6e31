// 一键激活 and copying a code (issue 25, beyond the spec): a Steam game key gets a link to Steam's
// activation page with the key filled in, on the pay-success page, the order page and in the
// delivery mail; a Steam wallet code (which that page refuses) gets none. With JavaScript every code
// has a copy button; without it one double click or tap selects the whole code. A code made of
// URL and HTML characters stays whole in the link and on the page. At 1440 px and on a 390 px touch
// phone, JavaScript on and off; the shopper's own order, paid on the sandbox cashier.
import { expect, jsEnabled, test } from "./fixtures";
import { placeDeliveredOrder, readDb, writeDb } from "./shop-api";
import { saveShot } from "./page-shots";

const GAME = "G1002"; // a Steam game: GAME_KEY
const WALLET = "G1005"; // Steam 充值卡: WALLET_CODE
const REGISTER_KEY = "https://store.steampowered.com/account/registerkey?key=";

const cheapestSku = (goodsNo: string) =>
  readDb<{ sku: string }>("select sku_no as sku from skus where goods_no = ? order by price_turn_cny limit 1", goodsNo)[0]!.sku;

/** The delivered code of each goods of an order. */
function codesOf(orderNo: string): Record<string, string> {
  const rows = readDb<{ goodsNo: string; code: string }>(
    "select u.goods_no as goodsNo, p.value as code from order_performances p join order_units u on u.id = p.unit_id where p.order_no = ?",
    orderNo,
  );
  return Object.fromEntries(rows.map((r) => [r.goodsNo, r.code]));
}

for (const [device, use] of [
  ["1440 px", {}],
  ["390 px touch", { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }],
] as const) {
  test.describe(`一键激活 and copying codes (${device})`, () => {
    test.use(use);
    test.describe.configure({ timeout: 120_000 });

    test("a Steam game key opens Steam's activation page with the key, a wallet code has no such link, and every code can be copied", async ({
      page,
      context,
      shopper,
      baseURL,
    }, testInfo) => {
      const js = jsEnabled(testInfo.project.name);
      await shopper.useOwnAddress(page);
      const { credential } = await shopper.signUp(context, baseURL!);
      const orderNo = await placeDeliveredOrder(context, baseURL!, { credential, mobile: shopper.mobile, skuNos: [cheapestSku(GAME), cheapestSku(WALLET)] });
      const codes = codesOf(orderNo);
      if (js) await context.grantPermissions(["clipboard-read", "clipboard-write"]);

      for (const path of [`/settle/pay-success/${orderNo}`, `/order/detail/${orderNo}`]) {
        await page.goto(path);
        const card = page.getByTestId("delivery-card");
        const game = card.getByRole("listitem").filter({ has: page.getByText(codes[GAME]!, { exact: true }) });
        const wallet = card.getByRole("listitem").filter({ has: page.getByText(codes[WALLET]!, { exact: true }) });
        const activate = game.getByRole("link", { name: /一键激活/ });
        await expect(activate, path).toHaveAttribute("href", REGISTER_KEY + encodeURIComponent(codes[GAME]!));
        await expect(activate).toHaveAttribute("target", "_blank");
        await expect(activate).toHaveAttribute("rel", "noopener noreferrer");
        await expect(wallet.getByRole("link", { name: /一键激活/ }), path).toHaveCount(0);
        // one copy button a code with JavaScript, none without (the code itself is then selectable)
        await expect(card.getByRole("button", { name: "复制" })).toHaveCount(js ? 2 : 0);
      }

      const phone = device === "390 px touch";
      const game = page.getByTestId("delivered-code").filter({ hasText: codes[GAME]! });
      await game.scrollIntoViewIfNeeded();
      await saveShot(page, `order-redeem-${phone ? 390 : 1440}-${testInfo.project.name}`);
      if (js) {
        await page.getByRole("listitem").filter({ has: game }).getByRole("button", { name: "复制" }).click();
        await expect(page.getByRole("listitem").filter({ has: game }).getByRole("button", { name: "复制成功" })).toBeVisible();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes[GAME]);
      } else {
        // user-select: all — one gesture takes the whole code, its dashes included
        if (phone) await game.tap();
        else await game.dblclick();
        expect(await page.evaluate(() => window.getSelection()?.toString())).toBe(codes[GAME]);
      }

      const [mail] = readDb<{ body: string }>("select body from outbox_messages where channel = 'MAIL' and order_no = ?", orderNo);
      expect(mail?.body).toContain(`一键激活：${REGISTER_KEY}${encodeURIComponent(codes[GAME]!)}`);
      expect(mail?.body.match(/一键激活/g)).toHaveLength(1);
    });

    test('a code made of & # ? " < characters stays whole in the 一键激活 link and on the page', async ({ page, context, shopper, baseURL }) => {
      await shopper.useOwnAddress(page);
      const { credential } = await shopper.signUp(context, baseURL!);
      const orderNo = await placeDeliveredOrder(context, baseURL!, { credential, mobile: shopper.mobile, skuNos: [cheapestSku(GAME)] });
      const hostile = `A&B#C?D"E<b>F</b>&key=evil ${orderNo.slice(-4)}`;
      writeDb("update order_performances set value = ? where order_no = ?", hostile, orderNo);

      await page.goto(`/order/detail/${orderNo}`);
      await expect(page.getByRole("heading", { name: "发货信息" })).toBeVisible();
      await expect(page.getByTestId("delivered-code")).toHaveText(hostile);
      await expect(page.locator("b", { hasText: "F" })).toHaveCount(0);
      const href = await page.getByRole("link", { name: /一键激活/ }).getAttribute("href");
      const url = new URL(href!);
      expect(url.origin + url.pathname).toBe("https://store.steampowered.com/account/registerkey");
      expect(url.hash).toBe("");
      expect([...url.searchParams.entries()]).toEqual([["key", hostile]]);
    });
  });
}
