// Finding 16 (links from admin data): layout items, the popup advert, coupons' jump URLs and the
// redemption URL of a delivered code become links only when they are http(s) or a path of the
// shop; `javascript:`, `//host` and `/\host` are rendered without a link.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withStore } from "../bench/data";
import { startShop, type Shop } from "./shop";

const HOSTILE = ["javascript:alert(1)", "//evil.example/a", "/\\evil.example/b", "JaVaScRiPt:alert(2)", "data:text/html,x"];

/** Every href (and src of a frame) the page renders. */
function hrefsOf(html: string): string[] {
  return [...html.matchAll(/\s(?:href|action|formaction)="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
}

function expectNoHostileHref(html: string, page: string) {
  const hrefs = hrefsOf(html);
  expect(hrefs.length, page).toBeGreaterThan(0);
  for (const href of hrefs) {
    expect(href, page).not.toMatch(/^\s*(javascript|data|vbscript):/i);
    expect(href, page).not.toMatch(/^\s*[/\\]{2}/);
    expect(href, page).not.toMatch(/^\s*\/\\/);
    expect(href, page).not.toContain("evil.example");
  }
}

describe("links from admin data", () => {
  let shop: Shop;
  let delivered: string;
  beforeAll(async () => {
    // no caches: the data is changed under the running shop
    shop = await startShop({ env: { PAGE_CACHE_TTL_MS: "0", TRADE_CACHE_TTL_MS: "0" } });
    delivered = withStore(shop.dbFile, ({ sqlite }) => {
      const items = sqlite.prepare("SELECT id FROM layout_items WHERE json_extract(assembly, '$.LINK.value') IS NOT NULL").pluck().all() as number[];
      expect(items.length).toBeGreaterThan(0);
      items.forEach((id, i) => {
        sqlite.prepare("UPDATE layout_items SET assembly = json_set(assembly, '$.LINK.value', ?) WHERE id = ?").run(HOSTILE[i % HOSTILE.length], id);
      });
      // one item of each internal link type and one external, all hostile
      const goodsItems = sqlite.prepare("SELECT id FROM layout_items WHERE json_extract(assembly, '$.LINK.value') IS NULL LIMIT 3").pluck().all() as number[];
      ["INTERNAL_WEB", "PAGE_REDIRECT", "EXTERNAL_WEB"].forEach((jump, i) => {
        sqlite
          .prepare("UPDATE layout_items SET assembly = json_set(assembly, '$.JUMP.value', ?, '$.LINK.value', ?) WHERE id = ?")
          .run(jump, HOSTILE[i], goodsItems[i]);
      });
      sqlite.prepare("UPDATE popup_adverts SET link_url = '//evil.example/advert', jump_type = 'INTERNAL_WEB'").run();
      const activities = sqlite.prepare("SELECT activity_no FROM coupon_activities").pluck().all() as string[];
      activities.forEach((no, i) => sqlite.prepare("UPDATE coupon_activities SET jump_url = ? WHERE activity_no = ?").run(HOSTILE[i % HOSTILE.length], no));
      // the pop-up shows the coupons a visit brought (decision 027): member 1's automatic coupon is still to come
      sqlite.prepare("DELETE FROM coupons WHERE member_id = 1 AND activity_no = 'ACT001'").run();
      sqlite.prepare("UPDATE members SET auto_coupons_granted_at = NULL WHERE member_id = 1").run();
      const order = sqlite
        .prepare("SELECT order_no FROM order_performances p JOIN orders o USING (order_no) WHERE o.member_id = 1 AND o.status = 'SEND_SUCCESS' LIMIT 1")
        .pluck()
        .get() as string;
      sqlite.prepare("UPDATE order_performances SET url_value = 'javascript:alert(3)' WHERE order_no = ?").run(order);
      return order;
    });
  }, 90_000);
  afterAll(() => shop?.close());

  const page = async (path: string, cookie?: string) => {
    const response = await fetch(shop.url + path, { headers: cookie ? { cookie } : {} });
    const html = await response.text();
    expect(response.status, path).toBe(200);
    return html;
  };

  it("the home page's blocks and advert link nowhere hostile", async () => {
    const layout = await (await fetch(`${shop.url}/api/trade_bff/v1/shopping/layout?page_type=HOME`)).text();
    expect(layout).toContain("javascript:alert(1)"); // the hostile links are what the services answer…
    const html = await page("/");
    // …and the page shows their items, without a link (the loader resolves links on the server: no raw value is sent)
    expect(html).toMatch(/class="banner-slide[^"]*" aria-label="[^"]+" data-no-redirect/);
    expect(html).not.toContain("alert(");
    expectNoHostileHref(html, "/");
  });

  it("a member's coupons and their after-login pop-up link nowhere hostile", async () => {
    const cookie = shop.memberCookie();
    expectNoHostileHref(await page("/coupon", cookie), "/coupon");
    const withPopup = await page("/coupon-collection", cookie.replace(/coupon_popup=[\d-]+/, ""));
    expect(withPopup).toContain("恭喜您");
    expectNoHostileHref(withPopup, "coupon pop-up");
  });

  it("the redemption address of a delivered code is text, not a javascript: link", async () => {
    const html = await page(`/order/detail/${delivered}`, shop.memberCookie());
    expect(html).toContain("javascript:alert(3)");
    expectNoHostileHref(html, "order detail");
  });
});
