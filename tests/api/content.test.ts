import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsEvents } from "../../db/schema";
import { startHarness, type Harness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe("GET /api/trade_bff/v1/shopping/dialog/show", () => {
  it("answers the active popup adverts of the page, one of each frequency", async () => {
    const { status, body } = await h.api("/api/trade_bff/v1/shopping/dialog/show?page_type=HOME");
    expect(status).toBe(200);
    const periods = body.result.list.map((a: { pop_period: string }) => a.pop_period);
    expect(periods).toEqual(expect.arrayContaining(["EVERY_TIMES", "EVERY_DAY", "EVERY_USER"]));
    expect(body.result.list[0]).toMatchObject({ id: expect.any(Number), image_urls: expect.any(Array), jump_type: expect.any(String) });
  });

  it("refuses an unknown page type", async () => {
    const { status, body } = await h.api("/api/trade_bff/v1/shopping/dialog/show?page_type=NOPE");
    expect(status).toBe(400);
    expect(body.result.error_msg).toBe("参数 page_type 取值无效");
  });
});

describe("POST /api/trade_bff/v1/shopping/page_content", () => {
  const post = (json: unknown) => h.api("/api/trade_bff/v1/shopping/page_content", { method: "POST", json });

  it("answers RECOMMEND blocks without the excluded goods", async () => {
    const all = await post({ page_type: "PRODUCT_DETAIL" });
    expect(all.status).toBe(200);
    const block = all.body.result.list[0];
    expect(block.style_type).toBe("RECOMMEND");
    const first = block.content[0].assembly.GOODS.value as string;
    const second = block.content[1].assembly.GOODS.value as string;
    const without = await post({ page_type: "PRODUCT_DETAIL", exclude_goods_no: `${first},${second}` });
    const left = without.body.result.list[0].content.map((i: { assembly: { GOODS: { value: string } } }) => i.assembly.GOODS.value);
    expect(left).not.toContain(first);
    expect(left).not.toContain(second);
    expect(left.length).toBe(block.content.length - 2);
  });

  it("answers the rich text of a goods as a RENDER block", async () => {
    const rendered = h.store.sqlite.prepare("select render_id from layout_blocks where style_type = 'RENDER' limit 1").get() as { render_id: string };
    const { body } = await post({ page_type: "PROMOTION_RENDER", render_type: "goods", render_id: rendered.render_id });
    expect(body.result.list).toHaveLength(1);
    expect(body.result.list[0].style_type).toBe("RENDER");
    expect(body.result.list[0].content[0].assembly.RICHTEXT.value).toContain("<");
  });

  it("answers an empty list for goods without rich text", async () => {
    const { body } = await post({ page_type: "PROMOTION_RENDER", render_type: "goods", render_id: "G9999" });
    expect(body.result.list).toEqual([]);
  });

  it.each([
    [{}, "缺少参数 page_type"],
    [{ page_type: "HOME", exclude_goods_no: "<b>" }, "参数 exclude_goods_no 格式错误"],
    [{ page_type: "HOME", render_id: "x".repeat(40) }, "参数 render_id 格式错误"],
    [{ page_type: "HOME", render_type: "order" }, "参数 render_type 取值无效"],
    [{ page_type: 5 }, "参数 page_type 取值无效"],
    [[], "参数 请求体 类型错误"],
  ])("refuses %j with 400", async (json, message) => {
    const { status, body } = await post(json);
    expect(status).toBe(400);
    expect(body.result.error_msg).toBe(message);
  });
});

describe("POST /api/data_report/v1/client/click_event", () => {
  const post = (json: unknown, headers: Record<string, string> = {}) => h.api("/api/data_report/v1/client/click_event", { method: "POST", json, headers });

  it("stores events with the store line and channel of the request", async () => {
    const before = h.store.db.select().from(analyticsEvents).all().length;
    const { status, body } = await post(
      [{ client_type: 10, click_time: 1_700_000_000_000, click_name: "ttsgame_home_show", action_extra_info: { channel_name: "抖音" } }],
      { "Saas-App-Id": "TUNSHU_WEB", Useragent: JSON.stringify({ channel_id: "77" }) },
    );
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, result: {} });
    const rows = h.store.db.select().from(analyticsEvents).all();
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)).toMatchObject({
      clickName: "ttsgame_home_show",
      storeLine: "audit",
      channelId: "77",
      memberId: null,
      actionExtraInfo: { channel_name: "抖音" },
    });
  });

  it.each([
    [[], "参数 请求体 不能为空"],
    [{ click_name: "x" }, "参数 请求体 类型错误"],
    [[{ client_type: 10, click_time: 1, click_name: "<script>" }], "参数 0.click_name 格式错误"],
    [[{ client_type: -1, click_time: 1, click_name: "a" }], "参数 0.client_type 不能小于 0"],
    [[{ client_type: 10, click_time: 1e20, click_name: "a" }], "参数 0.click_time 数值过大"],
    [[{ client_type: 10, click_time: 9e12, click_name: "a" }], "参数 0.click_time 不能大于 8640000000000"],
    [[{ client_type: 10, click_name: "a" }], "缺少参数 0.click_time"],
    [Array.from({ length: 51 }, () => ({ client_type: 10, click_time: 1, click_name: "a" })), "参数 请求体 过长，最多 50 项"],
  ])("refuses %j with 400 and stores nothing", async (json, message) => {
    const before = h.store.db.select().from(analyticsEvents).all().length;
    const { status, body } = await post(json);
    expect(status).toBe(400);
    expect(body.result.error_msg).toBe(message);
    expect(h.store.db.select().from(analyticsEvents).all().length).toBe(before);
  });
});
