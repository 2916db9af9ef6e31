// What both README commands need before they run: dependencies (npm install when missing or
// stale), and for the tests a Chromium with CJK fonts. Plain Node, so it runs before any install.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, utimesSync } from "node:fs";

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", ...options });
  if (result.status !== 0) {
    console.error(`\n✗ ${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}

/**
 * V8's heap for the shop's server (npm start runs the same; workers of node:cluster inherit them),
 * decision 034:
 * - an old generation capped at 512 MB. The cap is ten times what the process keeps alive under
 *   the soak (~50 MB), but below 2 GB V8 lets the old generation grow only ~1.4 times past the live
 *   data before a full collection, instead of up to 4 times: RSS stayed under 300 MiB instead of
 *   climbing past 500 MiB with garbage;
 * - 16 MB semi-spaces (the young generation), set rather than left to V8's default: 32 MB kept
 *   30 MiB more resident at the same CPU per request in two soaks side by side (docs/benchmarks.md).
 */
export const SERVER_V8_FLAGS = ["--max-semi-space-size=16", "--max-old-space-size=512"];
/** The production server, built by `npm run build` (scripts/build-server.mjs, decision 038). */
export const SERVER_ENTRY = "build/boot.js";
export const SERVER_NODE_ARGS = [...SERVER_V8_FLAGS, SERVER_ENTRY];

/** better-sqlite3's compiled binding: what its install script makes (it compiles SQLite). */
const NATIVE_BINDING = "node_modules/better-sqlite3/build/Release/better_sqlite3.node";

/** What the installed dependencies are made from: the manifest, its lock and patches/ (patch-package, decision 040). */
const INSTALLED = "node_modules/.package-lock.json";
const DEPENDENCY_SOURCES = ["package.json", "package-lock.json", "patches"];

/**
 * npm install when the dependencies are missing or older than package.json, its lock or a patch. npm runs the packages'
 * install scripts after unpacking them all, then the project's own (`postinstall`: patch-package applies patches/), and
 * better-sqlite3's compiles SQLite on one core (~45 s: its prebuilt binaries come from GitHub, which a machine without
 * that access does not reach). With `scriptsBeside`, the packages are unpacked first and the install scripts (`npm
 * rebuild`, which runs the project's too) left running: the promise settles with them, and the caller uses the other
 * core meanwhile for what needs no native module and no patch (`npm test`'s checks and build). Without, they run in
 * line.
 */
export function ensureDependencies({ scriptsBeside = false } = {}) {
  const fresh = !isStale(INSTALLED, DEPENDENCY_SOURCES);
  if (fresh && existsSync(NATIVE_BINDING)) return Promise.resolve(true);
  // npm leaves its record of the tree alone when only a patch changed: marked fresh once the scripts have run
  const installed = () => {
    const now = new Date();
    utimesSync(INSTALLED, now, now);
    return true;
  };
  if (!fresh) {
    console.log(`→ npm install${scriptsBeside ? " (install scripts beside the checks)" : ""}`);
    run("npm", ["install", "--no-audit", "--no-fund", ...(scriptsBeside ? ["--ignore-scripts"] : [])]);
    if (!scriptsBeside) return Promise.resolve(installed());
  }
  // the install scripts: after an install that left them for later, or one cut short before the binding was built
  if (!scriptsBeside) {
    run("npm", ["rebuild"]);
    return Promise.resolve(installed());
  }
  return new Promise((resolve) => {
    const child = spawn("npm", ["rebuild"], { stdio: ["ignore", "inherit", "inherit"] });
    child.on("close", (code) => resolve(code === 0 && installed()));
  });
}

/**
 * The browser the end-to-end tests run (playwright.config.ts): CHROMIUM_PATH, else Chromium's headless shell (the
 * build Playwright itself runs headless: the same Blink at ~40 % less CPU a test, decision 037), else the whole
 * Chromium; undefined: Playwright's own.
 */
export function testBrowser() {
  return process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path));
}

/**
 * The Debian packages the tests run with, installed through apt in one go when root and missing:
 * Chromium's headless shell with CJK fonts (the browser tests; the whole Chromium for `npm run bench`'s
 * Lighthouse), nginx (deploy/nginx/shop.conf in front of the shop: tests/support/nginx.ts) and iproute2 (`ip`:
 * split roles on addresses of their own). Not root: Playwright's own browser, and the tests that need nginx or `ip`
 * say what is missing.
 */
export function ensureTestTools() {
  const browser = testBrowser() !== undefined;
  if (process.getuid?.() !== 0 || !existsSync("/usr/bin/apt-get")) {
    if (browser) return;
    console.log("→ playwright install chromium (not root: using Playwright's own browser)");
    run("npx", ["playwright", "install", "chromium"]);
    return;
  }
  const packages = [
    ["chromium", existsSync("/usr/bin/chromium")],
    ["chromium-headless-shell", Boolean(process.env.CHROMIUM_PATH) || existsSync("/usr/bin/chromium-headless-shell")],
    ["fonts-noto-cjk", hasCjkFonts()],
    ["nginx-light", ["/usr/sbin/nginx", "/usr/bin/nginx"].some((path) => existsSync(path))],
    ["iproute2", ["/usr/sbin/ip", "/usr/bin/ip", "/sbin/ip", "/bin/ip"].some((path) => existsSync(path))],
  ]
    .filter(([, present]) => !present)
    .map(([name]) => name);
  if (!packages.length) return;
  console.log(`→ apt-get install ${packages.join(" ")}`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  run("apt-get", ["update", "-qq"], { env });
  run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...packages], { env });
}

function hasCjkFonts() {
  try {
    return execFileSync("fc-list", [":lang=zh"], { encoding: "utf8" }).trim() !== "";
  } catch {
    return false; // no fontconfig yet: the fonts are missing too
  }
}

/** Whether `marker` is missing or one of the files or folders `sources` holds a file newer than it. */
function isStale(marker, sources) {
  if (!existsSync(marker)) return true;
  const present = sources.filter((p) => existsSync(p));
  return execFileSync("find", [...present, "-newer", marker, "-type", "f", "-print", "-quit"], { encoding: "utf8" }).trim() !== "";
}

/** What the server's bundle (SERVER_ENTRY) is built from. */
const SERVER_SOURCES = ["boot.ts", "server", "db", "seed", "shared", "tsconfig.json", "package-lock.json"];
const STOREFRONT_SOURCES = ["app", "public", "vite.config.ts", "remix.config.js", "tailwind.config.ts", "package-lock.json"];

/** Whether the server's bundle was never built or a source is newer. */
export const serverBuildIsStale = () => isStale(SERVER_ENTRY, SERVER_SOURCES);

/** Whether the storefront or the server was never built or a source is newer than its build. */
export function buildIsStale() {
  return isStale("build/server/index.js", STOREFRONT_SOURCES) || serverBuildIsStale();
}

/** Rebuilds the storefront when it is stale. */
export function ensureBuild() {
  if (!buildIsStale()) return;
  console.log("→ npm run build");
  run("npm", ["run", "build"]);
}
