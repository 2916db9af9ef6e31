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

export async function runLighthouse(pages: { name: string; url: string }[]): Promise<LighthouseFigures[]> {
  process.env.CHROME_PATH ||= "/usr/bin/chromium";
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  const figures: LighthouseFigures[] = [];
  try {
    for (const formFactor of ["mobile", "desktop"] as const) {
      for (const page of pages) {
        const result = await lighthouse(
          page.url,
          { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility", "best-practices", "seo"] },
          formFactor === "desktop" ? desktopConfig : undefined,
        );
        if (!result) throw new Error(`lighthouse gave no result for ${page.url}`);
        const { categories, audits } = result.lhr;
        const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
        const failing = ["accessibility", "best-practices", "seo"].flatMap((id) =>
          (categories[id]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1).map((ref) => `${id}: ${ref.id}`),
        );
        const runtimeError = result.lhr.runtimeError;
        if (runtimeError) failing.unshift(`run failed: ${runtimeError.code}`);
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
  } finally {
    chrome.kill();
  }
  return figures;
}
