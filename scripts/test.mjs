// `npm test`: installs what the tests need (dependencies and the pinned Node they run on, Chromium's headless shell with CJK fonts, nginx and
// iproute2), then runs the typecheck, the lint and format checks and the production build side by side (each a
// single-threaded process for the most part: together they keep both cores of a small machine busy), the unit, API
// and server tests (vitest) and the end-to-end tests (Playwright, JavaScript on and off). Exits non-zero on any
// failure and prints one summary line.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { buildIsStale, continueOnShopNode, ensureDependencies, ensureTestTools } from "./setup.mjs";

// the dependencies first, then everything on the pinned Node (decision 051): this script again, and all it starts
ensureDependencies();
await continueOnShopNode();
ensureTestTools();

mkdirSync("tests/.tmp", { recursive: true });
const counts = { passed: 0, failed: 0, skipped: 0 };
let failed = false;

function step(title, command, args, env = {}) {
  console.log(`\n━━ ${title}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) failed = true;
  return result.status === 0;
}

/**
 * A step run beside others: its output is printed in one piece at its end. At the same priority as the rest of the run
 * (they were at nice 10 while better-sqlite3 compiled beside them; on a machine busy with other work that left them a
 * few per cent of it: the typecheck took 1,273 s beside three busy loops, docs/benchmarks.md).
 */
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

// vitest's default on two cores is one worker; the server tests mostly wait for their server processes. vitest and
// Playwright run one after the other: the browser tests keep two cores busy by themselves (~500 CPU-seconds in ~265 s
// with three workers), so running vitest beside them saves nothing and starves its timing-sensitive tests
// (docs/benchmarks.md, issue 23, sessions 31 and 32)
const workers = String(Math.max(2, availableParallelism() - 1));
step("unit, API and server tests (vitest)", "npx", [
  "vitest",
  "run",
  `--maxWorkers=${workers}`,
  "--reporter=default",
  "--reporter=json",
  "--outputFile=tests/.tmp/vitest.json",
]);
addVitest("tests/.tmp/vitest.json");

step("end-to-end tests (Playwright, JavaScript on and off)", "npx", ["playwright", "test"], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: "tests/.tmp/playwright.json",
});
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
