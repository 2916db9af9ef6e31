// Shared Playwright fixtures: an unexpected console error or failed page script fails the test,
// and every test that needs a shopper of its own gets one (`shopper`): a mainland number and a
// client address no other test of the run uses, so per-number and per-address limits never meet.
import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";
import { couponPopupDone, smsLogin } from "./shop-api";

export interface Shopper {
  /** A mainland number nobody has used in this run: 16{worker:2}{sequence:4}{run:3}. */
  mobile: string;
  /** A documentation-range address of this test's own (the server trusts X-Forwarded-For from loopback). */
  address: string;
  /** Makes the page speak from the shopper's address; answers it. */
  useOwnAddress(page: Page): Promise<string>;
  /**
   * Registers the number by SMS code through the API and puts its login cookie into the browser,
   * with this browser session's layout mount done (no coupon pop-up on the first page; decision 017).
   */
  signUp(context: BrowserContext, baseURL: string): Promise<{ mobile: string; credential: string }>;
}

const run = String(Date.now()).slice(-3);
let issued = 0;

export const test = base.extend<{ consoleErrors: string[]; shopper: Shopper }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern; this one needs none
  shopper: async ({}, use, testInfo) => {
    const sequence = ++issued;
    const worker = testInfo.workerIndex;
    const mobile = `16${String(worker % 100).padStart(2, "0")}${String(sequence % 10_000).padStart(4, "0")}${run}`;
    const address = `198.${18 + ((sequence >> 8) & 1)}.${worker % 256}.${sequence % 256}`;
    await use({
      mobile,
      address,
      async useOwnAddress(page) {
        await page.setExtraHTTPHeaders({ "X-Forwarded-For": address });
        return address;
      },
      async signUp(context, baseURL) {
        const credential = await smsLogin(baseURL, mobile, address);
        await context.addCookies([{ name: "login_credential", value: credential, url: baseURL, httpOnly: true, sameSite: "Lax" }, couponPopupDone(baseURL)]);
        return { mobile, credential };
      },
    });
  },
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
