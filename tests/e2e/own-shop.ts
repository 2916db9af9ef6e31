// A shop process of a test's own, for what the shared e2e shop cannot be (a payment or message provider, an empty
// database): the production build without the demo, on a free port (the js-on and js-off projects run a file at the
// same time). NODE_ENV=test only for what these machines cannot have: an http notification address, the captcha's
// test pass.
import type { TestInfo } from "@playwright/test";
import { freePort, startServer, type BenchServer } from "../bench/server";
import { CAPTCHA_PASS } from "./shop-api";

export async function ownShop(dbFile: string, dir: string, env: Record<string, string>): Promise<BenchServer> {
  const port = await freePort();
  return startServer({
    dbFile,
    logDir: dir,
    port,
    env: { NODE_ENV: "test", DEMO: "0", CN_BASE_URL: `http://127.0.0.1:${port}`, CAPTCHA_TEST_PASS: CAPTCHA_PASS, FULFIL_DELAY_MS: "300", ...env },
  });
}

/** A failed test keeps its shop's log among its results: the shop's directory goes when the file ends. */
export async function attachLogOnFailure(testInfo: TestInfo, shop: BenchServer | undefined) {
  if (shop && testInfo.status !== testInfo.expectedStatus) await testInfo.attach("shop log", { path: shop.logFile, contentType: "text/plain" });
}
