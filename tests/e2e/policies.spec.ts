// The static agreement and tutorial pages (spec/02 §2, §9): each renders without the header, states
// the policy facts of spec/02 §9, and an unknown name is a 404.
import { NOT_REFUNDABLE, PROTOCOLS, REGION_WARNING } from "../../app/content/protocols";
import { expect, test } from "./fixtures";

test.describe("policy pages", () => {
  for (const doc of PROTOCOLS) {
    test(`/protocols/${doc.name} renders ${doc.title} without the header`, { tag: "@server" }, async ({ page }) => {
      const response = await page.goto(`/protocols/${doc.name}`);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(`${doc.title} - TTS游戏商城`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(doc.title);
      await expect(page.locator("header.fixed")).toHaveCount(0);
      await expect(page.getByPlaceholder("搜索关键词")).toHaveCount(0);
      await expect(page.getByRole("contentinfo")).toContainText("© 2024");
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", doc.summary);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", `${doc.title} - TTS游戏商城`);
      for (const section of doc.sections) await expect(page.getByRole("heading", { level: 2, name: section.heading })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "协议与教程" }).getByRole("link")).toHaveCount(PROTOCOLS.length);
    });
  }

  test("the policies state the facts of the specification", { tag: "@server" }, async ({ page }) => {
    const text = async (name: string) => {
      await page.goto(`/protocols/${name}`);
      return (await page.getByRole("article").textContent()) ?? "";
    };
    const logistics = await text("logistics");
    expect(logistics).toContain(NOT_REFUNDABLE);
    expect(logistics).toContain(REGION_WARNING);
    expect(logistics).toContain("7 个自然日");
    expect(logistics).toContain("超过 3 个自然月的数字商品退款将以虚拟币余额的形式返还");
    expect(logistics).toContain("虚拟币不可兑换为现金，不可转让");

    const privacy = await text("privacy");
    expect(privacy).toContain("15 个工作日内处理完毕");
    expect(privacy).toContain("未满 18 周岁的用户为未成年人");

    const user = await text("user");
    expect(user).toContain("未满 18 周岁");
    expect(user).toContain("不可兑换为现金，不可转让");
    expect(user).toContain(NOT_REFUNDABLE);

    const steam = await text("tutorial-steam");
    for (const platform of ["Steam 游戏激活码", "Steam 钱包充值卡", "Nintendo eShop", "PlayStation Network", "Xbox"]) expect(steam).toContain(platform);
    expect(steam).toContain("激活产品");
    expect(steam).toContain("兑换下载码");
    expect(steam).toContain("兑换代码");
    expect(steam).toContain("redeem.microsoft.com");
  });

  test("the footer links the five policies in new tabs", { tag: "@server" }, async ({ page }) => {
    await page.goto("/protocols/user");
    const footer = page.getByRole("contentinfo");
    for (const name of ["privacy", "user", "logistics", "cookies", "virtual-shipment"]) {
      await expect(footer.locator(`a[href="/protocols/${name}"]`)).toHaveAttribute("target", "_blank");
    }
  });

  test("an unknown policy page answers 404", { tag: "@server" }, async ({ page }) => {
    const response = await page.goto("/protocols/no-such-policy");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "协议页面不存在" })).toBeVisible();
    await expect(page.getByRole("link", { name: "返回首页" })).toHaveAttribute("href", "/");
  });
});
