import type { Page, Request } from "@playwright/test";
import { expect } from "./fixtures";

/** How long a page must have had nothing in flight to count as quiet (Playwright's networkidle used the same). */
const QUIET_MS = 500;

/**
 * Follows a page's requests from now on; `quiet()` waits until none has been in flight for 500 ms. It replaces
 * Playwright's `networkidle` (discouraged, and lint refuses it): that lifecycle event can be lost for good when a request
 * starts and ends before DOMContentLoaded (microsoft/playwright#42598, closed without a fix), and the home page without
 * JavaScript, streamed while its first images load, then never became idle in a CI run (90 s).
 */
export function watchRequests(page: Page): { quiet(): Promise<void> } {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const started = (request: Request) => {
    inFlight.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request) => {
    inFlight.delete(request);
    lastChange = Date.now();
  };
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  return {
    async quiet() {
      try {
        await expect
          .poll(
            () =>
              inFlight.size
                ? `in flight: ${[...inFlight].map((request) => request.url()).join(", ")}`
                : Date.now() - lastChange >= QUIET_MS
                  ? "quiet"
                  : "settling",
            { message: "the page's requests settle", timeout: 30_000, intervals: [100] },
          )
          .toBe("quiet");
      } finally {
        page.off("request", started);
        page.off("requestfinished", ended);
        page.off("requestfailed", ended);
      }
    },
  };
}
