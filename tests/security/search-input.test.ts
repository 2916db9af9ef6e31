// The search keyword (review L1): control characters are refused with a 400 that names the field,
// never a 500 with a stack trace; punctuation matches what it matches in the goods' names and tags,
// not the whole catalogue through the raw JSON of the tags.
import { describe, expect, it } from "vitest";
import { sharedShop } from "./shop";

const shop = sharedShop();

const search = async (keyword: string) => {
  const answer = await fetch(`${shop.url}/api/trade_bff/v1/goods/search?${new URLSearchParams({ keyword, size: "100" })}`);
  return { status: answer.status, body: (await answer.json()) as { success: boolean; result: { goods_list?: { total: number }; error_msg?: string } } };
};

describe("the goods search keyword", () => {
  it.each([
    ["a NUL", "a\u0000b"],
    ["a NUL alone", "\u0000"],
    ["a tab inside", "a\tb"],
    ["an escape", "\u001b[31m"],
    ["a DEL", "ab\u007f"],
  ])("with %s is refused with 400 and a Chinese message, and nothing is logged as an error", async (_name, keyword) => {
    const logged = shop.log().length;
    const { status, body } = await search(keyword);
    expect(status).toBe(400);
    expect(body.result.error_msg).toBe("参数 keyword 格式错误");
    expect(shop.log().slice(logged)).not.toMatch(/SqliteError|"level":50/);
  });

  it.each(['"', "[", "]", ","])("%s matches no goods (the tags are words, not JSON)", async (keyword) => {
    const { status, body } = await search(keyword);
    expect(status).toBe(200);
    expect(body.result.goods_list?.total).toBe(0);
  });

  it("a tag still finds its goods, by one word and by two", async () => {
    for (const keyword of ["激活码", "秒发", "国区"]) {
      const { body } = await search(keyword);
      expect(body.result.goods_list?.total, keyword).toBeGreaterThan(0);
    }
  });

  it("the storefront's results page for a NUL says the keyword cannot be searched, without an error in the log", async () => {
    const logged = shop.log().length;
    const answer = await fetch(`${shop.url}/search-result/%00`);
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain("无法搜索该关键词");
    // this request's lines only: the shared shop's log holds other files' requests too
    expect(shop.log().slice(logged)).not.toMatch(/SqliteError|"level":50|Error:/);
  });
});
