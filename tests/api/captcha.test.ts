// Contract tests of the local captcha provider (spec/03 §4, §6) through the real Express app:
// challenges, their pictures, validation (single use, expiry, the test pass), and bad input.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness";
import { API, count, snapshot, TEST_PASS } from "./member-helpers";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const MINUTE = 60_000;

async function load(query = "") {
  const response = await h.api(`${API}/geetest4/load${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.result as Record<string, any>;
}

const valid = (body: unknown) => h.api(`${API}/geetest4/action/valid`, { method: "POST", json: body });
const answer = (lot: string, output: string) => valid({ lot_number: lot, captcha_output: output, pass_token: "", gen_time: "1700000000" });

/** Where the gap of a slider picture is, as a person sees it. */
async function gapOf(challenge: Record<string, any>): Promise<{ x: number; y: number }> {
  const image = await fetch(h.url + challenge.bg_url);
  const svg = await image.text();
  const match = /<rect x="(\d+)" y="(\d+)" width="44" height="44"/.exec(svg);
  expect(match).not.toBeNull();
  return { x: Number(match![1]), y: Number(match![2]) };
}

/** The answer to a text challenge, from the provider's record of the lot. */
function textAnswer(lot: string): number {
  const row = h.store.sqlite.prepare("SELECT answer FROM captcha_lots WHERE lot_number = ?").get(lot) as { answer: string };
  const { a, op, b } = JSON.parse(row.answer) as { a: number; op: string; b: number };
  return op === "加" ? a + b : op === "减" ? a - b : a * b;
}

function expectFailure(response: { status: number; body: any }, status: number, message: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body).toEqual({ success: false, result: { error_code: status, error_msg: message } });
}

async function expectBadInput(send: () => Promise<{ status: number; body: any }>, field: string) {
  const before = snapshot(h);
  const response = await send();
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  expect(response.body.success).toBe(false);
  expect(response.body.result.error_code).toBe(400);
  expect(response.body.result.error_msg).toContain(field);
  expect(response.body.result.error_msg).toMatch(/[\u4e00-\u9fff]/);
  expect(snapshot(h)).toEqual(before);
}

describe("GET /geetest4/load", () => {
  it("issues a slider challenge by default, with what the widget needs and not the answer", async () => {
    const challenge = await load();
    expect(challenge).toEqual({
      lot_number: expect.stringMatching(/^[0-9a-f]{32}$/),
      captcha_type: "slide",
      prompt: expect.stringMatching(/[\u4e00-\u9fff]/),
      bg_url: `/api/common_bll/v1/geetest4/image/${challenge.lot_number}.svg`,
      image_width: 280,
      image_height: 160,
      track_width: 280,
      piece_size: 44,
      piece_y: expect.any(Number),
      expires_in: 120,
    });
    const row = h.store.sqlite.prepare("SELECT * FROM captcha_lots WHERE lot_number = ?").get(challenge.lot_number) as any;
    expect(row).toMatchObject({ kind: "SLIDER", expires_at: h.clock.now + 2 * MINUTE, validated_at: null, consumed_at: null, created_at: h.clock.now });
    const { x, y } = await gapOf(challenge);
    expect(y).toBe(challenge.piece_y);
    expect(x).toBeGreaterThanOrEqual(40);
    expect(x).toBeLessThanOrEqual(220);
  });

  it("issues a text challenge for shoppers without JavaScript, with the question only in the picture", async () => {
    const challenge = await load("?type=text");
    expect(challenge).toMatchObject({
      lot_number: expect.stringMatching(/^[0-9a-f]{32}$/),
      captcha_type: "text",
      prompt: "请输入图中算式的结果",
      bg_url: `/api/common_bll/v1/geetest4/image/${challenge.lot_number}.svg`,
      expires_in: 120,
    });
    expect(JSON.stringify(challenge)).not.toMatch(/等于|[加减乘]/);
    const image = await fetch(h.url + challenge.bg_url);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    const svg = await image.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain("等于几？");
    expect(svg).toMatch(/>[加减乘]</);
    // the numbers are drawn, not written
    expect(svg.replace(/<[^>]*>/g, "")).not.toMatch(/\d/);
  });

  it("draws the same picture on every fetch of a lot", async () => {
    const { bg_url } = await load("?type=text");
    const first = await (await fetch(h.url + bg_url)).text();
    const second = await (await fetch(h.url + bg_url)).text();
    expect(second).toBe(first);
  });

  it("issues a different lot every time", async () => {
    const lots = new Set<string>();
    for (let i = 0; i < 5; i++) lots.add((await load()).lot_number);
    expect(lots.size).toBe(5);
  });

  it.each([
    ["an unknown type", "?type=click"],
    ["an HTML type", "?type=%3Cscript%3E"],
    ["a repeated type", "?type=text&type=slide"],
    ["an empty type", "?type="],
  ])("refuses %s with 400 naming the field", async (_case, query) => {
    await expectBadInput(() => h.api(`${API}/geetest4/load${query}`), "type");
  });
});

describe("GET /geetest4/image/{lot_number}.svg", () => {
  it("answers 404 for an unknown lot", async () => {
    expectFailure(await h.api(`${API}/geetest4/image/0123456789abcdef0123456789abcdef.svg`), 404, "验证已过期，请重试");
  });

  it("answers 404 once the lot has expired", async () => {
    const { bg_url } = await load();
    h.clock.now += 2 * MINUTE;
    expectFailure(await h.api(bg_url), 404, "验证已过期，请重试");
  });

  it.each([
    ["SQL", `${encodeURIComponent("x' OR '1'='1")}.svg`],
    ["HTML", `${encodeURIComponent("<script>")}.svg`],
    ["unicode", `${encodeURIComponent("批次")}.svg`],
    ["oversized", `${"a".repeat(65)}.svg`],
  ])("refuses a %s lot number with 400 naming the field", async (_case, path) => {
    await expectBadInput(() => h.api(`${API}/geetest4/image/${path}`), "lot_number");
  });
});

describe("POST /geetest4/action/valid", () => {
  it("validates a slider dragged onto the gap, once", async () => {
    const challenge = await load();
    const { x } = await gapOf(challenge);
    const response = await answer(challenge.lot_number, String(x));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({
      success: true,
      result: { result: "success", lot_number: challenge.lot_number, pass_token: expect.stringMatching(/^[0-9a-f]{32}$/) },
    });
    const row = h.store.sqlite.prepare("SELECT validated_at, pass_token FROM captcha_lots WHERE lot_number = ?").get(challenge.lot_number) as any;
    expect(row).toEqual({ validated_at: h.clock.now, pass_token: response.body.result.pass_token });

    expectFailure(await answer(challenge.lot_number, String(x)), 400, "验证已过期，请重试");
  });

  it.each([
    [-6, true],
    [6, true],
    [2.5, true],
    [-7, false],
    [7, false],
  ])("accepts a slider %d px off the gap: %s (tolerance ±6 px)", async (offset, accepted) => {
    const challenge = await load();
    const { x } = await gapOf(challenge);
    const response = await answer(challenge.lot_number, String(x + offset));
    if (accepted) expect(response.status).toBe(200);
    else expectFailure(response, 400, "验证失败");
  });

  it("validates the answer to a text challenge, full-width digits included", async () => {
    const first = await load("?type=text");
    expect((await answer(first.lot_number, String(textAnswer(first.lot_number)))).status).toBe(200);
    const second = await load("?type=text");
    const fullWidth = String(textAnswer(second.lot_number)).replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)));
    expect((await answer(second.lot_number, ` ${fullWidth} `)).status).toBe(200);
  });

  it("refuses a wrong answer with 验证失败, and the lot cannot be answered again", async () => {
    const challenge = await load("?type=text");
    const right = textAnswer(challenge.lot_number);
    expectFailure(await answer(challenge.lot_number, String(right + 1)), 400, "验证失败");
    expectFailure(await answer(challenge.lot_number, String(right)), 400, "验证已过期，请重试");
    const row = h.store.sqlite.prepare("SELECT validated_at FROM captcha_lots WHERE lot_number = ?").get(challenge.lot_number) as any;
    expect(row.validated_at).toBeNull();
  });

  it("refuses an empty answer with 验证失败", async () => {
    const challenge = await load();
    expectFailure(await valid({ lot_number: challenge.lot_number, captcha_output: "", pass_token: "", gen_time: "" }), 400, "验证失败");
  });

  it("refuses an expired lot (2 minutes)", async () => {
    const challenge = await load();
    const { x } = await gapOf(challenge);
    h.clock.now += 2 * MINUTE;
    expectFailure(await answer(challenge.lot_number, String(x)), 400, "验证已过期，请重试");
    expectFailure(await answer(challenge.lot_number, TEST_PASS), 400, "验证已过期，请重试");
  });

  it("accepts an answer just before the lot expires", async () => {
    const challenge = await load();
    const { x } = await gapOf(challenge);
    h.clock.now += 2 * MINUTE - 1;
    expect((await answer(challenge.lot_number, String(x))).status).toBe(200);
  });

  it("refuses an unknown lot", async () => {
    const before = snapshot(h);
    expectFailure(await answer("0123456789abcdef0123456789abcdef", TEST_PASS), 400, "验证已过期，请重试");
    expect(snapshot(h)).toEqual(before);
  });

  it("accepts the CAPTCHA_TEST_PASS for any fresh lot of either type, once", async () => {
    for (const query of ["", "?type=text"]) {
      const challenge = await load(query);
      expect((await answer(challenge.lot_number, TEST_PASS)).status).toBe(200);
      expectFailure(await answer(challenge.lot_number, TEST_PASS), 400, "验证已过期，请重试");
    }
  });

  it.each([
    ["an empty object", {}],
    ["all fields empty", { lot_number: "", captcha_output: "", pass_token: "", gen_time: "" }],
    ["all fields null", { lot_number: null, captcha_output: null, pass_token: null, gen_time: null }],
  ])("refuses %s with 验证失败 (spec/01 §5, §8) and changes nothing", async (_case, body) => {
    const before = snapshot(h);
    expectFailure(await valid(body), 400, "验证失败");
    expect(snapshot(h)).toEqual(before);
  });

  it("refuses an answer without a lot number", async () => {
    await expectBadInput(() => valid({ captcha_output: "120", pass_token: "x", gen_time: "1" }), "lot_number");
  });

  it("removes lots long past their expiry when new ones are issued", async () => {
    const old = await load();
    h.clock.now += 13 * MINUTE;
    await load();
    expect(count(h, "captcha_lots", "lot_number = ?", old.lot_number)).toBe(0);
  });

  describe("bad input: 400 naming the field, nothing changed", () => {
    const fields = { lot_number: "0123456789abcdef0123456789abcdef", captcha_output: "120", pass_token: "token", gen_time: "1700000000" };

    it.each([
      ["lot_number", "a number", 42],
      ["lot_number", "an object", { $gt: "" }],
      ["lot_number", "oversized", "a".repeat(65)],
      ["lot_number", "HTML", "<script>alert(1)</script>"],
      ["lot_number", "SQL", "x' OR '1'='1"],
      ["lot_number", "unicode", "批次号"],
      ["captcha_output", "a number", 120],
      ["captcha_output", "an array", ["120"]],
      ["captcha_output", "oversized", "9".repeat(1025)],
      ["pass_token", "a boolean", true],
      ["pass_token", "oversized", "t".repeat(257)],
      ["gen_time", "a negative number", -1],
      ["gen_time", "a huge number", 1e20],
      ["gen_time", "a fraction", 1.5],
      ["gen_time", "letters", "yesterday"],
      ["gen_time", "SQL", "1; DROP TABLE captcha_lots"],
      ["gen_time", "an object", {}],
    ])("%s as %s", async (field, _case, value) => {
      const challenge = await load();
      await expectBadInput(() => valid({ ...fields, lot_number: challenge.lot_number, [field]: value }), field);
    });

    it("a body that is not an object", async () => {
      await expectBadInput(() => valid(["lot"]), "请求体");
    });

    it("a malformed JSON body", async () => {
      const before = snapshot(h);
      const response = await h.api(`${API}/geetest4/action/valid`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{" });
      expectFailure(response, 400, "请求体格式错误");
      expect(snapshot(h)).toEqual(before);
    });

    it("a bad answer type never validates a lot", async () => {
      const challenge = await load();
      await expectBadInput(() => valid({ lot_number: challenge.lot_number, captcha_output: { $ne: "" } }), "captcha_output");
      expect((await answer(challenge.lot_number, TEST_PASS)).status).toBe(200);
    });
  });
});

describe("without CAPTCHA_TEST_PASS", () => {
  let plain: Harness;
  beforeAll(async () => {
    plain = await startHarness({ CAPTCHA_TEST_PASS: undefined as unknown as string });
  });
  afterAll(() => plain.close());

  it("treats the test pass as a wrong answer", async () => {
    const { body } = await plain.api(`${API}/geetest4/load`);
    const response = await plain.api(`${API}/geetest4/action/valid`, {
      method: "POST",
      json: { lot_number: body.result.lot_number, captcha_output: TEST_PASS, pass_token: "", gen_time: "" },
    });
    expectFailure(response, 400, "验证失败");
  });
});
