// Lighthouse (the npm package) in Debian's Chromium through chrome-launcher, with the launch flags
// that keep it off the network: scores and LCP/CLS/TBT of each page, mobile and desktop.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";

export const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface LighthouseFigures {
  page: string;
  formFactor: "mobile" | "desktop";
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Audits that lost points outside performance, for the report. */
  failing: string[];
}

/**
 * Each run in a Chrome of its own (nothing cached or restored from an earlier page). A run that
 * Lighthouse itself cannot complete (NO_NAVSTART and the like: a trace without its navigation,
 * which its maintainers call a Chrome flake) is made once more, and the report says so.
 */
export async function runLighthouse(pages: { name: string; url: string }[]): Promise<LighthouseFigures[]> {
  process.env.CHROME_PATH ||= "/usr/bin/chromium";
  const figures: LighthouseFigures[] = [];
  for (const formFactor of ["mobile", "desktop"] as const) {
    for (const page of pages) {
      let lhr = await runOnce(page.url, formFactor);
      const firstError = lhr.runtimeError?.code;
      if (firstError) lhr = await runOnce(page.url, formFactor);
      const { categories, audits } = lhr;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const failing = ["accessibility", "best-practices", "seo"].flatMap((id) =>
        (categories[id]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1).map((ref) => `${id}: ${ref.id}`),
      );
      if (lhr.runtimeError) failing.unshift(`run failed twice: ${lhr.runtimeError.code}`);
      else if (firstError) failing.unshift(`run repeated after ${firstError}`);
      figures.push({
        page: page.name,
        formFactor,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcpMs: audits["largest-contentful-paint"]?.numericValue ?? NaN,
        cls: audits["cumulative-layout-shift"]?.numericValue ?? NaN,
        tbtMs: audits["total-blocking-time"]?.numericValue ?? NaN,
        failing,
      });
    }
  }
  return figures;
}

async function runOnce(url: string, formFactor: "mobile" | "desktop") {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility", "best-practices", "seo"] },
      formFactor === "desktop" ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}
