// `npm test`: installs what the tests need (dependencies, Chromium with CJK fonts, nginx and iproute2), then runs the
// typecheck, the lint and format checks, unit and API tests (vitest), the production build and the end-to-end tests
// (Playwright, JavaScript on and off). Exits non-zero on any failure and prints one summary line.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { ensureBuild, ensureDependencies, ensureTestTools } from "./setup.mjs";

ensureDependencies();
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

if (!step("typecheck", "npx", ["tsc", "--noEmit"])) counts.failed += 1;
if (!step("lint (ESLint)", "npx", ["eslint", "."])) counts.failed += 1;
if (!step("format check (Prettier)", "npx", ["prettier", "--check", "."])) counts.failed += 1;

// the security tests (tests/security) drive the real production server, storefront included
ensureBuild();
step("unit, API and security tests (vitest)", "npx", ["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile=tests/.tmp/vitest.json"]);
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
