// Local, deterministic SVG artwork for the demo shop: goods covers, topic images, home banners,
// strips, popup adverts and the countdown image. No network, no external fonts.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { ADVERTS, BANNERS, GOODS, HORIZ_BANNERS, PLATFORM_LABELS, SINGLE_ROWS, type ArtKind, type GoodsDef, type Platform, type StripDef } from "./data";
import { createRng, type Rng } from "./random";

const FONT = "'Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif";
const ORANGE = "#FF6200";
const PAGE_BG = "#1A1A1A";

export function mediaUrl(path: string): string {
  return `/media/${path}`;
}

export function goodsImagePaths(goodsNo: string) {
  const dir = `goods/${goodsNo}`;
  return {
    cover: `${dir}/cover.svg`,
    cover2: `${dir}/cover-2.svg`,
    bg: `${dir}/bg.svg`,
    title: `${dir}/title.svg`,
    side: `${dir}/side.svg`,
  };
}

export const TIMER_IMAGE = "blocks/timer.svg";

// ─── palettes and small helpers ──────────────────────────────────────────

interface Palette {
  deep: string;
  mid: string;
  accent: string;
  accent2: string;
}

const PALETTES: Palette[] = [
  { deep: "#1A0B02", mid: "#6B2400", accent: "#FF6200", accent2: "#FFB15C" },
  { deep: "#12060C", mid: "#5E1030", accent: "#FF3D6E", accent2: "#FF9A4D" },
  { deep: "#0C0A1F", mid: "#34206E", accent: "#9A6BFF", accent2: "#FF8A3D" },
  { deep: "#04121E", mid: "#0D3C5E", accent: "#2EA8FF", accent2: "#FF7A29" },
  { deep: "#04150F", mid: "#0C4A38", accent: "#24D39A", accent2: "#FFC24B" },
  { deep: "#161004", mid: "#5C3D06", accent: "#FFB319", accent2: "#FF6200" },
  { deep: "#0B0F14", mid: "#28364A", accent: "#7FB2E5", accent2: "#FF6A1A" },
  { deep: "#160518", mid: "#561156", accent: "#FF4FD8", accent2: "#FFB23D" },
  { deep: "#170806", mid: "#63180C", accent: "#FF4B2B", accent2: "#FFD166" },
  { deep: "#061518", mid: "#0F4B52", accent: "#2CE0D0", accent2: "#FF8C42" },
];

/** Neighbouring goods numbers get different palettes (3 is coprime with the palette count). */
function paletteFor(goodsNo: string): Palette {
  const n = Number(goodsNo.replace(/\D/g, ""));
  return PALETTES[(n * 3) % PALETTES.length] ?? PALETTES[0]!;
}

const PLATFORM_COLORS: Record<Platform, { bg: string; fg: string }> = {
  STEAM: { bg: "#171A21", fg: "#66C0F4" },
  NINTENDO: { bg: "#E60012", fg: "#FFFFFF" },
  PSN: { bg: "#0070D1", fg: "#FFFFFF" },
  XBOX: { bg: "#107C10", fg: "#FFFFFF" },
  MOBILE: { bg: ORANGE, fg: "#FFFFFF" },
  GIFT_CARD: { bg: "#7A4DFF", fg: "#FFFFFF" },
};

const r1 = (x: number) => Math.round(x * 10) / 10;

function esc(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Rough advance width: CJK and full-width characters are 1em, Latin about 0.6em. */
function textWidth(text: string, size: number): number {
  let em = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code > 0x2e80) em += 1;
    else if (ch === " ") em += 0.3;
    else if (/[A-Z0-9$%&@]/.test(ch)) em += 0.66;
    else em += 0.55;
  }
  return em * size;
}

function fitSize(text: string, maxWidth: number, maxSize: number, minSize = 12): number {
  const w = textWidth(text, 1);
  return Math.max(minSize, Math.min(maxSize, Math.floor(maxWidth / Math.max(w, 0.1))));
}

/** "艾尔登法环 黄金树幽影" → ["艾尔登法环", "黄金树幽影"]; a short name stays on one line. */
function splitName(name: string): [string, string] {
  if (textWidth(name, 1) < 6.5) return [name, ""];
  const m = /^(.+?)[：:]\s*(.+)$/.exec(name) ?? /^(.+)\s+(\S+)$/.exec(name);
  if (!m || !m[1] || !m[2]) return [name, ""];
  return [m[1], m[2]];
}

function emblemChar(name: string): string {
  return (Array.from(name)[0] ?? "?").toUpperCase();
}

function text(x: number, y: number, content: string, size: number, fill: string, extra = ""): string {
  return `<text x="${r1(x)}" y="${r1(y)}" font-size="${size}" fill="${fill}"${extra ? " " + extra : ""}>${esc(content)}</text>`;
}

function svg(width: number, height: number, defs: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<style>text{font-family:${FONT};font-weight:700}</style>` +
    `<defs><clipPath id="cl"><rect width="${width}" height="${height}"/></clipPath>${defs}</defs>` +
    `<g clip-path="url(#cl)">${body}</g></svg>\n`
  );
}

// ─── shared pieces ───────────────────────────────────────────────────────

/** Background gradient, glow, diagonal stripes and scattered geometry (ids: bg, gl, st). */
function backdrop(w: number, h: number, p: Palette, rng: Rng, opts: { glowX?: number; glowY?: number } = {}) {
  const angle = rng.int(0, 1) === 0 ? 'x1="0" y1="0" x2="1" y2="1"' : 'x1="0" y1="1" x2="1" y2="0"';
  const gx = opts.glowX ?? rng.int(55, 85) / 100;
  const gy = opts.glowY ?? rng.int(10, 40) / 100;
  const stripeW = rng.int(10, 18);
  const defs =
    `<linearGradient id="bg" ${angle}><stop offset="0" stop-color="${p.deep}"/><stop offset=".65" stop-color="${p.mid}"/><stop offset="1" stop-color="${p.deep}"/></linearGradient>` +
    `<radialGradient id="gl" cx="${gx}" cy="${gy}" r=".6"><stop offset="0" stop-color="${p.accent}" stop-opacity=".55"/><stop offset="1" stop-color="${p.accent}" stop-opacity="0"/></radialGradient>` +
    `<pattern id="st" width="${stripeW}" height="${stripeW}" patternUnits="userSpaceOnUse" patternTransform="rotate(${rng.pick([35, 45, 60, -45])})"><rect width="${r1(stripeW / 2.6)}" height="${stripeW}" fill="#fff" fill-opacity=".06"/></pattern>`;
  const band = rng.int(0, Math.round(w * 0.4));
  const bandW = rng.int(Math.round(w * 0.18), Math.round(w * 0.3));
  let body =
    `<rect width="${w}" height="${h}" fill="url(#bg)"/><rect width="${w}" height="${h}" fill="url(#gl)"/>` +
    `<polygon points="${band},${h} ${band + bandW},${h} ${band + bandW + h * 0.8},0 ${band + h * 0.8},0" fill="url(#st)"/>`;
  const s = Math.min(w, h);
  for (let i = 0; i < 2; i++) {
    body += `<circle cx="${rng.int(0, w)}" cy="${rng.int(0, h)}" r="${rng.int(Math.round(s * 0.2), Math.round(s * 0.55))}" fill="none" stroke="${i ? p.accent2 : p.accent}" stroke-opacity=".18" stroke-width="${rng.int(1, 3)}"/>`;
  }
  for (let i = 0; i < 4; i++) {
    const cx = rng.int(0, w);
    const cy = rng.int(0, h);
    const r = rng.int(Math.round(s * 0.03), Math.round(s * 0.09));
    const rot = rng.int(0, 359);
    body += `<polygon points="0,${-r} ${r1(r * 0.87)},${r1(r / 2)} ${r1(-r * 0.87)},${r1(r / 2)}" transform="translate(${cx} ${cy}) rotate(${rot})" fill="${i % 2 ? p.accent2 : p.accent}" fill-opacity="${rng.int(15, 45) / 100}"/>`;
  }
  return { defs, body };
}

function sparkle(x: number, y: number, r: number, fill: string, opacity = 0.9): string {
  const q = r1(r * 0.22);
  return `<path d="M0 ${-r}L${q} ${-q}L${r} 0L${q} ${q}L0 ${r}L${-q} ${q}L${-r} 0L${-q} ${-q}Z" transform="translate(${r1(x)} ${r1(y)})" fill="${fill}" fill-opacity="${opacity}"/>`;
}

/** The platform pill badge, top-left corner at (x, y). */
function badge(platform: Platform, x: number, y: number, scale = 1): string {
  const label = PLATFORM_LABELS[platform];
  const size = 13;
  const width = Math.round(textWidth(label, size) + Array.from(label).length * 0.5 + 36);
  const c = PLATFORM_COLORS[platform];
  return (
    `<g transform="translate(${x} ${y}) scale(${scale})"><rect width="${width}" height="26" rx="13" fill="${c.bg}" stroke="#fff" stroke-opacity=".25"/>` +
    `<circle cx="14" cy="13" r="4.5" fill="${c.fg}"/>` +
    text(25, 17.8, label, size, c.fg, 'letter-spacing=".5"') +
    `</g>`
  );
}

/** A hexagon points string centred at the origin. */
function hexagon(r: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i + Math.PI / 6;
    pts.push(`${r1(Math.cos(a) * r)},${r1(Math.sin(a) * r)}`);
  }
  return pts.join(" ");
}

/** Emblem gradient defs used by `emblem` (ids: ea, eb). */
function emblemDefs(p: Palette): string {
  return (
    `<linearGradient id="ea" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.accent2}"/><stop offset="1" stop-color="${p.accent}"/></linearGradient>` +
    `<linearGradient id="eb" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="${p.accent2}"/></linearGradient>`
  );
}

/** The goods emblem (crest, card, gem or medal) centred at (cx, cy), about `size` across. */
function emblem(kind: ArtKind, goods: GoodsDef, cx: number, cy: number, size: number, p: Palette): string {
  const s = size / 2;
  const open = `<g transform="translate(${r1(cx)} ${r1(cy)})">`;
  switch (kind) {
    case "game":
      return (
        open +
        `<polygon points="${hexagon(s)}" fill="${p.deep}" fill-opacity=".55" stroke="url(#ea)" stroke-width="${r1(s * 0.06)}"/>` +
        `<polygon points="${hexagon(s * 0.78)}" fill="none" stroke="${p.accent2}" stroke-opacity=".45" stroke-width="1.5"/>` +
        text(0, s * 0.36, emblemChar(goods.name), Math.round(s * 1.05), "url(#eb)", 'text-anchor="middle"') +
        sparkle(s * 0.78, -s * 0.72, s * 0.16, "#fff") +
        `</g>`
      );
    case "card": {
      const w = s * 1.9;
      const h = s * 1.2;
      const brand = splitName(goods.name)[0];
      const label = textWidth(brand, 1) > 6 ? PLATFORM_LABELS[goods.platform] : brand;
      const sign = /港|HK/.test(goods.tags.join()) ? "HK$" : /美|全球/.test(goods.tags.join()) ? "$" : "￥";
      return (
        open +
        `<rect x="${r1(-w / 2 + s * 0.18)}" y="${r1(-h / 2 - s * 0.2)}" width="${r1(w)}" height="${r1(h)}" rx="${r1(s * 0.12)}" fill="${p.accent2}" fill-opacity=".35" transform="rotate(10)"/>` +
        `<g transform="rotate(-8)"><rect x="${r1(-w / 2)}" y="${r1(-h / 2)}" width="${r1(w)}" height="${r1(h)}" rx="${r1(s * 0.12)}" fill="url(#ea)"/>` +
        `<rect x="${r1(-w / 2)}" y="${r1(-h / 2 + h * 0.62)}" width="${r1(w)}" height="${r1(h * 0.14)}" fill="#000" fill-opacity=".22"/>` +
        `<rect x="${r1(-w / 2 + s * 0.16)}" y="${r1(-h / 2 + s * 0.18)}" width="${r1(s * 0.32)}" height="${r1(s * 0.24)}" rx="${r1(s * 0.04)}" fill="#FFE7A8"/>` +
        text(w / 2 - s * 0.14, -h / 2 + s * 0.4, label, fitSize(label, w - s * 0.75, Math.round(s * 0.2), 8), "#fff", 'text-anchor="end"') +
        text(-w / 2 + s * 0.16, h / 2 - s * 0.14, sign, Math.round(s * 0.42), "#fff", 'fill-opacity=".95"') +
        `</g>` +
        sparkle(w / 2 - s * 0.05, -h / 2 - s * 0.05, s * 0.14, "#fff") +
        `</g>`
      );
    }
    case "topup":
      return (
        open +
        `<polygon points="${r1(-s * 0.9)},${r1(-s * 0.25)} ${r1(-s * 0.5)},${r1(-s * 0.75)} ${r1(s * 0.5)},${r1(-s * 0.75)} ${r1(s * 0.9)},${r1(-s * 0.25)} 0,${r1(s * 0.95)}" fill="url(#ea)"/>` +
        `<polygon points="${r1(-s * 0.9)},${r1(-s * 0.25)} ${r1(s * 0.9)},${r1(-s * 0.25)} 0,${r1(s * 0.95)}" fill="#fff" fill-opacity=".14"/>` +
        `<polygon points="${r1(-s * 0.5)},${r1(-s * 0.75)} ${r1(-s * 0.25)},${r1(-s * 0.25)} 0,${r1(-s * 0.75)}" fill="#fff" fill-opacity=".35"/>` +
        `<polygon points="0,${r1(-s * 0.75)} ${r1(s * 0.25)},${r1(-s * 0.25)} ${r1(s * 0.5)},${r1(-s * 0.75)}" fill="#fff" fill-opacity=".2"/>` +
        `<path d="M${r1(-s * 0.25)} ${r1(-s * 0.25)}L0 ${r1(s * 0.95)}L${r1(s * 0.25)} ${r1(-s * 0.25)}" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="1.5"/>` +
        sparkle(-s * 0.85, -s * 0.8, s * 0.14, "#fff") +
        sparkle(s * 0.95, s * 0.2, s * 0.1, p.accent2) +
        `</g>`
      );
    case "membership": {
      const star: string[] = [];
      for (let i = 0; i < 10; i++) {
        const a = (Math.PI / 5) * i - Math.PI / 2;
        const r = i % 2 ? s * 0.22 : s * 0.5;
        star.push(`${r1(Math.cos(a) * r)},${r1(Math.sin(a) * r)}`);
      }
      return (
        open +
        `<path d="M${r1(-s * 0.45)} ${r1(s * 0.45)}L${r1(-s * 0.6)} ${r1(s * 1.05)}L${r1(-s * 0.3)} ${r1(s * 0.9)}L${r1(-s * 0.12)} ${r1(s * 1.1)}L0 ${r1(s * 0.55)}Z" fill="${p.accent}"/>` +
        `<path d="M${r1(s * 0.45)} ${r1(s * 0.45)}L${r1(s * 0.6)} ${r1(s * 1.05)}L${r1(s * 0.3)} ${r1(s * 0.9)}L${r1(s * 0.12)} ${r1(s * 1.1)}L0 ${r1(s * 0.55)}Z" fill="${p.accent2}"/>` +
        `<circle r="${r1(s * 0.82)}" fill="url(#ea)"/>` +
        `<circle r="${r1(s * 0.68)}" fill="${p.deep}" fill-opacity=".5" stroke="#fff" stroke-opacity=".5" stroke-width="2" stroke-dasharray="3 5"/>` +
        `<polygon points="${star.join(" ")}" fill="url(#eb)"/>` +
        sparkle(s * 0.8, -s * 0.75, s * 0.14, "#fff") +
        `</g>`
      );
    }
  }
}

/** Goods name as a two-tier title: main line, optional second line in the accent colour. */
function nameBlock(
  goods: GoodsDef,
  x: number,
  baseline: number,
  maxWidth: number,
  maxSize: number,
  p: Palette,
  anchor: "start" | "middle" | "end" = "start",
): string {
  const [main, rest] = splitName(goods.name);
  const size = fitSize(main, maxWidth, maxSize);
  const a = anchor === "start" ? "" : `text-anchor="${anchor}"`;
  const shadow = `${a} fill-opacity=".45"`;
  let out = text(x + 2, baseline + 3, main, size, "#000", shadow) + text(x, baseline, main, size, "#fff", a);
  if (rest) {
    const subSize = fitSize(rest, maxWidth, Math.round(size * 0.55));
    out += text(x, baseline + subSize * 1.45, rest, subSize, p.accent2, a);
  }
  return out;
}

/** A bottom shade so text stays legible (id: sh). */
function shadeDefs(): string {
  return `<linearGradient id="sh" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".72"/></linearGradient>`;
}

/** A small self-contained goods card (gradient, emblem letter, name) for banners and strips. */
function miniCover(goods: GoodsDef, x: number, y: number, w: number, h: number, rotate: number, id: string): string {
  const p = paletteFor(goods.no);
  const [main] = splitName(goods.name);
  const size = fitSize(main, w - 28, Math.round(h * 0.2));
  return (
    `<g transform="translate(${x} ${y}) rotate(${rotate})">` +
    `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.mid}"/><stop offset="1" stop-color="${p.deep}"/></linearGradient>` +
    `<rect x="${-w / 2 + 6}" y="${-h / 2 + 10}" width="${w}" height="${h}" rx="12" fill="#000" fill-opacity=".4"/>` +
    `<rect x="${-w / 2}" y="${-h / 2}" width="${w}" height="${h}" rx="12" fill="url(#${id})" stroke="${p.accent}" stroke-opacity=".7" stroke-width="2"/>` +
    `<circle cx="${r1(w * 0.22)}" cy="${r1(-h * 0.12)}" r="${r1(h * 0.34)}" fill="${p.accent}" fill-opacity=".35"/>` +
    text(w * 0.22, h * 0.02, emblemChar(goods.name), Math.round(h * 0.4), p.accent2, 'text-anchor="middle"') +
    badge(goods.platform, -w / 2 + 12, -h / 2 + 12, Math.min(1, h / 200)) +
    text(-w / 2 + 14, h / 2 - 16, main, size, "#fff") +
    `</g>`
  );
}

function goodsByNo(no: string): GoodsDef {
  const goods = GOODS.find((g) => g.no === no);
  if (!goods) throw new Error(`unknown goods ${no}`);
  return goods;
}

function ctaPill(x: number, y: number, label: string, size = 20): string {
  const w = Math.round(textWidth(label, size) + size * 2.6);
  const h = Math.round(size * 2.2);
  return (
    `<g transform="translate(${x} ${y})"><rect width="${w}" height="${h}" rx="${h / 2}" fill="url(#cta)"/>` +
    text(size, h / 2 + size * 0.36, `${label} →`, size, "#fff") +
    `</g>`
  );
}

const CTA_DEFS = `<linearGradient id="cta" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${ORANGE}"/><stop offset="1" stop-color="#FF9A3C"/></linearGradient>`;

// ─── goods images ────────────────────────────────────────────────────────

function coverSvg(goods: GoodsDef, variant: 1 | 2): string {
  const w = 600;
  const h = 338;
  const p = paletteFor(goods.no);
  const rng = createRng(`${goods.no}:cover:${variant}`);
  const back = backdrop(w, h, variant === 1 ? p : { ...p, accent: p.accent2, accent2: p.accent }, rng);
  const flip = variant === 2;
  const emblemX = flip ? 150 : 450;
  const chip = textWidth(goods.label, 14) + 22;
  const body =
    back.body +
    emblem(goods.art, goods, emblemX, 128, 170, p) +
    `<rect y="140" width="${w}" height="${h - 140}" fill="url(#sh)"/>` +
    badge(goods.platform, 24, 22) +
    `<rect x="${r1(w - 24 - chip)}" y="22" width="${r1(chip)}" height="26" rx="4" fill="${ORANGE}"/>` +
    text(w - 24 - chip / 2, 40.5, goods.label, 14, "#fff", 'text-anchor="middle"') +
    `<rect x="${flip ? w - 68 : 28}" y="${splitName(goods.name)[1] ? 208 : 236}" width="40" height="4" rx="2" fill="${p.accent}"/>` +
    nameBlock(goods, flip ? w - 28 : 28, splitName(goods.name)[1] ? 262 : 290, 520, 48, p, flip ? "end" : "start") +
    text(flip ? w - 28 : 28, 322, goods.tags.join(" · "), 14, "#fff", `fill-opacity=".7"${flip ? ' text-anchor="end"' : ""}`);
  return svg(w, h, back.defs + emblemDefs(p) + shadeDefs(), body);
}

function topicBgSvg(goods: GoodsDef): string {
  const w = 1920;
  const h = 600;
  const p = paletteFor(goods.no);
  const rng = createRng(`${goods.no}:bg`);
  const back = backdrop(w, h, p, rng, { glowX: 0.72, glowY: 0.3 });
  const [main] = splitName(goods.name);
  let rings = "";
  for (let i = 0; i < 4; i++) {
    rings += `<polygon points="${hexagon(120 + i * 70)}" transform="translate(1500 260) rotate(${i * 8})" fill="none" stroke="${i % 2 ? p.accent2 : p.accent}" stroke-opacity="${r1(0.4 - i * 0.08)}" stroke-width="2"/>`;
  }
  const defs =
    back.defs +
    emblemDefs(p) +
    `<linearGradient id="fd" x1="0" y1="0" x2="0" y2="1"><stop offset=".45" stop-color="${PAGE_BG}" stop-opacity="0"/><stop offset="1" stop-color="${PAGE_BG}"/></linearGradient>` +
    `<linearGradient id="fl" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${PAGE_BG}" stop-opacity=".85"/><stop offset=".5" stop-color="${PAGE_BG}" stop-opacity="0"/></linearGradient>`;
  const body =
    back.body +
    rings +
    text(1900, 560, main, fitSize(main, 1300, 260), "#fff", 'text-anchor="end" fill-opacity=".05"') +
    emblem(goods.art, goods, 1500, 260, 230, p) +
    sparkle(1180, 120, 14, p.accent2) +
    sparkle(1760, 430, 10, "#fff", 0.6) +
    `<rect width="${w}" height="${h}" fill="url(#fl)"/><rect width="${w}" height="${h}" fill="url(#fd)"/>`;
  return svg(w, h, defs, body);
}

function titleSvg(goods: GoodsDef): string {
  const w = 800;
  const h = 200;
  const p = paletteFor(goods.no);
  const [main, rest] = splitName(goods.name);
  const size = fitSize(main, 700, rest ? 84 : 96);
  const baseline = rest ? 108 : 126;
  const defs =
    `<linearGradient id="tf" x1="0" y1="0" x2="0" y2="1"><stop offset=".2" stop-color="#fff"/><stop offset="1" stop-color="${p.accent2}"/></linearGradient>` +
    `<linearGradient id="tl" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${p.accent}" stop-opacity="0"/><stop offset="1" stop-color="${p.accent}"/></linearGradient>`;
  const sub = rest || PLATFORM_LABELS[goods.platform];
  const subSize = rest ? fitSize(rest, 460, 34) : 20;
  const subY = baseline + subSize + 22;
  const spacing = rest ? 4 : 6;
  const half = (textWidth(sub, subSize) + spacing * Array.from(sub).length) / 2 + 14;
  const line = (dir: 1 | -1) =>
    `<g transform="translate(${r1(400 + dir * half)} ${r1(subY - subSize * 0.35)}) scale(${dir} 1)"><rect width="150" height="3" fill="url(#tl)" transform="translate(150 0) scale(-1 1)"/><rect x="-4" y="-3" width="8" height="8" transform="rotate(45 0 1.5)" fill="${p.accent2}"/></g>`;
  const body =
    text(404, baseline + 5, main, size, p.accent, `text-anchor="middle" fill-opacity=".85"`) +
    text(400, baseline, main, size, "url(#tf)", `text-anchor="middle" stroke="${p.deep}" stroke-width="2" paint-order="stroke"`) +
    text(400, subY, sub, subSize, rest ? "#fff" : p.accent2, `text-anchor="middle" letter-spacing="${spacing}"`) +
    line(1) +
    line(-1) +
    sparkle(400 + textWidth(main, size) / 2 + 6, baseline - size * 0.8, 12, "#fff");
  return svg(w, h, defs, body);
}

function sideSvg(goods: GoodsDef): string {
  const s = 400;
  const p = paletteFor(goods.no);
  const rng = createRng(`${goods.no}:side`);
  const back = backdrop(s, s, p, rng, { glowX: 0.5, glowY: 0.4 });
  const body =
    back.body +
    `<circle cx="200" cy="165" r="118" fill="none" stroke="${p.accent2}" stroke-opacity=".35" stroke-width="2" stroke-dasharray="4 8"/>` +
    emblem(goods.art, goods, 200, 165, 170, p) +
    `<rect y="240" width="${s}" height="160" fill="url(#sh)"/>` +
    badge(goods.platform, 20, 20) +
    nameBlock(goods, 200, splitName(goods.name)[1] ? 318 : 336, 360, 40, p, "middle") +
    text(200, 382, goods.topicTags.join(" / "), 14, "#fff", 'text-anchor="middle" fill-opacity=".65"');
  return svg(s, s, back.defs + emblemDefs(p) + shadeDefs(), body);
}

// ─── home page images ────────────────────────────────────────────────────

function bannerSvg(index: number): string {
  const banner = BANNERS[index];
  if (!banner) throw new Error(`no banner ${index}`);
  const goods = goodsByNo(banner.goodsNo);
  const w = 1200;
  const h = 400;
  const p = paletteFor(goods.no);
  const rng = createRng(`banner:${index}`);
  const back = backdrop(w, h, p, rng, { glowX: 0.75, glowY: 0.45 });
  const titleSize = fitSize(banner.title, 560, 60);
  const body =
    back.body +
    `<circle cx="900" cy="200" r="190" fill="${p.accent}" fill-opacity=".12"/>` +
    `<circle cx="900" cy="200" r="150" fill="none" stroke="${p.accent2}" stroke-opacity=".4" stroke-width="2" stroke-dasharray="6 10"/>` +
    miniCover(goods, 860, 215, 380, 214, -6, "m1") +
    emblem(goods.art, goods, 1085, 95, 120, p) +
    sparkle(700, 70, 16, p.accent2) +
    sparkle(1150, 330, 12, "#fff", 0.7) +
    badge(goods.platform, 80, 78) +
    text(80, 110 + titleSize, banner.title, titleSize, "#fff") +
    `<rect x="80" y="${126 + titleSize}" width="56" height="5" rx="2.5" fill="${ORANGE}"/>` +
    text(80, 166 + titleSize, banner.desc, fitSize(banner.desc, 580, 24), "#fff", 'fill-opacity=".8"') +
    ctaPill(80, 196 + titleSize, banner.cta, 20);
  return svg(w, h, back.defs + emblemDefs(p) + CTA_DEFS, body);
}

function stripIcon(icon: StripDef["icon"], cx: number, cy: number, r: number): string {
  const g = `<g transform="translate(${cx} ${cy})"><circle r="${r}" fill="url(#cta)"/><circle r="${r1(r * 0.82)}" fill="none" stroke="#fff" stroke-opacity=".4" stroke-dasharray="3 5"/>`;
  const k = r / 40;
  const t = (d: string) => `<path d="${d}" transform="scale(${r1(k)})" fill="#fff"/>`;
  switch (icon) {
    case "flame":
      return g + t("M2-26C6-12 20-8 18 8 16 22 6 26-2 26-14 26-20 16-18 4-16-4-10-8-8-16-4-10-2-8 0-6 4-12 2-20 2-26Z") + `</g>`;
    case "ticket":
      return g + t("M-24-14H24V-5A5 5 0 0 0 24 5V14H-24V5A5 5 0 0 0-24-5ZM-6-10V10H-3V-10Z") + `</g>`;
    case "key":
      return g + t("M-10-16A12 12 0 1 1-10 8 12 12 0 0 1-10-16ZM-10-9A5 5 0 1 0-10 1 5 5 0 0 0-10-9ZM0-2H26V6H20V12H14V6H0Z") + `</g>`;
    case "shield":
      return g + t("M0-26L22-18V0C22 14 12 22 0 27-12 22-22 14-22 0V-18ZM-10 0L-3 8 12-8 8-12-3 0-6-4Z") + `</g>`;
    case "clock":
      return (
        g +
        `<circle r="${r1(r * 0.55)}" fill="none" stroke="#fff" stroke-width="${r1(r * 0.1)}"/>` +
        `<path d="M0 ${r1(-r * 0.35)}V0L${r1(r * 0.25)} ${r1(r * 0.18)}" fill="none" stroke="#fff" stroke-width="${r1(r * 0.1)}" stroke-linecap="round"/></g>`
      );
  }
}

function stripSvg(strip: StripDef, w: number, h: number, seed: string): string {
  const lead = strip.goodsNos[0] ? goodsByNo(strip.goodsNos[0]) : undefined;
  const p = lead ? paletteFor(lead.no) : PALETTES[0]!;
  const rng = createRng(seed);
  const back = backdrop(w, h, p, rng, { glowX: 0.2, glowY: 0.5 });
  const iconR = Math.round(h * 0.2);
  const textX = 50 + iconR * 2 + 26;
  const cardH = Math.round(h * 0.52);
  const cardW = Math.round(cardH * 1.78);
  const step = Math.round(cardW * 0.45);
  let art = "";
  let artLeft = w - 60;
  strip.goodsNos.forEach((no, i) => {
    const x = w - 60 - cardW / 2 - i * step;
    artLeft = x - cardW / 2;
    art = miniCover(goodsByNo(no), x, h / 2 + (i % 2 ? -10 : 10), cardW, cardH, i % 2 ? 4 : -4, `m${i}`) + art;
  });
  if (!strip.goodsNos.length) {
    for (let i = 0; i < 5; i++) {
      art += `<rect x="${w - 140 - i * 90}" y="${r1(h * 0.2 + (i % 2) * 18)}" width="70" height="${r1(h * 0.6)}" rx="10" fill="${i % 2 ? p.accent2 : p.accent}" fill-opacity="${r1(0.5 - i * 0.08)}" transform="rotate(12 ${w - 105 - i * 90} ${h / 2})"/>`;
    }
    artLeft = w - 520;
  }
  const maxText = artLeft - textX - 24;
  const titleSize = fitSize(strip.title, maxText, Math.round(h * (h > 250 ? 0.19 : 0.22)));
  // A long description goes on two lines, split at its " · ".
  const lines = strip.desc.split(" · ");
  const descSize = Math.min(...lines.map((l) => fitSize(l, maxText, Math.round(h * 0.085))));
  const top = h / 2 - ((lines.length - 1) * descSize * 1.5) / 2;
  const body =
    back.body +
    art +
    stripIcon(strip.icon, 50 + iconR, h / 2, iconR) +
    text(textX, top - 6, strip.title, titleSize, "#fff") +
    lines.map((line, i) => text(textX, top + titleSize * 0.25 + 18 + i * descSize * 1.5, line, descSize, "#fff", 'fill-opacity=".78"')).join("") +
    sparkle(textX + textWidth(strip.title, titleSize) + 18, top - titleSize, 10, p.accent2);
  return svg(w, h, back.defs + CTA_DEFS, body);
}

function advertSvg(index: number): string {
  const ad = ADVERTS[index];
  if (!ad) throw new Error(`no advert ${index}`);
  const goods = goodsByNo(ad.goodsNo);
  const w = 480;
  const h = 640;
  const p = paletteFor(goods.no);
  const rng = createRng(`advert:${index}`);
  const back = backdrop(w, h, p, rng, { glowX: 0.5, glowY: 0.42 });
  const titleSize = fitSize(ad.title, 380, 64);
  const body =
    back.body +
    `<rect x="10" y="10" width="${w - 20}" height="${h - 20}" rx="22" fill="none" stroke="url(#ea)" stroke-width="3"/>` +
    text(w / 2, 108, ad.title, titleSize, "url(#eb)", 'text-anchor="middle"') +
    text(w / 2, 152, ad.desc, fitSize(ad.desc, 400, 24), "#fff", 'text-anchor="middle" fill-opacity=".85"') +
    `<circle cx="240" cy="330" r="130" fill="${p.accent}" fill-opacity=".16"/>` +
    `<circle cx="240" cy="330" r="104" fill="none" stroke="${p.accent2}" stroke-opacity=".5" stroke-dasharray="4 8" stroke-width="2"/>` +
    emblem(goods.art, goods, 240, 330, 200, p) +
    sparkle(90, 220, 14, "#fff") +
    sparkle(392, 440, 11, p.accent2) +
    text(w / 2, 510, goods.name, fitSize(goods.name, 400, 26), "#fff", 'text-anchor="middle"') +
    ctaPill(w / 2 - (textWidth(`${ad.cta} →`, 22) + 22 * 2.6) / 2 + 11, 540, ad.cta, 22);
  return svg(w, h, back.defs + emblemDefs(p) + CTA_DEFS, body);
}

function timerSvg(): string {
  const defs = CTA_DEFS;
  const body =
    `<rect x="1" y="1" width="238" height="58" rx="29" fill="#2C2C2C" stroke="${ORANGE}" stroke-width="2"/>` +
    `<path d="M30 1H96L80 59H30A29 29 0 0 1 30 1Z" fill="url(#cta)"/>` +
    `<circle cx="30" cy="30" r="11" fill="none" stroke="#fff" stroke-width="2.5"/>` +
    `<path d="M30 23V30L35 33" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/>` +
    text(47, 37, "限时", 18, "#fff");
  return svg(240, 60, defs, body);
}

// ─── output ──────────────────────────────────────────────────────────────

/** Every generated image, as path (relative to the media directory) → SVG text. */
export function renderImages(): Map<string, string> {
  const files = new Map<string, string>();
  for (const goods of GOODS) {
    const paths = goodsImagePaths(goods.no);
    files.set(paths.cover, coverSvg(goods, 1));
    files.set(paths.cover2, coverSvg(goods, 2));
    files.set(paths.bg, topicBgSvg(goods));
    files.set(paths.title, titleSvg(goods));
    files.set(paths.side, sideSvg(goods));
  }
  BANNERS.forEach((_, i) => files.set(`banners/banner-${i + 1}.svg`, bannerSvg(i)));
  SINGLE_ROWS.forEach((strip, i) => files.set(`blocks/single-row-${i + 1}.svg`, stripSvg(strip, 1200, 300, `row:${i}`)));
  HORIZ_BANNERS.forEach((strip, i) => files.set(`blocks/horiz-${i + 1}.svg`, stripSvg(strip, 1200, 200, `horiz:${i}`)));
  ADVERTS.forEach((_, i) => files.set(`adverts/advert-${i + 1}.svg`, advertSvg(i)));
  files.set(TIMER_IMAGE, timerSvg());
  return files;
}

/** Writes every image under mediaDir; files whose content is already right are left alone. */
export function generateImages(mediaDir: string): void {
  for (const [path, content] of renderImages()) {
    const file = join(mediaDir, path);
    if (existsSync(file) && readFileSync(file, "utf8") === content) continue;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
}
