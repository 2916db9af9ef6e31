// The accessibility audit of an open page: axe's WCAG 2.1 A/AA rules and its best practices (heading
// order, landmarks…), no violation of any impact. axe runs as a script inside the page: JavaScript on only.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

export async function expectNoViolations(page: Page, path: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  const found = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(" "))
        .join(", ")}`,
  );
  expect(found, `axe on ${path}`).toEqual([]);
}
