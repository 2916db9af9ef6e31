import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ShopImage } from "./shop-image";

describe("ShopImage", () => {
  it("without a src shows a neutral placeholder named after the image, not 图片加载失败 (nothing failed)", () => {
    const html = renderToString(<ShopImage src="" alt="新游戏" width={320} height={180} />);
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="新游戏"');
    expect(html).toContain("aspect-ratio:320 / 180");
    expect(html).not.toContain("图片加载失败");
    expect(html).not.toContain("<img");
  });

  it("with a src renders the image itself", () => {
    const html = renderToString(<ShopImage src="/media/cover.webp" alt="新游戏" width={320} height={180} />);
    expect(html).toMatch(/<img[^>]+src="\/media\/cover.webp"[^>]+alt="新游戏"|<img[^>]+alt="新游戏"[^>]+src="\/media\/cover.webp"/);
  });
});
