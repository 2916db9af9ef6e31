// `npm test`: installs what the tests need (dependencies, Chromium with CJK fonts, nginx and iproute2), then runs the
// typecheck, the lint and format checks and the production build side by side (each a single-threaded process
// for the most part: together they keep both cores of a small machine busy), then the unit, API and server tests
// (vitest) and the end-to-end tests (Playwright, JavaScript on and off), also side by side. Exits non-zero on any
// failure and prints one summary line.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { buildIsStale, ensureDependencies, ensureTestTools } from "./setup.mjs";

ensureDependencies();
ensureTestTools();

mkdirSync("tests/.tmp", { recursive: true });
const counts = { passed: 0, failed: 0, skipped: 0 };
let failed = false;

/** A step whose output is printed as it comes. */
function liveStep(title, command, args, env = {}) {
  console.log(`\n━━ ${title}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
    child.on("close", (code) => {
      if (code !== 0) failed = true;
      resolve(code === 0);
    });
  });
}

/** A step run beside others: its output is kept and printed in one piece when it ends. */
function concurrentStep(title, command, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => {
      console.log(`\n━━ ${title} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
      process.stdout.write(output);
      resolve(code === 0);
    });
  });
}

const checks = await Promise.all([
  concurrentStep("typecheck", "npx", ["tsc", "--noEmit"]),
  concurrentStep("lint (ESLint)", "npx", ["eslint", "."]),
  concurrentStep("format check (Prettier)", "npx", ["prettier", "--check", "."]),
  // the server tests (tests/security, tests/operations) and the end-to-end tests run the production build
  buildIsStale() ? concurrentStep("production build", "npm", ["run", "build"]) : true,
]);
const built = checks.pop();
counts.failed += checks.filter((ok) => !ok).length;
if (!built) {
  console.error("\nthe production build failed: the server and end-to-end tests need it");
  process.exit(1);
}

// The unit, API and server tests (vitest) and the end-to-end tests (Playwright) run side by side: both spend most
// of their time waiting (for servers, browsers and timers), so together they keep a small machine's cores busy where
// one after the other left them half idle. vitest's output is printed in one piece when it ends; Playwright's as it
// comes. vitest's default on two cores is one worker; its server tests mostly wait for their server processes.
const workers = String(Math.max(2, availableParallelism() - 1));
const [vitestDone] = await Promise.all([
  concurrentStep("unit, API and server tests (vitest)", "npx", [
    "vitest",
    "run",
    `--maxWorkers=${workers}`,
    "--reporter=default",
    "--reporter=json",
    "--outputFile=tests/.tmp/vitest.json",
  ]),
  liveStep("end-to-end tests (Playwright, JavaScript on and off)", "npx", ["playwright", "test"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: "tests/.tmp/playwright.json",
  }),
]);
if (!vitestDone) failed = true;
addVitest("tests/.tmp/vitest.json");
addPlaywright("tests/.tmp/playwright.json");

console.log(`\n${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ""}`);
process.exit(failed || counts.failed > 0 ? 1 : 0);

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    failed = true;
    console.error(`no test report at ${file}`);
    return null;
  }
}

function addVitest(file) {
  const report = readJson(file);
  if (!report) return;
  counts.passed += report.numPassedTests;
  counts.failed += report.numFailedTests;
  counts.skipped += report.numPendingTests + report.numTodoTests;
}

function addPlaywright(file) {
  const report = readJson(file);
  if (!report) return;
  counts.passed += report.stats.expected + report.stats.flaky;
  counts.failed += report.stats.unexpected;
  counts.skipped += report.stats.skipped;
}
