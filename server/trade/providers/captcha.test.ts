import { describe, expect, it } from "vitest";
import { localCaptchaProvider as provider } from "./captcha";

const url = (lot: string) => `/img/${lot}.svg`;
const stored = (c: ReturnType<typeof provider.issue>) => ({ lotNumber: c.lotNumber, kind: c.kind, answer: c.answer });
const answer = (captchaOutput: string) => ({ lotNumber: "", captchaOutput, passToken: "", genTime: "" });

describe("the local captcha provider", () => {
  it("issues slider challenges whose gap is where the answer is", async () => {
    for (let i = 0; i < 20; i++) {
      const challenge = provider.issue("slide", url);
      const { x, y } = JSON.parse(challenge.answer);
      expect(challenge.kind).toBe("SLIDER");
      expect(x).toBeGreaterThanOrEqual(40);
      expect(x).toBeLessThanOrEqual(220);
      expect(challenge.widget).toMatchObject({ piece_y: y, bg_url: url(challenge.lotNumber), track_width: 280 });
      expect(JSON.stringify(challenge.widget)).not.toContain(`"x"`);
      expect(provider.image(stored(challenge))).toContain(`<rect x="${x}" y="${y}" width="44" height="44"`);
      expect(await provider.verify(stored(challenge), answer(String(x + 6)))).toBe(true);
      expect(await provider.verify(stored(challenge), answer(String(x - 7)))).toBe(false);
    }
  });

  it("issues arithmetic questions drawn into the picture", async () => {
    for (let i = 0; i < 20; i++) {
      const challenge = provider.issue("text", url);
      const { a, op, b } = JSON.parse(challenge.answer);
      const result = op === "加" ? a + b : op === "减" ? a - b : a * b;
      expect(challenge.kind).toBe("TEXT");
      expect(challenge.widget).toMatchObject({ prompt: "请输入图中算式的结果", bg_url: url(challenge.lotNumber) });
      const svg = provider.image(stored(challenge))!;
      expect(svg).toContain(`>${op}<`);
      expect(svg).toContain("等于几？");
      expect(await provider.verify(stored(challenge), answer(String(result)))).toBe(true);
      expect(await provider.verify(stored(challenge), answer(String(result + 1)))).toBe(false);
    }
  });

  it.each([
    ["an unknown kind", { lotNumber: "l", kind: "AUDIO", answer: "{}" }],
    ["a broken slider record", { lotNumber: "l", kind: "SLIDER", answer: "not json" }],
    ["a broken text record", { lotNumber: "l", kind: "TEXT", answer: '{"a":1,"op":"除","b":2}' }],
  ])("neither draws nor accepts %s", async (_case, lot) => {
    expect(provider.image(lot)).toBeNull();
    expect(await provider.verify(lot, answer("1"))).toBe(false);
  });
});
