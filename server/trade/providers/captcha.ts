// The captcha provider (spec/03 §6). The local provider stands in for geetest v4: it issues
// slider challenges (for shoppers with JavaScript) and arithmetic questions drawn into a picture
// (for shoppers without), and checks answers. The service keeps the flow (expiry, single use,
// pass tokens, the test pass); a real geetest provider replaces only this module: its `issue`
// would answer the widget's configuration and `verify` would call geetest's validate API with
// lot_number, captcha_output, pass_token and gen_time.
import { createHash, randomBytes, randomInt } from "node:crypto";
import {
  arithmeticFrom,
  CAPTCHA,
  CAPTCHA_KINDS,
  OPERATORS,
  sliderMatches,
  solve,
  textMatches,
  type Arithmetic,
  type CaptchaKind,
  type CaptchaType,
  type Operator,
} from "../domain/captcha";

export interface CaptchaChallenge {
  lotNumber: string;
  kind: CaptchaKind;
  /** What the provider needs to check an answer later; stored with the lot, never sent. */
  answer: string;
  /** What the widget needs, on the wire (snake_case), without lot_number and captcha_type. */
  widget: Record<string, unknown>;
}

export interface StoredLot {
  lotNumber: string;
  kind: string;
  answer: string;
}

/** The geetest v4 validation fields. */
export interface CaptchaAnswer {
  lotNumber: string;
  captchaOutput: string;
  passToken: string;
  genTime: string;
}

export interface CaptchaProvider {
  /** A new challenge; `imageUrl` turns a lot number into the URL of its picture. */
  issue(type: CaptchaType, imageUrl: (lotNumber: string) => string): CaptchaChallenge;
  /** The challenge picture as SVG, or null when the provider draws none for this lot. */
  image(lot: StoredLot): string | null;
  /** Whether the answer solves the challenge. */
  verify(lot: StoredLot, answer: CaptchaAnswer): Promise<boolean>;
}

const TEXT_IMAGE = { width: 280, height: 100 } as const;

interface SliderAnswer {
  x: number;
  y: number;
}

export const localCaptchaProvider: CaptchaProvider = {
  issue(type, imageUrl) {
    const lotNumber = randomBytes(16).toString("hex");
    const bgUrl = imageUrl(lotNumber);
    if (type === "slide") {
      const x = randomInt(CAPTCHA.minOffset, CAPTCHA.maxOffset + 1);
      const y = randomInt(8, CAPTCHA.imageHeight - CAPTCHA.pieceSize - 8 + 1);
      return {
        lotNumber,
        kind: CAPTCHA_KINDS.slide,
        answer: JSON.stringify({ x, y } satisfies SliderAnswer),
        widget: {
          prompt: "向右拖动滑块，使拼图块与缺口对齐",
          bg_url: bgUrl,
          image_width: CAPTCHA.trackWidth,
          image_height: CAPTCHA.imageHeight,
          track_width: CAPTCHA.trackWidth,
          piece_size: CAPTCHA.pieceSize,
          piece_y: y,
        },
      };
    }
    const question = arithmeticFrom(random(), random(), random());
    return {
      lotNumber,
      kind: CAPTCHA_KINDS.text,
      answer: JSON.stringify(question),
      widget: {
        prompt: "请输入图中算式的结果",
        bg_url: bgUrl,
        image_width: TEXT_IMAGE.width,
        image_height: TEXT_IMAGE.height,
        answer_max_length: 2,
      },
    };
  },

  image(lot) {
    if (lot.kind === CAPTCHA_KINDS.slide) {
      const answer = sliderAnswer(lot.answer);
      return answer && sliderSvg(lot.lotNumber, answer);
    }
    if (lot.kind === CAPTCHA_KINDS.text) {
      const question = arithmeticAnswer(lot.answer);
      return question && textSvg(lot.lotNumber, question);
    }
    return null;
  },

  async verify(lot, { captchaOutput }) {
    if (lot.kind === CAPTCHA_KINDS.slide) {
      const answer = sliderAnswer(lot.answer);
      return answer !== null && sliderMatches(answer.x, captchaOutput);
    }
    if (lot.kind === CAPTCHA_KINDS.text) {
      const question = arithmeticAnswer(lot.answer);
      return question !== null && textMatches(solve(question), captchaOutput);
    }
    return false;
  },
};

const random = () => randomInt(0, 1_000_000) / 1_000_000;

function sliderAnswer(stored: string): SliderAnswer | null {
  const value = safeJson(stored) as Partial<SliderAnswer> | null;
  return value && Number.isInteger(value.x) && Number.isInteger(value.y) ? { x: value.x!, y: value.y! } : null;
}

function arithmeticAnswer(stored: string): Arithmetic | null {
  const value = safeJson(stored) as Partial<Arithmetic> | null;
  if (!value || !Number.isInteger(value.a) || !Number.isInteger(value.b) || !(String(value.op) in OPERATORS)) return null;
  return { a: value.a!, op: value.op as Operator, b: value.b! };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

// ─── pictures ────────────────────────────────────────────────────────────
// Drawn from a generator seeded by the lot number, so a lot's picture is the same on every fetch.

function seeded(lotNumber: string): () => number {
  let state = createHash("sha256").update(lotNumber).digest().readUInt32LE(0);
  return () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const fixed = (n: number) => Number(n.toFixed(1));

function sliderSvg(lotNumber: string, { x, y }: SliderAnswer): string {
  const rnd = seeded(lotNumber);
  const w = CAPTCHA.trackWidth;
  const h = CAPTCHA.imageHeight;
  const hue = Math.floor(rnd() * 360);
  const shapes: string[] = [];
  for (let i = 0; i < 9; i++) {
    const cx = fixed(rnd() * w);
    const cy = fixed(rnd() * h);
    const r = fixed(10 + rnd() * 36);
    const shapeHue = (hue + Math.floor(rnd() * 120) - 60 + 360) % 360;
    shapes.push(
      `<circle cx="${cx}" cy="${cy}" r="${r}" fill="hsl(${shapeHue},70%,${45 + Math.floor(rnd() * 25)}%)" fill-opacity="${fixed(0.25 + rnd() * 0.4)}"/>`,
    );
  }
  const ridge = Array.from({ length: 9 }, (_, i) => `${fixed((i * w) / 8)},${fixed(h * 0.55 + rnd() * h * 0.3)}`).join(" ");
  const s = CAPTCHA.pieceSize;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="拼图验证背景图">`,
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,38%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},60%,18%)"/></linearGradient></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>`,
    ...shapes,
    `<polygon points="0,${h} ${ridge} ${w},${h}" fill="hsl(${(hue + 180) % 360},35%,22%)" fill-opacity="0.8"/>`,
    `<rect x="${x}" y="${y}" width="${s}" height="${s}" rx="6" fill="#000" fill-opacity="0.55" stroke="#fff" stroke-opacity="0.9" stroke-width="2"/>`,
    `</svg>`,
  ].join("");
}

// Digits are drawn as strokes (hand-drawn shapes on an 18×32 cell, every point a little uneven)
// rather than written as text, so the picture is meant for eyes, not for reading its source.
const DIGIT_STROKES = [
  "M9 0C2 0 0 8 0 16C0 24 2 32 9 32C16 32 18 24 18 16C18 8 16 0 9 0Z",
  "M3 7L10 0L10 32M4 32L16 32",
  "M1 7C2 1 16 -1 17 8C18 15 6 22 0 32L18 32",
  "M1 3C6 -1 17 0 17 8C17 14 11 16 6 16C12 16 18 18 18 24C18 33 4 34 0 29",
  "M13 32L13 0L0 22L18 22",
  "M17 0L3 0L1 14C6 11 18 11 18 21C18 31 6 34 0 29",
  "M16 2C8 -2 0 6 0 20C0 28 4 32 9 32C15 32 18 28 18 22C18 16 14 13 9 13C4 13 1 16 0 20",
  "M0 0L18 0L7 32",
  "M9 16C3 16 1 12 1 8C1 3 5 0 9 0C13 0 17 3 17 8C17 12 15 16 9 16C3 16 0 19 0 24C0 29 4 32 9 32C14 32 18 29 18 24C18 19 15 16 9 16Z",
  "M17 12C16 18 12 19 9 19C4 19 1 16 1 10C1 4 4 0 9 0C14 0 18 4 18 12C18 22 15 30 5 32",
];

function digitPath(digit: number, originX: number, originY: number, rnd: () => number, colour: string): string {
  const d = DIGIT_STROKES[digit].replace(/-?\d+/g, (n) => String(fixed(Number(n) + (rnd() - 0.5) * 2.4)));
  const angle = fixed((rnd() - 0.5) * 16);
  return `<path transform="translate(${originX} ${originY}) skewX(-8) rotate(${angle} 9 16)" d="${d}" fill="none" stroke="${colour}" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/>`;
}

function textSvg(lotNumber: string, question: Arithmetic): string {
  const rnd = seeded(lotNumber);
  const { width: w, height: h } = TEXT_IMAGE;
  const ink = () => `hsl(${Math.floor(rnd() * 360)},60%,${25 + Math.floor(rnd() * 15)}%)`;
  const noise: string[] = [];
  for (let i = 0; i < 6; i++) {
    noise.push(
      `<line x1="${fixed(rnd() * w)}" y1="${fixed(rnd() * h)}" x2="${fixed(rnd() * w)}" y2="${fixed(rnd() * h)}" stroke="${ink()}" stroke-opacity="0.35" stroke-width="${fixed(1 + rnd() * 1.5)}"/>`,
    );
  }
  for (let i = 0; i < 40; i++) {
    noise.push(`<circle cx="${fixed(rnd() * w)}" cy="${fixed(rnd() * h)}" r="${fixed(0.8 + rnd() * 1.4)}" fill="${ink()}" fill-opacity="0.4"/>`);
  }
  const baseY = 34;
  const word = (text: string, x: number) =>
    `<text x="${x}" y="${baseY + 26}" transform="rotate(${fixed((rnd() - 0.5) * 10)} ${x} ${baseY + 16})" font-family="'Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif" font-size="26" font-weight="600" fill="${ink()}">${text}</text>`;
  let x = 22;
  const parts: string[] = [];
  parts.push(digitPath(question.a, x, baseY + fixed(rnd() * 6 - 3), rnd, ink()));
  x += 36;
  parts.push(word(question.op, x));
  x += 40;
  parts.push(digitPath(question.b, x, baseY + fixed(rnd() * 6 - 3), rnd, ink()));
  x += 36;
  parts.push(word("等于几？", x));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="算式验证图">`,
    `<rect width="${w}" height="${h}" fill="#f6f1e7"/>`,
    ...noise,
    ...parts,
    `</svg>`,
  ].join("");
}

/** The provider the services use. */
export const captchaProvider: CaptchaProvider = localCaptchaProvider;
