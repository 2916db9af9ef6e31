// Shared Playwright fixtures: an unexpected console error or failed page script fails the test.
import { test as base, expect } from "@playwright/test";

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        // a page that answers 404 on purpose logs its own status; that is not an error of ours
        const ownStatus = message.text().startsWith("Failed to load resource") && message.location().url === page.url();
        if (!ownStatus) errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export const jsEnabled = (projectName: string) => projectName !== "js-off";
