// The back office's goods and shop-identity forms under attack (issue 39, decision 061): an upload
// that is not an image, a huge one, one whose name carries a path; a form without the session's
// CSRF token; a shopper's cookie. Each is refused and changes nothing; an accepted image is stored
// under a name of the shop's own and served as the image it is. The real server with ADMIN_PORT.
import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, goods, skus } from "../../db/schema";
import { readIdentity } from "../../server/trade/services/shop-identity.service";
import { withStore } from "../bench/data";
import { forgedPosts, startBackOffice, type BackOffice } from "./back-office-session";
import type { Shop } from "./shop";

let office: BackOffice;
let shop: Shop;
let admin: string;
let goodsNo: string;
let skuNo: string;
/** The smallest PNG: its 8-byte signature and a header chunk are what the check reads. */
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex");

beforeAll(async () => {
  office = await startBackOffice("goodsop");
  ({ shop, admin } = office);
  ({ goodsNo, skuNo } = withStore(shop.dbFile, (store) => store.db.select({ goodsNo: skus.goodsNo, skuNo: skus.skuNo }).from(skus).limit(1).get()!));
}, 120_000);
afterAll(() => shop?.close());

const media = () => join(dirname(shop.dbFile), "media");
const uploads = () => (existsSync(join(media(), "uploads")) ? readdirSync(join(media(), "uploads")) : []);

const stored = () =>
  withStore(shop.dbFile, (store) => ({
    goods: store.db.select().from(goods).where(eq(goods.goodsNo, goodsNo)).get()!,
    sku: store.db.select().from(skus).where(eq(skus.skuNo, skuNo)).get()!,
    identity: readIdentity(store.db),
    audit: store.db.select().from(auditLog).all().length,
  }));

function coverForm(csrf: string | null, file: Blob, name: string) {
  const form = new FormData();
  if (csrf !== null) form.set("csrf", csrf);
  form.set("intent", "cover");
  form.set("image", file, name);
  return form;
}
describe("image uploads", () => {
  it("refuses a page that calls itself a PNG, in Chinese, storing nothing", async () => {
    const { cookie, csrf } = await office.signIn("/admin/goods");
    const before = stored();
    const html = new Blob(["<html><script>alert(document.cookie)</script></html>"], { type: "image/png" });
    const answer = await office.post(`/admin/goods/${goodsNo}`, cookie, coverForm(csrf, html, "cover.png"));
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("不是图片：只能上传 PNG、JPEG、WebP 或 GIF 图片（未做任何修改）");
    expect(stored()).toEqual(before);
    expect(uploads()).toEqual([]);
  });

  it("refuses an SVG (it can carry script) for the QR code", async () => {
    const { cookie, csrf } = await office.signIn("/admin/goods");
    const before = stored();
    const form = new FormData();
    form.set("csrf", csrf);
    for (const key of ["company", "address", "icp", "contact"]) form.set(key, "x");
    form.set("qrImage", new Blob(['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'], { type: "image/svg+xml" }), "qr.svg");
    const answer = await office.post("/admin/settings", cookie, form);
    expect(await answer.text()).toContain("不是图片");
    expect(stored()).toEqual(before);
  });

  it("refuses a huge image, in Chinese, storing nothing", async () => {
    const { cookie, csrf } = await office.signIn("/admin/goods");
    const before = stored();
    for (const size of [1.5 * 1024 * 1024, 3 * 1024 * 1024]) {
      const huge = new Blob([PNG, Buffer.alloc(size)], { type: "image/png" });
      const answer = await office.post(`/admin/goods/${goodsNo}`, cookie, coverForm(csrf, huge, "big.png"));
      // over the listener's body limit: 413 before the form is read; under it, the form's own answer
      expect([200, 413]).toContain(answer.status);
      expect(await answer.text()).toMatch(/图片过大|文件过大/);
    }
    expect(stored()).toEqual(before);
    expect(uploads()).toEqual([]);
  });

  it("stores an image whose name carries a path under a generated name, and serves it as an image", async () => {
    const { cookie, csrf } = await office.signIn("/admin/goods");
    const answer = await office.post(`/admin/goods/${goodsNo}`, cookie, coverForm(csrf, new Blob([PNG], { type: "text/html" }), "../../../../evil.png"));
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("已更换封面");
    const [file, ...more] = uploads();
    expect(more).toEqual([]);
    expect(file).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(existsSync(join(dirname(shop.dbFile), "..", "evil.png"))).toBe(false);
    const cover = stored().goods.covers[0]!;
    expect(cover).toBe(`/media/uploads/${file}`);
    expect(cover).not.toContain("evil");
    const served = await fetch(`${shop.url}${cover}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});

describe("who may change goods and the shop's identity", () => {
  it("refuses a form without the session's CSRF token, with another's, or from another site", async () => {
    const { cookie, csrf } = await office.signIn("/admin/goods");
    const before = stored();
    const goodsForm = (token: string | null) => {
      const form = new FormData();
      if (token !== null) form.set("csrf", token);
      form.set("intent", "sku");
      form.set("sku", skuNo);
      form.set("name", "被篡改");
      form.set("price", "0.01");
      form.set("onSale", "on");
      return form;
    };
    const identityForm = (token: string | null) => {
      const form = new FormData();
      if (token !== null) form.set("csrf", token);
      form.set("company", "骗子公司");
      return form;
    };
    for (const [token, headers] of forgedPosts(csrf)) {
      expect((await office.post(`/admin/goods/${goodsNo}`, cookie, goodsForm(token), headers)).status).toBe(403);
      expect((await office.post("/admin/settings", cookie, identityForm(token), headers)).status).toBe(403);
      expect((await office.post("/admin/goods", cookie, identityForm(token), headers)).status).toBe(403);
    }
    expect(stored()).toEqual(before);
  });

  it("sends a shopper's cookie to the login page and changes nothing", async () => {
    const shopper = shop.memberCookie(1);
    const before = stored();
    for (const path of ["/admin/goods", `/admin/goods/${goodsNo}`, "/admin/settings"]) {
      const read = await fetch(`${admin}${path}`, { headers: { Cookie: shopper }, redirect: "manual" });
      expect(read.status, path).toBe(302);
      expect(read.headers.get("Location")).toBe("/admin/login");
      const form = new FormData();
      form.set("company", "骗子公司");
      const write = await office.post(path, shopper, form);
      expect(write.status, path).toBe(302);
    }
    expect(stored()).toEqual(before);
  });

  it("is not on the shop's port", async () => {
    for (const path of ["/admin/goods", `/admin/goods/${goodsNo}`, "/admin/settings", "/admin/goods.data"]) {
      expect((await fetch(`${shop.url}${path}`, { redirect: "manual" })).status, path).toBe(404);
    }
  });
});
