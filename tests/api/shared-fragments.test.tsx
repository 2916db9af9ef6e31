// The home blocks rendered once per version of their data and put into every page (decision 068): the kept HTML is
// the plain render's, byte for byte, for the seeded home page (every block style, the countdown included), and a
// change of the data (a price) is a new version, never the old HTML.
import { sql } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LayoutSchema } from "../../app/api/layout.server";
import { RecommendedGoods, recommendedCards, recommendedItems } from "../../app/components/goods/recommended-goods";
import { HomeBlocks, homeBlocksOf } from "../../app/components/home/home-blocks";
import { SharedFragmentsProvider, type FragmentRenderer } from "../../app/components/shared-fragment";
import { renderSharedFragment } from "../../app/server-only/shared-fragments.server";
import { skus } from "../../db/schema";
import { startHarness, type Harness } from "./harness";

const DOMAINS = { cn: "https://shop.example", hk: "https://hk.shop.example" };
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const homeBlocks = async () => homeBlocksOf(LayoutSchema.parse((await h.api("/api/trade_bff/v1/shopping/layout?page_type=HOME")).body.result).list, DOMAINS);
const plain = (blocks: Awaited<ReturnType<typeof homeBlocks>>) => renderToString(<HomeBlocks blocks={blocks} />);
const kept = (blocks: Awaited<ReturnType<typeof homeBlocks>>, renderer: FragmentRenderer = renderSharedFragment) =>
  renderToString(
    <SharedFragmentsProvider value={renderer}>
      <HomeBlocks blocks={blocks} />
    </SharedFragmentsProvider>,
  );

describe("the home blocks as a shared fragment", () => {
  it("are the plain render byte for byte, when rendered and when reused", async () => {
    const blocks = await homeBlocks();
    expect(new Set(blocks.map((b) => b.style_type))).toEqual(new Set(["BANNER", "SINGLE_ROW", "HORIZ_BANNER", "SIDE_SLIP", "COLUMN_TILING"]));
    expect(JSON.stringify(blocks)).toContain("server_time"); // the countdown is among them
    const render = vi.fn(renderSharedFragment);
    const first = kept(blocks, render);
    expect(first).toBe(plain(blocks));
    expect(first.length).toBeGreaterThan(20_000);
    expect(kept(blocks, render)).toBe(first);
    // the page's render asks for it; the blocks themselves are rendered by the renderer, not by the page
    expect(render).toHaveBeenCalledTimes(2);
  });

  it("render again when their data changes: a new price is on the page at once", async () => {
    const before = await homeBlocks();
    const html = kept(before);
    h.store.db
      .update(skus)
      .set({ priceTurnCny: sql`${skus.priceTurnCny} + 100` })
      .run();
    const after = await homeBlocks();
    expect(JSON.stringify(after)).not.toBe(JSON.stringify(before));
    expect(kept(after)).toBe(plain(after));
    expect(kept(after)).not.toBe(html);
  });
});

describe("abuse: the kept HTML never crosses from one data to another", () => {
  it("a backend that answers each member its own layout gives each member their own blocks", async () => {
    const shared = await homeBlocks();
    // what a personalising backend could answer one member: a card only they are shown
    const own = structuredClone(shared);
    own.flatMap((b) => b.content).find((item) => item.goods)!.goods!.goods_name = "会员专属的商品";
    expect(plain(own)).toContain("会员专属的商品");
    for (let round = 0; round < 3; round++) {
      expect(kept(own)).toBe(plain(own));
      const other = kept(shared);
      expect(other).toBe(plain(shared));
      expect(other).not.toContain("会员专属的商品");
    }
  });

  it("keeps at most 16 versions: a flood of versions costs renders, never memory", () => {
    const element = vi.fn(() => <p>块</p>);
    for (let i = 0; i < 40; i++) renderSharedFragment(`flood ${i}`, element);
    element.mockClear();
    renderSharedFragment("flood 39", element);
    renderSharedFragment("flood 24", element);
    expect(element).not.toHaveBeenCalled(); // kept: the newest 16
    renderSharedFragment("flood 23", element);
    expect(element).toHaveBeenCalledTimes(1); // let go, rendered again
  });
});

describe("the recommended goods as a shared fragment", () => {
  it("are the plain render byte for byte, in the goods page's box and in the order page's grid", async () => {
    const layout = LayoutSchema.parse((await h.api("/api/trade_bff/v1/shopping/layout?page_type=PRODUCT_DETAIL")).body.result).list;
    const items = recommendedCards(recommendedItems(layout, 6), DOMAINS);
    expect(items.length).toBeGreaterThan(2);
    const page = (layout: "box" | "grid", renderer?: FragmentRenderer) => {
      const goods = <RecommendedGoods title="热销游戏" pageType="PRODUCT_DETAIL" items={items} domains={DOMAINS} layout={layout} />;
      return renderToString(renderer ? <SharedFragmentsProvider value={renderer}>{goods}</SharedFragmentsProvider> : goods);
    };
    // the box first: the grid of the same items is another version (its cards' class differs), never the box's HTML
    for (const layout of ["box", "grid", "box", "grid"] as const) expect(page(layout, renderSharedFragment)).toBe(page(layout));
    expect(page("box")).not.toBe(page("grid"));
  });
});
