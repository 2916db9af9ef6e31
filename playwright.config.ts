import { defineConfig, devices } from "@playwright/test";
import { buildIsStale, SERVER_NODE_ARGS, testBrowser } from "./scripts/setup.mjs";

const port = Number(process.env.E2E_PORT ?? 3123);
/** The back office's own listener in the e2e shop (tests/e2e/back-office.spec.ts). */
export const E2E_ADMIN_PORT = Number(process.env.E2E_ADMIN_PORT ?? port + 1000);
export const E2E_DB_DIR = "tests/.tmp/e2e";

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "tests/.tmp/test-results",
  fullyParallel: false,
  // in the headless shell two workers left a third of two cores idle (tests wait on the server, the 3 s reload of a
  // page without JavaScript, the fulfilment); three keep them busy, a fourth gains nothing (docs/benchmarks.md)
  workers: 3,
  retries: 0,
  // CI's machine ran the browser tests 1.2-6.7 times slower than this one beside a busy loop (3.5 times at the
  // median, test by test: 25.9 min for the stage against 7.5 quiet here), and its one failure of 2026-11-28 was a
  // client navigation past 5 s. A wait that is long enough there costs nothing where the page comes at once; what
  // never comes still fails
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json"]],
  use: {
    baseURL: `http://localhost:${port}`,
    screenshot: "only-on-failure",
    trace: "off",
    ...devices["Desktop Chrome"],
    viewport: { width: 1440, height: 900 },
    locale: "zh-CN",
    timezoneId: "Asia/Shanghai",
    // an animation keeps Chromium's compositor drawing frames (the home banner's 10 s progress bar on every home page):
    // with reduced motion the same tests took 15 % less CPU and wall time (docs/benchmarks.md). The shop's motion is
    // a test of its own that asks for it (shell.spec.ts)
    reducedMotion: "reduce",
    launchOptions: {
      executablePath: testBrowser(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    // a test tagged @server checks only what the server sends (an API answer, the server-rendered HTML and its
    // CSS layout), which JavaScript in the page does not change: it runs once, without JavaScript. A test of
    // what exists only with JavaScript (@js-only) or only without (@no-js) runs in that project alone: a
    // test.skip inside the test would still cost a browser context per skipped run
    { name: "js-on", use: { javaScriptEnabled: true }, grepInvert: /@server|@no-js/ },
    { name: "js-off", use: { javaScriptEnabled: false }, grepInvert: /@js-only/ },
  ],
  webServer: {
    // the build redone when a source is newer; a fresh database every run (the server creates and seeds it when
    // missing); the server on the V8 flags every launch uses (SERVER_NODE_ARGS)
    command: `${process.execPath} scripts/ensure-build.mjs && rm -rf ${E2E_DB_DIR} && ${process.execPath} ${SERVER_NODE_ARGS.join(" ")}`,
    url: `http://localhost:${port}/api/trade_bff/v1/shopping/layout?page_type=HOME`,
    reuseExistingServer: false,
    // a build takes a minute or two on a busy machine of two cores
    timeout: buildIsStale() ? 300_000 : 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "test",
      PORT: String(port),
      DB_FILE: `${E2E_DB_DIR}/shop.sqlite`,
      DEMO: "1",
      FULFIL_DELAY_MS: "300",
      LOG_LEVEL: "warn",
      CAPTCHA_TEST_PASS: "e2e-captcha-pass",
      ADMIN_PORT: String(E2E_ADMIN_PORT),
    },
  },
});
