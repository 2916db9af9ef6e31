// The accessibility audit of an open page: axe's WCAG 2.1 A/AA rules and its best practices (heading
// order, landmarks…), no violation of any impact. axe runs as a script inside the page: JavaScript on only.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

export async function expectNoViolations(page: Page, path: string) {
  // an audit is seconds of work inside the page (3 s for the home page's 980 elements on a quiet machine, 8–14 s
  // with the CPU busy): each one brings its own time to the test
  test.info().setTimeout(test.info().timeout + 30_000);
  // legacy mode runs axe once inside the page. The default mode runs it per frame, then carries every node's partial
  // result to a new blank page to finish there: twice the time (the home page: 3 s against 6–7 s on a quiet
  // machine, which a busy CI machine made 30 s). The shop has no frames, so the audit is the same (same rules
  // passed and failed, measured)
  const results = await new AxeBuilder({ page }).setLegacyMode(true).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  const found = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(" "))
        .join(", ")}`,
  );
  expect(found, `axe on ${path}`).toEqual([]);
}
