import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LayoutSchema } from "../../app/api/layout.server";
import { startHarness, type Harness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe("GET /api/trade_bff/v1/shopping/layout", () => {
  it("answers the HOME blocks in the envelope, with goods info and prices in cents", async () => {
    const { status, body } = await h.api("/api/trade_bff/v1/shopping/layout?page_type=HOME");
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const { list } = LayoutSchema.parse(body.result);
    const styles = new Set(list.map((b) => b.style_type));
    for (const style of ["BANNER", "SINGLE_ROW", "HORIZ_BANNER", "SIDE_SLIP", "COLUMN_TILING"]) expect(styles).toContain(style);
    const goods = list.flatMap((b) => b.content.flatMap((i) => (i.assembly.GOODS?.goods_info ? [i.assembly.GOODS.goods_info] : [])));
    expect(goods.length).toBeGreaterThanOrEqual(12);
    for (const g of goods) {
      expect(Number.isInteger(g.sale_off_price_cny)).toBe(true);
      expect(g.sale_off_price_cny).toBeGreaterThan(0);
    }
  });

  it("puts the server time into countdown settings", async () => {
    const { body } = await h.api("/api/trade_bff/v1/shopping/layout?page_type=HOME");
    const countdowns = LayoutSchema.parse(body.result).list.flatMap((b) => (b.setting.COUNT_DOWN ? [b.setting.COUNT_DOWN] : []));
    expect(countdowns.length).toBeGreaterThan(0);
    expect(countdowns[0].server_time).toBe(Math.floor(h.clock.now / 1000));
  });

  it("answers the hot searches", async () => {
    const { status, body } = await h.api("/api/trade_bff/v1/shopping/layout?page_type=HOT_SEARCH");
    expect(status).toBe(200);
    expect(LayoutSchema.parse(body.result).list[0].content.length).toBeGreaterThanOrEqual(5);
  });

  it.each([
    ["?page_type=SHOP", "参数 page_type 取值无效"],
    ["", "缺少参数 page_type"],
    ["?page_type=<script>", "参数 page_type 取值无效"],
    ["?page_type=HOME&page_type=HOME", "参数 page_type 取值无效"],
  ])("refuses %j with 400 and a Chinese message naming the field", async (query, message) => {
    const { status, body } = await h.api(`/api/trade_bff/v1/shopping/layout${query}`);
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, result: { error_code: 400, error_msg: message } });
  });
});

describe("request headers", () => {
  it("issues a saas-token to a client without one, and accepts it back", async () => {
    const first = await h.api("/api/trade_bff/v1/shopping/layout?page_type=HOME");
    const token = first.headers.get("set-saas-token");
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    const second = await h.api("/api/trade_bff/v1/shopping/layout?page_type=HOME", { headers: { "saas-token": token! } });
    expect(second.headers.get("set-saas-token")).toBeNull();
  });

  it("accepts both store lines and refuses an unknown app id or a mismatched product line", async () => {
    const path = "/api/trade_bff/v1/shopping/layout?page_type=HOME";
    expect((await h.api(path, { headers: { "Saas-App-Id": "TUNSHU_WEB", "Saas-Product-Line": "TUNSHU" } })).status).toBe(200);
    const unknown = await h.api(path, { headers: { "Saas-App-Id": "EVIL" } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.result.error_msg).toContain("Saas-App-Id");
    const mismatch = await h.api(path, { headers: { "Saas-App-Id": "TTSGAME_WEB", "Saas-Product-Line": "TUNSHU" } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.result.error_msg).toContain("Saas-Product-Line");
  });

  it("parses the Useragent header and refuses a malformed one", async () => {
    const path = "/api/trade_bff/v1/shopping/layout?page_type=HOME";
    const good = JSON.stringify({ browser: "Chrome", platform: "Linux", channel_id: "42", agent_line: "TTSGAME-PC", version: "1.0.0" });
    expect((await h.api(path, { headers: { Useragent: good } })).status).toBe(200);
    const bad = await h.api(path, { headers: { Useragent: "{not json" } });
    expect(bad.status).toBe(400);
    expect(bad.body.result.error_msg).toContain("Useragent");
  });

  it("answers unknown API paths with a 404 envelope", async () => {
    const { status, body } = await h.api("/api/trade_bff/v1/nothing-here");
    expect(status).toBe(404);
    expect(body.success).toBe(false);
  });

  it("answers malformed JSON bodies with 400, never 500", async () => {
    const { status, body } = await h.api("/api/trade_bff/v1/shopping/layout", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{broken",
    });
    expect(status).toBe(400);
    expect(body.result.error_msg).toBe("请求体格式错误");
  });
});
