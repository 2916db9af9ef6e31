// The captcha flow (spec/03 §4, §6), geetest v4 style: a challenge (lot) expires after
// 2 minutes and can be answered once; a validated lot is then required, once and within
// 2 minutes, by an SMS send or a password login. Answer rules of the local provider live here too.

export const CAPTCHA = {
  lotTtlMs: 2 * 60_000,
  /** How long a validated lot may be used by sms_captcha or pwd_login. */
  passTtlMs: 2 * 60_000,
  sliderTolerancePx: 6,
  /** Slider challenge geometry: the picture is as wide as the track. */
  trackWidth: 280,
  imageHeight: 160,
  pieceSize: 44,
  minOffset: 40,
  maxOffset: 220,
} as const;

export const CAPTCHA_KINDS = { slide: "SLIDER", text: "TEXT" } as const;
export type CaptchaType = keyof typeof CAPTCHA_KINDS;
export type CaptchaKind = (typeof CAPTCHA_KINDS)[CaptchaType];

export const CAPTCHA_MESSAGES = {
  FAILED: "验证失败",
  EXPIRED: "验证已过期，请重试",
  REQUIRED: "请先完成安全验证",
  SPENT: "安全验证已失效，请重新验证",
} as const;

export interface LotTimes {
  expiresAt: number;
  validatedAt: number | null;
  consumedAt: number | null;
}

/** Whether a lot may still be answered: known, not answered before, not expired. */
export function canAnswer(lot: LotTimes | null, now: number): boolean {
  return lot !== null && lot.validatedAt === null && lot.consumedAt === null && now < lot.expiresAt;
}

export type LotUse = { ok: true } | { ok: false; message: string };

/** Whether a validated lot may pass an SMS send or a password login now. */
export function checkLotUse(lot: LotTimes | null, now: number): LotUse {
  if (!lot || lot.validatedAt === null) return { ok: false, message: CAPTCHA_MESSAGES.REQUIRED };
  if (lot.consumedAt !== null || now - lot.validatedAt >= CAPTCHA.passTtlMs || now < lot.validatedAt) {
    return { ok: false, message: CAPTCHA_MESSAGES.SPENT };
  }
  return { ok: true };
}

/** The slider answer: the piece's left edge in px along the track, within the tolerance. */
export function sliderMatches(target: number, output: string): boolean {
  const text = output.trim();
  if (!/^\d{1,4}(\.\d{1,6})?$/.test(text)) return false;
  return Math.abs(Number(text) - target) <= CAPTCHA.sliderTolerancePx;
}

/** The text answer: a whole number; full-width digits and surrounding spaces are forgiven. */
export function textMatches(expected: number, output: string): boolean {
  const text = output.normalize("NFKC").trim();
  if (!/^\d{1,4}$/.test(text)) return false;
  return Number(text) === expected;
}

export const OPERATORS = { 加: (a: number, b: number) => a + b, 减: (a: number, b: number) => a - b, 乘: (a: number, b: number) => a * b } as const;
export type Operator = keyof typeof OPERATORS;

export interface Arithmetic {
  a: number;
  op: Operator;
  b: number;
}

/** A question a person answers without scripts, from three random numbers in [0, 1). */
export function arithmeticFrom(r1: number, r2: number, r3: number): Arithmetic {
  const pick = (r: number, min: number, max: number) => min + Math.floor(r * (max - min + 1));
  const op = (["加", "减", "乘"] as const)[Math.min(2, Math.floor(r1 * 3))];
  if (op === "加") return { a: pick(r2, 1, 9), op, b: pick(r3, 1, 9) };
  if (op === "乘") return { a: pick(r2, 2, 5), op, b: pick(r3, 2, 5) };
  const a = pick(r2, 5, 9);
  return { a, op, b: pick(r3, 1, a - 1) };
}

export const solve = ({ a, op, b }: Arithmetic) => OPERATORS[op](a, b);
export const questionText = ({ a, op, b }: Arithmetic) => `${a} ${op} ${b} 等于几？`;
