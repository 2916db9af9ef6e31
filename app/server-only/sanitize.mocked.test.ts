import { describe, expect, it, vi } from "vitest";
import { RICH_TEXT_CACHE_BYTES, sanitizeRichText } from "./sanitize.server";

/** How often sanitize-html itself ran (the real one, counted). */
const sanitized = vi.hoisted(() => ({ calls: 0 }));
vi.mock("sanitize-html", async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof import("sanitize-html") }>()).default;
  const counted = (...args: Parameters<typeof real>) => {
    sanitized.calls += 1;
    return real(...args);
  };
  return { default: Object.assign(counted, real) };
});

describe("sanitizeRichText", () => {
  it("keeps simple formatting and same-site images", () => {
    const html = sanitizeRichText('<h3>简介</h3><p><strong>秒发</strong></p><img src="/media/a.svg" alt="图">');
    expect(html).toContain("<h3>简介</h3>");
    expect(html).toContain("<strong>秒发</strong>");
    expect(html).toContain('src="/media/a.svg"');
  });

  it.each([
    ["<script>alert(1)</script><p>x</p>", "<p>x</p>"],
    ['<img src="x" onerror="alert(1)">', '<img src="x" loading="lazy" decoding="async" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer">x</a>'],
    ['<p style="position:fixed">x</p>', "<p>x</p>"],
    ['<iframe src="https://evil.example"></iframe>', ""],
    // the advisories fixed after 2.17.5 (GHSA-jxwj-j7wr-gfrw and the svg/math raw-text one)
    ["<textarea></textarea/><img src=x onerror=alert(1)>", ""],
    ["<svg><textarea><img src=x onerror=alert(1)></textarea></svg>", ""],
    ["<xmp><script>alert(1)</script></xmp>", ""],
  ])("removes what could run or escape: %s", (input, output) => {
    expect(sanitizeRichText(input)).toBe(output);
  });
});

describe("each version of a text is sanitized once", () => {
  it("a text seen again is not sanitized again; a changed text is, and each comes out as the first time", () => {
    const text = `<p>限时 ${Math.random()}</p><script>x</script>`;
    const first = sanitizeRichText(text);
    const before = sanitized.calls;
    expect(sanitizeRichText(text)).toBe(first);
    expect(sanitized.calls).toBe(before);
    expect(sanitizeRichText(`${text}<p>改</p>`)).toBe(`${first}<p>改</p>`);
    expect(sanitized.calls).toBe(before + 1);
  });

  it("keeps at most RICH_TEXT_CACHE_BYTES: the oldest text is sanitized again once newer ones filled it", () => {
    // each text and its result: about a quarter of the bound
    const big = (n: number) => `<p>${n}</p>${"<p>文</p>".repeat(Math.ceil(RICH_TEXT_CACHE_BYTES / 4 / 2 / 2 / 7))}`;
    sanitizeRichText(big(0));
    for (let n = 1; n <= 4; n += 1) sanitizeRichText(big(n));
    const before = sanitized.calls;
    sanitizeRichText(big(0));
    expect(sanitized.calls).toBe(before + 1);
  });
});
